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


TYPOGRAPHY = str.maketrans({
    **dict.fromkeys("\u2018\u2019\u201a\u201b\u2032\u00b4", "'"),
    **dict.fromkeys("\u201c\u201d\u201e\u201f\u2033\u00ab\u00bb", '"'),
    **dict.fromkeys("\u2010\u2011\u2012\u2013\u2014\u2015\u2212\ufe58\ufe63\uff0d", "-"),
    **dict.fromkeys("\u00a0\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a"
                    "\u202f\u205f\u3000", " "),
    **dict.fromkeys("\u200b\u200c\u200d\u2060\ufeff\u00ad", ""),
    "\u2026": "...",
    "\u2022": "-",
})
"""Typographic punctuation and spaces to ASCII: curly quotes, dashes and minus signs ("24–10"),
ellipsis, non-breaking and thin spaces, zero-width characters and soft hyphens. Letters are
left alone (a name's diacritics are the name)."""


def normalize_typography(text: str) -> str:
    return text.translate(TYPOGRAPHY)


def check_text(text: str | bytes, max_chars: int = MAX_CHARS, normalize: bool = True) -> str:
    """The text as str, its typography made ASCII (`TYPOGRAPHY`; `normalize=False` keeps
    character offsets, for benchmarks given in them). Empty or whitespace-only text is allowed
    (it yields no sentences)."""
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
    if normalize:
        text = normalize_typography(text)
    return text if text.strip() else ""


def pretokenize(text: str) -> list[str]:
    """Space-separated tokens, as in DiscoFuse TSVs."""
    return text.split()
