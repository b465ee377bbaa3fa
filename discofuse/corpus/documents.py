"""What sources produce: a document to annotate, or a record of why a document was skipped."""

from __future__ import annotations

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
