"""The unfusion engine: one candidate (a sentence or a pair) in, at most one example out.

Rules are tried in priority order; the first that matches and whose operations succeed wins. A rule
with `anaphora: NAME` is followed by that PAIR_ANAPHORA rule on its two parts. A pair that no pair
rule turns into an example is kept unchanged as PAIR_NONE. Every output sentence is finished
(capitalization, punctuation) and checked; a failing check means no example, never a bad one.
The engine knows nothing of Beam: it maps (Document, sentence indices) to an `Example`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from discofuse.document import Document
from discofuse.engine.anaphora_policy import DECLINES, MentionPair
from discofuse.engine.conditions import (
    MAX_SEARCH_STEPS,
    ConditionStats,
    MatchedPhrase,
    SearchBudgetExceeded,
)
from discofuse.engine.morphology import finish_sentence
from discofuse.engine.operations import Operation, OperationFailed
from discofuse.engine.rules import CandidateError, Rule, RuleSet
from discofuse.engine.state import Item, State
from discofuse.tsv import released_text

INSERTED_BE = frozenset({"is", "are", "was", "were"})
INSERTED_WORDS = INSERTED_BE | {"'s", "'", "."}


@dataclass(frozen=True)
class Example:
    """One DiscoFuse example: the coherent text, the rules' incoherent pair, and annotations."""

    coherent_first_sentence: str
    coherent_second_sentence: str
    incoherent_first_sentence: str
    incoherent_second_sentence: str
    discourse_type: str
    connective_string: str = ""
    has_coref_type_pronoun: float = 0.0
    has_coref_type_nominal: float = 0.0
    rules: tuple[str, ...] = ()
    anaphora_kinds: tuple[str, ...] = ()
    """What the anaphora step replaced: "pronoun", "description", "name" (a shorter name made
    the full one). The released flags fold the last two into has_coref_type_nominal."""
    replacement_words: tuple[str, ...] = ()
    """The words replacements put in (lower-cased): from the first part, or for a pronoun-only
    entity from a name earlier in the document, which the output audit must not take for
    invented words."""
    replaced_words: tuple[str, ...] = ()
    """The words of the anaphors replacements took out ("the 19 - year - old", "the
    Spaniard"), which the output audit must not take for lost content."""

    def as_row(self) -> dict[str, Any]:
        """The released columns; text as the released data writes it (`released_text`)."""
        return {
            "coherent_first_sentence": released_text(self.coherent_first_sentence),
            "coherent_second_sentence": released_text(self.coherent_second_sentence),
            "incoherent_first_sentence": released_text(self.incoherent_first_sentence),
            "incoherent_second_sentence": released_text(self.incoherent_second_sentence),
            "discourse_type": self.discourse_type,
            "connective_string": self.connective_string,
            "has_coref_type_pronoun": self.has_coref_type_pronoun,
            "has_coref_type_nominal": self.has_coref_type_nominal,
        }


@dataclass
class RuleTrace:
    """What happened to one rule on one candidate."""

    rule: str
    type: str
    conditions: list[tuple[str, ConditionStats]] = field(default_factory=list)
    bindings: dict[str, str] | None = None
    steps: list[tuple[str, dict[str, list[str]]]] = field(default_factory=list)
    outcome: str = ""
    matched: bool = False
    anaphora_declines: list[str] = field(default_factory=list)

    @property
    def failing_condition(self) -> tuple[int, str, ConditionStats] | None:
        """The deepest condition the search reached without passing it."""
        reached = [i for i, (_, stats) in enumerate(self.conditions) if stats.tried]
        if not reached:
            return None
        index = reached[-1]
        source, stats = self.conditions[index]
        return (index, source, stats) if stats.passed == 0 else None


@dataclass
class Trace:
    candidate: list[str] = field(default_factory=list)
    rules: list[RuleTrace] = field(default_factory=list)
    example: Example | None = None


