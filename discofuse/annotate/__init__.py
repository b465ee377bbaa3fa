"""Annotation backends: spaCy with a coreference backend (default: the project's own), Stanza, and
CoNLL-U input."""

COREF_BACKENDS = ("discofuse", "coreferee", "none")
"""What `--coref` chooses between (`coreference.coref_backend`); declared here, light to import,
so the command line lists them without loading spaCy."""
DEFAULT_COREF = "discofuse"
