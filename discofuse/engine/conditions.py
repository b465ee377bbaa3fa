"""Rule conditions: compiled from YAML once, evaluated as a backtracking search over bindings.

Each condition takes the bindings so far and yields every extension under which it holds: a test
yields the bindings unchanged or nothing, a search (`token: i` with i unbound, `phrase`, `edge`,
`coref`) yields one extension per match, in text order. A rule matches when the chain of its
conditions yields a complete binding; the first one found is used.

Positions are 1-based, like the paper's z^(1) ... z^(|Z|).
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any

from discofuse.document import MENTION_KINDS
from discofuse.engine.anaphora_policy import mention_pairs
from discofuse.engine.expressions import (
    Comparison,
    Expression,
    ExpressionError,
    parse_comparison,
    parse_expression,
)
from discofuse.engine.language import COMMA_MODES, CONDITIONS, TOKEN_FIELDS
from discofuse.engine.named_lists import NamedLists, Phrase
from discofuse.engine.state import State
from discofuse.engine.yaml_source import RuleError, column_of, line_of
from discofuse.labels import (
    CANONICAL_LABELS,
    ENTITY_TYPES,
    PTB_TAGS,
    UPOS_TAGS,
)

Bindings = dict[str, Any]



@dataclass(frozen=True)
class MatchedPhrase:
    """A phrase bound by a `phrase` condition: 1-based [start, end] in `list_name`, and its words."""

    list_name: str
    start: int
    end: int
    words: tuple[str, ...]

    def __len__(self) -> int:
        return self.end - self.start + 1

    @property
    def text(self) -> str:
        return " ".join(self.words).lower()


def length_function(state: State, bindings: Mapping[str, Any]):
    def length_of(name: str) -> int:
        value = bindings.get(name)
        if isinstance(value, MatchedPhrase):
            return len(value)
        if value is None and name in state.lists:
            return len(state.lists[name])
        if isinstance(value, list):
            return len(value)
        raise KeyError(name)

    return length_of


def evaluate(expression: Expression, state: State, bindings: Mapping[str, Any]) -> int:
    return expression.evaluate(bindings, length_function(state, bindings))


@dataclass
class CompileScope:
    """What is known while compiling one rule: bound names, list names, named lists, location."""

    lists: NamedLists
    list_names: set[str]
    default_list: str
    bound: set[str] = field(default_factory=set)
    file: str = ""
    rule: str = ""
    used: set[str] = field(default_factory=set)
    """Names an expression has referred to (a search's name never used is likely a typo)."""
    unranged: dict[str, Any] = field(default_factory=dict)
    """Names bound by a search of the whole list (no `range`), with their condition."""
    problems: list[RuleError] = field(default_factory=list)
    path: list[str] = field(default_factory=list)
    """Where in the rule the compiler is ("when", "4", "any", "1", "token"), for messages."""
    """Errors of the conditions and operations compiled so far: each is reported, and the
    compilation goes on with the next (what a failed one would bind taken as bound, from the
    language's declaration), so one run lists every problem of the rule."""

    def unused_searches(self) -> list[RuleError]:
        """A name bound by a search of the whole list that nothing refers to: "token: ii"
        where "i" was meant searches anywhere and binds a name no one reads."""
        bound_here = ", ".join(sorted(self.bound - set(self.unranged))) or "none"
        return [
            self.error(f"'{name}' is searched for in the whole list and never used (a "
                       f"misspelled variable? the others: {bound_here}); give the search a "
                       "'range' if it only checks that such a token exists", node)
            for name, node in self.unranged.items()
            if name not in self.used
        ]

    def assume_bound(self, node: Any, construct: Any) -> None:
        """After `node` (a condition or an operation of `construct`) failed to compile: the
        names its binding keys give are taken as bound, so later ones do not report them."""
        spec = node.get(construct.name) if construct.kind == "operation" else node
        if not isinstance(spec, Mapping):
            return
        for key in construct.keys:
            value = spec.get(key.name)
            if key.makes_lists:
                names = value if isinstance(value, list) else [value]
                self.list_names.update(str(n) for n in names if isinstance(n, str))
                continue
            if not key.binds:
                continue
            if isinstance(value, Mapping):
                names = [*value.keys(), *value.values()]
            else:
                names = [value]
            self.bound.update(n for n in names if isinstance(n, str) and n.isidentifier())

    @contextmanager
    def at(self, step: str) -> Iterator[None]:
        """Compile under one more step of the path messages give."""
        self.path.append(step)
        try:
            yield
        finally:
            self.path.pop()

    def each(self, nodes: list, compile_one: Callable[[Any, CompileScope], Any]) -> list:
        """`compile_one(node, self)` for every node under its 1-based place; a node reported
        as a problem (None) is left out, and the rest are still compiled."""
        compiled = []
        for number, node in enumerate(nodes, start=1):
            with self.at(str(number)):
                item = compile_one(node, self)
            if item is not None:
                compiled.append(item)
        return compiled

    def build(self, node: Any, construct: Any, make: Callable[[Any, CompileScope], Any]) -> Any:
        """`make(node, self)` under the construct's name; a RuleError is reported (problems),
        what the node would have bound is taken as bound, and None returned."""
        with self.at(construct.name):
            try:
                return make(node, self)
            except RuleError as error:
                self.problems.append(error)
                self.assume_bound(node, construct)
                return None

    def error(self, message: str, node: Any) -> RuleError:
        where = f" (at {' -> '.join(self.path)})" if self.path else ""
        return RuleError(message + where, file=self.file, line=line_of(node), rule=self.rule,
                         column=column_of(node))

    def expression(self, source: Any, node: Any) -> Expression:
        try:
            expression = parse_expression(source)
        except ExpressionError as error:
            raise self.error(str(error), node) from None
        self.check_names(expression.names, expression.lengths, node, str(source))
        return expression

    def check_names(self, names, lengths, node, source: str) -> None:
        self.used.update(names)
        self.used.update(lengths)
        for name in sorted(names):
            if name not in self.bound:
                raise self.error(f"'{source}' uses variable '{name}' before it is bound", node)
        for name in sorted(lengths):
            if name not in self.bound and name not in self.list_names:
                raise self.error(f"'{source}' uses |{name}|, which is no list or phrase", node)

    def list_name(self, node: Any, value: Any) -> str:
        name = self.default_list if value is None else str(value)
        if name not in self.list_names:
            known = ", ".join(sorted(self.list_names))
            raise self.error(f"unknown token list '{name}' (known here: {known})", node)
        return name

    def new_variable(self, name: Any, node: Any) -> str:
        if not isinstance(name, str) or not name.isidentifier():
            raise self.error(f"'{name}' is not a valid variable name", node)
        if name in self.list_names:
            raise self.error(f"variable '{name}' has the name of a token list", node)
        self.bound.add(name)
        return name


class Condition:
    """Base class: `source` is the condition as written, for traces and errors."""

    source: str = ""
    line: int = 0

    def solutions(self, state: State, bindings: Bindings) -> Iterator[Bindings]:
        raise NotImplementedError


def _check_keys(node: Mapping, allowed: set[str], kind: str, scope: CompileScope) -> None:
    unknown = sorted(set(node) - allowed)
    if unknown:
        raise scope.error(
            f"unknown key(s) {', '.join(unknown)} in '{kind}' condition "
            f"(allowed: {', '.join(sorted(allowed))})",
            node,
        )


def _describe(node: Mapping) -> str:
    return ", ".join(f"{key}: {value}" for key, value in node.items())


_TOKEN_ATTRIBUTE = {"lemma": "lemma", "tag": "tag", "pos": "pos", "dep": "dep", "ent": "ent_type"}


@dataclass
class TokenPredicate:
    """Allowed values of one token field; text and lemma compare case-insensitively."""

    field: str
    values: frozenset[str]

    def __post_init__(self) -> None:
        self.holds = self._test()  # chosen once: rules test predicates millions of times

    def _test(self) -> Callable[[Any], bool]:
        """Whether an item's field has one of the values (an inserted word has only text)."""
        values = self.values
        if self.field == "text":
            return lambda item: item.text.lower() in values
        attribute = _TOKEN_ATTRIBUTE[self.field]
        if self.field == "lemma":
            return lambda item: item.token is not None and item.token.lemma.lower() in values
        return lambda item: item.token is not None and getattr(item.token, attribute) in values


def _predicate(field_name: str, value: Any, node: Any, scope: CompileScope) -> TokenPredicate:
    raw = value if isinstance(value, list) else [value]
    values: set[str] = set()
    for entry in raw:
        if isinstance(entry, bool):
            raise scope.error(
                f"'{field_name}' holds the YAML boolean {entry}: quote the word ('\"true\"' "
                "and '\"false\"' are booleans unquoted)",
                node,
            )
        entry = str(entry)
        if entry.startswith("$"):
            values |= scope.lists.words(entry[1:], scope.error, node)
        else:
            values.add(entry)
    if field_name in ("text", "lemma"):
        values = {v.lower() for v in values}
    if field_name == "dep":
        unknown = sorted(values - CANONICAL_LABELS)
        if unknown:
            raise scope.error(
                f"unknown dependency label(s) {unknown} for the canonical scheme", node
            )
    inventories = {"tag": ("PTB tag", PTB_TAGS), "pos": ("universal POS tag", UPOS_TAGS),
                   "ent": ("entity type", ENTITY_TYPES | {""})}
    if field_name in inventories:
        what, known = inventories[field_name]
        unknown = sorted(values - known)
        if unknown:
            close = difflib.get_close_matches(unknown[0], sorted(known - {""}), n=1)
            hint = f" (did you mean {close[0]}?)" if close else ""
            raise scope.error(f"unknown {what}(s) {unknown}{hint}", node)
    return TokenPredicate(field_name, frozenset(values))


class TokenCondition(Condition):
    """`token: i` with predicates: binds i by search when unbound, else tests position i."""

    KEYS = CONDITIONS["token"].key_names

    def __init__(self, node: Mapping, scope: CompileScope):
        _check_keys(node, self.KEYS, "token", scope)
        self.source, self.line = _describe(node), line_of(node)
        self.list_name = scope.list_name(node, node.get("of"))
        target = node["token"]
        self.variable: str | None = None
        self.position: Expression | None = None
        if isinstance(target, str) and target.isidentifier() and target not in scope.bound:
            if "range" not in node:  # a search of the whole list: its name must be used
                scope.unranged.setdefault(target, node)  # later, or it is likely a typo
            self.range = _range(node.get("range"), node, scope)
            self.variable = scope.new_variable(target, node)
        else:
            if "range" in node:
                raise scope.error("'range' only applies when the token variable is unbound", node)
            self.position = scope.expression(target, node)
        self.predicates = [
            _predicate(name, node[name], node, scope)
            for name in sorted(TOKEN_FIELDS)
            if name in node
        ]

    def _holds(self, item: Any) -> bool:
        for predicate in self.predicates:
            if not predicate.holds(item):
                return False
        return True

    def solutions(self, state: State, bindings: Bindings) -> Iterator[Bindings]:
        items = state.lists[self.list_name]
        if self.position is not None:
            position = evaluate(self.position, state, bindings)
            if 1 <= position <= len(items) and self._holds(items[position - 1]):
                yield bindings
            return
        for position in _positions(self.range, state, self.list_name, bindings):
            if self._holds(items[position - 1]):
                yield {**bindings, self.variable: position}


def _range(value: Any, node: Any, scope: CompileScope) -> tuple[Expression, Expression] | None:
    if value is None:
        return None
    if not isinstance(value, list) or len(value) != 2:
        raise scope.error("'range' must be [first, last] (1-based, inclusive)", node)
    return scope.expression(value[0], node), scope.expression(value[1], node)


def _positions(range_, state: State, list_name: str, bindings: Bindings) -> range:
    size = len(state.lists[list_name])
    if range_ is None:
        return range(1, size + 1)
    first = max(1, evaluate(range_[0], state, bindings))
    last = min(size, evaluate(range_[1], state, bindings))
    return range(first, last + 1)


class TestCondition(Condition):
    """`test: "1 < i < j <= i+5"`: a chain of comparisons over bound variables and lengths."""

    def __init__(self, node: Mapping, scope: CompileScope):
        _check_keys(node, CONDITIONS["test"].key_names, "test", scope)
        self.source, self.line = f"test: {node['test']}", line_of(node)
        try:
            self.comparison: Comparison = parse_comparison(str(node["test"]))
        except ExpressionError as error:
            raise scope.error(str(error), node) from None
        lengths = frozenset().union(*(o.lengths for o in self.comparison.operands))
        scope.check_names(self.comparison.names, lengths, node, str(node["test"]))

    def solutions(self, state: State, bindings: Bindings) -> Iterator[Bindings]:
        if self.comparison.holds(bindings, length_function(state, bindings)):
            yield bindings


class LetCondition(Condition):
    """`let: {c: "e+2"}`: bind a name to the value of an expression (always holds)."""

    def __init__(self, node: Mapping, scope: CompileScope):
        _check_keys(node, CONDITIONS["let"].key_names, "let", scope)
        spec = node["let"]
        if not isinstance(spec, Mapping) or len(spec) != 1:
            raise scope.error("'let' takes one name: expression pair, e.g. {c: e+2}", node)
        ((name, source),) = spec.items()
        self.source, self.line = f"let {name} = {source}", line_of(node)
        self.expression = scope.expression(source, node)
        self.name = scope.new_variable(name, node)

    def solutions(self, state: State, bindings: Bindings) -> Iterator[Bindings]:
        yield {**bindings, self.name: evaluate(self.expression, state, bindings)}


class PhraseCondition(Condition):
    """`phrase: S` from a named phrase list, at a position (`at`) or anywhere (S ≺ Z / S ⊏ Z).

    `comma_before` / `comma_after`: forbidden (default), optional or required; a matched comma
    becomes part of S, as the released connective strings show (", but", "however ,").
    """

    KEYS = CONDITIONS["phrase"].key_names

    def __init__(self, node: Mapping, scope: CompileScope):
        _check_keys(node, self.KEYS, "phrase", scope)
        self.source, self.line = _describe(node), line_of(node)
        self.list_name = scope.list_name(node, node.get("of"))
        if "list" not in node:
            raise scope.error("'phrase' needs 'list: $name' naming a phrase list", node)
        self.phrases: Phrase = scope.lists.phrases(str(node["list"]).lstrip("$"), scope.error, node)
        self.comma_before = _comma_mode(node, "comma_before", scope)
        self.comma_after = _comma_mode(node, "comma_after", scope)
        at = node.get("at")
        self.start_variable: str | None = None
        self.start: Expression | None = None
        self.range = None
        if isinstance(at, str) and at.isidentifier() and at not in scope.bound:
            self.range = _range(node.get("range"), node, scope)
            self.start_variable = at
        elif at is not None:
            self.start = scope.expression(at, node)
        elif "range" in node:
            self.range = _range(node.get("range"), node, scope)
        self.name = scope.new_variable(node["phrase"], node)
        if self.start_variable:
            scope.new_variable(self.start_variable, node)

    def _matches_at(self, words: list[str], start: int) -> Iterator[tuple[int, int]]:
        """(first, last) 1-based spans of S beginning at `start` (its comma, or its first word)."""
        has_comma = words[start - 1] == ","
        phrase_starts = []
        if has_comma and self.comma_before != "forbidden":
            phrase_starts.append(start + 1)
        if self.comma_before != "required":
            phrase_starts.append(start)
        for phrase_start in phrase_starts:
            for length in self.phrases.lengths_at(words, phrase_start - 1):
                last = phrase_start + length - 1
                comma_follows = last < len(words) and words[last] == ","
                if comma_follows and self.comma_after != "forbidden":
                    yield start, last + 1
                if self.comma_after != "required":
                    yield start, last

    def solutions(self, state: State, bindings: Bindings) -> Iterator[Bindings]:
        words = [word.lower() for word in state.words(self.list_name)]
        if self.start is not None:
            starts: range | list[int] = [evaluate(self.start, state, bindings)]
        else:
            starts = _positions(self.range, state, self.list_name, bindings)
        first_words = self.phrases.by_first_word
        for start in starts:
            if not 1 <= start <= len(words):
                continue
            if words[start - 1] not in first_words and (
                start == len(words) or words[start] not in first_words
            ):
                continue  # no phrase begins here or after a comma here
            for first, last in self._matches_at(words, start):
                phrase = MatchedPhrase(
                    self.list_name,
                    first,
                    last,
                    tuple(state.words(self.list_name)[first - 1 : last]),
                )
                extended = {**bindings, self.name: phrase}
                if self.start_variable:
                    extended[self.start_variable] = first
                yield extended


def _comma_mode(node: Mapping, key: str, scope: CompileScope) -> str:
    mode = str(node.get(key, "forbidden"))
    if mode not in COMMA_MODES:
        raise scope.error(f"'{key}' must be one of {', '.join(COMMA_MODES)}", node)
    return mode


def _head_position(state: State, list_name: str, position: int) -> int | None:
    item = state.lists[list_name][position - 1]
    if item.token is None or item.token.head == item.index:
        return None
    return state.position_of(list_name, item.sentence, item.token.head)


class EdgeCondition(Condition):
    """`edge: {head: k, child: j}`: a dependency edge k -> j; binds whichever side is unbound."""

    def __init__(self, node: Mapping, scope: CompileScope):
        spec = node["edge"]
        if not isinstance(spec, Mapping) or set(spec) - {"head", "child"} or len(spec) != 2:
            raise scope.error("'edge' must be {head: ..., child: ...}", node)
        _check_keys(node, CONDITIONS["edge"].key_names, "edge", scope)
        self.source, self.line = f"edge: {spec['head']} -> {spec['child']}", line_of(node)
        self.list_name = scope.list_name(node, node.get("of"))
        self.head_var = self._unbound(spec["head"], scope)
        self.child_var = self._unbound(spec["child"], scope)
        if self.head_var and self.child_var:
            raise scope.error("'edge' needs at least one side already bound", node)
        self.head = None if self.head_var else scope.expression(spec["head"], node)
        self.child = None if self.child_var else scope.expression(spec["child"], node)
        for name in (self.head_var, self.child_var):
            if name:
                scope.new_variable(name, node)

    @staticmethod
    def _unbound(value: Any, scope: CompileScope) -> str | None:
        if isinstance(value, str) and value.isidentifier() and value not in scope.bound:
            return value
        return None

    def solutions(self, state: State, bindings: Bindings) -> Iterator[Bindings]:
        size = len(state.lists[self.list_name])
        if self.child is not None:
            child = evaluate(self.child, state, bindings)
            if not 1 <= child <= size:
                return
            head = _head_position(state, self.list_name, child)
            if head is None:
                return
            if self.head_var:
                yield {**bindings, self.head_var: head}
            elif head == evaluate(self.head, state, bindings):
                yield bindings
            return
        head = evaluate(self.head, state, bindings)
        for child in range(1, size + 1):
            if child != head and _head_position(state, self.list_name, child) == head:
                yield {**bindings, self.child_var: child}


def subtree_positions(state: State, list_name: str, root: int) -> list[int]:
    """Positions in a list of the tokens in the dependency subtree of the token at `root`."""
    items = state.lists[list_name]
    root_item = items[root - 1]
    if root_item.token is None:
        return [root]
    sentence = state.document.sentences[root_item.sentence]
    return [
        position
        for position, item in enumerate(items, start=1)
        if item.token is not None
        and item.sentence == root_item.sentence
        and sentence.dominates(root_item.index, item.index)
    ]


class SubtreeCondition(Condition):
    """`subtree: i` with `leftmost: r` / `rightmost: r` (bind the subtree's edge) or
    `contains: k` (test, or bind k by search).

    The edges take in a bracket that closes (or opens) one inside the subtree when the parser
    attached it elsewhere: "a member of the Royal Ulster Constabulary ( RUC )" ends at ")".
    """

    def __init__(self, node: Mapping, scope: CompileScope):
        _check_keys(node, CONDITIONS["subtree"].key_names, "subtree", scope)
        self.source, self.line = _describe(node), line_of(node)
        self.list_name = scope.list_name(node, node.get("of"))
        self.root = scope.expression(node["subtree"], node)
        self.edges = {
            side: scope.new_variable(node[side], node)
            for side in ("leftmost", "rightmost")
            if side in node
        }
        self.contains_var = None
        self.contains = None
        if "contains" in node:
            value = node["contains"]
            if isinstance(value, str) and value.isidentifier() and value not in scope.bound:
                self.contains_var = scope.new_variable(value, node)
            else:
                self.contains = scope.expression(value, node)
        if not self.edges and "contains" not in node:
            raise scope.error("'subtree' needs leftmost, rightmost or contains", node)

    def solutions(self, state: State, bindings: Bindings) -> Iterator[Bindings]:
        root = evaluate(self.root, state, bindings)
        if not 1 <= root <= len(state.lists[self.list_name]):
            return
        inside = subtree_positions(state, self.list_name, root)
        extended = dict(bindings)
        leftmost, rightmost = _balanced(state.words(self.list_name), min(inside), max(inside))
        if "leftmost" in self.edges:
            extended[self.edges["leftmost"]] = leftmost
        if "rightmost" in self.edges:
            extended[self.edges["rightmost"]] = rightmost
        if self.contains is not None:
            if evaluate(self.contains, state, bindings) in inside:
                yield extended
            return
        if self.contains_var:
            for position in inside:
                yield {**extended, self.contains_var: position}
            return
        yield extended


OPENING_BRACKETS = frozenset({"(", "[", "{", "-LRB-", "-LSB-", "-LCB-"})
CLOSING_BRACKETS = frozenset({")", "]", "}", "-RRB-", "-RSB-", "-RCB-"})


def _balanced(words: list[str], leftmost: int, rightmost: int) -> tuple[int, int]:
    """Widen the 1-based span [leftmost, rightmost] over adjacent brackets it leaves unclosed."""
    span = words[leftmost - 1 : rightmost]
    unclosed = sum(w in OPENING_BRACKETS for w in span) - sum(w in CLOSING_BRACKETS for w in span)
    while unclosed > 0 and rightmost < len(words) and words[rightmost] in CLOSING_BRACKETS:
        rightmost, unclosed = rightmost + 1, unclosed - 1
    while unclosed < 0 and leftmost > 1 and words[leftmost - 2] in OPENING_BRACKETS:
        leftmost, unclosed = leftmost - 1, unclosed + 1
    return leftmost, rightmost


class CorefCondition(Condition):
    """`coref: M` with `from: B, to: A`: binds the mention pairs m(B, A) (non-empty to hold).

    `kinds`: which anaphors in `from` count (default pronoun and nominal); `antecedent_kinds`:
    which mentions in `to` show that the entity is there (default all kinds); `min_confidence`:
    the least resolver probability for a pronoun anaphor (default 0). For each anaphor the
    replacement is the entity's best mention in `to` (`replacement_for`).
    """

    KEYS = CONDITIONS["coref"].key_names

    def __init__(self, node: Mapping, scope: CompileScope):
        _check_keys(node, self.KEYS, "coref", scope)
        self.source, self.line = _describe(node), line_of(node)
        self.from_list = scope.list_name(node, node.get("from"))
        self.to_list = scope.list_name(node, node.get("to"))
        self.kinds = _kinds(node, "kinds", ["pronoun", "nominal"], scope)
        self.antecedent_kinds = _kinds(node, "antecedent_kinds", list(MENTION_KINDS), scope)
        self.min_confidence = node.get("min_confidence", 0.0)
        if not isinstance(self.min_confidence, (int, float)) or not 0 <= self.min_confidence <= 1:
            raise scope.error("'min_confidence' is a number from 0 to 1", node)
        self.name = scope.new_variable(node["coref"], node)

    def solutions(self, state: State, bindings: Bindings) -> Iterator[Bindings]:
        pairs = mention_pairs(
            state, self.from_list, self.to_list, self.kinds, self.antecedent_kinds,
            self.min_confidence,
        )
        if pairs:
            yield {**bindings, self.name: pairs}


def _kinds(node: Mapping, key: str, default: list[str], scope: CompileScope) -> frozenset[str]:
    kinds = node.get(key, default)
    kinds = kinds if isinstance(kinds, list) else [kinds]
    bad = [kind for kind in kinds if kind not in MENTION_KINDS]
    if bad:
        raise scope.error(
            f"unknown mention kind(s) {bad} in '{key}'; use {list(MENTION_KINDS)}", node
        )
    return frozenset(kinds)


class NotCondition(Condition):
    """`not: [conditions]`: holds when the conditions have no solution; binds nothing."""

    def __init__(self, node: Mapping, scope: CompileScope):
        _check_keys(node, CONDITIONS["not"].key_names, "not", scope)
        self.line = line_of(node)
        inner = node["not"] if isinstance(node["not"], list) else [node["not"]]
        saved = set(scope.bound)
        self.conditions = compile_conditions(inner, scope)
        scope.bound = saved
        self.source = "not: [" + "; ".join(c.source for c in self.conditions) + "]"

    def solutions(self, state: State, bindings: Bindings) -> Iterator[Bindings]:
        for _ in search(self.conditions, state, bindings):
            return
        yield bindings


class AnyCondition(Condition):
    """`any: [[conditions], [conditions]]`: the solutions of each alternative, in order.

    Only names bound by every alternative stay bound after it."""

    def __init__(self, node: Mapping, scope: CompileScope):
        _check_keys(node, CONDITIONS["any"].key_names, "any", scope)
        self.line = line_of(node)
        alternatives = node["any"]
        if not isinstance(alternatives, list) or not alternatives:
            raise scope.error("'any' must be a list of alternatives", node)
        saved = set(scope.bound)
        self.alternatives = []
        bound_sets = []
        for number, alternative in enumerate(alternatives, start=1):
            scope.bound = set(saved)
            conditions = alternative if isinstance(alternative, list) else [alternative]
            with scope.at(str(number)):
                self.alternatives.append(compile_conditions(conditions, scope))
            bound_sets.append(scope.bound)
        scope.bound = set.intersection(*bound_sets)
        self.source = "any: " + " | ".join(
            "[" + "; ".join(c.source for c in alt) + "]" for alt in self.alternatives
        )

    def solutions(self, state: State, bindings: Bindings) -> Iterator[Bindings]:
        for alternative in self.alternatives:
            yield from search(alternative, state, bindings)


CONDITION_KINDS = {
    "token": TokenCondition,
    "test": TestCondition,
    "let": LetCondition,
    "phrase": PhraseCondition,
    "edge": EdgeCondition,
    "subtree": SubtreeCondition,
    "coref": CorefCondition,
    "not": NotCondition,
    "any": AnyCondition,
}


def compile_conditions(nodes: list, scope: CompileScope) -> list[Condition]:
    return scope.each(nodes, _compile_condition)


def _compile_condition(node: Any, scope: CompileScope) -> Condition | None:
    """One condition, or None when it is reported as a problem (scope.problems)."""
    if not isinstance(node, Mapping):
        scope.problems.append(scope.error(f"a condition must be a mapping, not {node!r}", node))
        return None
    kinds = [key for key in CONDITION_KINDS if key in node]
    if len(kinds) != 1:
        scope.problems.append(scope.error(
            f"a condition needs exactly one of {', '.join(CONDITION_KINDS)}; found "
            f"{', '.join(kinds) or 'none'} in {{{_describe(node)}}}",
            node,
        ))
        scope.bound.update(  # a misspelled key ("tokn: i") most likely bound its value
            value for value in node.values() if isinstance(value, str) and value.isidentifier()
        )
        return None
    return scope.build(node, CONDITIONS[kinds[0]], CONDITION_KINDS[kinds[0]])


@dataclass
class ConditionStats:
    """How a condition fared during one search: for traces."""

    tried: int = 0
    passed: int = 0
    failed_with: Bindings | None = None


MAX_SEARCH_STEPS = 100_000
"""How many partial bindings one rule may try on one candidate. The shipped rules need at most
a few thousand on real text (bench/hostile_inputs.py prints the largest); a rule whose
searches multiply out (three unanchored `token:` searches over a 150-token sentence) stops
here, and the candidate is counted as `rule_budget`, not left to run for minutes."""


class SearchBudgetExceeded(Exception):
    """A rule tried more than MAX_SEARCH_STEPS bindings on one candidate."""


class SearchBudget:
    """Steps left to the rule being matched (nested `any`/`not` searches spend from it too)."""

    def __init__(self, steps: int = MAX_SEARCH_STEPS):
        self.left = steps

    def spend(self) -> None:
        self.left -= 1
        if self.left < 0:
            raise SearchBudgetExceeded


CURRENT_BUDGET: ContextVar[SearchBudget | None] = ContextVar("search_budget", default=None)
"""Set by `Rule.match` for one rule on one candidate; a context variable, so threads that
match rules side by side (a Beam worker runs bundles in threads) each keep their own."""


def search(
    conditions: list[Condition],
    state: State,
    bindings: Bindings,
    stats: list[ConditionStats] | None = None,
    depth: int = 0,
) -> Iterator[Bindings]:
    """All complete bindings under which every condition holds, depth-first in text order;
    each binding tried spends a step of the current budget, if one is set."""
    budget = CURRENT_BUDGET.get()
    if budget is not None:
        budget.spend()
    if depth == len(conditions):
        yield bindings
        return
    condition = conditions[depth]
    found = False
    if stats is not None:
        stats[depth].tried += 1
    for extended in condition.solutions(state, bindings):
        found = True
        if stats is not None:
            stats[depth].passed += 1
        yield from search(conditions, state, extended, stats, depth + 1)
    if not found and stats is not None and stats[depth].failed_with is None:
        stats[depth].failed_with = dict(bindings)
