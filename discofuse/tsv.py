"""The released DiscoFuse TSV layout: 8 columns, a header row, tab-separated, no quoting."""

from __future__ import annotations

import csv
import sys
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import IO, Any

from discofuse.errors import BadInputError

COLUMNS = (
    "coherent_first_sentence",
    "coherent_second_sentence",
    "incoherent_first_sentence",
    "incoherent_second_sentence",
    "discourse_type",
    "connective_string",
    "has_coref_type_pronoun",
    "has_coref_type_nominal",
)
FLAG_COLUMNS = ("has_coref_type_pronoun", "has_coref_type_nominal")
TEXT_COLUMNS = COLUMNS[:4]
DOUBLE_QUOTE_TOKENS = frozenset({'"', "``", "''", "\u201c", "\u201d", "\u201e"})


def released_text(text: str) -> str:
    """Space-tokenized text as the released data writes it: a double quote becomes the single
    quote token the released rows use ("perform ' pujas '"; the dev file has no double quote).
    So no field holds the CSV quote character, and csv, pandas, pyarrow, the HuggingFace loader
    (csv.DictReader, tab) and the TFDS builder (excel-tab) all read every row as written."""
    return " ".join(
        "'" if token in DOUBLE_QUOTE_TOKENS else token.replace('"', "'")
        for token in text.split(" ")
    )

csv.field_size_limit(sys.maxsize)


def read_rows(
    path: Path, count: Callable[[str], None] | None = None
) -> Iterator[dict[str, str]]:
    """Rows of a TSV with a header (`-`: standard input), streamed; the header must name the
    coherent columns. A row with more fields than the header is read up to the header's width
    and counted as `ragged_row` through `count`; a shorter one is padded with empty fields.
    Lines are UTF-8 (a byte order mark is dropped); a line that is not is read as Windows-1252
    and counted as `latin1_row`; a carriage return inside a line is a space, never a row end."""
    if str(path) == "-":
        yield from _rows(_text_lines(sys.stdin.buffer, count), path, count)
        return
    with open(path, "rb") as handle:
        yield from _rows(_text_lines(handle, count), path, count)


def _text_lines(
    stream: Iterable[bytes], count: Callable[[str], None] | None
) -> Iterator[str]:
    for number, raw in enumerate(stream):
        try:
            line = raw.decode("utf-8")
        except UnicodeDecodeError:
            line = raw.decode("cp1252", errors="replace")
            if count is not None:
                count("latin1_row")
        if number == 0:
            line = line.lstrip("\ufeff")
        yield line.rstrip("\r\n").replace("\r", " ")


def count_rows(path: Path) -> int | None:
    """How many data rows `read_rows` will yield (lines after the header), counted in one fast
    pass over the bytes; None for standard input, which cannot be read twice."""
    if str(path) == "-":
        return None
    lines, last = 0, b"\n"
    with open(path, "rb") as handle:
        while chunk := handle.read(1 << 20):
            lines += chunk.count(b"\n")
            last = chunk[-1:]
    lines += last != b"\n"  # a last line without its newline
    return max(lines - 1, 0)


def _rows(
    handle: IO[str], path: Path, count: Callable[[str], None] | None = None
) -> Iterator[dict[str, str]]:
    reader = csv.reader(handle, delimiter="\t", quoting=csv.QUOTE_NONE)
    header = next(reader, None)
    needed = {"coherent_first_sentence", "coherent_second_sentence"}
    if header is None or not needed <= set(header):
        raise BadInputError(
            f"{path}: the header must contain coherent_first_sentence and "
            "coherent_second_sentence."
        )
    for values in reader:
        if len(values) > len(header) and count is not None:
            count("ragged_row")
        yield dict(zip(header, values + [""] * (len(header) - len(values))))


def format_value(column: str, value: Any) -> str:
    if column in FLAG_COLUMNS:
        return f"{float(value or 0.0):.1f}"
    return str(value or "").replace("\t", " ").replace("\n", " ")


def tsv_line(row: dict[str, Any]) -> str:
    """One row in the 8-column layout, without its line end."""
    return "\t".join(format_value(column, row.get(column, "")) for column in COLUMNS)


def write_rows(handle: IO[str], rows: Iterable[dict[str, Any]]) -> int:
    """Write the header and the rows in the 8-column layout; returns the row count."""
    handle.write("\t".join(COLUMNS) + "\n")
    count = 0
    for row in rows:
        handle.write(tsv_line(row) + "\n")
        count += 1
    return count
