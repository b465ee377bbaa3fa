"""`discofuse generate`: the corpus pipeline on Apache Beam (samples/ by default)."""

from __future__ import annotations

import argparse
import difflib
import importlib.util
import os
import re
import signal
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from discofuse.commands import add_audit_option, add_coref_option, add_rules_option
from discofuse.corpus.config import GenerationConfig
from discofuse.errors import BadInputError

REPO = Path(__file__).resolve().parents[2]
SAMPLES = REPO / "samples"
DEFAULT_OUTPUT = "out/generate"


def _number(text: str) -> float:
    try:
        return float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None


def share(text: str) -> float:
    """An option that is a share: a number from 0 to 1."""
    value = _number(text)
    if not 0.0 <= value <= 1.0:
        raise argparse.ArgumentTypeError(f"{text} is not a share from 0 to 1")
    return value


def license_id(text: str) -> str:
    """A license identifier as the Hub's dataset cards take it ("cc-by-4.0", "mit", "other")."""
    if not re.fullmatch(r"[a-z0-9][a-z0-9.+-]*", text):
        raise argparse.ArgumentTypeError(
            f"{text!r} is not a license identifier (lower case, e.g. cc-by-4.0, mit, other)"
        )
    return text


def positive_seconds(text: str) -> float:
    """An option that is a number of seconds above 0."""
    value = _number(text)
    if not value > 0:  # also refuses nan
        raise argparse.ArgumentTypeError(f"{text} is not a number of seconds above 0")
    return value


MAX_DOCUMENT_CHARS_LIMIT = 100_000_000
"""The largest --max-document-chars: a document is read whole into memory before the limit
is checked, and 10^12 made every text file vanish (a hostile-input probe)."""


def at_least(minimum: int, maximum: int | None = None):
    """An option that is a whole number of at least `minimum` (and at most `maximum`)."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
        if value < minimum:
            raise argparse.ArgumentTypeError(f"{text} is less than {minimum}")
        if maximum is not None and value > maximum:
            raise argparse.ArgumentTypeError(f"{text} is more than {maximum:,}")
        return value

    parse.__name__ = f"whole number >= {minimum}"
    return parse


KNOWN_RUNNERS = (
    "DirectRunner", "FnApiRunner", "SwitchingDirectRunner", "BundleBasedDirectRunner",
    "PrismRunner", "DataflowRunner", "TestDataflowRunner", "FlinkRunner", "SparkRunner",
    "PortableRunner", "DaskRunner", "InteractiveRunner",
)
"""Beam's runners by name; a dotted path to a runner class is taken as given."""


CLOUD_RUNNERS = ("DataflowRunner", "TestDataflowRunner")
CLOUD_EXTRA = "pip install 'discofuse[dataflow]'"
"""The Google Cloud libraries are an extra: the main job runs without them (issue 22)."""


def require_cloud_libraries(what: str) -> None:
    """A one-line error naming the install command when `what` (a Dataflow runner, a gs://
    path) needs the Google Cloud libraries and this install lacks them."""
    try:
        found = importlib.util.find_spec("google.cloud.storage") is not None
    except ModuleNotFoundError:
        found = False
    if not found:
        raise BadInputError(f"{what} needs the Google Cloud libraries: {CLOUD_EXTRA}")


CLOUD_STORAGE_HOST = "storage.googleapis.com"


def require_cloud_storage(host: str = CLOUD_STORAGE_HOST) -> None:
    """A one-line error at once when gs:// paths are given and their host cannot even be looked
    up (offline), instead of two minutes of the client library's retries and tracebacks."""
    import socket

    try:
        socket.getaddrinfo(host, 443)
    except (socket.gaierror, UnicodeError) as error:
        raise BadInputError(
            f"gs:// paths need {host}, which this machine cannot reach ({error}); check the "
            "network, or give local paths."
        ) from None