def show_bindings(bindings: dict[str, Any]) -> dict[str, str]:
    shown = {}
    for name, value in bindings.items():
        if isinstance(value, MatchedPhrase):
            shown[name] = (
                f"'{' '.join(value.words)}' @ {value.list_name}[{value.start}..{value.end}]"
            )
        elif isinstance(value, list) and value and isinstance(value[0], MentionPair):
            shown[name] = ", ".join(
                f"{pair.anaphor_span}->{pair.antecedent_span}" for pair in value
            )
        else:
            shown[name] = str(value)
    return shown


def snapshot(state: State) -> dict[str, list[str]]:
    return {name: [item.text for item in items] for name, items in state.lists.items()}


class RuleBudgetExceeded(CandidateError):
    """A rule's search ran out of budget on a candidate: the candidate is dropped and counted
    as `rule_budget` (the rule is fine elsewhere; this text makes its search explode)."""

    reason = "rule_budget"




class Engine:
    def __init__(self, rules: RuleSet):
        self.rules = rules
        self._single = rules.for_input("single")
        self._pair = rules.for_input("pair")
        self._indexed: tuple[Document | None, dict[int, list[int]]] = (None, {})

    def _clusters_for(self, document: Document, sentences: tuple[int, ...]) -> list:
        """The document's clusters with a mention in `sentences`, in document order, from an
        index built once per document: a scan per candidate made long documents quadratic."""
        if self._indexed[0] is not document:
            index: dict[int, list[int]] = {}
            for number, cluster in enumerate(document.clusters):
                for sentence in sorted({mention.sentence for mention in cluster.mentions}):
                    index.setdefault(sentence, []).append(number)
            self._indexed = (document, index)
        index = self._indexed[1]
        numbers = sorted({n for sentence in sentences for n in index.get(sentence, [])})
        return [document.clusters[n] for n in numbers]

    def unfuse(
        self, document: Document, sentences: tuple[int, ...], trace: Trace | None = None
    ) -> Example | None:
        """The example for one sentence `(i,)` or pair `(i, i+1)` of a document, or None.
        Raises RuleBudgetExceeded when a rule's search on it runs too long."""
        start = State.for_candidate(document, sentences, self._clusters_for(document, sentences))
        if trace is not None:
            trace.candidate = [document.sentences[i].text for i in sentences]
        candidates = self._single if len(sentences) == 1 else self._pair
        example = next(
            (found for rule in candidates if (found := self._try(rule, start, trace)) is not None),
            None,
        )
        if example is None and len(sentences) == 2:
            first, second = (document.sentences[i].tokenized for i in sentences)
            example = Example(first, second, first, second, "PAIR_NONE")
        if trace is not None:
            trace.example = example
        return example

    def _apply(self, rule: Rule, state: State, trace: Trace | None) -> tuple[State, dict] | None:
        """Match and execute one rule on a copy of `state`; None (with the reason traced) if not."""
        record = RuleTrace(rule.name, rule.type) if trace is not None else None
        stats = [ConditionStats() for _ in rule.conditions] if record is not None else None
        # the policy's refusals are collected only for a trace (DECLINES is None otherwise)
        declines = DECLINES.set(record.anaphora_declines) if record is not None else None
        try:
            bindings = rule.match(state, stats)
        except SearchBudgetExceeded:
            if record is not None:
                trace.rules.append(record)
                record.outcome = f"search budget exceeded ({MAX_SEARCH_STEPS:,} bindings tried)"
            raise RuleBudgetExceeded(
                f"tried over {MAX_SEARCH_STEPS:,} bindings on one candidate",
                rule.file, rule.line, rule.name,
            ) from None
        finally:
            if declines is not None:
                DECLINES.reset(declines)
        if record is not None:
            trace.rules.append(record)
            record.conditions = [(c.source, s) for c, s in zip(rule.conditions, stats)]
        if bindings is None:
            if record is not None:
                failing = record.failing_condition
                record.outcome = (
                    f"no match: condition {failing[0] + 1} fails ({failing[1]})"
                    if failing
                    else "no match"
                )
            return None
        working = state.copy()
        if record is not None:
            record.bindings = show_bindings(bindings)

            def on_step(operation: Operation, current: State) -> None:
                record.steps.append((operation.source, snapshot(current)))
        else:
            on_step = None
        try:
            rule.execute(working, bindings, on_step)
        except OperationFailed as failure:
            if record is not None:
                record.outcome = f"operation failed: {failure}"
            return None
        if record is not None:
            record.matched = True
            record.outcome = "matched"
        return working, bindings

    def _try(self, rule: Rule, start: State, trace: Trace | None) -> Example | None:
        applied = self._apply(rule, start, trace)
        if applied is None:
            return None
        state, bindings = applied
        record = trace.rules[-1] if trace is not None else None
        discourse_type, names = rule.type, [rule.name]
        if rule.anaphora:
            anaphora = self.rules.get(rule.anaphora)
            combined = self._apply(anaphora, state, trace)
            if combined is not None:
                state = combined[0]
                discourse_type = rule.anaphora_type or discourse_type
                names.append(anaphora.name)
        outputs = []
        for name in rule.output:
            finished, notes = finish_sentence(state.lists[name])
            if record is not None and notes:
                record.steps.append((f"finish {name}: " + "; ".join(notes), {}))
            problem = check_sentence(finished, rule.inserted_words)
            if problem:
                if record is not None:
                    record.outcome = f"output check failed for {name}: {problem}"
                    record.matched = False
                return None
            outputs.append(" ".join(item.text for item in finished))
        connective = ""
        if rule.connective:
            phrase = bindings[rule.connective]
            connective = " ".join(phrase.words).lower() if isinstance(phrase, MatchedPhrase) else ""
        document = start.document
        coherent = [document.sentences[i].tokenized for i in start.sentences]
        return Example(
            coherent_first_sentence=coherent[0],
            coherent_second_sentence=coherent[1] if len(coherent) == 2 else "",
            incoherent_first_sentence=outputs[0],
            incoherent_second_sentence=outputs[1],
            discourse_type=discourse_type,
            connective_string=connective,
            has_coref_type_pronoun=1.0 if "pronoun" in state.anaphora_kinds else 0.0,
            has_coref_type_nominal=1.0 if state.anaphora_kinds - {"pronoun"} else 0.0,
            rules=tuple(names),
            anaphora_kinds=tuple(sorted(state.anaphora_kinds)),
            replacement_words=tuple(sorted(state.replacement_words)),
            replaced_words=tuple(sorted(state.replaced_words)),
        )


def check_sentence(items: list[Item], allowed: frozenset[str] = frozenset()) -> str:
    """Why a finished output sentence is unusable, or '' if it is fine: empty, no capital, no
    verb, or a word that came from neither the input nor the rule's own insertions
    (`allowed`, lower-cased: `Rule.inserted_words`)."""
    insertions = INSERTED_WORDS | allowed
    foreign = [
        item.text for item in items if item.token is None and item.text.lower() not in insertions
    ]
    if foreign:
        return f"words not in the input: {foreign}"
    words = [item for item in items if item.text not in {".", "!", "?", ",", "''", "``"}]
    if not words:
        return "empty sentence"
    first = items[0].text
    if first[:1].isalpha() and not first[:1].isupper():
        return f"does not start with a capital ({first!r})"
    has_verb = any(
        item.text in INSERTED_BE
        or item.token is not None
        and (
            item.token.tag.startswith("VB")
            or item.token.tag == "MD"
            or item.token.pos in ("VERB", "AUX")
            or item.token.dep == "ROOT"  # a main verb the tagger read as a noun ("hosts")
        )
        for item in words
    )
    if not has_verb:
        return "no verb"
    return ""
