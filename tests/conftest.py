"""Shared fixtures: the real spaCy pipeline with coreference (loaded once), the project's rules, and
hand-written documents for engine tests that must not depend on parser decisions."""

from __future__ import annotations

from pathlib import Path

import pytest

from discofuse.annotate.spacy_backend import SpacyAnnotator
from discofuse.document import Cluster, Document, Mention, Sentence, Token
from discofuse.engine import DEFAULT_RULES_DIR, Engine, load_rules

REPO = Path(__file__).resolve().parent.parent
SHARED = REPO.parent / "shared"
DATA = Path(__file__).resolve().parent / "data"

needs_shared = pytest.mark.skipif(
    not (SHARED / "data").is_dir(),
    reason="../shared (real DiscoFuse data) is not next to this clone",
)


@pytest.fixture(scope="session")
def annotator() -> SpacyAnnotator:
    return SpacyAnnotator()


@pytest.fixture(scope="session")
def rules():
    return load_rules(DEFAULT_RULES_DIR)


@pytest.fixture(scope="session")
def engine(rules) -> Engine:
    return Engine(rules)


def sentence(spec: str) -> Sentence:
    """A sentence from 'word/TAG/dep/head' items (head: 0-based index in the sentence)."""
    tokens = []
    for index, item in enumerate(spec.split()):
        text, tag, dep, head = item.rsplit("/", 3)
        tokens.append(
            Token(
                text=text,
                tag=tag,
                dep=dep,
                head=int(head) if head != "-" else index,
                lemma=text.lower(),
                pos="VERB" if tag.startswith("VB") else "",
            )
        )
    return Sentence(tokens=tokens)


def document(
    *specs: str, clusters: list[list[tuple[int, int, int, str]]] | None = None
) -> Document:
    """A hand-written document: sentence specs and clusters of (sentence, start, end, kind)."""
    doc = Document(id="test", sentences=[sentence(spec) for spec in specs])
    for cluster in clusters or []:
        doc.clusters.append(
            Cluster([Mention(s, start, end, end - 1, kind) for s, start, end, kind in cluster])
        )
    return doc
