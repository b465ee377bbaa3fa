"""Pipeline throughput and yield on the real corpora in ../shared (read in place).

For each corpus and worker count: wall time, words/s gross and net of start-up, examples per
1,000 sentences by type, and the peak resident memory of the largest worker process. Start-up
(launching the runner and its worker processes, loading the model and the rules in each) is
measured by the same run on the two bundled sample articles and subtracted. With one worker, the net rate is compared with bare spaCy on the same documents in
one process (the speed target: >= 0.8x).
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


def bare_spacy_rate(corpus: str) -> float:
    """Words/s of the parser alone (no coreference, rules or audit), the model as shipped
    (without `spacy_components`' faster attribute ruler and lemmatizer), in one process."""
    annotator = SpacyAnnotator(coref="none", nlp=load_pipeline(faster=False))
    annotator.annotate("A warm-up sentence loads the model.")
    documents = [(str(i), text) for i, text in enumerate(texts(corpus))]
    started = time.perf_counter()
    words = sum(len(s.tokens) for doc in annotator.annotate_many(documents) for s in doc.sentences)
    return words / (time.perf_counter() - started)


def timed_run(inputs: list[str], input_format: str, domain: str, output: str,
              workers: int) -> tuple[float, dict]:
    beam_args = [
        "--runner=FnApiRunner",
        "--direct_running_mode=multi_processing",
        f"--direct_num_workers={workers}",
        "--default_sdk_harness_log_level=ERROR",
    ]
    started = time.perf_counter()
    summary = run(inputs, input_format, domain, output, GenerationConfig(),
                  str(DEFAULT_RULES_DIR), beam_args,
                  overwrite=True)  # a rerun replaces the last run's output
    return time.perf_counter() - started, summary


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--workers", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--corpus", nargs="+", default=list(CORPORA))
    parser.add_argument("--output", default="/tmp/discofuse-bench")
    args = parser.parse_args()
    for corpus in args.corpus:
        inputs, input_format = CORPORA[corpus]
        for workers in args.workers:
            startup, _ = timed_run([str(REPO / "samples" / "sports")], "text", "sports",
                                   f"{args.output}/startup-{workers}", workers)
            seconds, summary = timed_run(inputs, input_format, corpus,
                                         f"{args.output}/{corpus}-{workers}", workers)
            net = summary["words"] / max(seconds - startup, 1e-9)
            documents, sentences = summary["documents"], summary["sentences"]
            print(
                f"{corpus} workers={workers}: {seconds:.0f} s wall ({startup:.0f} s start-up), "
                f"{summary['words']:,} words, {summary['words'] / seconds:,.0f} words/s gross, "
                f"{net:,.0f} net; documents {documents}; {sentences:,} sentences, "
                f"{summary['examples']:,} examples",
                flush=True,
            )
            peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
            print(f"    peak memory of one worker process so far: {peak:,.0f} MB; launcher "
                  f"{resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:,.0f} MB",
                  flush=True)
            if workers == 1:
                bare = bare_spacy_rate(corpus)
                print(f"    bare spaCy, one process: {bare:,.0f} words/s; pipeline net / bare "
                      f"spaCy = {net / bare:.2f}x (target >= 0.8x)", flush=True)
            for kind, count in summary["examples_by_type"].items():
                print(f"    {kind:<28} {1000 * count / max(sentences, 1):7.1f} per 1,000 sentences")
            print(f"    filtered: {summary['filtered_by_reason']}", flush=True)


if __name__ == "__main__":
    main()
