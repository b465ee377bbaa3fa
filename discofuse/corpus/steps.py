"""The generator's steps after annotation, as plain functions over one document or one row.

candidates -> cheap filters -> rule engine -> down-sampling flag -> split. Each function takes a
`count` callback for its counters (`filtered:<reason>`, `examples:<type>`, ...), Beam metrics in
the pipeline and a dict in tests. The output audit (`discofuse.audit`) runs after the rules when
an `Auditor` is given; its drops are counted as `filtered:audit_<reason>`.
"""

from __future__ import annotations

import hashlib
import time
import unicodedata
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import pyarrow as pa

from discofuse.annotate.text_input import MAX_SENTENCE_TOKENS
from discofuse.audit import Auditor
from discofuse.corpus.config import GenerationConfig
from discofuse.document import Document, Sentence
from discofuse.engine import CandidateError, Engine, Example
from discofuse.engine.morphology import CLOSING, FINAL_PUNCTUATION
from discofuse.tsv import COLUMNS, FLAG_COLUMNS

Count = Callable[[str], None]
Found = list[tuple[tuple[int, ...], Example]]
"""A document's examples with the indices of the sentences each was made from."""
SPLITS = ("train", "dev", "test")


def no_count(_: str) -> None:
    return None


class DocumentTimeout(Exception):
    """A document ran past `GenerationConfig.max_document_seconds`; it is reported as failed."""


def candidates(document: Document) -> Iterator[tuple[int, ...]]:
    """Every sentence and every pair of consecutive sentences, in text order."""
    for index in range(len(document.sentences)):
        yield (index,)
        if index + 1 < len(document.sentences):
            yield (index, index + 1)


def filter_reason(
    document: Document,
    sentences: tuple[int, ...],
    min_tokens: int,
    max_tokens: int = MAX_SENTENCE_TOKENS,
    ascii_only: bool = False,
) -> str:
    """Why a candidate is dropped before the rules run ('' to keep it)."""
    chosen = [document.sentences[i] for i in sentences]
    if any(len(sentence.tokens) < min_tokens for sentence in chosen):
        return "short_sentence"
    if any(len(sentence.tokens) > max_tokens for sentence in chosen):
        return "long_sentence"
    if any(not _ends_with_a_mark(sentence) for sentence in chosen):
        return "no_final_mark"  # a title line, or a sentence the source broke in two
    allowed = str.isascii if ascii_only else is_latin_text
    if any(not allowed(token.text) for sentence in chosen for token in sentence.tokens):
        return "non_ascii"
    return ""


def _ends_with_a_mark(sentence: Sentence) -> bool:
    """The sentence ends with . ! ? (before any closing quotes and brackets)."""
    words = [token.text for token in sentence.tokens]
    while words and words[-1] in CLOSING:
        words.pop()
    return bool(words) and words[-1] in FINAL_PUNCTUATION


KEPT_SYMBOLS = frozenset("\u00a3\u20ac\u00a5\u00b0")
"""Pound, euro, yen and degree signs: the only non-ASCII symbols BBC Sport and the Wikipedia
sample have in numbers (\u00a3 was all 202 non-ASCII drops of 18,643 BBC candidates)."""


def is_latin_text(text: str) -> bool:
    """ASCII, letters of the Latin script with diacritics ("Jos\u00e9", "\u0141\u00f3d\u017a"),
    or a currency or degree sign (`KEPT_SYMBOLS`)."""
    return text.isascii() or all(
        char.isascii()
        or char in KEPT_SYMBOLS
        or (char.isalpha() and unicodedata.name(char, "").startswith("LATIN"))
        for char in text
    )


def unfuse_document(
    document: Document,
    engine: Engine,
    config: GenerationConfig,
    count: Count = no_count,
    auditor: Auditor | None = None,
) -> Iterator[tuple[tuple[int, ...], Example]]:
    """(sentence indices, example) for every candidate of a document that yields one and, with
    an `auditor`, passes the output audit (all of a document's examples audited in one batch)."""
    result = unfuse_documents([document], engine, config, [count], auditor)[0]
    if isinstance(result, Exception):
        raise result
    yield from result


