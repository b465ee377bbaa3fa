"""How closely our rules reproduce DiscoFuse: released rows, the paper's examples, gold types,
and the correct examples raters wrote for the dev rows (opportunity recall).

Used by `scripts/fidelity.py` (prints the numbers) and by the tests (hold them to floors).
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from difflib import SequenceMatcher
from pathlib import Path

from discofuse.annotate.spacy_backend import SpacyAnnotator
from discofuse.audit import Auditor
from discofuse.engine import Engine
from discofuse.engine.rules import DISCOURSE_TYPES
from discofuse.tsv import COLUMNS, format_value, read_rows
from discofuse.unfusion import row_for, unfuse_many

NO_TYPE = "(none)"


@dataclass
class RowComparison:
    expected: dict[str, str]
    got: dict[str, str]

    @property
    def differing(self) -> list[str]:
        return [c for c in self.expected if self.expected[c] != self.got.get(c, "")]


def _candidates(rows: list[dict[str, str]]) -> Iterable[list[str]]:
    return ([row["coherent_first_sentence"], row["coherent_second_sentence"]] for row in rows)


def _unfused_rows(
    engine, annotator, rows: list[dict[str, str]], auditor: Auditor | None = None
) -> list[dict[str, str]]:
    results = unfuse_many(engine, annotator, _candidates(rows), pretokenized=True, auditor=auditor)
    return [
        {column: format_value(column, value) for column, value in row_for(texts, example).items()}
        for texts, example in results
    ]


def compare_released(engine: Engine, annotator: SpacyAnnotator, path: Path) -> list[RowComparison]:
    """Each released row against ours, all 8 columns."""
    rows = list(read_rows(path))
    got = _unfused_rows(engine, annotator, rows)
    return [
        RowComparison({c: row.get(c, "") for c in COLUMNS}, mine) for row, mine in zip(rows, got)
    ]


def compare_paper_examples(
    engine: Engine, annotator: SpacyAnnotator, path: Path
) -> list[RowComparison]:
    """The paper's worked examples: incoherent sentences and discourse type."""
    rows = list(read_rows(path))
    got = _unfused_rows(engine, annotator, rows)
    keys = ("incoherent_first_sentence", "incoherent_second_sentence", "discourse_type")
    return [
        RowComparison({k: row[k] for k in keys}, {k: mine.get(k, "") for k in keys})
        for row, mine in zip(rows, got)
    ]


@dataclass
class Agreement:
    """Discourse-type agreement with gold labels."""

    pairs: list[tuple[str, str]] = field(default_factory=list)  # (gold, predicted)

    @property
    def overall(self) -> float:
        return sum(g == p for g, p in self.pairs) / max(len(self.pairs), 1)

    def per_type(self) -> dict[str, tuple[int, int]]:
        """gold type -> (agreeing, total)."""
        totals: Counter[str] = Counter(g for g, _ in self.pairs)
        right: Counter[str] = Counter(g for g, p in self.pairs if g == p)
        return {t: (right[t], totals[t]) for t in sorted(totals)}

    @property
    def phenomenon(self) -> tuple[int, int]:
        """(agreeing, total) on the phenomenon alone: *_ANAPHORA folded into its base type and
        PAIR_ANAPHORA into PAIR_NONE."""
        return sum(phenomenon_of(g) == phenomenon_of(p) for g, p in self.pairs), len(self.pairs)

    def per_phenomenon(self) -> dict[str, tuple[int, int]]:
        """gold phenomenon -> (agreeing, total), anaphora folded in as in `phenomenon`."""
        folded = [(phenomenon_of(g), phenomenon_of(p)) for g, p in self.pairs]
        return Agreement(folded).per_type()

    @property
    def anaphora_decision(self) -> tuple[int, int]:
        """(agreeing, total) on "anaphora or not", among rows whose phenomenon is right."""
        right = [(g, p) for g, p in self.pairs if phenomenon_of(g) == phenomenon_of(p)]
        return sum(has_anaphora(g) == has_anaphora(p) for g, p in right), len(right)

    def confusions(self) -> Counter[tuple[str, str]]:
        return Counter((g, p) for g, p in self.pairs if g != p)


def has_anaphora(discourse_type: str) -> bool:
    return discourse_type.endswith("ANAPHORA")


def phenomenon_of(discourse_type: str) -> str:
    """The discourse type without its anaphora part (PAIR_ANAPHORA is a plain pair)."""
    if discourse_type == "PAIR_ANAPHORA":
        return "PAIR_NONE"
    return discourse_type.removesuffix("_ANAPHORA")