def register(subcommands: argparse._SubParsersAction) -> None:
    parser = subcommands.add_parser(
        "generate",
        help="run the corpus pipeline (Beam) over Wikipedia dumps or sports articles",
        description=(
            "Generate DiscoFuse examples with Apache Beam. With no --input, runs on the bundled "
            "samples (a small Wikipedia dump and sports articles). Any further argument is a Beam "
            "pipeline option (--runner, --direct_num_workers, --project, ...)."
        ),
    )
    parser.add_argument("--input", nargs="+", help="files, globs or directories")
    parser.add_argument("--format", choices=("wikipedia-xml", "text", "jsonl"), help="input format")
    parser.add_argument("--domain", help="domain recorded on every row (wikipedia, sports, ...)")
    parser.add_argument(
        "--output", default=DEFAULT_OUTPUT, help=f"output folder ({DEFAULT_OUTPUT})"
    )
    defaults = GenerationConfig()  # the one source of the generation defaults
    parser.add_argument("--seed", type=int, default=defaults.seed,
                        help="seed for splits and down-sampling")
    parser.add_argument(
        "--and-but-rate",
        type=share,
        default=defaults.and_but_rate,
        help=f"share of and/but examples kept in *_balanced ({defaults.and_but_rate})",
    )
    parser.add_argument(
        "--anaphora-rate",
        type=share,
        default=defaults.anaphora_rate,
        help=f"share of anaphora examples kept in *_balanced ({defaults.anaphora_rate})",
    )
    parser.add_argument(
        "--pair-none-rate",
        type=share,
        default=defaults.pair_none_rate,
        help=f"share of PAIR_NONE pairs (no rule applies) kept as controls "
        f"({defaults.pair_none_rate}: about 1%% of the examples, as in the release)",
    )
    parser.add_argument(
        "--min-tokens",
        type=at_least(1),
        default=defaults.min_tokens,
        help=f"drop candidates with a sentence shorter than this ({defaults.min_tokens}: the "
        "paper's > 6)",
    )
    parser.add_argument(
        "--max-sentence-tokens",
        type=at_least(1),
        default=defaults.max_tokens,
        help=f"drop candidates with a sentence longer than this ({defaults.max_tokens}: "
        "flattened lists and tables; coreference skips such sentences whatever this is)",
    )
    parser.add_argument(
        "--max-document-chars",
        type=at_least(1, MAX_DOCUMENT_CHARS_LIMIT),
        default=defaults.max_chars,
        help=f"skip documents longer than this, as too_long ({defaults.max_chars:,}: spaCy's "
        "own limit)",
    )
    parser.add_argument(
        "--max-document-seconds",
        type=positive_seconds,
        default=defaults.max_document_seconds,
        help=f"a document whose rules run longer than this goes to failed.jsonl as "
        f"time_budget ({defaults.max_document_seconds:g}: every step is bounded already; the "
        "largest documents take about a minute)",
    )
    parser.add_argument(
        "--license",
        type=license_id,
        default=None,
        help="the license of your input text, as you state it, for the dataset card (e.g. "
        "cc-by-4.0); Wikipedia output is CC BY-SA whatever this says, other text 'unknown' "
        "without it",
    )
    parser.add_argument(
        "--ascii-only",
        action="store_true",
        help="drop every candidate with a non-ASCII character, as the paper did (by default "
        "typography is made ASCII and names keep their diacritics; other scripts are dropped)",
    )
    parser.add_argument(
        "--num-shards", type=at_least(0), default=1, help="output files per split (0: one per 200,000 rows)"
    )
    parser.add_argument(
        "--max-failed-fraction",
        type=share,
        default=0.05,
        help="exit 1 when more than this share of the documents read failed in annotation or "
        "the rules (0.05); the output is written either way, failed.jsonl says which",
    )
    parser.add_argument(
        "--overwrite",
        action="store_true",
        help="replace the files of an earlier run in --output (by default that is an error)",
    )
    add_rules_option(parser)
    add_coref_option(parser)
    add_audit_option(parser)
    own = [option for action in parser._actions for option in action.option_strings]
    parser.set_defaults(run=run, accepts_extra=True, own_options=own)


def beam_option_parser():
    """Beam's own parser of every pipeline option (the one PipelineOptions uses)."""
    from apache_beam.options.pipeline_options import PipelineOptions

    captured = []
    PipelineOptions([]).get_all_options(add_extra_args_fn=captured.append)
    return captured[0]


