"""Annotation backends: spaCy + coreferee (default), Stanza, and CoNLL-U input."""
