"""`--coref`: the project's coreference (default), coreferee (the extra and the model trained
here, both installed by `make setup`) and none, through the annotator, the API and `generate`
on the bundled samples."""

from __future__ import annotations

import json
from pathlib import Path

import pyarrow.parquet as pq
import pytest

from discofuse.annotate import COREF_BACKENDS
from discofuse.annotate.spacy_backend import SpacyAnnotator
from discofuse.api import Unfuser
from discofuse.cli import main
from discofuse.corpus.steps import SPLITS
from discofuse.errors import ModelMissingError

REPO = Path(__file__).resolve().parent.parent
TEXT = (
    "Ingrid Solberg joined the orchestra in 2004. She played the viola for nine years. "
    "The orchestra then made her its leader."
)


def chain_texts(document) -> list[list[str]]:
    return [
        [" ".join(document.sentences[m.sentence].words[m.start : m.end]) for m in cluster.mentions]
        for cluster in document.clusters
    ]


@pytest.mark.parametrize("backend", ["discofuse", "coreferee"])
def test_each_backend_chains_the_name_and_its_pronouns(backend):
    chains = chain_texts(SpacyAnnotator(coref=backend).annotate(TEXT))
    person = next(chain for chain in chains if "Ingrid Solberg" in chain)
    assert {"She", "her"} <= set(person)
    assert not any("orchestra" in mention for mention in person)


def test_no_coreference_gives_no_clusters_and_the_same_parse():
    none, default = SpacyAnnotator(coref="none").annotate(TEXT), SpacyAnnotator().annotate(TEXT)
    assert none.clusters == [] and default.clusters
    assert none.sentences == default.sentences


def test_an_unknown_backend_is_refused_with_the_choices():
    with pytest.raises(ValueError, match="choose discofuse, coreferee, none"):
        SpacyAnnotator(coref="neuralcoref")


def test_a_missing_coreferee_names_the_install_command(monkeypatch):
    """The package's absence is simulated (find_spec says so): it is installed here."""
    import importlib.util

    from discofuse.annotate import coreference

    real_find_spec = importlib.util.find_spec
    monkeypatch.setattr(
        importlib.util, "find_spec",
        lambda name, *rest: None if name == "coreferee" else real_find_spec(name, *rest),
    )
    coreference._coreferee_annotator.cache_clear()
    with pytest.raises(ModelMissingError, match=r'pip install "discofuse\[coreferee\]"') as error:
        SpacyAnnotator(coref="coreferee")
    assert "\n" not in str(error.value)
    coreference._coreferee_annotator.cache_clear()


def test_the_api_takes_a_backend():
    pair = ["Ingrid Solberg joined the orchestra in 2004 .", "She played the viola ."]
    with_coref = Unfuser(coref="coreferee").unfuse(*pair)
    assert with_coref is not None and with_coref.discourse_type.endswith("ANAPHORA")
    assert with_coref.incoherent_second_sentence.startswith("Ingrid Solberg played")
    without = Unfuser(coref="none").unfuse(*pair)
    assert without is None or not without.discourse_type.endswith("ANAPHORA")


@pytest.mark.parametrize("backend", ["coreferee", "none"])
def test_generate_runs_on_the_samples_with_each_backend(tmp_path, backend, capsys):
    output = tmp_path / backend
    assert main(["generate", "--input", str(REPO / "samples" / "sports"), "--format", "text",
                 "--output", str(output), "--coref", backend, "-q",
                 "--runner=DirectRunner"]) == 0
    summary = json.loads((output / "summary.json").read_text())
    assert summary["provenance"]["coreference"] == backend
    types = {
        row["discourse_type"]
        for split in SPLITS
        if (output / f"{split}.parquet").exists()
        for row in pq.read_table(output / f"{split}.parquet").to_pylist()
    }
    assert types, "no examples at all"
    anaphora = {t for t in types if t.endswith("_ANAPHORA")}
    if backend == "none":
        assert not anaphora
    else:
        assert anaphora


def test_every_backend_is_a_command_line_choice():
    from discofuse.cli import build_parser

    parser = build_parser()
    for backend in COREF_BACKENDS:
        assert parser.parse_args(["annotate", "--text", "x", "--coref", backend]).coref == backend
    assert parser.parse_args(["annotate", "--text", "x", "--no-coref"]).coref == "none"
    assert parser.parse_args(["annotate", "--text", "x"]).coref == "discofuse"