def default_beam_args(
    extra: list[str], own_options: tuple[str, ...] = (), verbosity: int = 0
) -> list[str]:
    """The Beam options given, checked (an unknown or misspelled option is an error with a
    suggestion, never silently dropped), plus the local default: the FnApiRunner in
    multi-process mode on every core (never Prism). `--opt value` and `--opt=value` both work."""
    parser = beam_option_parser()
    known, unknown = parser.parse_known_args(extra)
    if unknown:
        name = next((word.split("=", 1)[0] for word in unknown if word.startswith("-")),
                    unknown[0])
        options = [o for action in parser._actions for o in action.option_strings]
        close = difflib.get_close_matches(name, [*own_options, *options], n=1)
        hint = f"; did you mean {close[0]}?" if close else " (see discofuse generate --help)"
        raise BadInputError(f"unknown option {name}{hint}")

    def given(option: str) -> bool:
        return any(word == option or word.startswith(option + "=") for word in extra)

    if known.runner and "." not in known.runner and known.runner not in KNOWN_RUNNERS:
        close = difflib.get_close_matches(known.runner, KNOWN_RUNNERS, n=1)
        hint = f"; did you mean {close[0]}?" if close else f" (Beam's: {', '.join(KNOWN_RUNNERS)})"
        raise BadInputError(f"unknown runner {known.runner}{hint}")
    args = list(extra)
    runner = known.runner or "FnApiRunner"
    if runner in CLOUD_RUNNERS:
        require_cloud_libraries(f"the {runner}")
    if not given("--runner"):
        args.append(f"--runner={runner}")
    if runner == "PortableRunner" and not given("--job_endpoint"):
        raise BadInputError(
            "--runner=PortableRunner needs --job_endpoint=HOST:PORT of a running job server "
            "(or --job_endpoint=embed to run one in this process)"
        )
    if known.direct_num_workers is not None and not (
        1 <= known.direct_num_workers <= 4 * (os.cpu_count() or 1)
    ):
        raise BadInputError(
            f"--direct_num_workers {known.direct_num_workers} is not from 1 to "
            f"{4 * (os.cpu_count() or 1)} (4 per core here; each worker loads the parser, "
            "about 400 MB)"
        )
    if runner in ("FnApiRunner", "DirectRunner"):
        if not given("--direct_running_mode"):
            args.append("--direct_running_mode=multi_processing")
        if not given("--direct_num_workers"):
            args.append(f"--direct_num_workers={os.cpu_count() or 1}")
    if not given("--default_sdk_harness_log_level"):  # without -v a worker's error reaches
        # the user once, through the launcher (one line, or its traceback), not also as logs
        args.append(f"--default_sdk_harness_log_level={'INFO' if verbosity > 0 else 'CRITICAL'}")
    return args


def sample_jobs() -> list[tuple[list[str], str, str]]:
    return [
        ([str(SAMPLES / "wikipedia" / "*.xml")], "wikipedia-xml", "wikipedia"),
        ([str(SAMPLES / "sports")], "text", "sports"),
    ]


def run(args: argparse.Namespace) -> int:
    from discofuse.beam_pipeline import check_pipeline_options
    from discofuse.beam_pipeline import run as run_pipeline

    config = GenerationConfig(
        seed=args.seed,
        min_tokens=args.min_tokens,
        and_but_rate=args.and_but_rate,
        anaphora_rate=args.anaphora_rate,
        pair_none_rate=args.pair_none_rate,
        max_tokens=args.max_sentence_tokens,
        max_chars=args.max_document_chars,
        audit=not args.no_audit,
        ascii_only=args.ascii_only,
        source_license=args.license or "",
        max_document_seconds=args.max_document_seconds,
    )
    if args.input:
        if not args.format:
            raise BadInputError("--input needs --format (wikipedia-xml, text or jsonl).")
        domain = args.domain or ("wikipedia" if args.format == "wikipedia-xml" else "sports")
        jobs = [(args.input, args.format, domain)]
        outputs = [args.output]
    else:
        if not SAMPLES.is_dir():
            raise BadInputError(
                "The bundled samples are only in a source checkout; give --input and --format."
            )
        jobs = sample_jobs()
        outputs = [os.path.join(args.output, domain) for _, _, domain in jobs]
    paths = [*outputs]
    for inputs, _, _ in jobs:
        paths.extend(inputs if isinstance(inputs, (list, tuple)) else [inputs])
    if any(str(path).startswith("gs://") for path in paths):
        require_cloud_libraries("gs:// paths")
        require_cloud_storage()
    beam_args = default_beam_args(args.extra, tuple(args.own_options), args.verbosity)
    check_pipeline_options(beam_args)
    watch_worker_processes()
    for (inputs, input_format, domain), output in zip(jobs, outputs):
        WORKERS.interrupted, WORKERS.failure = False, ""
        started = time.perf_counter()
        progress = progress_printer(output, args.verbosity)
        previous_handlers = _on_interrupt(_interrupt)
        try:
            summary = run_pipeline(
                inputs,
                input_format,
                domain,
                output,
                config,
                args.rules,
                beam_args,
                args.num_shards,
                args.coref,
                progress,
                args.overwrite,
            )
        except FileNotFoundError as missing:
            discard_partial_output(output)
            raise BadInputError(str(missing)) from None
        except KeyboardInterrupt:
            WORKERS.interrupted = True
            stop_worker_processes()
            discard_partial_output(output)
            if WORKERS.failure:
                print(
                    f"discofuse: a worker process of the local runner exited with return code "
                    f"{WORKERS.failure} (it could not start, or it was stopped); the partial "
                    f"output was removed and {output} is as it was before this run.",
                    file=sys.stderr,
                )
                return 1
            print(
                f"discofuse: interrupted; the partial output was removed and {output} is as it "
                "was before this run.",
                file=sys.stderr,
            )
            return 130
        except BaseException:
            WORKERS.interrupted = True
            stop_worker_processes()
            discard_partial_output(output)  # a failed run leaves nothing behind
            raise
        finally:
            if progress is not None:
                progress.close()
            _on_interrupt(*previous_handlers)
        seconds = time.perf_counter() - started
        if args.verbosity >= 0:
            report(summary, output, seconds)
        documents = summary["documents"]
        failed_share = documents["failed"] / max(documents["read"], 1)
        if failed_share > args.max_failed_fraction:
            print(
                f"discofuse: {documents['failed']} of {documents['read']} documents failed "
                f"({failed_share:.1%}, over --max-failed-fraction {args.max_failed_fraction}); "
                f"see {output}/failed.jsonl.",
                file=sys.stderr,
            )
            return 1
        if documents["annotated"] == 0:
            reasons = ", ".join(f"{n} {why}" for why, n in documents["skipped_by_reason"].items())
            print(
                f"discofuse: none of the {documents['read']} documents read from "
                f"{' '.join(inputs)} could be used ({reasons or 'all failed'}; "
                f"{documents['failed']} failed): {output} holds no examples.",
                file=sys.stderr,
            )
            return 1
    return 0


