"""Faster, exact stand-ins for the work of two of the English model's components.

Profiled on 200 BBC Sport articles (one core), a 20 s parse spent 3.4-3.9 s in the attribute
ruler and 0.4-1.8 s in the rule lemmatizer: the attribute ruler runs spaCy's `Matcher` with
its 179 patterns over every token (predicates such as `IN` and `REGEX` are Python calls) and
makes a `Span` for every match, and the lemmatizer computes a lemma afresh for every token its
cache does not hold (every base form: the cache only keeps inflected ones). Both give the same
annotations here, from lookups:
- the attribute ruler's matches come from an index of its patterns by the first token's
  lowercase form or tag, checked on the token's (lower, tag, dep, is_space) values;
- the lemmatizer's lemma is a function of the token's form, part of speech and morphology
  (`rule_lemmatize` reads nothing else), so each distinct one is computed once. Only
  `nlp.pipe` takes this path (`nlp(text)` runs the lemmatizer as shipped, to the same lemmas).
A model whose patterns use anything else keeps spaCy's own matcher (`install` leaves it)."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from typing import Any

from spacy.language import Language
from spacy.pipeline import AttributeRuler, Lemmatizer
from spacy.tokens import Doc
from spacy.tokens._retokenize import set_token_attrs  # what AttributeRuler sets with

_ATTRIBUTES = ("LOWER", "TAG", "DEP", "IS_SPACE")
"""The token attributes the fast matcher reads, in the order of `_values`."""

MAX_CACHED_LEMMAS = 100_000
"""Distinct (form, part of speech, morphology) lemmas kept; the cache starts again beyond
this, so a long run's memory stays flat."""

MAX_KNOWN_ROWS = 100_000
"""Distinct token values whose one-token matches are kept, as for the lemmas."""

Row = tuple[str, str, str, bool]
Test = Callable[[Row], bool]


class UnsupportedPattern(ValueError):
    """A pattern the fast matcher does not read; the model keeps spaCy's matcher."""


def install(nlp: Language) -> Language:
    """The pipeline with its attribute ruler's matching and its rule lemmatizer replaced by
    the exact lookups above, where the model has them and the lookups read every
    pattern; `nlp` itself is changed and returned."""
    if "attribute_ruler" in nlp.pipe_names:
        ruler = nlp.get_pipe("attribute_ruler")
        if isinstance(ruler, AttributeRuler):
            try:
                lookups = AttributeLookups(ruler)
            except UnsupportedPattern:
                pass
            else:
                ruler.match = lookups.match  # type: ignore[method-assign]
                ruler.set_annotations = lookups.set_annotations  # type: ignore[method-assign]
    if "lemmatizer" in nlp.pipe_names:
        lemmatizer = nlp.get_pipe("lemmatizer")
        if (
            isinstance(lemmatizer, Lemmatizer)
            and lemmatizer.mode == "rule"
            and not lemmatizer.overwrite
        ):
            lemmatizer.pipe = CachedLemmas(lemmatizer)  # type: ignore[method-assign]
    return nlp


def _values(token: Any) -> Row:
    return token.lower_, token.tag_, token.dep_, token.is_space


def _test(attribute: str, value: Any) -> Test:
    """One attribute's condition of a pattern token, as spaCy's Matcher reads it."""
    if attribute not in _ATTRIBUTES:
        raise UnsupportedPattern(attribute)
    position = _ATTRIBUTES.index(attribute)
    if isinstance(value, (str, bool)):
        return lambda row: row[position] == value
    if isinstance(value, dict) and len(value) == 1:
        (operator, operand), = value.items()
        if operator == "IN":
            members = frozenset(operand)
            return lambda row: row[position] in members
        if operator == "NOT_IN":
            excluded = frozenset(operand)
            return lambda row: row[position] not in excluded
        if operator == "REGEX":
            expression = re.compile(operand)
            return lambda row: expression.search(row[position]) is not None
    raise UnsupportedPattern(f"{attribute}: {value!r}")


def _token_test(spec: dict) -> Test:
    tests = [_test(attribute, value) for attribute, value in spec.items()]
    return lambda row: all(test(row) for test in tests)


def _index_keys(spec: dict) -> tuple[int, list[str]] | None:
    """(attribute position, values) a pattern's first token can be looked up by: its exact
    lowercase form(s), else its exact tag(s); None when neither is fixed."""
    for attribute in ("LOWER", "TAG"):
        value = spec.get(attribute)
        if isinstance(value, str):
            return _ATTRIBUTES.index(attribute), [value]
        if isinstance(value, dict) and list(value) == ["IN"]:
            return _ATTRIBUTES.index(attribute), list(dict.fromkeys(value["IN"]))
    return None


