"""Pipeline throughput and yield on the real corpora in ../shared (read in place).

For each corpus and worker count: wall time, words/s gross and net of start-up, examples per
1,000 sentences by type, and the peak resident memory of the largest worker process. Start-up
(launching the runner and its worker processes, loading the model and the rules in each) is
measured by the same run on the two bundled sample articles and subtracted. With one worker, the net rate is compared with bare spaCy on the same documents in
one process (the speed target: >= 0.8x per core), by wall time and by CPU time: on a shared
machine a neighbour's load slows wall time by up to a third between runs, CPU time less.
Usage: python bench/pipeline_speed.py [--workers 1 2] [--corpus wikipedia sports]
"""

from __future__ import annotations

import argparse
import glob
import resource
import time
from pathlib import Path

from discofuse.annotate.spacy_backend import SpacyAnnotator
from discofuse.annotate.spacy_loader import load_pipeline
from discofuse.beam_pipeline import run
from discofuse.corpus.steps import GenerationConfig
from discofuse.corpus.wikipedia import iter_dump, skip_reason, wikitext_to_text
from discofuse.engine import DEFAULT_RULES_DIR

REPO = Path(__file__).resolve().parents[1]
SHARED = REPO.parent / "shared" / "data"
CORPORA = {
    "wikipedia": (sorted(glob.glob(str(SHARED / "wikipedia" / "*.bz2"))), "wikipedia-xml"),
    "sports": ([str(SHARED / "sports" / "bbc_sport")], "text"),
}


def texts(corpus: str) -> list[str]:
    """The documents' text as the pipeline annotates it."""
    inputs, _ = CORPORA[corpus]
    if corpus == "sports":
        return [path.read_text(encoding="utf-8", errors="replace")
                for path in sorted(Path(inputs[0]).glob("*.txt"))]
    return [wikitext_to_text(page.text) for dump in inputs for page in iter_dump(dump)
            if not skip_reason(page)]


def cpu_seconds() -> float:
    """CPU time (user + system) of this process and of its children that have ended: the
    runner's worker processes are children, and they have ended when `run` returns."""
    return sum(
        usage.ru_utime + usage.ru_stime
        for usage in (resource.getrusage(resource.RUSAGE_SELF),
                      resource.getrusage(resource.RUSAGE_CHILDREN))
    )


def bare_spacy_rate(corpus: str) -> tuple[float, float]:
    """Words per wall second and per CPU second of the parser alone (no coreference, rules or
    audit), the model as shipped (without `spacy_components`' faster attribute ruler and
    lemmatizer), in one process."""
    annotator = SpacyAnnotator(coref="none", nlp=load_pipeline(faster=False))
    annotator.annotate("A warm-up sentence loads the model.")
    documents = [(str(i), text) for i, text in enumerate(texts(corpus))]
    started, cpu = time.perf_counter(), time.process_time()
    words = sum(len(s.tokens) for doc in annotator.annotate_many(documents) for s in doc.sentences)
    return words / (time.perf_counter() - started), words / (time.process_time() - cpu)


def timed_run(inputs: list[str], input_format: str, domain: str, output: str,
              workers: int) -> tuple[float, float, dict]:
    """Wall seconds, CPU seconds (all processes) and the summary of one `generate` run."""
    beam_args = [
        "--runner=FnApiRunner",
        "--direct_running_mode=multi_processing",
        f"--direct_num_workers={workers}",
        "--default_sdk_harness_log_level=ERROR",
    ]
    started, cpu = time.perf_counter(), cpu_seconds()
    summary = run(inputs, input_format, domain, output, GenerationConfig(),
                  str(DEFAULT_RULES_DIR), beam_args,
                  overwrite=True)  # a rerun replaces the last run's output
    return time.perf_counter() - started, cpu_seconds() - cpu, summary


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--workers", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--corpus", nargs="+", default=list(CORPORA))
    parser.add_argument("--output", default="/tmp/discofuse-bench")
    args = parser.parse_args()
    for corpus in args.corpus:
        inputs, input_format = CORPORA[corpus]
        for workers in args.workers:
            startup, startup_cpu, _ = timed_run(
                [str(REPO / "samples" / "sports")], "text", "sports",
                f"{args.output}/startup-{workers}", workers)
            seconds, cpu, summary = timed_run(inputs, input_format, corpus,
                                              f"{args.output}/{corpus}-{workers}", workers)
            net = summary["words"] / max(seconds - startup, 1e-9)
            net_cpu = summary["words"] / max(cpu - startup_cpu, 1e-9)
            documents, sentences = summary["documents"], summary["sentences"]
            print(
                f"{corpus} workers={workers}: {seconds:.0f} s wall ({startup:.0f} s start-up), "
                f"{summary['words']:,} words, {summary['words'] / seconds:,.0f} words/s gross, "
                f"{net:,.0f} net; {net_cpu:,.0f} words per CPU second net of start-up "
                f"({cpu:.0f} CPU s, {startup_cpu:.0f} at start-up); documents {documents}; "
                f"{sentences:,} sentences, "
                f"{summary['examples']:,} examples",
                flush=True,
            )
            peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
            print(f"    peak memory of one worker process so far: {peak:,.0f} MB; launcher "
                  f"{resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:,.0f} MB",
                  flush=True)
            if workers == 1:
                bare, bare_cpu = bare_spacy_rate(corpus)
                print(f"    bare spaCy, one process: {bare:,.0f} words/s, {bare_cpu:,.0f} per CPU "
                      f"second; pipeline net / bare spaCy = {net / bare:.2f}x by wall time, "
                      f"{net_cpu / bare_cpu:.2f}x by CPU time (target >= 0.8x per core)",
                      flush=True)
            for kind, count in summary["examples_by_type"].items():
                print(f"    {kind:<28} {1000 * count / max(sentences, 1):7.1f} per 1,000 sentences")
            print(f"    filtered: {summary['filtered_by_reason']}", flush=True)


if __name__ == "__main__":
    main()
