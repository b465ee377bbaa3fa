"""Unfuse typed-in text: annotate one sentence or a pair and run the engine on it.

Shared by the debugger, `discofuse unfuse` and the rule-example checker, so all three see the same
annotation of the same text.
"""

from __future__ import annotations

import itertools
from collections import deque
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass

from discofuse.annotate.spacy_backend import SpacyAnnotator
from discofuse.annotate.text_input import PAIR_MARKER
from discofuse.audit import Auditor
from discofuse.corpus.steps import Count, audit_passes, no_count
from discofuse.document import Document
from discofuse.engine import CandidateError, Engine, Example, RuleSet, Trace
from discofuse.errors import BadInputError
from discofuse.tsv import released_text


def split_pair(text: str) -> list[str]:
    """One sentence, or two around the pair marker; more than two is an error, not a third
    sentence dropped in silence."""
    parts = [part.strip() for part in text.split(PAIR_MARKER)]
    if len(parts) == 1:
        return [text.strip()]
    parts = [part for part in parts if part]
    if len(parts) > 2:
        raise BadInputError(
            f"{len(parts)} parts between '{PAIR_MARKER}' markers; a candidate is one sentence "
            "or a pair of two."
        )
    return parts


def annotate_candidate(
    annotator: SpacyAnnotator, texts: Sequence[str], pretokenized: bool = False
) -> Document:
    """A document whose sentences are exactly `texts` (one or two)."""
    return annotator.annotate(annotator.split_sentences(texts, pretokenized))


def unfuse_candidate(
    engine: Engine, document: Document, texts: Sequence[str], trace: Trace | None = None
) -> Example | None:
    """The engine's example for a document annotated from `texts`, or None if the document does
    not hold exactly those one or two sentences."""
    if not texts or len(document.sentences) != len(texts):
        return None
    return engine.unfuse(document, tuple(range(len(texts))), trace)


def unfuse_texts(
    engine: Engine,
    annotator: SpacyAnnotator,
    texts: Sequence[str],
    pretokenized: bool = False,
    trace: Trace | None = None,
) -> tuple[Document, Example | None]:
    document = annotate_candidate(annotator, texts, pretokenized)
    return document, unfuse_candidate(engine, document, texts, trace)


@dataclass
class ExampleCheck:
    rule: str
    where: str
    text: list[str]
    expected: list[str] | None
    got: list[str] | None
    got_type: str
    passed: bool
    whole_set: str = ""  # for an example: the rules that give a different result when every
    # rule runs (a higher priority claims the text), "" when the whole set agrees


def check_rule_examples(rules: RuleSet, annotator: SpacyAnnotator) -> list[ExampleCheck]:
    """Run each rule's embedded examples with that rule alone: positive examples must give the
    expected pair (and type), counter-examples must not match the rule. Each positive example
    also runs through the whole ordered rule set, as `generate` runs it, so that an example
    another rule claims first shows (`ExampleCheck.whole_set`; an overlap, not a failure)."""
    checks = []
    every_rule = Engine(rules)
    for rule in rules.rules:
        engine = Engine(rules.only(rule.name))
        for example in rule.examples:
            _, result = unfuse_texts(engine, annotator, example.text)
            whole_set = ""
            if example.output is not None:
                _, overall = unfuse_texts(every_rule, annotator, example.text)
                if overall is None or [overall.incoherent_first_sentence,
                                       overall.incoherent_second_sentence] != example.output:
                    whole_set = ",".join(overall.rules) if overall is not None else "none"
            fired = result is not None and rule.name in result.rules
            got = (
                [result.incoherent_first_sentence, result.incoherent_second_sentence]
                if fired
                else None
            )
            got_type = result.discourse_type if fired else ""
            if example.output is None:
                passed = not fired
            else:
                passed = got == example.output and got_type == example.type
            checks.append(
                ExampleCheck(
                    rule=rule.name,
                    where=f"{rule.file}:{example.line}",
                    text=example.text,
                    expected=example.output,
                    got=got,
                    got_type=got_type,
                    passed=passed,
                    whole_set=whole_set,
                )
            )
    return checks


def unfuse_many(
    engine: Engine,
    annotator: SpacyAnnotator,
    candidates: Iterable[Sequence[str]],
    pretokenized: bool = False,
    auditor: Auditor | None = None,
    count: Count = no_count,
) -> Iterator[tuple[list[str], Example | None]]:
    """(texts, example) for each candidate (one or two sentences), in order, batched through the
    parser. A single sentence with no match gives None; a pair with no match gives PAIR_NONE.
    With an `auditor`, an example that fails the output audit gives None (counted by reason).
    A candidate longer than the annotator's limit gives None, counted as `too_long_row`, and
    the rows after it go on."""
    prepared = ([text for text in texts if text.strip()] for texts in candidates)
    for too_long, group in itertools.groupby(
        prepared, key=lambda texts: sum(map(len, texts)) > annotator.max_chars
    ):
        if too_long:
            for texts in group:
                count("too_long_row")
                yield texts, None
        else:
            yield from _unfuse_batch(engine, annotator, group, pretokenized, auditor, count)


def _unfuse_batch(
    engine: Engine,
    annotator: SpacyAnnotator,
    candidates: Iterable[list[str]],
    pretokenized: bool,
    auditor: Auditor | None,
    count: Count,
) -> Iterator[tuple[list[str], Example | None]]:
    def inputs():
        for texts in candidates:
            pending.append(texts)
            yield "", annotator.split_sentences(texts, pretokenized)

    pending: deque[list[str]] = deque()
    for document in annotator.annotate_many(inputs()):
        texts = pending.popleft()
        try:
            example = unfuse_candidate(engine, document, texts)
        except CandidateError as error:
            count(f"filtered:{error.reason}")
            example = None
        if example is not None and not audit_passes(example, document.sentences, auditor, count):
            example = None
        yield texts, example


def row_for(texts: Sequence[str], example: Example | None) -> dict[str, object]:
    """The 8-column row for a candidate: the example's, or an unchanged single sentence with an
    empty discourse type when no rule matched."""
    if example is not None:
        return example.as_row()
    first = released_text(texts[0]) if texts else ""
    second = released_text(texts[1]) if len(texts) > 1 else ""
    return {
        "coherent_first_sentence": first,
        "coherent_second_sentence": second,
        "incoherent_first_sentence": first,
        "incoherent_second_sentence": second,
        "discourse_type": "",
    }
