"""CoNLL-U input through Stanza's reader, the UD -> canonical label mapping, and the Stanza
pipeline's missing-model message (Stanza's English models are not installed here)."""

from __future__ import annotations

import pytest
from conftest import DATA

from discofuse.annotate.stanza_backend import StanzaAnnotator, read_conllu
from discofuse.errors import ModelMissingError
from discofuse.labels import CANONICAL_LABELS, ud_to_canonical


def test_conllu_sample_maps_to_canonical_labels():
    doc = read_conllu(DATA / "sample.conllu", doc_id="sample")
    first, second = doc.sentences
    labels = {t.text: t.dep for t in first.tokens}
    assert labels["letter"] == "nsubjpass"
    assert labels["was"] == "auxpass"
    assert labels["signed"] == "ROOT"
    assert labels["mayor"] == "pobj"
    assert labels["by"] == "prep"
    assert labels["lived"] == "relcl"
    assert first.tokens[first.words.index("lived")].head == first.words.index("mayor")
    assert first.tokens[first.words.index("signed")].head == first.words.index("signed")
    second_labels = {t.text: t.dep for t in second.tokens}
    assert second_labels["mayor"] == "poss"
    assert second_labels["'s"] == "case"
    assert second_labels["not"] == "neg"
    assert first.tokens[6].ws == "" and first.tokens[0].ws == " "
    assert first.text == "The letter was signed by the mayor, who lived nearby."


def test_conllu_string_input_is_read_the_same_way():
    text = (DATA / "sample.conllu").read_text()
    assert read_conllu(text) == read_conllu(DATA / "sample.conllu")


@pytest.mark.parametrize(
    "label, xpos, lemma, expected",
    [
        ("nsubj:pass", "NN", "x", "nsubjpass"),
        ("acl:relcl", "VBD", "x", "relcl"),
        ("obl", "NN", "x", "pobj"),
        ("obj", "NN", "x", "dobj"),
        ("iobj", "NN", "x", "dative"),
        ("nmod:poss", "NNP", "x", "poss"),
        ("case", "IN", "of", "prep"),
        ("case", "POS", "'s", "case"),
        ("advmod", "RB", "never", "neg"),
        ("obl:tmod", "NN", "x", "npadvmod"),
        ("compound:prt", "RP", "x", "prt"),
        ("flat:name", "NNP", "x", "compound"),
        ("conj", "VBD", "x", "conj"),
        ("xcomp:ds", "VB", "x", "xcomp"),
        ("weird:label", "NN", "x", "dep"),
    ],
)
def test_ud_label_mapping(label, xpos, lemma, expected):
    assert ud_to_canonical(label, xpos, lemma) == expected
    assert expected in CANONICAL_LABELS


def test_stanza_without_models_names_what_is_missing(tmp_path):
    with pytest.raises(ModelMissingError) as error:
        StanzaAnnotator(model_dir=str(tmp_path))
    message = str(error.value)
    assert "tokenize,pos,lemma,depparse,coref" in message and str(tmp_path) in message


def test_without_the_stanza_extra_the_error_says_how_to_install_it(monkeypatch, tmp_path):
    import sys

    from discofuse.errors import ModelMissingError

    monkeypatch.setitem(sys.modules, "stanza", None)  # as if the extra were not installed
    with pytest.raises(ModelMissingError, match=r"discofuse\[stanza\]"):
        read_conllu("# text = A .\n1\tA\ta\tDET\tDT\t_\t0\troot\t_\t_\n")
    with pytest.raises(ModelMissingError, match=r"discofuse\[stanza\]"):
        StanzaAnnotator(model_dir=str(tmp_path))
