"""The Beam pipeline end to end on real runners: the multi-process FnApiRunner (the default),
the PortableRunner with the embedded job server (the path Flink and Dataflow use), and a
Dataflow dry run whose translated pipeline is checked without submitting it."""

from __future__ import annotations

import csv
import json

import apache_beam as beam
import pyarrow.parquet as pq
import pytest
from apache_beam.options.pipeline_options import PipelineOptions
from conftest import REPO, SHARED, needs_shared

from discofuse import __version__
from discofuse.beam_pipeline import build, plan_shards, run
from discofuse.cli import main
from discofuse.corpus.steps import SPLITS, GenerationConfig, row_sort_key, unit_interval
from discofuse.engine import DEFAULT_RULES_DIR
from discofuse.tsv import COLUMNS

MULTI_PROCESS = [
    "--runner=FnApiRunner",
    "--direct_running_mode=multi_processing",
    "--direct_num_workers=2",
    "--default_sdk_harness_log_level=ERROR",
]
PORTABLE = ["--runner=PortableRunner", "--job_endpoint=embed", "--environment_type=LOOPBACK"]
SPORTS = str(REPO / "samples" / "sports")
WIKI = str(REPO / "samples" / "wikipedia" / "*.xml")


SEEDED = GenerationConfig(seed=7)


def generate(tmp_path, name, inputs, fmt, domain, beam_args):
    output = tmp_path / name
    summary = run(inputs, fmt, domain, str(output), SEEDED, str(DEFAULT_RULES_DIR), beam_args)
    return output, summary


def all_rows(output) -> list[dict]:
    rows = []
    for split in SPLITS:
        rows.extend(pq.read_table(output / f"{split}.parquet").to_pylist())
    return sorted(rows, key=row_sort_key)


@pytest.fixture(scope="module")
def sports_run(tmp_path_factory):
    return generate(
        tmp_path_factory.mktemp("sports"), "a", [SPORTS], "text", "sports", MULTI_PROCESS
    )


def test_sports_run_writes_parquet_tsv_and_summary(sports_run):
    output, summary = sports_run
    rows = all_rows(output)
    assert rows and summary["examples"] == len(rows)
    assert {r["domain"] for r in rows} == {"sports"}
    assert {r["document_id"] for r in rows} == {
        "sports:derby_report.txt",
        "sports:tennis_final.txt",
    }
    table = pq.read_table(output / "train.parquet")
    assert table.schema.names[:8] == list(COLUMNS)
    assert str(table.schema.field("has_coref_type_pronoun").type) == "float"
    with open(output / "train.tsv", newline="") as handle:
        lines = list(csv.reader(handle, delimiter="\t", quoting=csv.QUOTE_NONE))
    assert tuple(lines[0]) == COLUMNS
    assert len(lines) - 1 == table.num_rows
    balanced = pq.read_table(output / "train_balanced.parquet").to_pylist()
    assert len(balanced) <= table.num_rows and all(r["balanced"] for r in balanced)
    saved = json.loads((output / "summary.json").read_text())
    assert saved["documents"] == summary["documents"]
    provenance = saved["provenance"]
    assert provenance["discofuse"] == __version__ and len(provenance["rules_sha256"]) == 64
    assert provenance["spacy_model"] == "3.8.0" and provenance["coreference"] == "discofuse"


def test_accounting_holds(sports_run):
    _, summary = sports_run
    documents = summary["documents"]
    assert documents["read"] == 2 and documents["annotated"] == 2
    assert documents["accounted"]
    assert (
        summary["candidates"] == sum(summary["filtered_by_reason"].values()) + summary["examples"]
    )


def file_bytes(output) -> dict[str, bytes]:
    """Every file a run writes but its summary (which holds timings): byte for byte."""
    return {path.name: path.read_bytes() for path in sorted(output.iterdir())
            if path.name != "summary.json"}


