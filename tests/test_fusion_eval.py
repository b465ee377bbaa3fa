"""SARI and Exact (the DiscoFuse paper's definitions) against numbers worked out by hand, and
`discofuse eval` on real released rows and on our own Parquet."""

from __future__ import annotations

import json

import pytest
from conftest import SHARED, needs_shared

from discofuse.cli import main
from discofuse.evaluation.fusion_eval import copy_predictions, evaluate
from discofuse.evaluation.fusion_metrics import sari

RELEASED = SHARED / "reference" / "discofuse" / "released_rows.tsv"


def test_sari_of_the_reference_itself_is_100():
    score = sari("a b".split(), "a c".split(), "a c".split())
    assert (score.keep, score.add, score.delete, score.sari) == (1.0, 1.0, 1.0, 1.0)


def test_sari_of_copying_a_pair_that_fuses_by_dropping_a_period():
    # Source "a b . c d .", prediction = source, reference "a b c d .". By hand, with
    # tensor2tensor's sari_hook definition (each distinct n-gram once, deletion by F1):
    #   n=1: the sets of source, prediction and reference are all {a, b, ., c, d}: keep 1, add
    #        0/0 -> 1, delete 0/0 -> 1 (as multisets the second "." would be a deletion missed)
    #   n=2: source {ab, b., .c, cd, d.}, reference {ab, bc, cd, d.}: keep P 3/5 R 1 -> 0.75;
    #        add: the reference adds "b c", we add nothing -> 0; delete: the reference drops
    #        "b .", ". c", the copy nothing -> 0
    #   n=3: keep P 1/4 R 1 -> 0.4; add 0; delete 0      n=4: keep P 0 -> 0; add 0; delete 0
    score = sari("a b . c d .".split(), "a b . c d .".split(), "a b c d .".split())
    keep = (1 + 0.75 + 0.4 + 0) / 4
    assert score.keep == pytest.approx(keep)
    assert score.add == pytest.approx(0.25)
    assert score.delete == pytest.approx(0.25)
    assert score.sari == pytest.approx((keep + 0.25 + 0.25) / 3)  # 34.58


def test_sari_counts_a_repeated_ngram_once():
    # Source "x x y", prediction "x y", reference "x y". n=1: sets {x, y} everywhere -> 1, 1, 1.
    # n=2: source {xx, xy}, prediction = reference = {xy}: keep 1; add 0/0 -> 1; delete: both
    # drop "x x" -> 1. n=3: source {xxy}, prediction and reference have none: keep 0/0 -> 1,
    # add 1, delete: both drop it -> 1. n=4: nothing anywhere -> 1. SARI 100.
    score = sari("x x y".split(), "x y".split(), "x y".split())
    assert (score.keep, score.add, score.delete) == (1.0, 1.0, 1.0)


def test_sari_of_the_wrong_connective():
    # Source "a . b .", reference "a and b .", prediction "a or b .": every kept n-gram is right
    # (keep 1, n=3 and 4 by 0/0), every deletion right (the first "." and the n-grams through
    # it: delete 1), the one added word wrong at every n (add 0): SARI 2/3.
    score = sari("a . b .".split(), "a or b .".split(), "a and b .".split())
    assert (score.keep, score.add, score.delete) == (1.0, 0.0, 1.0)
    assert score.sari == pytest.approx(2 / 3)


def rows_of(*examples: tuple[str, str, str, str, str]) -> list[dict[str, str]]:
    keys = (
        "coherent_first_sentence",
        "coherent_second_sentence",
        "incoherent_first_sentence",
        "incoherent_second_sentence",
        "discourse_type",
    )
    return [dict(zip(keys, example)) for example in examples]


def test_per_type_table_and_the_copy_baseline():
    rows = rows_of(
        ("The team lost but the fans sang .", "", "The team lost .", "The fans sang .",
         "SINGLE_S_COORD"),
        ("It rained .", "The match went on .", "It rained .", "The match went on .", "PAIR_NONE"),
    )
    report = evaluate(rows, copy_predictions(rows))
    assert report["by_type"]["PAIR_NONE"] == {
        "count": 1, "sari": 100.0, "exact": 100.0, "keep": 100.0, "add": 100.0, "delete": 100.0
    }
    assert report["by_type"]["SINGLE_S_COORD"]["exact"] == 0.0
    assert report["overall"]["exact"] == 50.0
    assert report["overall"]["sari"] == pytest.approx(
        (100 + report["by_type"]["SINGLE_S_COORD"]["sari"]) / 2, abs=0.01
    )


def test_predictions_must_match_the_gold_rows_one_to_one():
    rows = rows_of(("A b c .", "", "A .", "B c .", "SINGLE_S_COORD"))
    with pytest.raises(Exception, match="fewer predictions"):
        evaluate(rows, [])
    with pytest.raises(Exception, match="more predictions"):
        evaluate(rows, ["A b c .", "extra"])


@needs_shared
def test_eval_command_on_released_rows(tmp_path, capsys):
    import csv

    with open(RELEASED, encoding="utf-8", newline="") as handle:
        gold = list(csv.DictReader(handle, delimiter="\t", quoting=csv.QUOTE_NONE))
    perfect = tmp_path / "perfect.txt"
    perfect.write_text(
        "".join(
            " ".join(f"{r['coherent_first_sentence']} {r['coherent_second_sentence']}".split())
            + "\n"
            for r in gold
        ),
        encoding="utf-8",
    )
    assert main(["eval", "--gold", str(RELEASED), "--predictions", str(perfect)]) == 0
    assert capsys.readouterr().out.splitlines()[0] == "SARI 100.00 Exact 100.00%"
    assert main(["eval", "--gold", str(RELEASED), "--baseline", "copy", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["overall"]["count"] == len(gold)
    assert set(report["by_type"]) == {row["discourse_type"] for row in gold}
    assert 0 < report["overall"]["sari"] < 100
    short = tmp_path / "short.txt"
    short.write_text("one line\n", encoding="utf-8")
    assert main(["eval", "--gold", str(RELEASED), "--predictions", str(short)]) == 1