class AttributeLookups:
    """`AttributeRuler.match` and `set_annotations` from an index of its patterns. `match`
    gives (rule number, match id, start, end) for every match, sorted as spaCy sorts them;
    what the one-token patterns say of a token depends only on its values, so it is kept for
    each distinct (lower, tag, dep, is_space). `set_annotations` sets each token's attributes
    once, merged in that order (a later rule's value wins, as when spaCy sets them one match
    at a time), without a `Span` for every match."""

    def __init__(self, ruler: AttributeRuler) -> None:
        self.single = _PatternIndex()
        self.longer = _PatternIndex()
        self.attrs = ruler.attrs
        self.indices = ruler.indices
        strings = ruler.vocab.strings
        for number, entry in enumerate(ruler.patterns):
            for pattern in entry["patterns"]:
                if not pattern:
                    raise UnsupportedPattern("an empty pattern")
                if not -len(pattern) <= entry["index"] < len(pattern):
                    raise UnsupportedPattern(f"index {entry['index']} outside {pattern}")
                tests = [_token_test(spec) for spec in pattern]
                index = self.single if len(tests) == 1 else self.longer
                index.add(pattern[0], (number, strings[str(number)], tests))
        self.known: dict[Row, tuple[list[tuple[int, int]], list[tuple]]] = {}

    def set_annotations(self, doc: Doc, matches: list[tuple[int, int, int, int]]) -> None:
        merged: dict[int, dict] = {}
        for number, _, start, end in matches:
            index = self.indices[number]
            merged.setdefault(start + index if index >= 0 else end + index, {}).update(
                self.attrs[number]
            )
        for position, attrs in merged.items():
            set_token_attrs(doc[position], attrs)

    def match(self, doc: Doc) -> list[tuple[int, int, int, int]]:
        rows = [_values(token) for token in doc]
        matches = []
        for start, row in enumerate(rows):
            known = self.known.get(row)
            if known is None:
                known = self.known[row] = self._first_token(row)
            single, longer = known
            for number, match_id in single:
                matches.append((number, match_id, start, start + 1))
            for number, match_id, tests in longer:
                end = start + len(tests)
                if end <= len(rows) and all(
                    tests[k](rows[start + k]) for k in range(1, len(tests))
                ):
                    matches.append((number, match_id, start, end))
        matches.sort()
        return matches

    def _first_token(self, row: Row) -> tuple[list[tuple[int, int]], list[tuple]]:
        """The one-token patterns a token with these values matches, and the longer patterns
        whose first token it matches."""
        if len(self.known) >= MAX_KNOWN_ROWS:
            self.known.clear()
        single = [(number, match_id) for number, match_id, (test,) in
                  self.single.candidates(row) if test(row)]
        longer = [compiled for compiled in self.longer.candidates(row) if compiled[2][0](row)]
        return single, longer


class _PatternIndex:
    """Patterns by their first token's exact lowercase form, else its exact tag, else in a
    list every token is checked against."""

    def __init__(self) -> None:
        self.by_lower: dict[str, list[tuple]] = {}
        self.by_tag: dict[str, list[tuple]] = {}
        self.unindexed: list[tuple] = []

    def add(self, first: dict, compiled: tuple) -> None:
        keys = _index_keys(first)
        if keys is None:
            self.unindexed.append(compiled)
            return
        position, values = keys
        index = self.by_lower if position == 0 else self.by_tag
        for value in values:
            index.setdefault(value, []).append(compiled)

    def candidates(self, row: Row) -> list[tuple]:
        return [*self.by_lower.get(row[0], ()), *self.by_tag.get(row[1], ()), *self.unindexed]


class CachedLemmas:
    """`Lemmatizer.pipe` with each distinct (form, part of speech, morphology)'s lemma
    computed once (by the lemmatizer's own `lemmatize`) and set as a string-store key; tokens
    that already have a lemma (the attribute ruler's exceptions) keep it, as in spaCy."""

    def __init__(self, lemmatizer: Lemmatizer) -> None:
        self.lemmatize = lemmatizer.lemmatize
        self.strings = lemmatizer.vocab.strings
        self.cache: dict[tuple[int, int, int], int] = {}

    def __call__(self, stream: Iterable[Doc], **_: Any) -> Iterator[Doc]:
        for doc in stream:
            for token in doc:
                if token.lemma == 0:
                    key = (token.orth, token.pos, token.morph.key)
                    lemma = self.cache.get(key)
                    if lemma is None:
                        if len(self.cache) >= MAX_CACHED_LEMMAS:
                            self.cache.clear()
                        lemma = self.cache[key] = self.strings.add(self.lemmatize(token)[0])
                    token.lemma = lemma
            yield doc
