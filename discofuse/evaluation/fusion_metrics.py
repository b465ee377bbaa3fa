"""Exact match and SARI for sentence fusion, as the DiscoFuse paper defines them (section 5.2).

SARI (Xu et al., 2016) compares the n-grams of the prediction with those of the source (the two
incoherent sentences joined by a space) and the reference (the coherent text), n = 1..4. For each
n it scores three operations as F1:

- keep: n-grams of the source that the prediction keeps, against those the reference keeps;
- add: n-grams of the prediction not in the source, against those the reference adds;
- delete: n-grams of the source the prediction drops, against those the reference drops.

As in tensor2tensor's `sari_hook.py`, the implementation the paper cites, each distinct n-gram
of a text counts once (`_get_ngram_counter` builds a set: an n-gram twice in the source and once
in the prediction is kept, not also deleted), 0/0 counts as 1 in precision and recall (so a
prediction equal to the reference scores 100), and deletion is scored by F1 as the paper says
(`beta_for_deletion=1`; the hook's default, 0, is precision alone). F1 with precision or recall 0
is 0. SARI = the mean over n of each operation, then the mean of the three; a corpus score is
the mean of the example scores. (n-grams were once counted as multisets: the copy baseline on
our Wikipedia data scored 32.10 that way and 37.54 this way.)
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

MAX_ORDER = 4


@dataclass(frozen=True)
class Sari:
    keep: float
    add: float
    delete: float

    @property
    def sari(self) -> float:
        return (self.keep + self.add + self.delete) / 3


def ngrams(tokens: list[str], n: int) -> Counter[tuple[str, ...]]:
    """Each distinct n-gram of the text, counted once (tensor2tensor's `_get_ngram_counter`)."""
    return Counter({tuple(tokens[i : i + n]): 1 for i in range(len(tokens) - n + 1)})


def _ratio(numerator: int, denominator: int) -> float:
    return numerator / denominator if denominator else 1.0


def _f1(true_positives: int, selected: int, relevant: int) -> float:
    precision, recall = _ratio(true_positives, selected), _ratio(true_positives, relevant)
    return 2 * precision * recall / (precision + recall) if precision + recall else 0.0


def _scores(
    source: Counter, prediction: Counter, reference: Counter
) -> tuple[float, float, float]:
    kept, kept_gold = source & prediction, source & reference
    keep = _f1(sum((kept & kept_gold).values()), sum(kept.values()), sum(kept_gold.values()))
    added, added_gold = prediction - source, reference - source
    add = _f1(sum((added & added_gold).values()), sum(added.values()), sum(added_gold.values()))
    deleted, deleted_gold = source - prediction, source - reference
    delete = _f1(
        sum((deleted & deleted_gold).values()), sum(deleted.values()), sum(deleted_gold.values())
    )
    return keep, add, delete


def sari(source: list[str], prediction: list[str], reference: list[str]) -> Sari:
    """SARI of one prediction, each operation in [0, 1]."""
    totals = [0.0, 0.0, 0.0]
    for n in range(1, MAX_ORDER + 1):
        for i, value in enumerate(
            _scores(ngrams(source, n), ngrams(prediction, n), ngrams(reference, n))
        ):
            totals[i] += value
    keep, add, delete = (total / MAX_ORDER for total in totals)
    return Sari(keep, add, delete)


def tokens(text: str) -> list[str]:
    """The released data is space-tokenized: whitespace is the only separator."""
    return text.split()


def exact(prediction: list[str], reference: list[str]) -> bool:
    return prediction == reference


@dataclass
class Tally:
    """Running sums for one group of examples (a discourse type, or all)."""

    count: int = 0
    exact: int = 0
    keep: float = 0.0
    add: float = 0.0
    delete: float = 0.0
    sari: float = 0.0

    def add_example(self, score: Sari, is_exact: bool) -> None:
        self.count += 1
        self.exact += is_exact
        self.keep += score.keep
        self.add += score.add
        self.delete += score.delete
        self.sari += score.sari

    def as_dict(self) -> dict[str, float | int]:
        """Percentages with two decimals, as the paper reports them."""
        n = max(self.count, 1)
        return {
            "count": self.count,
            "sari": round(100 * self.sari / n, 2),
            "exact": round(100 * self.exact / n, 2),
            "keep": round(100 * self.keep / n, 2),
            "add": round(100 * self.add / n, 2),
            "delete": round(100 * self.delete / n, 2),
        }


def source_and_reference(row: dict[str, str]) -> tuple[str, str]:
    """The model's input (incoherent sentences joined by a space) and the gold fusion (the
    coherent sentences, the second empty for a single-sentence example)."""

    def joined(first: str | None, second: str | None) -> str:
        # a missing second sentence may be stored as null (a Parquet file from elsewhere)
        return " ".join(part for part in (str(first or "").strip(), str(second or "").strip())
                        if part)

    return (
        joined(row["incoherent_first_sentence"], row["incoherent_second_sentence"]),
        joined(row["coherent_first_sentence"], row["coherent_second_sentence"]),
    )
