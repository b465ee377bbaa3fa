"""`discofuse export OUTPUT_DIR --format wikisplit|jsonl --output DIR`: the single-sentence
examples as split-and-rephrase data."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path


def register(subcommands: argparse._SubParsersAction) -> None:
    parser = subcommands.add_parser(
        "export",
        help="export single-sentence examples as split-and-rephrase data (WikiSplit TSV, JSONL)",
        description=(
            "Read the Parquet files generate wrote and write the SINGLE_* examples as "
            "train/validation/test files: WikiSplit's TSV (complex<TAB>simple1 <::::> simple2) "
            "or JSONL with every column plus complex, simple and split_category (BiSECT-style: "
            "direct_insertion, changes_near_split, changes_across_sentence)."
        ),
    )
    parser.add_argument("folder", type=Path, help="an output folder of discofuse generate")
    parser.add_argument("--format", choices=("wikisplit", "jsonl"), required=True)
    parser.add_argument("--output", type=Path, required=True, help="folder to write into")
    parser.add_argument(
        "--reverse",
        action="store_true",
        help="second simple sentence first (WikiSplit++'s reversed reference order)",
    )
    parser.add_argument(
        "--balanced", action="store_true", help="export the *_balanced files, not the full ones"
    )
    parser.add_argument(
        "--overwrite", action="store_true",
        help="replace the train/validation/test files an earlier export left in --output",
    )
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from discofuse.corpus.exports import CATEGORIES, export_folder
    from discofuse.corpus.output_files import output_files, read_examples
    from discofuse.errors import BadInputError

    if args.output.resolve() == args.folder.resolve():
        raise BadInputError("--output must not be the generated folder itself.")
    if args.output.exists() and not args.output.is_dir():
        raise BadInputError(f"--output {args.output} is a file; give a folder.")
    report = export_folder(
        output_files(args.folder), read_examples, args.format, args.output, args.reverse,
        args.balanced, args.overwrite,
    )
    if args.verbosity >= 0:
        for name, counts in report.items():
            shares = ", ".join(
                f"{category} {counts[f'category:{category}']}" for category in CATEGORIES
            )
            print(
                f"{args.output}/{name}: {counts['exported']} examples ({shares}); "
                f"{counts['skipped_not_single']} pair or unsplit rows left out",
                file=sys.stderr,
            )
    return 0
