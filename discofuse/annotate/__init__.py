"""Annotation backends: spaCy with the project's coreference (default), Stanza, and CoNLL-U input."""