def _on_interrupt(on_term, on_int=None) -> tuple:
    """Install the SIGTERM handler, and the SIGINT one unless SIGINT is ignored (a background
    job); only the main thread may. Returns the previous handlers, to be put back."""
    import threading

    if threading.current_thread() is not threading.main_thread():
        return on_term, on_int
    on_int = on_term if on_int is None else on_int
    previous_int = signal.getsignal(signal.SIGINT)
    if previous_int is not signal.SIG_IGN:
        signal.signal(signal.SIGINT, on_int)
    return signal.signal(signal.SIGTERM, on_term), previous_int


def _interrupt(signum, frame) -> None:
    """Ctrl-C, or SIGTERM (a scheduler stopping the job): the workers are stopped at once
    (before the runner's own teardown wakes them to print their errors), and the run ends as
    a KeyboardInterrupt: staging removed."""
    import logging

    WORKERS.interrupted = True
    logging.getLogger("apache_beam").setLevel(logging.CRITICAL)  # the runner's teardown
    # errors, once its workers are gone, are not news
    stop_worker_processes()
    raise KeyboardInterrupt


class ProgressPrinter:
    """Live progress of a local run on standard error: one line rewritten in place on a terminal,
    or a new line every `every` seconds elsewhere (-v)."""

    def __init__(self, label: str, terminal: bool, every: float = 10.0):
        self.label, self.terminal, self.every = label, terminal, every
        self.started = time.perf_counter()
        self.printed = 0.0
        self.shown = False

    def __call__(self, documents: int, words: int) -> None:
        seconds = time.perf_counter() - self.started
        if not self.terminal and seconds - self.printed < self.every:
            return
        self.printed = seconds
        line = (
            f"{self.label}: {documents:,} documents annotated, {words:,} words, "
            f"{words / max(seconds, 1e-9):,.0f} words/s, {seconds:.0f} s"
        )
        print(f"\r{line}\033[K" if self.terminal else line, end="" if self.terminal else "\n",
              file=sys.stderr, flush=True)
        self.shown = True

    def close(self) -> None:
        if self.terminal and self.shown:
            print(file=sys.stderr)


def progress_printer(output: str, verbosity: int) -> ProgressPrinter | None:
    """Progress on a terminal, or anywhere with -v; never with -q."""
    terminal = sys.stderr.isatty()
    if verbosity < 0 or (verbosity == 0 and not terminal):
        return None
    return ProgressPrinter(output, terminal)


@dataclass
class WorkerWatch:
    """What the launcher knows of its local worker processes during a run: whether it is
    being interrupted (their exits are expected then) and the return code of one that exited
    on its own."""

    interrupted: bool = False
    failure: str = ""