def test_same_input_and_seed_give_the_same_files_on_every_runner(sports_run, tmp_path):
    """Byte-identical Parquet, TSV and failed.jsonl, though each runner hands the sink its rows
    in its own order (the multi-process runner's workers race)."""
    output, _ = sports_run
    expected = file_bytes(output)  # multi-process FnApiRunner, 2 workers
    assert {"train.parquet", "train.tsv", "test_balanced.tsv", "failed.jsonl"} <= set(expected)
    runners = {
        "in-process DirectRunner": ["--runner=DirectRunner"],
        "multi-process, 1 worker": [*MULTI_PROCESS[:2], "--direct_num_workers=1"],
        "multi-process, 2 workers again": MULTI_PROCESS,
        "PortableRunner": PORTABLE,
    }
    for number, (name, args) in enumerate(runners.items()):
        again, summary = generate(tmp_path, f"run{number}", [SPORTS], "text", "sports", args)
        assert file_bytes(again) == expected, name
        assert summary["documents"]["accounted"]


def test_rows_come_in_the_seeds_order_a_documents_together(sports_run):
    output, _ = sports_run
    rows = pq.read_table(output / "train.parquet").to_pylist()
    documents = [row["document_id"] for row in rows]
    assert len(set(documents)) > 1
    # each document's rows in one block, in text order, blocks in the seed's order
    blocks = list(dict.fromkeys(documents))
    assert documents == sorted(documents, key=blocks.index)
    assert blocks == sorted(blocks, key=lambda d: unit_interval(SEEDED.seed, "order", d))
    for document in blocks:
        positions = [(r["first_sentence_index"], r["second_sentence_index"])
                     for r in rows if r["document_id"] == document]
        assert positions == sorted(positions)
    tsv = (output / "train.tsv").read_text(encoding="utf-8").splitlines()
    assert [line.split("\t")[0] for line in tsv[1:]] == [
        row["coherent_first_sentence"] for row in rows
    ]


def test_wikipedia_sample_skips_with_reasons(tmp_path):
    output, summary = generate(tmp_path, "w", [WIKI], "wikipedia-xml", "wikipedia", MULTI_PROCESS)
    documents = summary["documents"]
    assert documents == {
        "read": 5,
        "annotated": 2,
        "skipped": 3,
        "failed": 0,
        "accounted": True,
        "skipped_by_reason": {"disambiguation": 1, "non_article_namespace": 1, "redirect": 1},
    }
    assert {r["document_id"] for r in all_rows(output)} <= {"wikipedia:101", "wikipedia:105"}


def test_failing_document_goes_to_dead_letter(tmp_path, monkeypatch):
    """Failure injection: the annotator is made to raise on one document. This needs the
    in-process runner so the patch reaches the worker; everything else is real."""
    from discofuse.annotate.spacy_backend import SpacyAnnotator

    feed = tmp_path / "feed.jsonl"
    feed.write_text(
        "\n".join(
            json.dumps(r)
            for r in [
                {
                    "id": "good",
                    "text": "Rovers beat Town 2-1 on Saturday, and the result lifts them into the top four.",
                },
                {"id": "poison", "text": "POISON makes the annotator fail on this document today."},
                "broken line",
            ]
        )
    )
    real = SpacyAnnotator.annotate_many

    def annotate_many(self, items):
        items = list(items)
        if any("POISON" in str(text) for _, text in items):
            raise RuntimeError("injected failure")
        return real(self, items)

    monkeypatch.setattr(SpacyAnnotator, "annotate_many", annotate_many)
    monkeypatch.setattr(
        SpacyAnnotator,
        "annotate",
        lambda self, text, doc_id="": (
            (_ for _ in ()).throw(RuntimeError("injected failure"))
            if "POISON" in str(text)
            else next(real(self, [(doc_id, text)]))
        ),
    )
    output, summary = generate(
        tmp_path,
        "f",
        [str(feed)],
        "jsonl",
        "sports",
        ["--runner=FnApiRunner", "--direct_running_mode=in_memory"],
    )
    documents = summary["documents"]
    assert (
        documents["read"],
        documents["annotated"],
        documents["failed"],
        documents["skipped"],
    ) == (3, 1, 1, 1)
    assert documents["accounted"]
    failure, broken = sorted(
        (json.loads(line) for line in (output / "failed.jsonl").read_text().splitlines()),
        key=lambda record: "skipped" in record,
    )
    assert failure["document_id"] == "sports:poison" and "injected failure" in failure["error"]
    assert broken == {"document_id": "sports:feed.jsonl:3", "skipped": "no_text_field"}
    # 1 of 3 documents failed: over a 20% limit the run says so and exits 1, under 50% it is 0
    from discofuse.cli import main

    command = ["generate", "--input", str(feed), "--format", "jsonl", "-q",
               "--runner=FnApiRunner", "--direct_running_mode=in_memory"]
    assert main([*command, "--output", str(tmp_path / "strict"),
                 "--max-failed-fraction", "0.2"]) == 1
    assert main([*command, "--output", str(tmp_path / "lenient"),
                 "--max-failed-fraction", "0.5"]) == 0
    # a document past its time budget goes the same way, with its own reason
    monkeypatch.undo()
    assert main([*command, "--output", str(tmp_path / "slow"),
                 "--max-document-seconds", "1e-9"]) == 1
    timed_out = [json.loads(line) for line in
                 (tmp_path / "slow" / "failed.jsonl").read_text().splitlines()]
    assert [r["document_id"] for r in timed_out if "time_budget" in r.get("error", "")] == [
        "sports:good", "sports:poison"]


