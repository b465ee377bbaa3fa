"""Limits and checks on input text shared by every backend, so bad input fails before the parser."""

from __future__ import annotations

from discofuse.errors import BadInputError

PAIR_MARKER = "||"
"""Separates the two sentences of a pair in typed input: `First sentence. || Second sentence.`"""
MAX_CHARS = 1_000_000
"""spaCy's own default `nlp.max_length`: longer documents need ~1 GB per 100k words to parse."""
MAX_SENTENCE_TOKENS = 150
"""The longest sentence coreference reads and the rules unfuse. Such "sentences" are flattened
lists and tables, not prose (the DiscoFuse dev file's longest sentence has 48 tokens, and about
7% of Wikipedia pages have one over this limit), and rule search and coreference cost grow
faster than their length. A longer sentence is still parsed and kept; coreference skips it and
its candidates are filtered as `long_sentence`."""


def check_text(text: str | bytes, max_chars: int = MAX_CHARS) -> str:
    """The text as str. Empty or whitespace-only text is allowed (it yields no sentences)."""
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as error:
            raise BadInputError(
                f"Input is not UTF-8 (byte {error.start}); decode it first, e.g. as Latin-1."
            ) from None
    if not isinstance(text, str):
        raise BadInputError(f"Input must be text, not {type(text).__name__}.")
    if len(text) > max_chars:
        raise BadInputError(
            f"Input has {len(text):,} characters, over the limit of {max_chars:,}; "
            "split it into smaller documents."
        )
    return text if text.strip() else ""


def pretokenize(text: str) -> list[str]:
    """Space-separated tokens, as in DiscoFuse TSVs."""
    return text.split()
