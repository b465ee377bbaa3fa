"""`discofuse stats OUTPUT_DIR`: a report on generated data, written next to it."""

from __future__ import annotations

import argparse
import importlib.util
import json
import sys
from pathlib import Path

from discofuse.errors import BadInputError


def register(subcommands: argparse._SubParsersAction) -> None:
    parser = subcommands.add_parser(
        "stats",
        help="report type and connective distributions, lengths and drops of generated data",
        description=(
            "Read the Parquet files and summary.json of a generate output folder and write "
            "stats.json, stats.md, types.png and connectives.png into it: discourse types (the "
            "paper's Figure 4) and the most common connectives (Table 16) per output file and "
            "per domain, mean token lengths, the share of examples whose words the rules "
            "changed, split categories, and the filter and audit counts."
        ),
    )
    parser.add_argument("folder", type=Path, help="an output folder of discofuse generate")
    parser.add_argument("--no-plots", action="store_true", help="skip the PNG plots")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from discofuse.corpus.output_files import output_files, read_examples
    from discofuse.corpus.statistics import collect, with_summary, write_report

    try:
        stats = collect(output_files(args.folder), read_examples)
    except KeyError as error:
        raise BadInputError(
            f"{args.folder} holds a Parquet file without the column {error} that generate "
            "writes; give a generate output folder."
        ) from None
    summary_path = args.folder / "summary.json"
    if summary_path.is_file():
        try:
            summary = json.loads(summary_path.read_text(encoding="utf-8"))
        except (ValueError, UnicodeDecodeError) as error:
            raise BadInputError(
                f"{summary_path} is not a readable summary ({error}); rerun generate."
            ) from None
        try:
            stats = with_summary(stats, summary)
        except (AttributeError, TypeError, KeyError, ValueError) as error:
            raise BadInputError(
                f"{summary_path} is not the summary generate writes ({type(error).__name__}: "
                f"{error}); rerun generate."
            ) from None
    plots = not args.no_plots and importlib.util.find_spec("matplotlib") is not None
    written = write_report(args.folder, stats, plots)
    if args.verbosity >= 0:
        print(f"wrote {', '.join(str(path) for path in written)}", file=sys.stderr)
        if not plots and not args.no_plots:
            print("no PNG plots: matplotlib is missing (pip install 'discofuse[plots]')",
                  file=sys.stderr)
    return 0