def test_dataflow_dry_run_translates_the_pipeline(tmp_path):
    from apache_beam.runners.dataflow.dataflow_runner import DataflowRunner

    runner = DataflowRunner()
    options = PipelineOptions(
        [
            "--dry_run=True",
            "--project=demo-project",
            "--region=europe-west1",
            "--temp_location=gs://demo-bucket/tmp",
            "--job_name=discofuse-dry-run",
        ]
    )
    pipeline = beam.Pipeline(runner=runner, options=options)
    build(
        pipeline,
        plan_shards([SPORTS], "text", "sports").shards,
        "gs://demo-bucket/out",
        GenerationConfig(),
        str(DEFAULT_RULES_DIR),
    )
    pipeline.run()
    names = {t.unique_name for t in runner.proto_pipeline.components.transforms.values()}
    for step in (
        "read_documents",
        "annotate_and_unfuse",
        "write_dead_letters",
        "count_rows",
        "write_sorted",
    ):
        assert step in names, step
    assert runner.job.proto.name == "discofuse-dry-run"


@needs_shared
def test_generate_command_on_real_dump_and_articles(tmp_path):
    """`discofuse generate` on the real table-heavy Wikipedia dump and real BBC articles (the
    Latin-1 one included); the TSVs are read the way DiscoFuse loaders read the release."""
    wiki = SHARED / "data" / "wikipedia" / "enwiki-table-markup.xml.bz2"
    sports = SHARED / "data" / "sports" / "bbc_sport" / "19*.txt"
    for name, args in (
        ("wiki", ["--input", str(wiki), "--format", "wikipedia-xml"]),
        ("sports", ["--input", str(sports), "--format", "text"]),
    ):
        output = tmp_path / name
        assert main(["generate", *args, "--output", str(output), *MULTI_PROCESS]) == 0
        summary = json.loads((output / "summary.json").read_text())
        assert summary["documents"]["accounted"] and summary["documents"]["failed"] == 0
        assert summary["examples"] > 0
        with open(output / "train.tsv", newline="", encoding="utf-8") as handle:
            records = list(csv.DictReader(handle, delimiter="\t", quoting=csv.QUOTE_NONE))
        assert len(records) == pq.read_table(output / "train.parquet").num_rows
        for record in records:
            assert list(record) == list(COLUMNS)
            assert float(record["has_coref_type_pronoun"]) in (0.0, 1.0)
    assert (
        json.loads((tmp_path / "sports" / "summary.json").read_text())["documents"]["read"] == 10
    )  # 190.txt ... 199.txt


