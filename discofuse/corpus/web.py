"""Sports (web) articles: a directory or glob of plain-text files, or JSONL {"id", "text"}."""

from __future__ import annotations

import io
import json
import os
from collections.abc import Iterator

from discofuse.corpus.documents import RawDocument, Skipped

SPORTS = "sports"


def decode(data: bytes) -> tuple[str, str]:
    """Text and the encoding used: UTF-8 when valid (a byte-order mark removed), else Latin-1
    (every byte maps to a char)."""
    try:
        return data.decode("utf-8").removeprefix("\ufeff"), "utf-8"
    except UnicodeDecodeError:
        return data.decode("latin-1"), "latin-1"


CONTROL_SHARE = 0.01
"""Text with a NUL, or with more than this share of other control characters (tab, newline and
carriage return aside), is binary data read as text: skipped as `binary`, not annotated."""


def looks_binary(text: str, sample: int = 20_000) -> bool:
    head = text[:sample]
    if "\x00" in head:
        return True
    controls = sum(1 for char in head if ord(char) < 32 and char not in "\t\n\r")
    return controls > CONTROL_SHARE * max(len(head), 1)


def text_file_document(path: str, data: bytes, domain: str = SPORTS) -> RawDocument | Skipped:
    doc_id = f"{domain}:{os.path.basename(path)}"
    text, _ = decode(data)
    if not text.strip():
        return Skipped(doc_id, domain, "empty")
    if looks_binary(text):
        return Skipped(doc_id, domain, "binary")
    return RawDocument(id=doc_id, domain=domain, text=text, source=path)


def iter_jsonl(
    path: str, stream: io.BufferedIOBase, domain: str = SPORTS
) -> Iterator[RawDocument | Skipped]:
    """One document per line; a line that is not a JSON object with text is skipped, counted."""
    for number, raw in enumerate(stream, start=1):
        line, _ = decode(raw)
        if not line.strip():
            continue
        fallback_id = f"{domain}:{os.path.basename(path)}:{number}"
        try:
            record = json.loads(line)
        except json.JSONDecodeError:
            yield Skipped(fallback_id, domain, "bad_json")
            continue
        if not isinstance(record, dict) or not isinstance(record.get("text"), str):
            yield Skipped(fallback_id, domain, "no_text_field")
            continue
        doc_id = f"{domain}:{record['id']}" if record.get("id") not in (None, "") else fallback_id
        if not record["text"].strip():
            yield Skipped(doc_id, domain, "empty")
            continue
        if looks_binary(record["text"]):
            yield Skipped(doc_id, domain, "binary")
            continue
        yield RawDocument(id=doc_id, domain=domain, text=record["text"], source=path)
