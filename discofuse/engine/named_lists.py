"""Named lists (connective sets, relative pronouns, verb tags, ...) referenced by rules as `$name`.

A list is written once in YAML as strings; a multi-word entry ("as a result ,") is a phrase of
space-separated tokens. Lists are compiled to a set of words and a first-word index of phrases, so
matching a phrase costs one dict lookup per position.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from discofuse.engine.yaml_source import RuleError, line_of

ErrorFactory = Callable[[str, Any], RuleError]


@dataclass
class Phrase:
    """Phrases of one list, indexed by lower-cased first token; lengths tried longest first."""

    by_first_word: dict[str, list[tuple[str, ...]]] = field(default_factory=dict)

    @classmethod
    def of(cls, entries: list[str]) -> Phrase:
        index: dict[str, list[tuple[str, ...]]] = {}
        for entry in entries:
            words = tuple(entry.lower().split())
            if words:
                index.setdefault(words[0], []).append(words)
        for phrases in index.values():
            phrases.sort(key=len, reverse=True)
        return cls(index)

    def lengths_at(self, words: list[str], start: int) -> list[int]:
        """Lengths of the phrases that match `words` (lower-cased) from 0-based `start`."""
        if start >= len(words):
            return []
        return [
            len(phrase)
            for phrase in self.by_first_word.get(words[start], [])
            if tuple(words[start : start + len(phrase)]) == phrase
        ]


@dataclass
class NamedLists:
    entries: dict[str, list[str]] = field(default_factory=dict)
    where: dict[str, str] = field(default_factory=dict)
    _phrases: dict[str, Phrase] = field(default_factory=dict)

    def add_file(self, data: Mapping, file: str) -> None:
        for name, values in data.items():
            line = line_of(data)
            if name in self.entries:
                raise RuleError(
                    f"list '{name}' is defined twice (also in {self.where[name]})", file, line
                )
            if not isinstance(values, list) or not all(isinstance(v, str) for v in values):
                raise RuleError(
                    f"list '{name}' must be a list of strings", file, line_of(values, line)
                )
            self.entries[str(name)] = [str(value) for value in values]
            self.where[str(name)] = f"{file}:{line_of(values, line)}"

    def _get(self, name: str, error: ErrorFactory, node: Any) -> list[str]:
        if name not in self.entries:
            known = ", ".join(sorted(self.entries)) or "none"
            raise error(f"unknown list '${name}' (known lists: {known})", node)
        return self.entries[name]

    def words(self, name: str, error: ErrorFactory, node: Any) -> set[str]:
        return set(self._get(name, error, node))

    def phrases(self, name: str, error: ErrorFactory, node: Any) -> Phrase:
        if name not in self._phrases:
            self._phrases[name] = Phrase.of(self._get(name, error, node))
        return self._phrases[name]