@pytest.mark.parametrize(
    ("option", "suggestion"),
    [("--min_tokens=30", "--min-tokens"), ("--runer=DirectRunner", "--runner")],
)
def test_a_misspelled_option_is_an_error_with_a_suggestion(option, suggestion, capsys):
    code = main(["generate", "--input", SPORTS, "--format", "text", option])
    assert code == 1
    assert f"did you mean {suggestion}?" in capsys.readouterr().err


def test_beam_options_take_a_space_or_an_equals_sign():
    from discofuse.commands.generate import default_beam_args

    spaced = default_beam_args(["--runner", "DirectRunner", "--direct_num_workers", "2"])
    assert spaced[:4] == ["--runner", "DirectRunner", "--direct_num_workers", "2"]
    assert "--direct_running_mode=multi_processing" in spaced
    assert not any(a.startswith("--runner=") or a.startswith("--direct_num_workers=")
                   for a in spaced)
    assert "--runner=FnApiRunner" in default_beam_args([])


def test_dataset_card_configs_load_with_datasets(sports_run, tmp_path, monkeypatch):
    # The real `datasets` library, offline: the card's configs map files to splits, keep full and
    # balanced rows apart and leave out empty splits (the two sample articles fill only some).
    monkeypatch.setenv("HF_DATASETS_OFFLINE", "1")
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    import datasets

    output, summary = sports_run
    card = (output / "README.md").read_text()
    assert card.startswith("---\npretty_name:")
    # Hub metadata, parsed by huggingface_hub's own card reader (validation against the Hub
    # itself needs the network): license by source domain, language, task, size, features
    from huggingface_hub import DatasetCard

    data = DatasetCard(card).data.to_dict()
    assert data["license"] == "unknown" and data["language"] == ["en"]  # sports text: its owner's
    assert data["task_categories"] == ["text2text-generation"]
    assert [f["name"] for f in data["dataset_info"]["features"]][:8] == [
        "coherent_first_sentence", "coherent_second_sentence", "incoherent_first_sentence",
        "incoherent_second_sentence", "discourse_type", "connective_string",
        "has_coref_type_pronoun", "has_coref_type_nominal",
    ]
    assert "/tmp" not in card and "/work" not in card and "{'read'" not in card
    for config, suffix in (("full", ""), ("balanced", "_balanced")):
        loaded = datasets.load_dataset(str(output), config, cache_dir=str(tmp_path / config))
        filled = {
            {"dev": "validation"}.get(split, split)
            for split in SPLITS
            if summary["rows_by_file"].get(split + suffix, 0) > 0
        }
        assert set(loaded) == filled
        for split, rows in loaded.items():
            name = {"validation": "dev"}.get(split, split) + suffix
            assert rows.num_rows == summary["rows_by_file"][name] > 0
            assert all(row["balanced"] for row in rows) or not suffix


def test_the_end_of_run_table_lists_types_and_drops(sports_run):
    from discofuse.commands.generate import summary_table

    _, summary = sports_run
    table = summary_table(summary)
    for name in [*summary["examples_by_type"], *summary["filtered_by_reason"]]:
        assert f" {name} " in table


def test_progress_sums_every_workers_file(tmp_path):
    from discofuse.beam_pipeline import ProgressReader, ProgressWriter

    first, second = ProgressWriter(str(tmp_path)), ProgressWriter(str(tmp_path))
    first.add(2, 300)
    second.add(1, 50)
    first.add(1, 10)  # within a second of the last write: kept, written on the next flush
    reader = ProgressReader(str(tmp_path), lambda documents, words: None)
    assert reader.totals() == (3, 350)
    first.flush()
    (tmp_path / "half-written.json.tmp").write_text("{")
    assert reader.totals() == (4, 360)


