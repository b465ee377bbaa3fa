"""Readers for the coreference benchmarks: CoNLL-U with `Entity=` (OntoGUM) and GAP TSV.

Both keep the gold tokenization (CoNLL-U) or the raw text with character offsets (GAP), so the
annotator's output can be aligned to the gold without guessing.
"""

from __future__ import annotations

import csv
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from discofuse.errors import BadInputError

GoldSpan = tuple[int, int, int]
"""(sentence, start, end): a token range [start, end) of one sentence."""


@dataclass
class GoldDocument:
    """Sentences as word lists and gold entities as lists of spans, in text order."""

    id: str
    sentences: list[list[str]] = field(default_factory=list)
    entities: dict[str, list[GoldSpan]] = field(default_factory=dict)


def read_conllu_entities(path: Path) -> Iterator[GoldDocument]:
    """Documents of a CoNLL-U file whose MISC column carries `Entity=(7`, `7)`, `(7)` marks.

    Multiword-token and empty-node lines are skipped; a mention left open at the end of its
    document is an error naming the file and line."""
    document: GoldDocument | None = None
    sentence: list[str] = []
    open_spans: dict[str, list[tuple[int, int]]] = {}
    with open(path, encoding="utf-8") as lines:
        for number, line in enumerate(lines, 1):
            line = line.rstrip("\n")
            if line.startswith("# newdoc"):
                if document is not None:
                    _finish(path, number, document, sentence, open_spans)
                    yield document
                document, sentence, open_spans = GoldDocument(_doc_id(line, path)), [], {}
                continue
            if line.startswith("#"):
                continue
            if not line.strip():
                if document is not None and sentence:
                    document.sentences.append(sentence)
                sentence = []
                continue
            columns = line.split("\t")
            if len(columns) != 10:
                raise BadInputError(f"{path}:{number}: a CoNLL-U token line needs 10 columns")
            if not columns[0].isdigit():
                continue
            if document is None:
                document = GoldDocument(path.stem)
            _read_marks(document, sentence, columns, open_spans)
            sentence.append(columns[1])
    if document is not None:
        _finish(path, number, document, sentence, open_spans)
        yield document


def _doc_id(line: str, path: Path) -> str:
    _, _, value = line.partition("=")
    return value.strip() or path.stem


def _read_marks(
    document: GoldDocument,
    sentence: list[str],
    columns: list[str],
    open_spans: dict[str, list[tuple[int, int]]],
) -> None:
    position = len(sentence)
    sentence_index = len(document.sentences)
    for item in columns[9].split("|"):
        if not item.startswith("Entity="):
            continue
        marks = item[len("Entity=") :]
        for match in re.finditer(r"\(\w+\)|\(\w+|\w+\)", marks):
            mark = match.group()
            if mark.startswith("(") and mark.endswith(")"):
                entity = mark[1:-1]
                document.entities.setdefault(entity, []).append(
                    (sentence_index, position, position + 1)
                )
            elif mark.startswith("("):
                open_spans.setdefault(mark[1:], []).append((sentence_index, position))
            else:
                entity = mark[:-1]
                starts = open_spans.get(entity)
                if starts:
                    start_sentence, start = starts.pop()
                    if start_sentence == sentence_index:
                        document.entities.setdefault(entity, []).append(
                            (sentence_index, start, position + 1)
                        )


def _finish(
    path: Path,
    number: int,
    document: GoldDocument,
    sentence: list[str],
    open_spans: dict[str, list[tuple[int, int]]],
) -> None:
    if sentence:
        document.sentences.append(sentence)
    left_open = [entity for entity, starts in open_spans.items() if starts]
    if left_open:
        raise BadInputError(f"{path}:{number}: mentions of {left_open[:3]} never closed")
    for spans in document.entities.values():
        spans.sort()


@dataclass
class GapExample:
    """One GAP row: the snippet, the pronoun and the two candidate names with gold labels."""

    id: str
    text: str
    pronoun: str
    pronoun_offset: int
    a: str
    a_offset: int
    a_coref: bool
    b: str
    b_offset: int
    b_coref: bool

    @property
    def gender(self) -> str:
        return "F" if self.pronoun.lower() in ("she", "her", "hers", "herself") else "M"


GAP_COLUMNS = ("ID", "Text", "Pronoun", "Pronoun-offset", "A", "A-offset", "A-coref", "B",
               "B-offset", "B-coref")


def read_gap(path: Path) -> Iterator[GapExample]:
    """Rows of a GAP TSV (header with the official column names; the URL column is unused)."""
    with open(path, encoding="utf-8", newline="") as handle:
        reader = csv.DictReader(handle, delimiter="\t", quoting=csv.QUOTE_NONE)
        missing = [c for c in GAP_COLUMNS if c not in (reader.fieldnames or [])]
        if missing:
            raise BadInputError(f"{path}: not a GAP file, missing columns {missing}")
        for number, row in enumerate(reader, 2):
            try:
                yield GapExample(
                    id=row["ID"],
                    text=row["Text"],
                    pronoun=row["Pronoun"],
                    pronoun_offset=int(row["Pronoun-offset"]),
                    a=row["A"],
                    a_offset=int(row["A-offset"]),
                    a_coref=row["A-coref"].strip().upper() == "TRUE",
                    b=row["B"],
                    b_offset=int(row["B-offset"]),
                    b_coref=row["B-coref"].strip().upper() == "TRUE",
                )
            except (TypeError, ValueError) as error:
                raise BadInputError(f"{path}:{number}: bad GAP row ({error})") from None


def is_conllu(path: Path) -> bool:
    return path.suffix.lower() in (".conllu", ".conll")