def unfuse_documents(
    documents: Sequence[Document],
    engine: Engine,
    config: GenerationConfig,
    counts: Sequence[Count],
    auditor: Auditor | None = None,
) -> list[Found | Exception]:
    """`unfuse_document` for several documents (each with its own `counts` callback), their
    examples audited together: the audit's parse is faster in bigger batches. Each result is a
    document's examples, or the exception its rules or its audit raised: a document that fails
    does not fail the others (a batch whose audit raises is audited again document by
    document, to find the one)."""
    found: list[Found | Exception] = []
    for document, count in zip(documents, counts):
        try:
            found.append(list(_rule_examples(document, engine, config, count, _deadline(config))))
        except Exception as error:  # noqa: BLE001 - the caller reports the document
            found.append(error)
    audited = {
        i: items
        for i, (document, examples) in enumerate(zip(documents, found))
        if not isinstance(examples, Exception) and (items := _audit_items(document, examples))
    }
    reasons = _audit_reasons(auditor, audited)
    results: list[Found | Exception] = []
    for i, (examples, count) in enumerate(zip(found, counts)):
        verdicts = reasons.get(i, [])
        if isinstance(examples, Exception) or isinstance(verdicts, Exception):
            results.append(examples if isinstance(examples, Exception) else verdicts)
        else:
            results.append(_passed(examples, verdicts, count))
    return results


def _deadline(config: GenerationConfig) -> float:
    return time.monotonic() + config.max_document_seconds


def _audit_items(document: Document, found: Found) -> list[tuple[Example, list[Sentence]]]:
    """(example, original sentences) to audit: a PAIR_NONE pair is the original text."""
    return [
        (example, [document.sentences[i] for i in sentences])
        for sentences, example in found
        if example.discourse_type != "PAIR_NONE"
    ]


def _audit_reasons(
    auditor: Auditor | None, audited: dict[int, list[tuple[Example, list[Sentence]]]]
) -> dict[int, list[str] | Exception]:
    """The audit's reasons for each document's items, from one batched call; if it raises,
    from one call per document, a document whose call raises getting the exception."""
    if auditor is None or not audited:
        return {}
    try:
        flat = iter(auditor.reasons([item for items in audited.values() for item in items]))
        return {i: [next(flat) for _ in items] for i, items in audited.items()}
    except Exception:  # noqa: BLE001 - find the document that raises
        by_document: dict[int, list[str] | Exception] = {}
        for i, items in audited.items():
            try:
                by_document[i] = auditor.reasons(items)
            except Exception as error:  # noqa: BLE001
                by_document[i] = error
        return by_document


def _passed(found: Found, reasons: list[str], count: Count) -> Found:
    """The examples the audit passed (`reasons`: one per audited example, in order; none
    without an audit), each counted by type, anaphora kind and connective."""
    passed: Found = []
    verdicts = iter(reasons)
    for sentences, example in found:
        reason = next(verdicts, "") if example.discourse_type != "PAIR_NONE" else ""
        if reason:
            count(f"filtered:audit_{reason}")
            continue
        count(f"examples:{example.discourse_type}")
        for kind in example.anaphora_kinds:
            count(f"anaphora:{kind}")
        if example.connective_string:
            count(f"connective:{example.connective_string}")
        passed.append((sentences, example))
    return passed


def _rule_examples(
    document: Document, engine: Engine, config: GenerationConfig, count: Count,
    deadline: float = float("inf"),
) -> Iterator[tuple[tuple[int, ...], Example]]:
    """Candidates through the filters, the rules and the PAIR_NONE sampling, until the
    `deadline` (time.monotonic) passes: then DocumentTimeout."""
    for done, sentences in enumerate(candidates(document)):
        if time.monotonic() > deadline:
            raise DocumentTimeout(
                f"the rules ran past {config.max_document_seconds:g} s after {done} of "
                f"{2 * len(document.sentences) - 1} candidates (--max-document-seconds)"
            )
        count("candidates")
        reason = filter_reason(
            document, sentences, config.min_tokens, config.max_tokens, config.ascii_only
        )
        if reason:
            count(f"filtered:{reason}")
            continue
        try:
            example = engine.unfuse(document, sentences)
        except CandidateError as error:
            count(f"filtered:{error.reason}")
            continue
        if example is None:
            count("filtered:no_rule")
            continue
        if example.discourse_type == "PAIR_NONE" and not keep_pair_none(
            document.id, sentences, config
        ):
            count("filtered:pair_none_sampled")
            continue
        yield sentences, example