def _stop_a_running_bbc_run(tmp_path, stop, ignore_ctrl_c: bool = False):
    """Start `discofuse generate` on the real BBC articles in its own session, call
    `stop(launcher)` once it reports progress, and check that the run ends within 10 s with
    exit 130 and one line: no traceback, no output, no process left."""
    import signal
    import subprocess
    import sys
    import time

    output = tmp_path / "out"
    sports = SHARED / "data" / "sports" / "bbc_sport"
    launcher = subprocess.Popen(
        [sys.executable, "-m", "discofuse.cli", "generate", "-v", "--input", str(sports),
         "--format", "text", "--output", str(output), "--direct_num_workers=2"],
        stderr=subprocess.PIPE, text=True, start_new_session=True,
        preexec_fn=(lambda: signal.signal(signal.SIGINT, signal.SIG_IGN)) if ignore_ctrl_c
        else None,
    )
    for line in launcher.stderr:  # -v off a terminal: a progress line every 10 s
        if "documents annotated" in line:
            break
    sent = time.monotonic()
    stop(launcher)
    rest = launcher.stderr.read()
    launcher.wait(timeout=60)
    assert time.monotonic() - sent < 10
    assert launcher.returncode == 130
    assert "interrupted; the partial output was removed" in rest
    assert "Traceback" not in rest  # the workers leave the signal to the launcher
    assert not output.exists() and not (tmp_path / "out.incomplete").exists()
    listed = subprocess.run(["ps", "-eo", "sid=,stat=,args="], capture_output=True,
                            text=True).stdout
    assert not [  # nothing of the run still running (an exited, unreaped worker aside)
        line for line in listed.splitlines()
        if line.split()[0] == str(launcher.pid) and not line.split()[1].startswith("Z")
    ]


@needs_shared
def test_ctrl_c_stops_a_run_quickly_and_leaves_no_finished_looking_output(tmp_path):
    """A real Ctrl-C: SIGINT to the process group of `discofuse generate` (what a terminal
    sends) once it reports progress on real BBC articles."""
    import os
    import signal

    _stop_a_running_bbc_run(tmp_path, lambda launcher: os.killpg(launcher.pid, signal.SIGINT))


@needs_shared
def test_sigterm_to_a_background_run_ends_it_with_one_line(tmp_path):
    """SIGTERM to the launcher alone, started as a script's background job (Ctrl-C ignored,
    as a non-interactive shell leaves it): it hung after printing "interrupted" in the
    probe, and printed the workers' tracebacks."""
    import signal

    _stop_a_running_bbc_run(
        tmp_path, lambda launcher: launcher.send_signal(signal.SIGTERM), ignore_ctrl_c=True
    )


def test_a_worker_that_cannot_start_ends_the_run_with_one_line(tmp_path):
    """A worker process that exits at once (here it finds a broken `discofuse` package first
    on its path: `python -m` puts the working folder there) ends the run with its return
    code; the probe's launcher waited for it forever."""
    import subprocess
    import sys
    from pathlib import Path

    shadow = tmp_path / "discofuse"
    shadow.mkdir()
    (shadow / "__init__.py").write_text("")
    (shadow / "beam_worker.py").write_text("raise SystemExit(3)\n")
    output = tmp_path / "out"
    discofuse = Path(sys.executable).parent / "discofuse"  # the installed command: the
    # launcher must not find the broken package, only its workers
    finished = subprocess.run(
        [str(discofuse), "generate", "--input", str(REPO / "samples" / "sports"),
         "--format", "text", "--output", str(output), "-q"],
        capture_output=True, text=True, cwd=tmp_path, timeout=120,
    )
    assert finished.returncode == 1
    assert finished.stderr.strip().splitlines() == [
        f"discofuse: a worker process of the local runner exited with return code 3 (it "
        f"could not start, or it was stopped); the partial output was removed and {output} "
        "is as it was before this run."
    ]
    assert not output.exists() and not (tmp_path / "out.incomplete").exists()


