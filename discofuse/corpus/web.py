"""Sports (web) articles: a directory or glob of plain-text files, or JSONL {"id", "text"}."""

from __future__ import annotations

import io
import json
import os
import re
from collections.abc import Iterator

from discofuse.corpus.documents import RawDocument, Skipped

SPORTS = "sports"


UTF16_MARKS = (b"\xff\xfe", b"\xfe\xff")


def decode(data: bytes) -> tuple[str, str]:
    """Text and the encoding used: UTF-16 when it opens with its byte-order mark (Windows
    editors save so; read as 8-bit text it was all NULs and skipped as binary), UTF-8 when
    valid (a byte-order mark removed), else Windows-1252 (curly quotes and dashes as they
    were typed; Latin-1 made them control characters), and Latin-1 for the five bytes
    Windows-1252 leaves undefined."""
    if data.startswith(UTF16_MARKS):
        return data.decode("utf-16", errors="replace"), "utf-16"
    try:
        return data.decode("utf-8").removeprefix("\ufeff"), "utf-8"
    except UnicodeDecodeError:
        pass
    try:
        return data.decode("cp1252"), "cp1252"
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


def text_file_document(
    name: str, data: bytes, domain: str = SPORTS, source: str = ""
) -> RawDocument | Skipped:
    """A text file as a document; its id is `domain:name` (the path relative to the inputs'
    common folder, `/`-separated), its source the full path."""
    doc_id = f"{domain}:{name.replace(os.sep, '/')}"
    path = source or name
    text, _ = decode(data)
    if not text.strip():
        return Skipped(doc_id, domain, "empty")
    if looks_binary(text):
        return Skipped(doc_id, domain, "binary")
    return RawDocument(id=doc_id, domain=domain, text=text, source=path)


def iter_jsonl(
    name: str, stream: io.BufferedIOBase, domain: str = SPORTS, source: str = ""
) -> Iterator[RawDocument | Skipped]:
    """One document per line; a line that is not a JSON object with text is skipped, counted,
    and the lines after it are read (JSON nested past Python's recursion limit and integers
    longer than 4,300 digits included). A document without an id is `domain:name:line`."""
    for number, raw in enumerate(stream, start=1):
        line, _ = decode(raw)
        if not line.strip():
            continue
        fallback_id = f"{domain}:{name.replace(os.sep, '/')}:{number}"
        try:
            record = json.loads(line)
        except (ValueError, RecursionError):  # JSONDecodeError is a ValueError
            yield Skipped(fallback_id, domain, "bad_json")
            continue
        if not isinstance(record, dict) or not isinstance(record.get("text"), str):
            yield Skipped(fallback_id, domain, "no_text_field")
            continue
        doc_id = f"{domain}:{record['id']}" if record.get("id") not in (None, "") else fallback_id
        text = _without_surrogates(record["text"])
        if not text.strip():
            yield Skipped(doc_id, domain, "empty")
            continue
        if looks_binary(text):
            yield Skipped(doc_id, domain, "binary")
            continue
        yield RawDocument(id=_without_surrogates(doc_id), domain=domain, text=text,
                          source=source or name)


def _without_surrogates(text: str) -> str:
    """JSON may escape a lone UTF-16 surrogate ("\\ud800"), which no UTF-8 writer accepts: it
    becomes U+FFFD, and the rest of the document is kept."""
    return SURROGATE.sub("\ufffd", text)


SURROGATE = re.compile("[\ud800-\udfff]")
