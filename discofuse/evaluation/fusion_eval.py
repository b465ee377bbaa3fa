"""Scoring fusion predictions against gold rows: overall and per discourse type (the paper's
Tables 6 and 7), with the Copy baseline (the two incoherent sentences, concatenated)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from discofuse.errors import BadInputError
from discofuse.evaluation.fusion_metrics import Tally, exact, sari, source_and_reference, tokens
from discofuse.tsv import TEXT_COLUMNS

BASELINES = ("copy",)


SCORED_COLUMNS = TEXT_COLUMNS
"""What a gold row needs: the model's input and the reference."""


def copy_predictions(rows: Iterable[dict[str, Any]]) -> Iterator[str]:
    """The Copy baseline: the model input unchanged."""
    for row in rows:
        yield source_and_reference(row)[0]


def evaluate(
    rows: Iterable[dict[str, Any]], predictions: Iterable[str]
) -> dict[str, Any]:
    """{'overall': scores, 'by_type': {type: scores}}; each prediction belongs to the gold row
    in the same position, and the two must be equally long."""
    overall, by_type = Tally(), {}
    rows_left, predictions_left = iter(rows), iter(predictions)
    for position, row in enumerate(rows_left, start=1):
        missing = [column for column in SCORED_COLUMNS if column not in row]
        if missing:
            raise BadInputError(
                f"the gold rows have no {', '.join(missing)} column(s): eval needs the "
                "incoherent (model input) and coherent (reference) sentences; to score a file "
                "of coherent text only, make its rows first with `discofuse unfuse`."
            )
        prediction = next(predictions_left, None)
        if prediction is None:
            raise BadInputError(f"fewer predictions than gold rows: none for row {position}.")
        source, reference = (tokens(text) for text in source_and_reference(row))
        predicted = tokens(prediction)
        score, is_exact = sari(source, predicted, reference), exact(predicted, reference)
        overall.add_example(score, is_exact)
        by_type.setdefault(row.get("discourse_type") or "(none)", Tally()).add_example(
            score, is_exact
        )
    if next(predictions_left, None) is not None:
        raise BadInputError(f"more predictions than the {overall.count} gold rows.")
    if overall.count == 0:
        raise BadInputError("the gold file has no rows: nothing to score.")
    return {
        "overall": overall.as_dict(),
        "by_type": {name: tally.as_dict() for name, tally in sorted(by_type.items())},
    }


def format_report(report: dict[str, Any]) -> str:
    """The headline line, then a table per type, highest SARI first (Table 7's order)."""
    overall = report["overall"]
    lines = [f"SARI {overall['sari']:.2f} Exact {overall['exact']:.2f}%", ""]
    header = f"{'discourse type':<28} {'count':>8} {'Exact':>8} {'SARI':>7} {'keep':>7} {'add':>7} {'delete':>7}"
    lines += [header, "-" * len(header)]
    ordered = sorted(report["by_type"].items(), key=lambda item: -item[1]["sari"])
    for name, scores in [*ordered, ("all", overall)]:
        lines.append(
            f"{name:<28} {scores['count']:>8,} {scores['exact']:>7.2f}% {scores['sari']:>7.2f} "
            f"{scores['keep']:>7.2f} {scores['add']:>7.2f} {scores['delete']:>7.2f}"
        )
    return "\n".join(lines)