def test_quiet_and_verbose_are_on_every_command():
    from discofuse.cli import build_parser

    parser = build_parser()
    required = {"unfuse": ["in.tsv", "-o", "out.tsv"], "coref-eval": ["gap.tsv"]}
    for command in ("generate", "unfuse", "check-rules", "debug", "annotate", "coref-eval"):
        arguments = [command, *required.get(command, [])]
        assert parser.parse_known_args([*arguments, "-q"])[0].verbosity == -1, command
        assert parser.parse_known_args([*arguments, "-v"])[0].verbosity == 1, command
        assert parser.parse_known_args(arguments)[0].verbosity == 0, command
    with pytest.raises(SystemExit):
        parser.parse_args(["check-rules", "-q", "-v"])


def test_stats_report_matches_the_run_and_draws_its_plots(sports_run, tmp_path):
    import shutil

    from PIL import Image

    output, summary = sports_run
    folder = tmp_path / "copy"
    shutil.copytree(output, folder)
    assert main(["stats", str(folder)]) == 0
    stats = json.loads((folder / "stats.json").read_text())
    for name, group in stats["by_file"].items():  # counted from the rows, checked against the run
        expected = {
            key.split(":", 1)[1]: n
            for key, n in summary["rows_by_file_and_type"].items()
            if key.split(":", 1)[0] == name
        }
        assert group["types"] == expected
        assert group["examples"] == summary["rows_by_file"].get(name, 0)
    assert stats["by_domain"]["sports"]["examples"] == summary["examples"]
    assert stats["audit"] == {
        k: v for k, v in summary["filtered_by_reason"].items() if k.startswith("audit_")
    }
    report = (folder / "stats.md").read_text()
    assert "| SINGLE_" in report and "## Most common connectives: train" in report
    for plot in ("types.png", "connectives.png"):
        with Image.open(folder / plot) as image:
            assert image.format == "PNG" and image.size[0] >= 600


@pytest.mark.parametrize("reverse", [False, True])
def test_wikisplit_export_reads_back_with_a_wikisplit_reader(sports_run, tmp_path, reverse):
    output, _ = sports_run
    target = tmp_path / "wikisplit"
    args = ["export", str(output), "--format", "wikisplit", "--output", str(target)]
    assert main([*args, *(["--reverse"] if reverse else [])]) == 0
    singles = [
        row
        for row in pq.read_table(output / "train.parquet").to_pylist()
        if row["discourse_type"].startswith("SINGLE_")
    ]
    assert singles
    with open(target / "train.tsv", newline="", encoding="utf-8") as handle:
        records = list(csv.reader(handle, delimiter="\t"))  # the csv module's defaults
    assert len(records) == len(singles)
    for (complex_sentence, simple), row in zip(records, singles):
        first, second = (part.strip() for part in simple.split("<::::>"))
        if reverse:
            first, second = second, first
        assert complex_sentence == row["coherent_first_sentence"]
        assert (first, second) == (
            row["incoherent_first_sentence"], row["incoherent_second_sentence"]
        )
    assert sorted(p.name for p in target.iterdir()) == ["test.tsv", "train.tsv", "validation.tsv"]


def test_jsonl_export_keeps_every_column(sports_run, tmp_path):
    import pandas

    from discofuse.corpus.exports import CATEGORIES

    output, _ = sports_run
    target = tmp_path / "jsonl"
    assert main(["export", str(output), "--format", "jsonl", "--output", str(target)]) == 0
    rows = [
        row
        for row in pq.read_table(output / "train.parquet").to_pylist()
        if row["discourse_type"].startswith("SINGLE_")
    ]
    frame = pandas.read_json(target / "train.jsonl", lines=True)
    assert len(frame) == len(rows)
    records = [json.loads(line) for line in (target / "train.jsonl").read_text().splitlines()]
    for record, row in zip(records, rows):
        assert {k: record[k] for k in row} == row
        assert record["simple"] == [
            row["incoherent_first_sentence"], row["incoherent_second_sentence"]
        ]
        assert record["split_category"] in CATEGORIES


