"""Single-sentence examples as split-and-rephrase data: the complex sentence is the coherent text,
the two simple sentences the rules' output. Formats: WikiSplit's TSV (`complex<TAB>simple1
<::::> simple2`, Botha et al. 2018), optionally in WikiSplit++'s reversed order of the simple
sentences (Tsukagoshi et al. 2024), and JSONL with every column.

Each example gets a split category in the spirit of BiSECT (Kim et al. 2021), read from the edits
that turn the complex sentence into the two simple ones (case ignored):

| category | the edits | typical discourse types |
|---|---|---|
| `direct_insertion` | only at the split, and only punctuation or a coordinating conjunction | SINGLE_S_COORD |
| `changes_near_split` | only within two tokens of the split (a connective removed, a subject or head noun phrase copied in) | SINGLE_CONN_INNER, SINGLE_VP_COORD, sentence-final SINGLE_RELATIVE, SINGLE_S_COORD_ANAPHORA with the pronoun first |
| `changes_across_sentence` | anywhere else too (a clause moved, a connective at the start removed, a pronoun replaced inside the sentence) | SINGLE_APPOSITION, SINGLE_CATAPHORA, SINGLE_CONN_START, mid-sentence SINGLE_RELATIVE, most *_ANAPHORA |
"""

from __future__ import annotations

import difflib
import json
from collections import Counter
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

from discofuse.errors import BadInputError
from discofuse.labels import COORDINATORS

CATEGORIES = ("direct_insertion", "changes_near_split", "changes_across_sentence")
WIKISPLIT_SEPARATOR = " <::::> "
WIKISPLIT_FILES = {"train": "train", "dev": "validation", "test": "test"}
"""Our split -> WikiSplit's file name (WikiSplit also has `tune`; we have no fourth split)."""
SPLIT_MARKS = frozenset({".", ",", ";", ":", "--", "-"})
NEAR = 2  # tokens either side of the split that still count as "at the split"


def is_single_sentence_split(row: dict[str, Any]) -> bool:
    """A SINGLE_* example: one coherent sentence, two simple ones."""
    return (
        str(row.get("discourse_type") or "").startswith("SINGLE_")
        and not row.get("coherent_second_sentence")
        and bool(row.get("incoherent_first_sentence"))
        and bool(row.get("incoherent_second_sentence"))
    )


def split_category(complex_sentence: str, first: str, second: str) -> str:
    """One of CATEGORIES, from the token edits between the complex sentence and the two simple
    sentences joined (see the module's table)."""
    source = complex_sentence.lower().split()
    simple_first, simple_second = first.lower().split(), second.lower().split()
    target = simple_first + simple_second
    split = len(simple_first)
    edits = [
        (i1, i2, j1, j2)
        for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(
            None, source, target, autojunk=False
        ).get_opcodes()
        if tag != "equal"
    ]
    if not all(j1 <= split + NEAR and j2 >= split - NEAR for _, _, j1, j2 in edits):
        return "changes_across_sentence"
    changed = [t for i1, i2, j1, j2 in edits for t in (*source[i1:i2], *target[j1:j2])]
    if all(token in SPLIT_MARKS or token in COORDINATORS for token in changed):
        return "direct_insertion"
    return "changes_near_split"


def split_pair(row: dict[str, Any], reverse: bool = False) -> tuple[str, list[str], str]:
    """(complex sentence, the two simple sentences, category); `reverse`: WikiSplit++ order."""
    complex_sentence = row["coherent_first_sentence"]
    first, second = row["incoherent_first_sentence"], row["incoherent_second_sentence"]
    simple = [second, first] if reverse else [first, second]
    return complex_sentence, simple, split_category(complex_sentence, first, second)


def wikisplit_line(complex_sentence: str, simple: list[str]) -> str:
    return f"{complex_sentence}\t{WIKISPLIT_SEPARATOR.join(simple)}"


def jsonl_line(row: dict[str, Any], simple: list[str], category: str) -> str:
    record = {**row, "complex": row["coherent_first_sentence"], "simple": simple,
              "split_category": category}
    return json.dumps(record, ensure_ascii=False, default=str)


def export_rows(
    rows: Iterable[dict[str, Any]], fmt: str, reverse: bool, counts: Counter[str]
) -> Iterator[str]:
    """Output lines for the single-sentence rows; `counts` gets `exported`, `skipped_pair` and
    one `category:<name>` per exported row."""
    for row in rows:
        if not is_single_sentence_split(row):
            counts["skipped_not_single"] += 1
            continue
        complex_sentence, simple, category = split_pair(row, reverse)
        counts["exported"] += 1
        counts[f"category:{category}"] += 1
        counts[f"category:{category}:{row['discourse_type']}"] += 1
        if fmt == "wikisplit":
            yield wikisplit_line(complex_sentence, simple)
        else:
            yield jsonl_line(row, simple, category)


def export_folder(
    files: dict[str, list[Path]],
    read: Any,
    fmt: str,
    output: Path,
    reverse: bool = False,
    balanced: bool = False,
    overwrite: bool = False,
) -> dict[str, Counter[str]]:
    """Write one file per split (`train`, `validation`, `test` + `.tsv` or `.jsonl`) from the
    full outputs (or the balanced ones); returns the counts per split. Each file is written
    beside its name and moved in only when all are done, so a failed export leaves nothing
    that looks finished; a file of that name already there is replaced only with `overwrite`."""
    suffix = ".tsv" if fmt == "wikisplit" else ".jsonl"
    targets = {name: output / f"{name}{suffix}" for name in WIKISPLIT_FILES.values()}
    present = [path for path in targets.values() if path.exists()]
    if present and not overwrite:
        raise BadInputError(
            f"{present[0]} is already there; pass --overwrite to replace it or choose another "
            "--output."
        )
    output.mkdir(parents=True, exist_ok=True)
    report: dict[str, Counter[str]] = {}
    partial = {name: path.with_name(path.name + ".incomplete") for name, path in targets.items()}
    try:
        for split, name in WIKISPLIT_FILES.items():
            source = split + ("_balanced" if balanced else "")
            counts: Counter[str] = Counter()
            with open(partial[name], "w", encoding="utf-8", newline="\n") as handle:
                for path in files.get(source, []):
                    for line in export_rows(read(path), fmt, reverse, counts):
                        handle.write(line + "\n")
            report[name] = counts
    except BaseException:
        for path in partial.values():
            path.unlink(missing_ok=True)
        raise
    for name, path in partial.items():
        path.replace(targets[name])
    return report
