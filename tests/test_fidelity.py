"""Fidelity to the released DiscoFuse data, on real rows read from ../shared at test time."""

from __future__ import annotations

import csv

import pytest
from conftest import SHARED, needs_shared

from discofuse.audit import Auditor
from discofuse.cli import main
from discofuse.engine.morphology import FINAL_PUNCTUATION, ends_with_its_own_stop
from discofuse.fidelity import (
    agreement_on,
    compare_paper_examples,
    compare_released,
    opportunity_recall,
)
from discofuse.tsv import COLUMNS

REFERENCE = SHARED / "reference" / "discofuse"
DEV = SHARED / "data" / "discofuse_dev.tsv"

pytestmark = needs_shared


def test_released_rows_are_reproduced_exactly(engine, annotator):
    comparisons = compare_released(engine, annotator, REFERENCE / "released_rows.tsv")
    assert len(comparisons) == 4
    # The Ingram row ("..., he was declared bankrupt") needed a he -> Ingram link that the
    # small tagger's ORG reading of "Ingram" kept out; subject continuity makes it.
    assert sum(not c.differing for c in comparisons) == 4


def test_paper_examples(engine, annotator):
    comparisons = compare_paper_examples(engine, annotator, REFERENCE / "paper_examples.tsv")
    assert len(comparisons) == 11
    missed = [c.expected for c in comparisons if c.differing]
    # Table 1's "unless" example is the one kept out: raters marked every "unless" split a
    # major error (the condition comes out as a fact), so the rules no longer make it. Every
    # other example holds ("He said ..." -> "Rider said ..." since subject continuity; Table
    # 15's "Ruiz ordered his ..." since a sentence-initial word no English noun is spelled as
    # counts as a name, whatever the sm tagger says).
    assert len(missed) <= 1, missed


@pytest.fixture(scope="module")
def dev_agreement(engine, annotator):
    return agreement_on(engine, annotator, DEV)


def test_dev_agreement_overall(dev_agreement):
    assert len(dev_agreement.pairs) == 403
    # Measured: phenomenon agreement (anaphora folded in) 81.9%, full types 59.1%. Full types
    # were 85.6% when "anaphora" also meant unchanged text (pronoun-to-pronoun, a name repeated)
    # or a replacement from outside the pair. Phenomenon agreement was 94.8% before the rules
    # stopped splitting where raters found broken output (issue 11; the gold labels these rows
    # all the same): of the 20 relative clause rows given up, 16 had been split at an inner
    # comma, given the wrong head phrase or an object pronoun in subject place; the apposition
    # rows lost were list members, absolute phrases and titles; the verb phrase rows lost copy
    # an adverb of the first part, join with "or", or follow a passive with a verb that may be
    # active ("was appointed ... and retired": "was retired"); the sentence coordinations lost
    # join clauses inside a "that" clause ("She felt that X and Y": both are what she felt) or
    # relative clauses ("but which ..."); a forward "since" before a present perfect is time,
    # not cause; a clause coordination sharing its object ("The council passed and the mayor
    # signed the bill") would leave "The council passed ."; a coordinated head ("Abate and
    # Geneti , the medallist ,") is no apposition's; a second verb after a relative clause may be
    # the clause's; "they" is replaced by a name only, never a description; a verb phrase
    # coordination does not copy an opening "But" or "For example"; "because X or because Y"
    # states neither; "but time limit its use" has no subject; no "unless"; "it" is replaced by
    # a name only; a fronted clause whose pronoun stands for the name after it ("Although he
    # advocated ..., Hoveyda ...") is declined; a fronted clause with no verb of its own
    # ("Although most noted for his exploits ,") and an inner connective before a participle
    # ("while losing 9") are declined by the rules (the output audit dropped those three dev
    # rows before: 75.4% after the audit either way). Guards against regressions.
    right, total = dev_agreement.phenomenon
    assert right / total >= 0.77
    assert dev_agreement.overall >= 0.54


def test_dev_agreement_on_types_without_coreference(dev_agreement):
    per_type = dev_agreement.per_type()
    # Precision first (see above): relative clauses 11 of 31, all 11 whole; verb phrases 15.
    # Forward connectives: the gold rows we decline open with a clause that has no subject
    # ("Although most noted for his exploits ,", "Since the 1970s ,"), whose split is a fragment,
    # and one whose parse hangs everything after the comma on the fronted clause ("Since
    # altitude and depth are determined ... , locations [appos] ... lie"): the guard that
    # keeps "Although the economy grew , mainly thanks to oil , Angola ..." from being split
    # there (raters: 6 majors of the 19 examples it removed) declines it too.
    floors = {"SINGLE_CATAPHORA": 0.85, "SINGLE_CONN_START": 0.74, "SINGLE_RELATIVE": 0.35,
              "SINGLE_VP_COORD": 0.48}
    for discourse_type, floor in floors.items():
        right, total = per_type[discourse_type]
        assert right / total >= floor, (discourse_type, right, total)


def test_unfuse_command_on_dev_writes_the_released_layout(tmp_path, capsys):
    output = tmp_path / "dev.out.tsv"
    assert main(["unfuse", str(DEV), "-o", str(output), "--pretokenized"]) == 0
    assert "made a rule's operation fail" not in capsys.readouterr().err  # no rule_error
    with open(output, newline="") as handle:
        rows = list(csv.reader(handle, delimiter="\t", quoting=csv.QUOTE_NONE))
    assert tuple(rows[0]) == COLUMNS
    assert len(rows) == 404 and all(len(row) == 8 for row in rows)
    for row in rows[1:]:
        record = dict(zip(COLUMNS, row))
        assert record["has_coref_type_pronoun"] in ("0.0", "1.0")
        if record["discourse_type"].endswith("ANAPHORA"):
            # Honest labels: anaphora means a replacement changed the second part's text.
            assert "1.0" in (record["has_coref_type_pronoun"], record["has_coref_type_nominal"])
        if record["discourse_type"] == "PAIR_ANAPHORA":
            assert record["incoherent_second_sentence"] != record["coherent_second_sentence"]
        if record["discourse_type"].startswith("SINGLE_"):
            assert record["coherent_second_sentence"] == ""
        if record["discourse_type"] in ("", "PAIR_NONE"):
            continue  # the original text, unchanged
        for column in ("incoherent_first_sentence", "incoherent_second_sentence"):
            words = record[column].split()
            assert words, (column, row)
            assert not words[0][0].isalpha() or words[0][0].isupper(), row
            finals = [w for w in words[-2:] if w in FINAL_PUNCTUATION]
            assert len(finals) == 1 or not finals and ends_with_its_own_stop(words[-1]), row


def test_the_raters_examples_are_reproduced(engine, annotator, rules):
    # Opportunity recall (README, "Fidelity"): of the 271 dev rows where raters, blind to our
    # output, wrote the correct example, we reproduce 194 (71.6%) and 30 of the 70 *_ANAPHORA
    # ones (42.9%); at 1c1f2f7 it was 164 and 10. Guards against regressions.
    auditor = Auditor(annotator.parse_many, rules.inserted_words)
    recall = opportunity_recall(
        engine, annotator, DEV, SHARED / "data" / "discofuse_dev_opportunities.jsonl", auditor
    )
    rows, _, reproduced = recall.total()
    assert rows == 271
    assert reproduced / rows >= 0.70
    rows, _, reproduced = recall.total(anaphora_only=True)
    assert rows == 70 and reproduced / rows >= 0.40
