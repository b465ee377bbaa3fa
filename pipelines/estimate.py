"""What a full run costs: measured on a dump here, scaled to the dump you will run.

    python pipelines/estimate.py ../shared/data/wikipedia/enwiki-latest-pages-articles1.xml-p000000010p000030302-shortened.bz2 \\
        --dump-gb 22 --machine-type-vcpus 4 --workers 50

It runs `discofuse generate` on the given compressed dump with one worker process (one core),
and once on the bundled sample dump to measure the fixed start-up, which it subtracts. From the
run's summary and files it takes words per compressed byte, words per core-second, examples per
million words and output bytes per example, and scales them to `--dump-gb` of compressed input:
core-hours, wall time on the given workers, output size and the Dataflow list price (vCPU- and
memory-hours; pass current prices, they change). Scaling assumes the measured dump is typical
of the full one (the shortened first part of enwiki holds older, longer articles: take the
result as an order of magnitude).
"""

from __future__ import annotations

import argparse
import json
import tempfile
import time
from pathlib import Path

from discofuse.cli import main as discofuse_main

REPO = Path(__file__).resolve().parent.parent
SAMPLE_DUMP = REPO / "samples" / "wikipedia"
OUTPUT_FILES = ("*.parquet", "*.tsv")


def timed_run(dump: Path, output: Path) -> tuple[float, dict, int]:
    """Seconds, summary and output bytes of one single-worker `discofuse generate` run."""
    started = time.perf_counter()
    code = discofuse_main([
        "generate", "--input", str(dump), "--format", "wikipedia-xml", "--output", str(output),
        "-q", "--direct_num_workers=1",
    ])
    seconds = time.perf_counter() - started
    if code != 0:
        raise SystemExit(f"discofuse generate failed on {dump} (exit {code})")
    summary = json.loads((output / "summary.json").read_text(encoding="utf-8"))
    size = sum(path.stat().st_size for pattern in OUTPUT_FILES for path in output.glob(pattern))
    return seconds, summary, size


def estimate(args: argparse.Namespace) -> dict:
    with tempfile.TemporaryDirectory(prefix="discofuse-estimate-") as folder:
        startup, _, _ = timed_run(SAMPLE_DUMP, Path(folder, "startup"))
        seconds, summary, output_bytes = timed_run(args.dump, Path(folder, "measured"))
    words, examples = summary["words"], summary["examples"]
    compute = max(seconds - startup, 1e-9)
    measured = {
        "dump_bytes": args.dump.stat().st_size,
        "words": words,
        "examples": examples,
        "seconds": round(seconds, 1),
        "startup_seconds": round(startup, 1),
        "words_per_core_second": round(words / compute),
        "words_per_compressed_byte": round(words / args.dump.stat().st_size, 3),
        "examples_per_million_words": round(examples / words * 1e6),
        "output_bytes_per_example": round(output_bytes / max(examples, 1)),
    }
    total_words = args.dump_gb * 1e9 * measured["words_per_compressed_byte"]
    core_hours = total_words / measured["words_per_core_second"] / 3600
    vcpus = args.workers * args.machine_type_vcpus
    memory_gb_hours = core_hours * args.memory_gb_per_vcpu
    scaled = {
        "dump_gb": args.dump_gb,
        "words": round(total_words),
        "examples": round(total_words * measured["examples_per_million_words"] / 1e6),
        "output_gb": round(
            total_words * measured["examples_per_million_words"] / 1e6
            * measured["output_bytes_per_example"] / 1e9, 1),
        "core_hours": round(core_hours, 1),
        "wall_hours_on_workers": round(core_hours / vcpus, 2),
        "workers": f"{args.workers} x {args.machine_type_vcpus} vCPU",
        "dataflow_usd": round(
            core_hours * args.vcpu_hour_usd + memory_gb_hours * args.memory_gb_hour_usd, 2),
    }
    return {"measured": measured, "scaled": scaled}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("dump", type=Path, help="a compressed Wikipedia XML dump to measure on")
    parser.add_argument("--dump-gb", type=float, default=22.0,
                        help="compressed size of the dump to estimate for (22: about the "
                        "English pages-articles-multistream .bz2 in 2024; give yours)")
    parser.add_argument("--workers", type=int, default=50)
    parser.add_argument("--machine-type-vcpus", type=int, default=4)
    parser.add_argument("--memory-gb-per-vcpu", type=float, default=4.0,
                        help="n2-standard machines: 4")
    parser.add_argument("--vcpu-hour-usd", type=float, default=0.056,
                        help="Dataflow batch vCPU-hour list price (us-central1 when written)")
    parser.add_argument("--memory-gb-hour-usd", type=float, default=0.003557,
                        help="Dataflow batch memory GB-hour list price (when written)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    result = estimate(args)
    if args.json:
        print(json.dumps(result, indent=2))
        return
    for section, values in result.items():
        print(section)
        for key, value in values.items():
            print(f"  {key:<30} {value:,}" if isinstance(value, (int, float))
                  else f"  {key:<30} {value}")


if __name__ == "__main__":
    main()
