"""Our TSVs read back exactly by the readers people use on DiscoFuse: the parsing of the
HuggingFace `discofuse` loader (csv.DictReader, tab delimiter), of the TFDS `disco_fuse` builder
(csv.DictReader, excel-tab dialect), pandas and pyarrow with default settings. The rows come from
a real pipeline run over text full of quotes, and must equal the Parquet rows."""

from __future__ import annotations

import csv

import pandas as pd
import pyarrow.csv as pacsv
import pyarrow.parquet as pq
import pytest

from discofuse.beam_pipeline import run
from discofuse.corpus.steps import SPLITS, GenerationConfig
from discofuse.engine import DEFAULT_RULES_DIR
from discofuse.tsv import COLUMNS, FLAG_COLUMNS, released_text

QUOTED_REPORT = (
    '"We deserved the win," said the coach, who joined the club in 2019. The striker, a '
    '"natural finisher", scored twice in the first half. However, the keeper was unhappy\twith '
    'the "soft" penalty.\n\n'
    '"It was a great day for the town," the captain added. She thanked the fans, and the fans '
    'sang "Blue Moon" until the lights went out.\n\n'
    "The club, whose ground holds ten thousand people, said \"thank you\" to its supporters."
)


def hugging_face_rows(path) -> list[dict]:
    with open(path, encoding="utf-8") as handle:
        return list(csv.DictReader(handle, delimiter="\t"))


def tfds_rows(path) -> list[dict]:
    with open(path, encoding="utf-8") as handle:
        return list(csv.DictReader(handle, dialect="excel-tab"))


def pandas_rows(path) -> list[dict]:
    return pd.read_csv(path, sep="\t").fillna("").to_dict("records")  # "" is NaN in pandas


def pyarrow_rows(path) -> list[dict]:
    table = pacsv.read_csv(path, parse_options=pacsv.ParseOptions(delimiter="\t"))
    return table.to_pylist()


@pytest.fixture(scope="module")
def quoted_run(tmp_path_factory):
    folder = tmp_path_factory.mktemp("quoted")
    (folder / "report.txt").write_text(QUOTED_REPORT, encoding="utf-8")
    output = folder / "out"
    # Every PAIR_NONE pair kept: they carry most of the quotes, and the test is about reading.
    run([str(folder / "report.txt")], "text", "sports", str(output),
        GenerationConfig(pair_none_rate=1.0),
        str(DEFAULT_RULES_DIR), ["--runner=DirectRunner"])
    return output


def test_released_text_leaves_no_double_quote():
    assert released_text('" A " `` b \'\' "c"') == "' A ' ' b ' 'c'"


@pytest.mark.parametrize("reader", [hugging_face_rows, tfds_rows, pandas_rows, pyarrow_rows])
def test_every_reader_gets_the_parquet_rows(quoted_run, reader):
    compared = 0
    for split in SPLITS:
        expected = pq.read_table(quoted_run / f"{split}.parquet").to_pylist()
        tsv = quoted_run / f"{split}.tsv"
        got = reader(tsv) if expected else []
        assert len(got) == len(expected), (split, reader.__name__)
        for mine, theirs in zip(expected, got):
            for column in COLUMNS:
                if column in FLAG_COLUMNS:
                    assert float(theirs[column]) == mine[column]
                else:
                    assert str(theirs[column]) == mine[column], (column, reader.__name__)
        compared += len(expected)
    assert compared >= 5  # the text gives several examples, most with a quoted word
