"""`discofuse eval --gold G (--predictions P | --baseline copy)`: Exact and SARI, overall and per
discourse type."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from discofuse.errors import BadInputError


def register(subcommands: argparse._SubParsersAction) -> None:
    parser = subcommands.add_parser(
        "eval",
        help="score fusion predictions (Exact, SARI) against DiscoFuse rows",
        description=(
            "Exact match and SARI as the DiscoFuse paper defines them (n-grams 1-4, 0/0 = 1, F1 "
            "for keep, add and delete), overall and per discourse type. The source of each "
            "example is its two incoherent sentences joined by a space; the reference is the "
            "coherent text."
        ),
    )
    parser.add_argument(
        "--gold", type=Path, required=True, help="a DiscoFuse-layout TSV or our .parquet"
    )
    given = parser.add_mutually_exclusive_group(required=True)
    given.add_argument(
        "--predictions", type=Path, help="one prediction per line, in the gold file's order"
    )
    given.add_argument(
        "--baseline", choices=("copy",), help="copy: the two incoherent sentences concatenated"
    )
    parser.add_argument("--json", action="store_true", help="print the scores as JSON")
    parser.set_defaults(run=run)


def prediction_lines(path: Path):
    if not path.is_file():
        raise BadInputError(f"{path} is not a file.")
    with open(path, "rb") as handle:
        for number, raw in enumerate(handle, start=1):
            if number == 1 and raw.startswith(b"\xef\xbb\xbf"):
                raw = raw[3:]  # a byte-order mark is no part of the first prediction
            try:
                line = raw.decode("utf-8")
            except UnicodeDecodeError:
                raise BadInputError(
                    f"{path}, line {number}: not UTF-8; write the predictions as UTF-8."
                ) from None
            yield line.rstrip("\n").rstrip("\r")


def run(args: argparse.Namespace) -> int:
    from discofuse.corpus.output_files import read_examples
    from discofuse.evaluation.fusion_eval import copy_predictions, evaluate, format_report

    if args.predictions is not None:
        predictions = prediction_lines(args.predictions)
    else:
        predictions = copy_predictions(read_examples(args.gold))
    report = evaluate(read_examples(args.gold), predictions)
    print(json.dumps(report, indent=2) if args.json else format_report(report))
    return 0
