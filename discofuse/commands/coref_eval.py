"""`discofuse coref-eval`: score the annotator's coreference on GAP TSV or CoNLL-U benchmarks."""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from discofuse.annotate import COREF_BACKENDS
from discofuse.errors import BadInputError


def register(subcommands: argparse._SubParsersAction) -> None:
    parser = subcommands.add_parser(
        "coref-eval",
        help="score coreference on GAP (.tsv) or CoNLL-U with Entity= (.conllu, or a folder)",
        description=(
            "Run each coreference backend on a benchmark and score it. GAP TSV: F1 of the A/B "
            "decisions (masculine, feminine, overall, bias F/M), snippet context. CoNLL-U with "
            "Entity= in MISC (OntoGUM): pronoun-resolution precision/recall/F1 and the CoNLL F1 "
            "(mean of MUC, B3, CEAF-e F1 on exact spans). Also each backend's speed (words/s "
            "of parsing plus coreference, one process)."
        ),
    )
    parser.add_argument("inputs", nargs="+", type=Path, help="GAP .tsv, .conllu files or folders")
    parser.add_argument(
        "--coref",
        nargs="+",
        choices=[name for name in COREF_BACKENDS if name != "none"],
        help="backends to score (default: every one installed; one not installed is listed "
        "with the command that installs it)",
    )
    parser.add_argument("--json", action="store_true", help="print the scores as JSON")
    parser.add_argument("--no-progress", action="store_true", help="no progress bar")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from discofuse.annotate.coreference import require_installed
    from discofuse.errors import ModelMissingError

    for path in args.inputs:
        if not (path.is_dir() or path.suffix.lower() in (".conllu", ".conll", ".tsv")):
            raise BadInputError(f"{path}: give a GAP .tsv, a .conllu file or a folder of them")
    chosen = args.coref or [name for name in COREF_BACKENDS if name != "none"]
    results: dict = {"backends": {}, "not_installed": {}}
    for backend in chosen:
        try:
            require_installed(backend)
        except ModelMissingError as missing:
            if args.coref:
                raise
            results["not_installed"][backend] = str(missing)
            continue
        results["backends"][backend] = score_backend(backend, args)
    if args.json:
        print(json.dumps(results, indent=2, sort_keys=True))
    else:
        print(format_table(results))
    return 0


def score_backend(backend: str, args: argparse.Namespace) -> dict:
    """One backend's scores on every input, and its words per second over all of them."""
    from tqdm import tqdm

    from discofuse.annotate.spacy_backend import SpacyAnnotator
    from discofuse.evaluation.coref_benchmarks import ConlluTotals, gap_decision
    from discofuse.evaluation.coref_metrics import gap_scores
    from discofuse.evaluation.corpora import read_conllu_entities, read_gap

    annotator = SpacyAnnotator(coref=backend)
    annotator.annotate("A warm-up sentence loads the models.")
    quiet = args.no_progress or args.verbosity < 0
    inputs, words, seconds = {}, 0, 0.0
    for path in args.inputs:
        if path.suffix.lower() == ".tsv":
            decisions = []
            for example in tqdm(list(read_gap(path)), desc=f"{backend} {path.name}", unit="row",
                                disable=quiet, file=sys.stderr):
                started = time.perf_counter()
                document, offsets = annotator.annotate_with_offsets(example.text, example.id)
                seconds += time.perf_counter() - started
                words += sum(len(sentence.tokens) for sentence in document.sentences)
                decisions.append(gap_decision(document, offsets, example))
            inputs[str(path)] = {"format": "gap", **gap_scores(decisions)}
            continue
        files = sorted(path.glob("*.conllu")) if path.is_dir() else [path]
        if not files:
            raise BadInputError(f"{path}: no .conllu files")
        totals = ConlluTotals()
        for file in tqdm(files, desc=f"{backend} {path.name}", unit="file", disable=quiet,
                         file=sys.stderr):
            for gold in read_conllu_entities(file):
                started = time.perf_counter()
                document = annotator.annotate(gold.sentences, gold.id)
                seconds += time.perf_counter() - started
                words += sum(len(sentence) for sentence in gold.sentences)
                totals.add_document(document, gold)
        inputs[str(path)] = {"format": "conllu", **totals.summary()}
    return {"inputs": inputs, "words": words, "words_per_second": words / max(seconds, 1e-9)}


def format_table(results: dict) -> str:
    """One block per backend, in it one per input (the GAP line or the CoNLL-U lines, numbers
    in percent); then the backends not installed."""
    lines = []
    for backend, scored in results["backends"].items():
        lines.append(f"== {backend}: {scored['words_per_second']:,.0f} words/s "
                     f"(parse + coreference, {scored['words']:,} words)")
        lines.extend(_input_lines(scored["inputs"]))
    for backend, reason in results["not_installed"].items():
        lines.append(f"== {backend}: not scored: {reason}")
    return "\n".join(lines)


def _input_lines(inputs: dict) -> list[str]:
    lines = []
    for name, result in inputs.items():
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
    return lines