def audit_passes(
    example: Example, original: list[Sentence], auditor: Auditor | None, count: Count = no_count
) -> bool:
    """Whether the example survives the audit (always, without an auditor; a PAIR_NONE pair is
    the original text and is not audited); a drop is counted by reason."""
    if auditor is None or example.discourse_type == "PAIR_NONE":
        return True
    reason = auditor.reason(example, original)
    if reason:
        count(f"filtered:audit_{reason}")
    return not reason


def unit_interval(*parts: Any) -> float:
    """A number in [0, 1) fixed by `parts` (the seed among them): every seeded choice."""
    digest = hashlib.md5(":".join(str(p) for p in parts).encode()).hexdigest()
    return int(digest[:12], 16) / float(16**12)


def downsample_group(example: Example) -> str:
    """'and_but' or 'anaphora' for the examples the balanced version thins out, else ''."""
    connective = example.connective_string.replace(",", "").strip()
    if connective in ("and", "but"):
        return "and_but"
    if example.discourse_type.endswith("_ANAPHORA"):
        return "anaphora"
    return ""


def keep_in_balanced(
    example: Example, document_id: str, sentences: tuple[int, ...], config: GenerationConfig
) -> bool:
    """Deterministic from the seed: the same example is kept or dropped on every run."""
    group = downsample_group(example)
    if not group:
        return True
    rate = config.and_but_rate if group == "and_but" else config.anaphora_rate
    return unit_interval(config.seed, "balance", document_id, *sentences) < rate


def keep_pair_none(document_id: str, sentences: tuple[int, ...], config: GenerationConfig) -> bool:
    """Deterministic from the seed, like the balanced flag and the split."""
    return unit_interval(config.seed, "pair_none", document_id, *sentences) < config.pair_none_rate


def split_of(document_id: str, seed: int = 0) -> str:
    """train/dev/test as 98/1/1 by hashed document id: a document never straddles splits."""
    bucket = int(unit_interval(seed, "split", document_id) * 100)
    return "train" if bucket < 98 else ("dev" if bucket == 98 else "test")


ROW_SCHEMA = pa.schema(
    [(name, pa.string()) for name in COLUMNS if name not in FLAG_COLUMNS]
    + [(name, pa.float32()) for name in FLAG_COLUMNS]
    + [
        ("domain", pa.string()),
        ("document_id", pa.string()),
        ("first_sentence_index", pa.int32()),
        ("second_sentence_index", pa.int32()),
        ("rules", pa.list_(pa.string())),
        ("anaphora_kinds", pa.list_(pa.string())),
        ("split", pa.string()),
        ("balanced", pa.bool_()),
    ]
)
"""Output rows: the 8 DiscoFuse columns (same names and order) plus provenance."""


def example_row(
    example: Example,
    document_id: str,
    domain: str,
    sentences: tuple[int, ...],
    config: GenerationConfig,
) -> dict[str, Any]:
    return {
        **example.as_row(),
        "domain": domain,
        "document_id": document_id,
        "first_sentence_index": sentences[0],
        "second_sentence_index": sentences[1] if len(sentences) > 1 else -1,
        "rules": list(example.rules),
        "anaphora_kinds": list(example.anaphora_kinds),
        "split": split_of(document_id, config.seed),
        "balanced": keep_in_balanced(example, document_id, sentences, config),
    }


def row_sort_key(row: dict[str, Any]) -> tuple:
    return (row["document_id"], row["first_sentence_index"], row["second_sentence_index"])
