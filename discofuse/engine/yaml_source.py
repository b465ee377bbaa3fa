"""Safe YAML loading that remembers line numbers, so rule errors can point at file:line."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import yaml

from discofuse.errors import DiscofuseError


class RuleError(DiscofuseError):
    """A problem in a rule file: where it is, which rule, and what is wrong."""

    def __init__(
        self, message: str, file: str = "", line: int = 0, rule: str = "", column: int = 0
    ):
        self.message, self.file, self.line, self.rule = message, file, line, rule
        self.column = column
        super().__init__(str(self))

    def __str__(self) -> str:
        where = f"{self.file}:{self.line}" if self.line else self.file
        if self.line and self.column:
            where += f":{self.column}"
        rule = f" rule '{self.rule}':" if self.rule else ""
        return f"{where}:{rule} {self.message}".strip(": ")


class RuleErrors(RuleError):
    """Every problem found in a rule folder, each a RuleError with its place: the folder is
    validated whole before anything runs, so one run shows them all."""

    def __init__(self, errors: list[RuleError]):
        self.errors = errors
        super().__init__(f"{len(errors)} problem(s) in the rule files")

    def __str__(self) -> str:
        return f"{len(self.errors)} problems in the rule files:\n" + "\n".join(
            f"  {error}" for error in self.errors
        )


def raise_problems(errors: list[RuleError]) -> None:
    """Raise what was found: nothing, the one error, or all of them together."""
    if len(errors) == 1:
        raise errors[0]
    if errors:
        raise RuleErrors(errors)


class Node(dict):
    """A YAML mapping that knows the line and column it starts on (1-based)."""

    line: int = 0
    column: int = 0


class NodeList(list):
    line: int = 0
    column: int = 0


class _LineLoader(yaml.SafeLoader):
    pass


def _mapping(loader: _LineLoader, node: yaml.MappingNode) -> Node:
    result = Node()
    result.line, result.column = node.start_mark.line + 1, node.start_mark.column + 1
    for key_node, value_node in node.value:
        key = loader.construct_object(key_node, deep=True)
        if key in result:
            raise RuleError(f"duplicate key {key!r}", line=key_node.start_mark.line + 1)
        result[key] = loader.construct_object(value_node, deep=True)
    return result


def _sequence(loader: _LineLoader, node: yaml.SequenceNode) -> NodeList:
    result = NodeList(loader.construct_object(child, deep=True) for child in node.value)
    result.line, result.column = node.start_mark.line + 1, node.start_mark.column + 1
    return result


_BOOL_TAG = "tag:yaml.org,2002:bool"
_LineLoader.yaml_implicit_resolvers = {  # YAML 1.1 reads no, yes, on, off, y and n as
    # booleans: a variable named "no" or the word "on" in a word list would silently become
    # False or True; rule files read them as the words they are, as YAML 1.2 does
    first: [(tag, regexp) for tag, regexp in resolvers if tag != _BOOL_TAG]
    for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
}
_LineLoader.add_implicit_resolver(
    _BOOL_TAG, re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$"), list("tTfF")
)
_LineLoader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _mapping)
_LineLoader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_SEQUENCE_TAG, _sequence)


def load_yaml(path: Path) -> Any:
    """Parse one file with a safe loader; syntax errors become RuleError with the line."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise RuleError(f"cannot read file: {error}", file=str(path)) from None
    loader = _LineLoader(text)
    try:
        node = loader.get_single_node()
        if node is None:
            return None
        _check_expansion(node)
        return loader.construct_document(node)
    except RuleError as error:
        error.file = str(path)
        raise
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        line = mark.line + 1 if mark else 0
        problem = getattr(error, "problem", None) or str(error)
        raise RuleError(f"YAML syntax error: {problem}", file=str(path), line=line) from None
    except RecursionError:
        raise RuleError("nested too deeply to be a rule file", file=str(path)) from None
    except ValueError as error:  # an integer of thousands of digits
        raise RuleError(f"a value no rule uses: {error}", file=str(path)) from None
    finally:
        loader.dispose()


MAX_EXPANDED_NODES = 100_000
"""A rule file may share parts through anchors and aliases, but what it expands to is bounded:
a handful of nested aliases can otherwise stand for billions of nodes (the rule compiler
walks every one). The shipped rules expand to a few thousand."""


def _check_expansion(root: yaml.Node) -> None:
    """Count the nodes `root` stands for with every alias expanded (each shared node is
    measured once); a RuleError at the line of the alias that crosses the limit, or that
    refers back to a node containing it."""
    sizes: dict[int, int] = {}
    open_nodes: set[int] = set()

    def size(node: yaml.Node) -> int:
        key = id(node)
        if key in sizes:
            return sizes[key]
        if key in open_nodes:
            raise RuleError("an alias refers to a node that contains it",
                            line=node.start_mark.line + 1)
        open_nodes.add(key)
        children: list[yaml.Node] = []
        if isinstance(node, yaml.SequenceNode):
            children = list(node.value)
        elif isinstance(node, yaml.MappingNode):
            children = [part for pair in node.value for part in pair]
        total = 1 + sum(size(child) for child in children)
        open_nodes.discard(key)
        if total > MAX_EXPANDED_NODES:
            raise RuleError(
                f"the file expands to over {MAX_EXPANDED_NODES:,} YAML nodes through its "
                "aliases; share less, or write the conditions out",
                line=node.start_mark.line + 1,
            )
        sizes[key] = total
        return total

    size(root)


def line_of(value: Any, default: int = 0) -> int:
    return getattr(value, "line", default) or default


def column_of(value: Any) -> int:
    return getattr(value, "column", 0) or 0