def test_export_keeps_what_is_there_and_never_leaves_half_an_export(sports_run, tmp_path, capsys):
    from discofuse.corpus.exports import export_folder
    from discofuse.corpus.output_files import output_files, read_examples
    from discofuse.errors import BadInputError

    output, _ = sports_run
    target = tmp_path / "ws"
    args = ["export", str(output), "--format", "wikisplit", "--output", str(target)]
    assert main(args) == 0
    assert main(args) == 1 and "pass --overwrite" in capsys.readouterr().err
    assert main([*args, "--overwrite"]) == 0
    mine = tmp_path / "mine"
    mine.mkdir()
    (mine / "train.tsv").write_text("my own notes\n")
    assert main([*args[:-1], str(mine)]) == 1
    assert (mine / "train.tsv").read_text() == "my own notes\n"

    def fails_on_the_second(path):
        if "dev" in path.name:
            raise BadInputError("a corrupt file")
        return read_examples(path)

    broken = tmp_path / "broken"
    with pytest.raises(BadInputError):
        export_folder(output_files(output), fails_on_the_second, "jsonl", broken)
    assert list(broken.iterdir()) == []


def _sari_as_the_hook_computes_it(source: list[str], prediction: list[str], target: list[str]):
    """tensor2tensor's `sari_hook.get_sari_score` for one target, written out here from its
    definition as a second, independent reading: n-gram counters built from sets, keep/add/delete
    as F-beta with 0/0 = 1, beta 1 for deletion (the paper), each averaged over n = 1..4."""
    from collections import Counter

    def counter(ids, n):
        return Counter(set(tuple(ids[i : i + n]) for i in range(len(ids) + 1 - n)))

    def fbeta(true_positives, selected, relevant, beta=1.0):
        precision = true_positives / selected if selected > 0 else 1.0
        recall = true_positives / relevant if relevant > 0 else 1.0
        if precision <= 0 or recall <= 0:
            return 0.0
        return (1 + beta**2) * precision * recall / (beta**2 * precision + recall)

    parts = {"keep": [], "add": [], "delete": []}
    for n in range(1, 5):
        s, p, t = counter(source, n), counter(prediction, n), counter(target, n)
        added = p - s
        parts["add"].append(
            fbeta(sum((added & t).values()), sum(added.values()), sum((t - s).values()))
        )
        sp, st = s & p, s & t
        parts["keep"].append(fbeta(sum((sp & st).values()), sum(sp.values()), sum(st.values())))
        dropped, dropped_gold = s - p, s - t
        parts["delete"].append(
            fbeta(sum((dropped & dropped_gold).values()), sum(dropped.values()),
                  sum(dropped_gold.values()))
        )
    means = {name: sum(values) / 4 for name, values in parts.items()}
    return (means["keep"] + means["add"] + means["delete"]) / 3


def test_sari_agrees_with_the_hooks_definition_on_a_generated_file(sports_run):
    # The check: on a file we generated, `discofuse eval` and the hook's algorithm give
    # the same corpus SARI (to 0.01) for three predictions: the copy baseline, the gold itself,
    # and the first incoherent sentence alone (a lossy guess, every operation in play).
    from discofuse.evaluation.fusion_eval import copy_predictions, evaluate
    from discofuse.evaluation.fusion_metrics import source_and_reference, tokens

    rows = all_rows(sports_run[0])
    assert len(rows) >= 5
    predictions = {
        "copy": list(copy_predictions(rows)),
        "gold": [source_and_reference(row)[1] for row in rows],
        "first": [row["incoherent_first_sentence"] for row in rows],
    }
    for name, predicted in predictions.items():
        ours = evaluate(rows, predicted)["overall"]["sari"]
        hook = 100 * sum(
            _sari_as_the_hook_computes_it(
                tokens(source_and_reference(row)[0]), tokens(guess),
                tokens(source_and_reference(row)[1]),
            )
            for row, guess in zip(rows, predicted)
        ) / len(rows)
        assert ours == pytest.approx(hook, abs=0.01), name
    assert evaluate(rows, predictions["gold"])["overall"]["sari"] == 100.0
