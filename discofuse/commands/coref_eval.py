"""`discofuse coref-eval`: score the annotator's coreference on GAP TSV or CoNLL-U benchmarks."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from discofuse.errors import BadInputError


def register(subcommands: argparse._SubParsersAction) -> None:
    parser = subcommands.add_parser(
        "coref-eval",
        help="score coreference on GAP (.tsv) or CoNLL-U with Entity= (.conllu, or a folder)",
        description=(
            "Run the annotator's coreference on a benchmark and score it. GAP TSV: F1 of the A/B "
            "decisions (masculine, feminine, overall, bias F/M), snippet context. CoNLL-U with "
            "Entity= in MISC (OntoGUM): pronoun-resolution precision/recall/F1 and the CoNLL F1 "
            "(mean of MUC, B3, CEAF-e F1 on exact spans)."
        ),
    )
    parser.add_argument("inputs", nargs="+", type=Path, help="GAP .tsv, .conllu files or folders")
    parser.add_argument("--json", action="store_true", help="print the scores as JSON")
    parser.add_argument("--no-progress", action="store_true", help="no progress bar")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from tqdm import tqdm

    from discofuse.annotate.spacy_backend import SpacyAnnotator
    from discofuse.evaluation.coref_benchmarks import ConlluTotals, gap_decision
    from discofuse.evaluation.coref_metrics import gap_scores
    from discofuse.evaluation.corpora import read_conllu_entities, read_gap

    annotator = SpacyAnnotator()
    results = {}
    for path in args.inputs:
        if path.is_dir() or path.suffix.lower() in (".conllu", ".conll"):
            files = sorted(path.glob("*.conllu")) if path.is_dir() else [path]
            if not files:
                raise BadInputError(f"{path}: no .conllu files")
            totals = ConlluTotals()
            for file in tqdm(files, desc=path.name, unit="file", disable=args.no_progress or args.verbosity < 0,
                             file=sys.stderr):
                for gold in read_conllu_entities(file):
                    totals.add_document(annotator.annotate(gold.sentences, gold.id), gold)
            results[str(path)] = {"format": "conllu", **totals.summary()}
        elif path.suffix.lower() == ".tsv":
            examples = list(read_gap(path))
            decisions = []
            for example in tqdm(examples, desc=path.name, unit="row", disable=args.no_progress or args.verbosity < 0,
                                file=sys.stderr):
                document, offsets = annotator.annotate_with_offsets(example.text, example.id)
                decisions.append(gap_decision(document, offsets, example))
            results[str(path)] = {"format": "gap", **gap_scores(decisions)}
        else:
            raise BadInputError(f"{path}: give a GAP .tsv, a .conllu file or a folder of them")
    if args.json:
        print(json.dumps(results, indent=2, sort_keys=True))
    else:
        print(format_table(results))
    return 0


def format_table(results: dict) -> str:
    """One block per input: the GAP line or the CoNLL-U lines, numbers in percent."""
    lines = []
    for name, result in results.items():
        if result["format"] == "gap":
            lines.append(
                f"{name}  GAP ({result['count']} rows)  overall F1 {100 * result['overall']:.1f}"
                f"  M {100 * result['masculine']:.1f}  F {100 * result['feminine']:.1f}"
                f"  bias F/M {result['bias']:.2f}  P {100 * result['precision']:.1f}"
                f"  R {100 * result['recall']:.1f}"
            )
        else:
            pronouns = result["pronoun_resolution"]
            lines.append(f"{name}  CoNLL-U ({result['documents']} documents)")
            lines.append(
                f"  pronoun resolution  P {100 * pronouns['precision']:.1f}"
                f"  R {100 * pronouns['recall']:.1f}  F1 {100 * pronouns['f1']:.1f}"
                f"  ({pronouns['correct']} right of {pronouns['resolved']} resolved,"
                f" {pronouns['resolvable']} resolvable)"
            )
            for metric in ("muc", "b3", "ceafe"):
                score = result[metric]
                lines.append(
                    f"  {metric:<6} P {100 * score['precision']:.1f}  R {100 * score['recall']:.1f}"
                    f"  F1 {100 * score['f1']:.1f}"
                )
            lines.append(f"  CoNLL F1 {100 * result['conll_f1']:.1f}")
    return "\n".join(lines)
