"""Reading generated data back: the files of an output folder, and the rows of one file (our
Parquet or any DiscoFuse-layout TSV), streamed so a large split never sits in memory."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from discofuse.corpus.dataset_card import SPLIT_NAMES
from discofuse.errors import BadInputError

RUN_FILE = re.compile(
    r"(train|dev|test)(_balanced)?(-\d+-of-\d+)?\.(parquet|tsv)"
    r"|failed\.jsonl|summary\.json|README\.md|stats\.(json|md)|(types|connectives)\.png"
)
"""The names a run writes into its output folder (split files, one or several shards each,
failed.jsonl, summary, card) and `discofuse stats` adds; anything else there is the user's."""


def is_run_file(name: str) -> bool:
    return RUN_FILE.fullmatch(name) is not None


def staging_folder(output: str) -> str:
    """Where a run writes until it has succeeded: beside `output`, never inside it."""
    return output.rstrip("/") + ".incomplete"


OUTPUT_NAMES = tuple(name + suffix for suffix in ("", "_balanced") for name in SPLIT_NAMES)
"""The outputs `generate` writes: train, dev, test, then their balanced versions."""


def read_examples(path: Path, batch_size: int = 4096) -> Iterator[dict[str, Any]]:
    """Rows of a `.parquet` file (every column) or of a TSV with a header row (its columns,
    as strings: the released layout)."""
    if not path.is_file():
        raise BadInputError(f"{path} is not a file.")
    if path.suffix == ".parquet":
        import pyarrow as pa
        import pyarrow.parquet as pq

        try:
            batches = pq.ParquetFile(path).iter_batches(batch_size=batch_size)
            for batch in batches:
                yield from batch.to_pylist()
        except (pa.ArrowException, OSError) as error:
            raise BadInputError(
                f"{path} is not a readable Parquet file ({str(error).splitlines()[0]}); "
                "regenerate it."
            ) from None
        return
    from discofuse.tsv import read_rows

    yield from read_rows(path)


def output_files(folder: Path, suffix: str = ".parquet") -> dict[str, list[Path]]:
    """Output name (`train`, ..., `test_balanced`) -> its files in `folder`, one or several
    shards (`train.parquet`, `train-00000-of-00002.parquet`); names with no file are left out."""
    if not folder.is_dir():
        raise BadInputError(f"{folder} is not a folder (give the output folder of generate).")
    found: dict[str, list[Path]] = {}
    for name in OUTPUT_NAMES:
        files = sorted(
            [folder / f"{name}{suffix}", *folder.glob(f"{name}-[0-9]*-of-[0-9]*{suffix}")]
        )
        files = [file for file in files if file.is_file()]
        if files:
            found[name] = files
    if not found:
        raise BadInputError(f"{folder} holds no generated {suffix} files (train{suffix}, ...).")
    return found