def agreement_on(
    engine: Engine, annotator: SpacyAnnotator, path: Path, auditor: Auditor | None = None
) -> Agreement:
    """Gold types against ours; with an `auditor`, an audited-out example counts as no type."""
    rows = list(read_rows(path))
    got = _unfused_rows(engine, annotator, rows, auditor)
    return Agreement(
        [(row["discourse_type"], mine["discourse_type"] or NO_TYPE) for row, mine in zip(rows, got)]
    )


def confusion_table(agreement: Agreement) -> str:
    predicted_types = sorted({p for _, p in agreement.pairs} | set(DISCOURSE_TYPES))
    gold_types = sorted({g for g, _ in agreement.pairs})
    counts = Counter(agreement.pairs)
    short = {
        t: t.replace("SINGLE_", "S_").replace("PAIR_", "P_").replace("ANAPHORA", "ANA")
        for t in predicted_types
    }
    width = max(len(s) for s in short.values())
    header = "gold \\ predicted".ljust(30) + " ".join(
        short[t].rjust(width) for t in predicted_types
    )
    lines = [header]
    for gold in gold_types:
        cells = " ".join(str(counts[(gold, p)] or ".").rjust(width) for p in predicted_types)
        lines.append(gold.ljust(30) + cells)
    return "\n".join(lines)


CLOSE_ENOUGH = 0.85
"""An example reproduces a rater's when the token sequences of the lowercased pairs have a
difflib ratio of at least this (issue 20's measure)."""


def similarity(ours: Sequence[str], theirs: Sequence[str]) -> float:
    """difflib ratio of the two pairs' lowercased token sequences."""

    def tokens(pair: Sequence[str]) -> list[str]:
        return " ".join(pair).lower().split()

    return SequenceMatcher(None, tokens(ours), tokens(theirs), autojunk=False).ratio()


@dataclass
class Opportunity:
    """One dev row a rater could write a correct example of its gold type for, and ours."""

    row: int
    gold_type: str
    original: list[str]
    expected: list[str]
    got_type: str
    got: list[str]

    @property
    def same_type(self) -> bool:
        return self.got_type == self.gold_type

    @property
    def reproduced(self) -> bool:
        return self.same_type and similarity(self.got, self.expected) >= CLOSE_ENOUGH


@dataclass
class OpportunityRecall:
    """How many of the raters' correct examples we write: per gold type and overall."""

    opportunities: list[Opportunity]

    def per_type(self) -> dict[str, tuple[int, int, int]]:
        """gold type -> (rows with an example, typed the same, reproduced closely)."""
        table: dict[str, list[int]] = {}
        for o in self.opportunities:
            counts = table.setdefault(o.gold_type, [0, 0, 0])
            counts[0] += 1
            counts[1] += o.same_type
            counts[2] += o.reproduced
        return {t: (a, b, c) for t, (a, b, c) in sorted(table.items())}

    def total(self, anaphora_only: bool = False) -> tuple[int, int, int]:
        rows = [
            counts for t, counts in self.per_type().items() if has_anaphora(t) or not anaphora_only
        ]
        return tuple(sum(column) for column in zip(*rows)) if rows else (0, 0, 0)

    def misses(self, gold_type: str | None = None) -> list[Opportunity]:
        return [
            o
            for o in self.opportunities
            if not o.reproduced and gold_type in (None, o.gold_type)
        ]


def read_opportunities(path: Path) -> dict[int, dict]:
    """The raters' file: dev row number -> its record (`possible`, `example_1`, ...)."""
    with path.open(encoding="utf-8") as lines:
        records = (json.loads(line) for line in lines if line.strip())
        return {record["row"]: record for record in records}


def opportunity_recall(
    engine: Engine,
    annotator: SpacyAnnotator,
    dev_path: Path,
    opportunities_path: Path,
    auditor: Auditor | None = None,
) -> OpportunityRecall:
    """Our example (after `auditor`, if given) for every dev row the raters wrote one for."""
    rows = list(read_rows(dev_path))
    got = _unfused_rows(engine, annotator, rows, auditor)
    found = []
    for number, record in sorted(read_opportunities(opportunities_path).items()):
        if not record.get("possible"):
            continue
        row, mine = rows[number], got[number]
        found.append(
            Opportunity(
                row=number,
                gold_type=row["discourse_type"],
                original=[row["coherent_first_sentence"], row["coherent_second_sentence"]],
                expected=[record["example_1"], record.get("example_2") or ""],
                got_type=mine["discourse_type"],
                got=[mine["incoherent_first_sentence"], mine["incoherent_second_sentence"]],
            )
        )
    return OpportunityRecall(found)
