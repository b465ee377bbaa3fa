"""Pipeline throughput and yield on the real corpora in ../shared (read in place).

For each corpus and worker count: wall time, words/s, and examples per 1,000 sentences by type.
Usage: python bench/pipeline_speed.py [--workers 1 2] [--corpus wikipedia sports]
"""

from __future__ import annotations

import argparse
import glob
import time
from pathlib import Path

from discofuse.beam_pipeline import run
from discofuse.corpus.steps import GenerationConfig
from discofuse.engine import DEFAULT_RULES_DIR

SHARED = Path(__file__).resolve().parents[2] / "shared" / "data"
CORPORA = {
    "wikipedia": (sorted(glob.glob(str(SHARED / "wikipedia" / "*.bz2"))), "wikipedia-xml"),
    "sports": ([str(SHARED / "sports" / "bbc_sport")], "text"),
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--workers", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--corpus", nargs="+", default=list(CORPORA))
    parser.add_argument("--output", default="/tmp/discofuse-bench")
    args = parser.parse_args()
    for corpus in args.corpus:
        inputs, input_format = CORPORA[corpus]
        for workers in args.workers:
            beam_args = [
                "--runner=FnApiRunner",
                "--direct_running_mode=multi_processing",
                f"--direct_num_workers={workers}",
                "--default_sdk_harness_log_level=ERROR",
            ]
            started = time.perf_counter()
            summary = run(
                inputs,
                input_format,
                corpus,
                f"{args.output}/{corpus}-{workers}",
                GenerationConfig(),
                str(DEFAULT_RULES_DIR),
                beam_args,
                overwrite=True,  # a rerun replaces the last run's output
            )
            seconds = time.perf_counter() - started
            documents, sentences = summary["documents"], summary["sentences"]
            print(
                f"{corpus} workers={workers}: {seconds:.0f} s wall, {summary['words']:,} words, "
                f"{summary['words'] / seconds:,.0f} words/s; documents {documents}; "
                f"{sentences:,} sentences, {summary['examples']:,} examples",
                flush=True,
            )
            for kind, count in summary["examples_by_type"].items():
                print(f"    {kind:<28} {1000 * count / max(sentences, 1):7.1f} per 1,000 sentences")
            print(f"    filtered: {summary['filtered_by_reason']}", flush=True)


if __name__ == "__main__":
    main()
