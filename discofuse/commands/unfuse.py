"""`discofuse unfuse INPUT -o OUTPUT`: DiscoFuse rows for the coherent text of a TSV."""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path

from discofuse.commands import (
    add_audit_option,
    add_coref_option,
    add_pretokenized_option,
    add_rules_option,
)
from discofuse.errors import BadInputError


def register(subcommands: argparse._SubParsersAction) -> None:
    parser = subcommands.add_parser(
        "unfuse",
        help="unfuse the coherent sentences of a TSV into DiscoFuse rows",
        description=(
            "Read a TSV whose header has coherent_first_sentence and coherent_second_sentence "
            "(empty second = single sentence) and write one 8-column DiscoFuse row per input row."
        ),
    )
    parser.add_argument("input", type=Path, help="input TSV with a header row (- for stdin)")
    parser.add_argument(
        "-o", "--output", type=Path, required=True, help="output TSV (- for stdout)"
    )
    add_pretokenized_option(parser)
    add_rules_option(parser)
    add_coref_option(parser)
    add_audit_option(parser)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from discofuse.annotate.spacy_backend import SpacyAnnotator
    from discofuse.audit import Auditor
    from discofuse.engine import Engine, load_rules
    from discofuse.tsv import count_rows, read_rows, write_rows
    from discofuse.unfusion import row_for, unfuse_many

    check_paths(args.input, args.output)
    rules = load_rules(args.rules)
    engine = Engine(rules)
    annotator = SpacyAnnotator(coref=args.coref)
    auditor = None if args.no_audit else Auditor(annotator.parse_many, rules.inserted_words)
    counts: Counter[str] = Counter()
    candidates = (
        [row.get("coherent_first_sentence", ""), row.get("coherent_second_sentence", "")]
        for row in read_rows(args.input, lambda name: counts.update((name,)))
    )
    results = unfuse_many(
        engine, annotator, candidates, args.pretokenized, auditor, lambda name: counts.update((name,))
    )
    if args.verbosity > 0 or (args.verbosity == 0 and sys.stderr.isatty()):
        from tqdm import tqdm

        results = tqdm(results, total=count_rows(args.input), unit=" rows", desc="unfuse")
    started = time.perf_counter()
    rows = (row_for(texts, example) for texts, example in results)
    if str(args.output) == "-":
        count = write_rows(sys.stdout, rows)
    else:
        partial = args.output.with_name(args.output.name + ".incomplete")
        try:
            args.output.parent.mkdir(parents=True, exist_ok=True)
            handle = open(partial, "w", encoding="utf-8", newline="")  # noqa: SIM115
        except OSError as error:
            raise BadInputError(f"cannot write {args.output}: {error.strerror}.") from None
        try:
            with handle:
                count = write_rows(handle, rows)
        except BaseException:
            partial.unlink(missing_ok=True)  # no header-only file that passes for a result
            raise
        partial.replace(args.output)
    seconds = time.perf_counter() - started
    if args.verbosity < 0:
        return 0
    print(
        f"wrote {count} rows to {args.output} in {seconds:.1f} s ({count / max(seconds, 1e-9):.1f} rows/s)",
        file=sys.stderr,
    )
    if auditor is not None:
        dropped = {name: n for name, n in sorted(counts.items()) if name.startswith("filtered:audit")}
        print(f"output audit dropped {sum(dropped.values())} examples: {dropped}", file=sys.stderr)
    if counts["filtered:rule_error"]:
        print(f"{counts['filtered:rule_error']} rows made a rule's operation fail (a bug: please "
              "report it with the row) and were written unchanged", file=sys.stderr)
    if counts["filtered:rule_budget"]:
        print(f"{counts['filtered:rule_budget']} rows made a rule's search run over its budget "
              "and were written unchanged", file=sys.stderr)
    if counts["too_long_row"]:
        print(f"{counts['too_long_row']} rows were over the annotator's character limit and were "
              "written unchanged", file=sys.stderr)
    if counts["latin1_row"]:
        print(f"{counts['latin1_row']} rows were not UTF-8 and were read as Windows-1252",
              file=sys.stderr)
    if counts["ragged_row"]:
        print(f"{counts['ragged_row']} rows had more fields than the header; the extra fields "
              "were not read", file=sys.stderr)
    return 0


def check_paths(source: Path, output: Path) -> None:
    """Fail before anything is opened: a missing input, an output that is a folder, or an
    output that is the input itself (opening it for writing would empty the input)."""
    if str(source) != "-" and not source.is_file():
        raise BadInputError(f"{source} is not a file.")
    if str(output) == "-":
        return
    if output.is_dir():
        raise BadInputError(f"-o {output} is a folder; give a file name.")
    if output.is_symlink() or (output.exists() and not output.is_file()):
        raise BadInputError(  # the output is written beside it and moved in: that would
            f"-o {output} is a link, device or pipe, which the finished file would replace; "
            "give a regular file name (or - for standard output)."  # replace /dev/full
        )
    if str(source) != "-" and output.exists() and output.samefile(source):
        raise BadInputError(f"-o {output} is the input file; write to another file.")