WORKERS = WorkerWatch()
WORKER_EXIT = "Worker subprocess exited with return code "
"""How Beam's thread that watches a local worker reports its exit (a RuntimeError)."""


def watch_worker_processes() -> None:
    """Installs (once) the hook for Beam's threads that watch the local runner's workers. While
    a run is being interrupted its threads say nothing (the launcher reports the interruption
    once), nor does a worker ended by Ctrl-C; one that exits on its own (it could not start,
    or something killed it) ends the run with its return code, where Beam would wait for it
    forever (SIGTERM to this process, which `run` turns into the end of the run)."""
    import threading

    previous = threading.excepthook
    if getattr(previous, "watches_workers", False):
        return  # installed by an earlier run in this process

    def hook(args: threading.ExceptHookArgs) -> None:
        if WORKERS.interrupted or type(args.exc_value).__name__ == "RpcError":
            return  # the runner's threads failing as the run ends, or as a worker's
            # connection breaks (the thread that watches the worker reports that)
        message = str(args.exc_value) if isinstance(args.exc_value, RuntimeError) else ""
        if not message.startswith(WORKER_EXIT):
            previous(args)
            return
        code = message[len(WORKER_EXIT):].strip()
        if code == f"-{int(signal.SIGINT)}":
            return
        WORKERS.failure = code
        os.kill(os.getpid(), signal.SIGTERM)

    hook.watches_workers = True  # type: ignore[attr-defined]
    threading.excepthook = hook


def _descendants(pid: int) -> list[int]:
    """The processes under `pid` (Linux /proc; none elsewhere)."""
    found: list[int] = []
    try:
        tasks = os.listdir(f"/proc/{pid}/task")
    except OSError:
        return found
    for task in tasks:
        try:
            children = Path(f"/proc/{pid}/task/{task}/children").read_text()
        except OSError:
            continue
        for child in map(int, children.split()):
            found += [child, *_descendants(child)]
    return found


def _running(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        return False
    return state != "Z"


def stop_worker_processes(grace: float = 3.0) -> None:
    """Ends the processes this launcher started (the local runner's workers, which leave
    Ctrl-C to it: `discofuse.beam_worker`), and waits up to `grace` seconds for them to go.
    Without it an interrupted launcher waits on them forever. SIGKILL: the run's output is
    being discarded, and the parser's BLAS library answers SIGTERM with an abort message."""
    processes = _descendants(os.getpid())
    for pid in processes:
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
    deadline = time.monotonic() + grace
    while time.monotonic() < deadline and any(map(_running, processes)):
        time.sleep(0.05)


def discard_partial_output(output: str) -> int:
    """Remove the staging folder of an interrupted run (`<output>.incomplete`, Beam's temp
    folders inside it); `output` itself is untouched, since a run moves its files there only
    once it has succeeded. Returns how many entries went (0 or 1)."""
    import shutil

    from discofuse.corpus.output_files import staging_folder

    staging = Path(staging_folder(output))
    if not staging.exists():
        return 0
    shutil.rmtree(staging) if staging.is_dir() else staging.unlink()
    return 1


def report(summary: dict, output: str, seconds: float) -> None:
    """The end-of-run summary: accounting, speed, and a table of examples per type with the
    filters' and the audit's drops."""
    documents = summary["documents"]
    words = summary["words"]
    sources = summary.get("sources_failed", 0)
    broken = f" ({sources} source(s) failed or ended early: see failed.jsonl)" if sources else ""
    print(
        f"{output}: {documents['read']} documents read = {documents['annotated']} annotated + "
        f"{documents['skipped']} skipped + {documents['failed']} failed{broken}; "
        f"{summary['examples']} examples from {summary['candidates']} candidates; "
        f"{seconds:.1f} s ({words / max(seconds, 1e-9):,.0f} words/s)",
        file=sys.stderr,
    )
    print(summary_table(summary), file=sys.stderr)


def summary_table(summary: dict) -> str:
    rows = [("examples", "", "")]
    total = max(summary["examples"], 1)
    for name, count in sorted(summary["examples_by_type"].items(), key=lambda item: -item[1]):
        rows.append(("", name, f"{count:>8,}  {count / total:6.1%}"))
    rows.append(("dropped", "", ""))
    for name, count in sorted(summary["filtered_by_reason"].items(), key=lambda item: -item[1]):
        rows.append(("", name, f"{count:>8,}"))
    width = max(len(name) for _, name, _ in rows)
    return "\n".join(f"  {group:<8} {name:<{width}} {value}".rstrip() for group, name, value in rows)
