"""What sources produce: a document to annotate, or a record of why a document was skipped."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass


@dataclass(frozen=True)
class RawDocument:
    id: str
    domain: str
    text: str
    source: str = ""


@dataclass(frozen=True)
class Skipped:
    id: str
    domain: str
    reason: str


def fingerprint(text: str) -> str:
    """The identity of a document's text for exact deduplication: the same words with any
    spacing give the same fingerprint (a copy re-wrapped or re-indented is still a copy)."""
    return hashlib.sha1(" ".join(text.split()).encode("utf-8")).hexdigest()
