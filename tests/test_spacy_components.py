"""The faster attribute-ruler matching and lemmatizer give exactly the shipped model's
annotations (real en_core_web_sm pipelines, one as shipped and one with the stand-ins)."""

from __future__ import annotations

import pytest
import spacy
from conftest import REPO, SHARED, needs_shared

from discofuse.annotate import spacy_components, spacy_loader
from discofuse.annotate.spacy_backend import paragraphs

SAMPLES = REPO / "samples" / "sports"

# Written for this test: the ruler's exceptions (two-token lemmas, "there is", a regex form,
# spaces) and its tag patterns, in sentences of our own.
EXCEPTIONS = [
    "We ai n't gon na stop now , and they got ta see it .",
    "Let 's go , c'm on , y' all know there was nothin' left .",
    "There are  two   spaces here and he gets what he got .",
    "Is n't it odd ?  She 'd said that they 're ready , were n't they ?",
]


def _annotations(doc) -> list[tuple]:
    return [
        (t.text, t.tag_, t.pos_, str(t.morph), t.lemma_, t.dep_, t.head.i, t.ent_type_, t.ent_iob_)
        for t in doc
    ]


@pytest.fixture(scope="module")
def pipelines():
    return spacy_loader.load_pipeline(faster=False), spacy_loader.load_pipeline()


def _texts() -> list[str]:
    texts = list(EXCEPTIONS)
    for path in sorted(SAMPLES.glob("*.txt")):
        texts.extend(paragraphs(path.read_text(encoding="utf-8")))
    return texts


def test_the_stand_ins_are_installed(pipelines):
    shipped, faster = pipelines
    ruler = faster.get_pipe("attribute_ruler")
    assert isinstance(ruler.match.__self__, spacy_components.AttributeLookups)
    assert isinstance(ruler.set_annotations.__self__, spacy_components.AttributeLookups)
    assert isinstance(faster.get_pipe("lemmatizer").pipe, spacy_components.CachedLemmas)
    assert "match" not in vars(shipped.get_pipe("attribute_ruler"))


def test_same_annotations_as_the_shipped_model_on_the_samples(pipelines):
    shipped, faster = pipelines
    texts = _texts()
    expected = [_annotations(doc) for doc in shipped.pipe(texts)]
    assert [_annotations(doc) for doc in faster.pipe(texts)] == expected
    # and again, now that the caches hold these tokens
    assert [_annotations(doc) for doc in faster.pipe(texts)] == expected


def test_same_matches_as_spacys_matcher(pipelines):
    shipped, _ = pipelines
    ruler = shipped.get_pipe("attribute_ruler")
    fast = spacy_components.AttributeLookups(ruler).match
    docs = list(shipped.pipe(_texts(), disable=["attribute_ruler", "lemmatizer", "ner"]))
    assert any(end - start == 2 for doc in docs for _, _, start, end in ruler.match(doc))
    for doc in docs:
        assert fast(doc) == ruler.match(doc)


@needs_shared
def test_same_annotations_on_real_articles(pipelines):
    shipped, faster = pipelines
    articles = sorted((SHARED / "data" / "sports" / "bbc_sport").glob("*.txt"))[:40]
    texts = [p for a in articles for p in paragraphs(a.read_text(encoding="utf-8"))]
    assert [_annotations(d) for d in faster.pipe(texts)] == [
        _annotations(d) for d in shipped.pipe(texts)
    ]


def test_bounded_caches_start_again_and_give_the_same_lemmas(pipelines, monkeypatch):
    shipped, _ = pipelines
    faster = spacy_loader.load_pipeline()
    monkeypatch.setattr(spacy_components, "MAX_CACHED_LEMMAS", 5)
    monkeypatch.setattr(spacy_components, "MAX_KNOWN_ROWS", 5)
    texts = _texts()
    assert [_annotations(d) for d in faster.pipe(texts)] == [
        _annotations(d) for d in shipped.pipe(texts)
    ]
    assert len(faster.get_pipe("lemmatizer").pipe.cache) <= 5
    assert len(faster.get_pipe("attribute_ruler").match.__self__.known) <= 5


def test_a_pattern_it_does_not_read_keeps_spacys_matcher():
    nlp = spacy.blank("en")
    ruler = nlp.add_pipe("attribute_ruler")
    ruler.add([[{"ORTH": "Dr."}]], {"LEMMA": "doctor"})
    spacy_components.install(nlp)
    assert "match" not in vars(ruler)
    assert nlp("Dr. Ruiz")[0].lemma_ == "doctor"
