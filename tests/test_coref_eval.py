"""Benchmark readers and `discofuse coref-eval` on small files written here (the real GAP and
OntoGUM files are scored in the closing notes, not in tests: they take minutes)."""

from __future__ import annotations

import json

import pytest

from discofuse.cli import main
from discofuse.document import PRONOUN, PROPER, Cluster, Document, Mention
from discofuse.errors import BadInputError
from discofuse.evaluation.coref_benchmarks import pronoun_counts
from discofuse.evaluation.corpora import read_conllu_entities, read_gap

CONLLU = """# newdoc id = tiny
# text = Rosa Park sang .
1\tRosa\tRosa\tPROPN\tNNP\t_\t2\tcompound\t_\tEntity=(1
2\tPark\tPark\tPROPN\tNNP\t_\t3\tnsubj\t_\tEntity=1)
3\tsang\tsing\tVERB\tVBD\t_\t0\troot\t_\t_
4\t.\t.\tPUNCT\t.\t_\t3\tpunct\t_\t_

# text = She smiled at her friend .
1\tShe\tshe\tPRON\tPRP\t_\t2\tnsubj\t_\tEntity=(1)
2\tsmiled\tsmile\tVERB\tVBD\t_\t0\troot\t_\t_
3\tat\tat\tADP\tIN\t_\t5\tcase\t_\t_
4\ther\ther\tPRON\tPRP$\t_\t5\tnmod:poss\t_\tEntity=(2(1)
5\tfriend\tfriend\tNOUN\tNN\t_\t2\tobl\t_\tEntity=2)
6\t.\t.\tPUNCT\t.\t_\t2\tpunct\t_\t_

"""

GAP = (
    "ID\tText\tPronoun\tPronoun-offset\tA\tA-offset\tA-coref\tB\tB-offset\tB-coref\tURL\n"
    "t-1\tPaul Grey hired Anna Berg in 1990. She later ran the firm.\tShe\t35\tPaul Grey\t0"
    "\tFALSE\tAnna Berg\t16\tTRUE\tx\n"
)


@pytest.fixture
def conllu(tmp_path):
    path = tmp_path / "tiny.conllu"
    path.write_text(CONLLU, encoding="utf-8")
    return path


def test_conllu_entities_are_read_as_token_spans(conllu):
    [document] = list(read_conllu_entities(conllu))
    assert document.id == "tiny"
    assert document.sentences[1] == ["She", "smiled", "at", "her", "friend", "."]
    assert document.entities == {"1": [(0, 0, 2), (1, 0, 1), (1, 3, 4)], "2": [(1, 3, 5)]}


def test_a_mention_left_open_names_the_file(tmp_path):
    path = tmp_path / "open.conllu"
    path.write_text(CONLLU.replace("Entity=1)", "_"), encoding="utf-8")
    with pytest.raises(BadInputError, match="open.conllu"):
        list(read_conllu_entities(path))


def test_pronoun_counts_follow_the_definition(conllu):
    [gold] = list(read_conllu_entities(conllu))
    # Predicted: "She" with "Rosa Park" (right); "her" with "friend" (wrong entity).
    predicted = Document(
        sentences=[],
        clusters=[
            Cluster([Mention(0, 0, 2, 1, PROPER), Mention(1, 0, 1, 0, PRONOUN)]),
            Cluster([Mention(1, 4, 5, 4, "nominal"), Mention(1, 3, 4, 3, PRONOUN)]),
        ],
    )
    counts = pronoun_counts(predicted, gold)
    # Two gold pronouns of entity 1, both after "Rosa Park": 2 resolvable. "her"'s predicted
    # cluster has a non-pronoun mention ("friend") but it comes after "her": not resolved.
    assert (counts.resolvable, counts.resolved, counts.correct) == (2, 1, 1)


def test_gap_rows_are_read(tmp_path):
    path = tmp_path / "gap.tsv"
    path.write_text(GAP, encoding="utf-8")
    [row] = list(read_gap(path))
    assert row.text[row.pronoun_offset : row.pronoun_offset + 3] == "She"
    assert row.text[row.b_offset : row.b_offset + len(row.b)] == "Anna Berg"
    assert (row.a_coref, row.b_coref, row.gender) == (False, True, "F")


def test_coref_eval_command_scores_both_formats(tmp_path, conllu, capsys):
    gap = tmp_path / "gap.tsv"
    gap.write_text(GAP, encoding="utf-8")
    assert main(["coref-eval", str(gap), str(conllu), "--json", "--no-progress",
                 "--coref", "discofuse"]) == 0
    results = json.loads(capsys.readouterr().out)
    scored = results["backends"]["discofuse"]
    gap_result, conllu_result = scored["inputs"][str(gap)], scored["inputs"][str(conllu)]
    assert scored["words"] == 14 + 10 and scored["words_per_second"] > 0
    # "She" can only be Anna Berg (Paul is a man's name): one true positive, nothing else.
    assert gap_result["overall"] == 1.0 and gap_result["count"] == 1
    assert conllu_result["pronoun_resolution"]["resolvable"] == 2
    assert 0 <= conllu_result["conll_f1"] <= 1
    assert main(["coref-eval", str(gap), "--no-progress", "--coref", "discofuse"]) == 0
    assert "overall F1 100.0" in capsys.readouterr().out


def test_coref_eval_scores_every_installed_backend_side_by_side(tmp_path, capsys):
    """coreferee is installed by the test set-up (`make setup`: the coreferee extra and the
    model trained here), so both backends are scored; `none` is never a row of its own."""
    gap = tmp_path / "gap.tsv"
    gap.write_text(GAP, encoding="utf-8")
    assert main(["coref-eval", str(gap), "--json", "--no-progress"]) == 0
    results = json.loads(capsys.readouterr().out)
    assert sorted(results["backends"]) == ["coreferee", "discofuse"]
    assert results["not_installed"] == {}
    for scored in results["backends"].values():
        assert scored["inputs"][str(gap)]["count"] == 1


def test_coref_eval_rejects_other_files(tmp_path):
    other = tmp_path / "x.txt"
    other.write_text("hello", encoding="utf-8")
    assert main(["coref-eval", str(other), "--no-progress"]) == 1


def test_coref_eval_lists_a_backend_that_is_not_installed(tmp_path, capsys, monkeypatch):
    """A missing package is simulated (find_spec says so): the extra is installed here."""
    import importlib.util

    real_find_spec = importlib.util.find_spec
    monkeypatch.setattr(
        importlib.util, "find_spec",
        lambda name, *rest: None if name == "coreferee_model_en" else real_find_spec(name, *rest),
    )
    gap = tmp_path / "gap.tsv"
    gap.write_text(GAP, encoding="utf-8")
    assert main(["coref-eval", str(gap), "--no-progress"]) == 0
    out = capsys.readouterr().out
    assert "== discofuse:" in out
    assert "== coreferee: not scored: --coref coreferee needs coreferee_model_en" in out
    assert main(["coref-eval", str(gap), "--no-progress", "--coref", "coreferee"]) == 1
    assert "discofuse[coreferee]" in capsys.readouterr().err
