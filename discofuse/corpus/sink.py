"""The last step: rows into output files in one order that depends only on the rows and the
seed, so the same input and seed give byte-identical files on every runner and every run.

A runner hands a sink its rows in whatever order its workers finished (the DirectRunner's
processes race), so each file is sorted before it is written: documents in an order drawn
from the seed (a shuffled dataset, as a trainer wants it), a document's examples together in
text order. A file is sorted in runs of `ROWS_PER_RUN` rows spilled to a temporary folder
and merged, so memory stays bounded however large one file grows. Which file of a split a
row goes to is a hash of its document, so it does not depend on the order either.
"""

from __future__ import annotations

import heapq
import io
import json
import math
import pickle
import tempfile
from collections.abc import Callable, Iterable, Iterator
from typing import IO, Any

from discofuse.corpus.steps import ROW_SCHEMA, unit_interval
from discofuse.tsv import COLUMNS, tsv_line

ROWS_PER_RUN = 50_000
"""Rows sorted in memory at once; a longer file is sorted in runs merged from disk."""

ROWS_PER_FILE = 200_000
"""With `--num-shards 0`, each output gets as many files as this many rows fill."""

ROWS_PER_ROW_GROUP = 10_000


def outputs_of(row: dict[str, Any]) -> list[str]:
    """The outputs a row belongs to: its split, and that split's balanced version if kept."""
    return [row["split"], f"{row['split']}_balanced"] if row["balanced"] else [row["split"]]


def shard_count(num_shards: int, rows: int) -> int:
    """Files for an output of `rows` rows: `num_shards`, or by size when it is 0."""
    return num_shards or max(1, math.ceil(rows / ROWS_PER_FILE))


def shard_of(row: dict[str, Any], shards: int, seed: int) -> int:
    """A document's examples all go to one file, chosen by a hash of its id."""
    return min(shards - 1, int(unit_interval(seed, "shard", row["document_id"]) * shards))


def file_name(name: str, shard: int, shards: int, suffix: str) -> str:
    """`train.parquet` for one file, `train-00000-of-00004.parquet` for several (Beam's and
    the Hub's convention)."""
    if shards == 1:
        return f"{name}{suffix}"
    return f"{name}-{shard:05d}-of-{shards:05d}{suffix}"


def order_key(seed: int) -> Callable[[dict[str, Any]], tuple]:
    """Documents in a seeded shuffle, a document's rows in text order, ties broken by the
    whole row (two examples of one sentence)."""

    def key(row: dict[str, Any]) -> tuple:
        return (
            unit_interval(seed, "order", row["document_id"]),
            row["document_id"],
            row["first_sentence_index"],
            row["second_sentence_index"],
            json.dumps(row, sort_keys=True, ensure_ascii=False),
        )

    return key


def sorted_rows(
    rows: Iterable[dict[str, Any]], key: Callable[[dict[str, Any]], Any],
    run_rows: int = ROWS_PER_RUN,
) -> Iterator[dict[str, Any]]:
    """`rows` sorted by `key`, holding at most `run_rows` of them in memory."""
    chunk: list[dict[str, Any]] = []
    with tempfile.TemporaryDirectory(prefix="discofuse-sort-") as folder:
        runs: list[str] = []
        for row in rows:
            chunk.append(row)
            if len(chunk) >= run_rows:
                runs.append(_spill(sorted(chunk, key=key), f"{folder}/{len(runs)}"))
                chunk = []
        chunk.sort(key=key)
        if not runs:
            yield from chunk
            return
        runs.append(_spill(chunk, f"{folder}/{len(runs)}"))
        yield from heapq.merge(*(_read_run(path) for path in runs), key=key)


def _spill(rows: list[dict[str, Any]], path: str) -> str:
    with open(path, "wb") as handle:
        for row in rows:
            pickle.dump(row, handle, protocol=pickle.HIGHEST_PROTOCOL)
    return path


def _read_run(path: str) -> Iterator[dict[str, Any]]:
    with open(path, "rb") as handle:  # our own spill file, written just above
        while True:
            try:
                yield pickle.load(handle)
            except EOFError:
                return


def write_files(
    rows: Iterable[dict[str, Any]], parquet: IO[bytes], tsv: IO[bytes]
) -> int:
    """Rows, in the order given, to a Parquet file with `ROW_SCHEMA` (snappy) and a TSV in the
    released 8-column layout with its header, in one pass; returns the row count."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    count = 0
    text = io.TextIOWrapper(tsv, encoding="utf-8", newline="\n", write_through=True)
    try:
        with pq.ParquetWriter(parquet, ROW_SCHEMA, compression="snappy") as writer:
            batch: list[dict[str, Any]] = []

            def flush() -> None:
                writer.write_table(pa.Table.from_pylist(batch, schema=ROW_SCHEMA))
                batch.clear()

            text.write("\t".join(COLUMNS) + "\n")
            for row in rows:
                text.write(tsv_line(row) + "\n")
                batch.append(row)
                count += 1
                if len(batch) == ROWS_PER_ROW_GROUP:
                    flush()
            if batch or not count:
                flush()
    finally:
        text.detach()
    return count
