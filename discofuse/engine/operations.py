"""Rule operations over named token lists: the paper's Table 13 plus the morphology it needs.

Split(X,i), Delete(X,i,n), Prepend(X,Y), Replace(X,Y,Z) and Trim(X) work as in the paper, with
1-based positions. An operation that cannot apply (a position past the end, a split that leaves a
side empty) raises `OperationFailed`: the rule then gives no example and the trace says why.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from discofuse.document import ANAPHORA_KINDS, Mention, Token
from discofuse.engine.anaphora_policy import DEMONSTRATIVES, MentionPair
from discofuse.engine.conditions import (
    CLOSING_BRACKETS,
    OPENING_BRACKETS,
    Bindings,
    CompileScope,
    evaluate,
)
from discofuse.engine.language import BE_TENSES, INFLECT_TENSES, OPERATIONS
from discofuse.engine.morphology import (
    CLOSING,
    FINAL_PUNCTUATION,
    be_form,
    finite_tag,
    inflect,
    is_past,
    is_plural,
)
from discofuse.engine.state import Item, State, items_of
from discofuse.engine.yaml_source import line_of
from discofuse.labels import QUOTE_MARKS, TENSED_TAGS

# Where Trim cuts; a lone "-" is left alone, it joins compounds ("tie - break", "0 - 4").
PUNCTUATION = frozenset({",", ".", ";", ":", "!", "?", "--", "(", ")", "-LRB-", "-RRB-"})
POSSESSIVE_PRONOUN_TAGS = frozenset({"PRP$"})


class OperationFailed(Exception):
    pass


class Operation:
    source: str = ""
    line: int = 0

    @property
    def literal_words(self) -> list[str]:
        """Words written in the rule that this operation may insert."""
        words = getattr(self, "words", None)
        if isinstance(words, _Words) and words.words:
            return list(words.words)
        return list(getattr(self, "replacement", []))

    def apply(self, state: State, bindings: Bindings) -> None:
        raise NotImplementedError


def _keys(node: Mapping, kind: str, scope: CompileScope):
    """The operation's arguments, checked against the language's declaration of `kind`."""
    required, optional = OPERATIONS[kind].required, OPERATIONS[kind].optional
    spec = node[kind]
    if not isinstance(spec, Mapping):
        raise scope.error(f"'{kind}' takes a mapping of arguments", node)
    missing = sorted(required - set(spec))
    unknown = sorted(set(spec) - required - optional)
    if missing:
        raise scope.error(f"'{kind}' is missing {', '.join(missing)}", node)
    if unknown:
        allowed = ", ".join(sorted(required | optional))
        raise scope.error(
            f"'{kind}' has unknown argument(s) {', '.join(unknown)} ({allowed})", node
        )
    return spec


def _describe(kind: str, spec: Mapping) -> str:
    return f"{kind}(" + ", ".join(f"{k}={v}" for k, v in spec.items()) + ")"


def _position(state: State, name: str, expression, bindings: Bindings, allow_end: bool = False):
    value = evaluate(expression, state, bindings)
    size = len(state.lists[name])
    if not 1 <= value <= size + (1 if allow_end else 0):
        raise OperationFailed(f"position {value} is outside {name} (length {size})")
    return value


class Split(Operation):
    """split: {list: Z, at: i, into: [A, B]}: A = x1..x(i-1), B = xi..x|X|; X stays as it was."""

    def __init__(self, node: Mapping, scope: CompileScope):
        spec = _keys(node, "split", scope)
        self.source, self.line = _describe("split", spec), line_of(node)
        self.list_name = scope.list_name(node, spec["list"])
        self.at = scope.expression(spec["at"], node)
        into = spec["into"]
        if (
            not isinstance(into, list)
            or len(into) != 2
            or not all(isinstance(n, str) for n in into)
        ):
            raise scope.error("'into' must name two lists, e.g. [A, B]", node)
        self.into = tuple(into)
        scope.list_names.update(into)

    def apply(self, state: State, bindings: Bindings) -> None:
        items = state.lists[self.list_name]
        at = _position(state, self.list_name, self.at, bindings)
        if at == 1:
            raise OperationFailed("split at position 1 leaves the first part empty")
        state.lists[self.into[0]], state.lists[self.into[1]] = items[: at - 1], items[at - 1 :]


class Delete(Operation):
    """delete: {list: B, at: i, count: n}: remove n tokens from position i."""

    def __init__(self, node: Mapping, scope: CompileScope):
        spec = _keys(node, "delete", scope)
        self.source, self.line = _describe("delete", spec), line_of(node)
        self.list_name = scope.list_name(node, spec["list"])
        self.at = scope.expression(spec["at"], node)
        self.count = scope.expression(spec.get("count", 1), node)

    def apply(self, state: State, bindings: Bindings) -> None:
        at = _position(state, self.list_name, self.at, bindings)
        count = evaluate(self.count, state, bindings)
        items = state.lists[self.list_name]
        if count < 0 or at + count - 1 > len(items):
            raise OperationFailed(
                f"cannot delete {count} tokens from position {at} of {self.list_name}"
            )
        del items[at - 1 : at - 1 + count]


class _Words:
    """Words to add: literal `words: [...]`, or `copy: {list, from, to}` (inclusive positions)."""

    def __init__(self, spec: Mapping, node: Any, scope: CompileScope):
        if ("words" in spec) == ("copy" in spec):
            raise scope.error("give exactly one of 'words' or 'copy'", node)
        self.words = None
        if "words" in spec:
            words = spec["words"]
            self.words = [
                str(w) for w in (words if isinstance(words, list) else str(words).split())
            ]
            return
        copy = spec["copy"]
        if not isinstance(copy, Mapping) or set(copy) - {"list", "from", "to"}:
            raise scope.error("'copy' must be {list: X, from: i, to: j}", node)
        self.copy_list = scope.list_name(node, copy.get("list"))
        self.first = scope.expression(copy.get("from", 1), node)
        self.last = scope.expression(copy.get("to", f"|{self.copy_list}|"), node)

    def items(self, state: State, bindings: Bindings) -> list[Item]:
        if self.words is not None:
            return [Item(text=word) for word in self.words]
        first = evaluate(self.first, state, bindings)
        last = evaluate(self.last, state, bindings)
        source = state.lists[self.copy_list]
        if first == last + 1 and 1 <= first <= len(source) + 1:
            return []  # an empty range: a rule's optional stretch that is absent this time
        if not 1 <= first <= last <= len(source):
            raise OperationFailed(f"cannot copy {first}..{last} of {self.copy_list}")
        return list(source[first - 1 : last])


class Prepend(Operation):
    """prepend: {list: B, copy: {list: A, from: r, to: i-1}} or {list: B, words: [...]}."""

    def __init__(self, node: Mapping, scope: CompileScope):
        spec = _keys(node, "prepend", scope)
        self.source, self.line = _describe("prepend", spec), line_of(node)
        self.list_name = scope.list_name(node, spec["list"])
        self.words = _Words(spec, node, scope)

    def apply(self, state: State, bindings: Bindings) -> None:
        state.lists[self.list_name][:0] = self.words.items(state, bindings)


class NewList(Operation):
    """new_list: {list: B, copy: {list: Z, from: i, to: j}} or {list: B, words: [...]}."""

    def __init__(self, node: Mapping, scope: CompileScope):
        spec = _keys(node, "new_list", scope)
        self.source, self.line = _describe("new_list", spec), line_of(node)
        self.words = _Words(spec, node, scope)
        self.list_name = str(spec["list"])
        scope.list_names.add(self.list_name)

    def apply(self, state: State, bindings: Bindings) -> None:
        state.lists[self.list_name] = self.words.items(state, bindings)


class Insert(Operation):
    """insert: {list: B, at: i, words|copy: ...}: add tokens before position i (|B|+1 appends)."""

    def __init__(self, node: Mapping, scope: CompileScope):
        spec = _keys(node, "insert", scope)
        self.source, self.line = _describe("insert", spec), line_of(node)
        self.list_name = scope.list_name(node, spec["list"])
        self.at = scope.expression(spec["at"], node)
        self.words = _Words(spec, node, scope)

    def apply(self, state: State, bindings: Bindings) -> None:
        at = _position(state, self.list_name, self.at, bindings, allow_end=True)
        state.lists[self.list_name][at - 1 : at - 1] = self.words.items(state, bindings)


class Trim(Operation):
    """trim: {list: B}: drop everything after the first punctuation token that follows a finite
    verb (the mark is dropped too, as the sentence's own final mark is added back when the
    sentence is finished). A mark before the clause's verb sets off a phrase inside the clause
    ("while in others , the female may be guided ..."), and cutting there would leave no
    clause; nor is a comma between coordinated words a place to cut ("observed in species of
    ant , termite and ambrosia beetle" would lose two of the three). The sentence's own end is
    kept whole: a final mark with the quote that closes after it ("... because I hardly play
    doubles . '") loses nothing, so a quotation split in two still closes; so is a bracket
    that closes right before that end ("... between both families ( such as grammatical
    gender ) ."): the clause's own parenthesis."""

    def __init__(self, node: Mapping, scope: CompileScope):
        spec = _keys(node, "trim", scope)
        self.source, self.line = _describe("trim", spec), line_of(node)
        self.list_name = scope.list_name(node, spec["list"])

    def apply(self, state: State, bindings: Bindings) -> None:
        items = state.lists[self.list_name]
        verb: Item | None = None
        for position, item in enumerate(items):
            if (
                item.text in PUNCTUATION and position > 0 and verb is not None
                and not _joins_coordinated_words(state, item)
            ):
                if not _sentence_end(items[:position], items[position:]) and not (
                    _closing_parenthesis_ends(items, position)
                    or _rest_of_the_clause(state, verb, items[position:])
                ):
                    del items[position:]
                return
            if verb is None and item.token is not None and item.token.tag in TENSED_TAGS:
                verb = item


def _sentence_end(kept: list[Item], tail: list[Item]) -> bool:
    """A final mark followed by nothing but closing quotes and brackets that close what opened
    before the kept words (a quotation the clause itself opens is cut as before: "because '
    we preach ... . '" is a quotation, not the clause's own sentence)."""
    opened_in_clause = sum(item.text in QUOTE_MARKS for item in kept) % 2
    return (
        tail[0].text in FINAL_PUNCTUATION
        and all(item.text in CLOSING for item in tail[1:])
        and not opened_in_clause
    )


def _closing_parenthesis_ends(items: list[Item], position: int) -> bool:
    """The bracket opened at `position` closes, with none nested, where only the sentence's
    end follows (`_sentence_end`)."""
    if items[position].text not in OPENING_BRACKETS:
        return False
    for end in range(position + 1, len(items)):
        if items[end].text in OPENING_BRACKETS:
            return False
        if items[end].text in CLOSING_BRACKETS:
            tail = items[end + 1:]
            return not tail or _sentence_end(items[: end + 1], tail)
    return False


def _rest_of_the_clause(state: State, verb: Item, tail: list[Item]) -> bool:
    """Every word after the mark hangs on the clause's verb ("while the Knight of Elvas wrote
    Alibamu , respectively , in efforts to transliterate the term ."): the clause goes on,
    unless a conjunction there joins another subordinate clause ("because the cost is lower
    , and in some cases because they prefer ...": a second reason, its connective kept)."""
    sentence = state.document.sentences[verb.sentence]
    words = [item for item in tail[1:] if item.text not in FINAL_PUNCTUATION | CLOSING]
    if not words or any(item.token is None or item.sentence != verb.sentence for item in words):
        return False
    deps = [item.token.dep for item in words]
    if "cc" in deps and "mark" in deps[deps.index("cc"):]:
        return False
    return all(sentence.dominates(verb.index, item.index) for item in words)


def _joins_coordinated_words(state: State, item: Item) -> bool:
    """A comma whose word is joined by "and"/"or" to a word after it: a list's comma."""
    if item.token is None or item.text != ",":
        return False
    tokens = state.document.sentences[item.sentence].tokens
    return any(
        t.head == item.token.head and t.dep == "conj" and i > item.index
        for i, t in enumerate(tokens)
    )


class Replace(Operation):
    """replace: {list: B, find: [words], with: [words], at: i}: every non-overlapping
    occurrence, or only one that starts at position i."""

    def __init__(self, node: Mapping, scope: CompileScope):
        spec = _keys(node, "replace", scope)
        self.source, self.line = _describe("replace", spec), line_of(node)
        self.list_name = scope.list_name(node, spec["list"])
        self.find = [w.lower() for w in _word_list(spec["find"])]
        self.replacement = _word_list(spec["with"])
        self.at = scope.expression(spec["at"], node) if "at" in spec else None
        if not self.find:
            raise scope.error("'find' must not be empty", node)

    def apply(self, state: State, bindings: Bindings) -> None:
        items, result, position = state.lists[self.list_name], [], 0
        size = len(self.find)
        only = None if self.at is None else _position(state, self.list_name, self.at, bindings) - 1
        while position < len(items):
            if (only is None or position == only) and [
                item.text.lower() for item in items[position : position + size]
            ] == self.find:
                result.extend(Item(text=word) for word in self.replacement)
                position += size
            else:
                result.append(items[position])
                position += 1
        state.lists[self.list_name] = result


def _word_list(value: Any) -> list[str]:
    return [str(w) for w in value] if isinstance(value, list) else str(value).split()


def _possessive_ending(last: Item) -> str:
    """"'s" after a name or a singular noun, a bare "'" after a plural in -s ("These regions '
    secretions", not "regions 's")."""
    token = last.token  # (the tag, not the morphology, which calls "Michels" plural)
    plural = token is not None and token.tag in ("NNS", "NNPS") and last.text.endswith("s")
    return "'" if plural else "'s"


class ReplaceMentions(Operation):
    """replace_mentions: {list: B, pairs: M}: put the antecedent in place of each anaphor of M.

    A possessive pronoun becomes the antecedent plus "'s" ("his" -> "Ruiz 's"; after a plural in
    -s a bare "'": "their" -> "the regions '"); a leading determiner is lower-cased ("The town"
    -> "the town"; finishing capitalizes a first word). An anaphor stays as it is when the
    antecedent's words already stand in its own clause (no "Lions ... against Lions") or are the
    subject of a clause that holds it ("Agassi admitted that he used ..."); elsewhere the name
    may be said again ("Balladur was the favorite and he was supported" gives "... and Balladur
    was supported"). The kinds replaced (`ANAPHORA_KINDS`) and the words put in are recorded for
    anaphors actually replaced, and the operation fails when none is, so no *_ANAPHORA example
    has unchanged text.
    """

    def __init__(self, node: Mapping, scope: CompileScope):
        spec = _keys(node, "replace_mentions", scope)
        self.source, self.line = _describe("replace_mentions", spec), line_of(node)
        self.list_name = scope.list_name(node, spec["list"])
        self.pairs = str(spec["pairs"])
        scope.used.add(self.pairs)
        if self.pairs not in scope.bound:
            raise scope.error(f"'pairs' names '{self.pairs}', which no coref condition binds", node)

    def apply(self, state: State, bindings: Bindings) -> None:
        pairs: list[MentionPair] = bindings[self.pairs]
        replaced = 0
        for pair in sorted(pairs, key=lambda p: p.anaphor_span, reverse=True):
            items = state.lists[self.list_name]
            span = state.mention_positions(self.list_name, pair.anaphor)
            antecedent = _mention_items(state, pair.antecedent)
            if span is None or _said_in_its_clause(state, items, span[0], antecedent):
                continue
            anaphor_token = items[span[0] - 1].token
            if antecedent[0].text.lower() in ("a", "an") and pair.anaphor.kind == "nominal":
                antecedent[0] = items[span[0] - 1]  # "an English man ... The man": the
                # anaphor's own article ("The English man")
                if antecedent[0].text.lower() in DEMONSTRATIVES:  # "a large stone bridge
                    antecedent[0] = antecedent[0].with_text("the")  # ... This bridge"
            antecedent[0] = _cased_like(
                antecedent[0], items[span[0] - 1],
                common=pair.antecedent.start == 0 and _common_word(state, pair.antecedent),
            )
            if anaphor_token is not None and anaphor_token.tag in POSSESSIVE_PRONOUN_TAGS:
                antecedent.append(Item(text=_possessive_ending(antecedent[-1])))
            if [i.text.lower() for i in antecedent] == [
                i.text.lower() for i in items[span[0] - 1 : span[1]]
            ]:
                continue  # "A mesh ... The mesh": with the anaphor's own article, nothing changes
            state.replaced_words.update(item.text.lower() for item in items[span[0] - 1 : span[1]])
            items[span[0] - 1 : span[1]] = antecedent
            replaced += 1
            state.anaphora_kinds.add(ANAPHORA_KINDS[pair.anaphor.kind])
            state.replacement_words.update(item.text.lower() for item in antecedent)
        if not replaced:
            raise OperationFailed("no anaphor was replaced")


def _mention_items(state: State, mention: Mention) -> list[Item]:
    """The mention's words as items, from the document (so they keep their annotations)."""
    return list(items_of(state.document, mention.sentence)[mention.start : mention.end])


def _cased_like(first: Item, anaphor: Item, common: bool) -> Item:
    """The replacement's first word capitalized where the anaphor was ("They" -> "The club"),
    a determiner or a `common` word that had its capital for starting its sentence
    lower-cased where it was not ("The town" -> "... the town", "Algae constitute ..." ->
    "... although algae 's plastids"); a capital "The" inside its sentence opens a title and
    keeps it ("the film The Terminator")."""
    if anaphor.text[:1].isupper():
        return first.with_text(first.text[:1].upper() + first.text[1:])
    if common or (
        first.token is not None and first.token.tag == "DT"
        and (first.index == 0 or not first.text[:1].isupper())
    ):
        return first.with_text(first.text.lower())
    return first


COMMON_WORD_TAGS = frozenset({"NN", "NNS", "JJ", "JJR", "JJS"})


COMMON_WORD_WINDOW = 20
"""Sentences either side of a mention searched for its first word in lower case."""


def _common_word(state: State, mention: Mention) -> bool:
    """The mention's first word, capitalized and of no entity type, is one the tagger read as
    a common noun or adjective, or one the text near it writes in lower case ("Algae", tagged
    a name at the start of the article on algae); not a name ("Wolves" typed a team)."""
    sentences = state.document.sentences
    token = sentences[mention.sentence].tokens[mention.start]
    lowered = token.text.lower()
    if not token.text.istitle() or token.ent_type:
        return False  # ("BF3", "Al - Khwarizmi")
    if token.tag in COMMON_WORD_TAGS:
        return True
    near = sentences[max(0, mention.sentence - COMMON_WORD_WINDOW) :
                     mention.sentence + COMMON_WORD_WINDOW + 1]
    return any(t.text == lowered for sentence in near for t in sentence.tokens)


def _said_in_its_clause(state: State, items: list[Item], at: int, phrase: list[Item]) -> bool:
    """Whether `phrase` stands in `items` in the clause of the item at 1-based `at` (the
    nearest verb above each; an item without annotation counts as the same clause). A
    possessive fronted before the subject that names its entity is not counted as said
    ("In his roles , von Stroheim speaks" -> "In Stroheim 's roles , von Stroheim speaks",
    as raters write it: the name after it is the cataphora's, not a second mention)."""
    wanted = [item.text.lower() for item in phrase]
    words = [item.text.lower() for item in items]
    size = len(wanted)
    anaphor = items[at - 1]
    anaphor_clause = _clause_of(state, anaphor)
    possessive = anaphor.token is not None and anaphor.token.tag in POSSESSIVE_PRONOUN_TAGS

    def said_at(i: int) -> bool:
        if words[i : i + size] != wanted:
            return False
        subject_above = _subject_above(state, items[i + size - 1], anaphor)
        if possessive and i >= at and subject_above:
            return False  # the fronted possessive's own subject, after it
        return subject_above or _clause_of(state, items[i]) in (anaphor_clause, None)

    return any(said_at(i) for i in range(len(words) - size + 1))


def _subject_above(state: State, name: Item, anaphor: Item) -> bool:
    """The name is the subject of a clause that holds the anaphor ("Agassi admitted that he
    used ...": "Agassi admitted that Agassi used" reads as two people)."""
    if name.token is None or anaphor.token is None or name.sentence != anaphor.sentence:
        return False
    if name.token.dep not in ("nsubj", "nsubjpass"):
        return False
    sentence = state.document.sentences[name.sentence]
    return sentence.dominates(name.token.head, anaphor.index)


def _clause_of(state: State, item: Item) -> tuple[int, int] | None:
    """(sentence, index) of the nearest verb at or above the item's token."""
    if item.token is None:
        return None
    tokens = state.document.sentences[item.sentence].tokens
    index = item.index
    for _ in range(len(tokens)):
        if tokens[index].pos in ("VERB", "AUX") or tokens[index].head == index:
            return item.sentence, index
        index = tokens[index].head
    return item.sentence, index


class Inflect(Operation):
    """inflect: {list: A, at: i, tense: past|auto, tense_of: {list: Z, at: v}}: put the verb at
    i in the simple past ("Stating" -> "stated"), or with `tense: auto` in the tense and person
    of the finite verb at v ("Standing ..., the castle overlooks" -> "The castle stands"); fails
    when v is not finite (a modal or an infinitive)."""

    def __init__(self, node: Mapping, scope: CompileScope):
        spec = _keys(node, "inflect", scope)
        self.source, self.line = _describe("inflect", spec), line_of(node)
        self.list_name = scope.list_name(node, spec["list"])
        self.at = scope.expression(spec["at"], node)
        self.tense = TenseSource(spec, node, scope, INFLECT_TENSES)

    def apply(self, state: State, bindings: Bindings) -> None:
        at = _position(state, self.list_name, self.at, bindings)
        item = state.lists[self.list_name][at - 1]
        if item.token is None:
            raise OperationFailed(f"token {at} of {self.list_name} has no annotation to inflect")
        tag = "VBD"
        if self.tense.kind == "auto":
            tag = finite_tag(self.tense.token(state, bindings))
            if tag is None:
                raise OperationFailed("the verb to take the tense from is not finite")
        state.lists[self.list_name][at - 1] = item.with_text(inflect(item.token, item.text, tag))


class TenseSource:
    """The `tense` / `tense_of` arguments of inflect and insert_be: a fixed tense, or `auto`
    with the token whose tense to follow."""

    def __init__(self, spec: Mapping, node: Any, scope: CompileScope, kinds: tuple[str, ...]):
        self.kind = str(spec.get("tense", kinds[0]))
        if self.kind not in kinds:
            raise scope.error(f"'tense' must be {' or '.join(kinds)}", node)
        self.reference = None
        if self.kind == "auto":
            if "tense_of" not in spec:
                raise scope.error("tense: auto needs 'tense_of'", node)
            self.reference = _reference(spec["tense_of"], node, scope)

    def token(self, state: State, bindings: Bindings) -> Token:
        """The token to follow; a root participle with no auxiliary is the past the tagger
        misread ("Ralph Bunche , the first ... winner , served as chair", "served" tagged
        VBN): "was", not "is"."""
        item = _annotated_item(state, *self.reference, bindings)
        token = item.token
        if token.tag == "VBN" and token.dep == "ROOT" and not any(
            t.head == item.index and t.dep in ("aux", "auxpass")
            for t in state.document.sentences[item.sentence].tokens
        ):
            return replace(token, tag="VBD")
        return token


def _reference(value: Any, node: Any, scope: CompileScope) -> tuple[str, Any]:
    if not isinstance(value, Mapping) or set(value) - {"list", "at"} or "at" not in value:
        raise scope.error("expected {list: X, at: i}", node)
    return scope.list_name(node, value.get("list")), scope.expression(value["at"], node)


def _annotated_item(state: State, name: str, at: Any, bindings: Bindings) -> Item:
    """The item at `at` of list `name`, which must carry its token's annotation."""
    position = _position(state, name, at, bindings)
    item = state.lists[name][position - 1]
    if item.token is None:
        raise OperationFailed(f"token {position} of {name} has no annotation")
    return item


def _annotated_token(state: State, name: str, at: Any, bindings: Bindings) -> Token:
    return _annotated_item(state, name, at, bindings).token


class InsertBe(Operation):
    """insert_be: {list: B, at: i, number_of: {list: Z, at: k}, tense: present|past|auto,
    tense_of: {list: Z, at: v}}: insert is/are/was/were agreeing with the token at k."""

    def __init__(self, node: Mapping, scope: CompileScope):
        spec = _keys(node, "insert_be", scope)
        self.source, self.line = _describe("insert_be", spec), line_of(node)
        self.list_name = scope.list_name(node, spec["list"])
        self.at = scope.expression(spec["at"], node)
        self.number_reference = _reference(spec["number_of"], node, scope)
        self.tense = TenseSource(spec, node, scope, BE_TENSES)

    def apply(self, state: State, bindings: Bindings) -> None:
        plural = is_plural(_annotated_token(state, *self.number_reference, bindings))
        if self.tense.kind == "auto":
            past = is_past(self.tense.token(state, bindings))
        else:
            past = self.tense.kind == "past"
        at = _position(state, self.list_name, self.at, bindings, allow_end=True)
        state.lists[self.list_name].insert(at - 1, Item(text=be_form(plural, past)))


OPERATION_KINDS = {
    "split": Split,
    "delete": Delete,
    "new_list": NewList,
    "prepend": Prepend,
    "insert": Insert,
    "trim": Trim,
    "replace": Replace,
    "replace_mentions": ReplaceMentions,
    "inflect": Inflect,
    "insert_be": InsertBe,
}


def compile_operations(nodes: list, scope: CompileScope) -> list[Operation]:
    return scope.each(nodes, _compile_operation)


def _compile_operation(node: Any, scope: CompileScope) -> Operation | None:
    """One operation, or None when it is reported as a problem (scope.problems)."""
    if not isinstance(node, Mapping) or len(node) != 1:
        scope.problems.append(scope.error(
            f"an operation is a mapping with one key, one of {', '.join(OPERATION_KINDS)}", node
        ))
        return None
    kind = next(iter(node))
    if kind not in OPERATION_KINDS:
        scope.problems.append(scope.error(
            f"unknown operation '{kind}' (known: {', '.join(OPERATION_KINDS)})", node
        ))
        return None
    return scope.build(node, OPERATIONS[kind], OPERATION_KINDS[kind])
