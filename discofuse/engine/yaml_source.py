"""Safe YAML loading that remembers line numbers, so rule errors can point at file:line."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from discofuse.errors import DiscofuseError


class RuleError(DiscofuseError):
    """A problem in a rule file: where it is, which rule, and what is wrong."""

    def __init__(self, message: str, file: str = "", line: int = 0, rule: str = ""):
        self.message, self.file, self.line, self.rule = message, file, line, rule
        super().__init__(str(self))

    def __str__(self) -> str:
        where = f"{self.file}:{self.line}" if self.line else self.file
        rule = f" rule '{self.rule}':" if self.rule else ""
        return f"{where}:{rule} {self.message}".strip(": ")


class Node(dict):
    """A YAML mapping that knows the line it starts on (1-based)."""

    line: int = 0


class NodeList(list):
    line: int = 0


class _LineLoader(yaml.SafeLoader):
    pass


def _mapping(loader: _LineLoader, node: yaml.MappingNode) -> Node:
    result = Node()
    result.line = node.start_mark.line + 1
    for key_node, value_node in node.value:
        key = loader.construct_object(key_node, deep=True)
        if key in result:
            raise RuleError(f"duplicate key {key!r}", line=key_node.start_mark.line + 1)
        result[key] = loader.construct_object(value_node, deep=True)
    return result


def _sequence(loader: _LineLoader, node: yaml.SequenceNode) -> NodeList:
    result = NodeList(loader.construct_object(child, deep=True) for child in node.value)
    result.line = node.start_mark.line + 1
    return result


_LineLoader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _mapping)
_LineLoader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_SEQUENCE_TAG, _sequence)


def load_yaml(path: Path) -> Any:
    """Parse one file with a safe loader; syntax errors become RuleError with the line."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise RuleError(f"cannot read file: {error}", file=str(path)) from None
    try:
        return yaml.load(text, Loader=_LineLoader)  # noqa: S506 (a SafeLoader subclass)
    except RuleError as error:
        error.file = str(path)
        raise
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        line = mark.line + 1 if mark else 0
        problem = getattr(error, "problem", None) or str(error)
        raise RuleError(f"YAML syntax error: {problem}", file=str(path), line=line) from None


def line_of(value: Any, default: int = 0) -> int:
    return getattr(value, "line", default) or default
