"""Rule engine speed on pre-annotated text, one core: candidates/s.

Annotates the dev rows of ../shared/data/discofuse_dev.tsv (or the bundled samples) once, then
times only the engine over every candidate. Usage: python bench/engine_speed.py [--repeat N]
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from discofuse.annotate.spacy_backend import SpacyAnnotator
from discofuse.engine import DEFAULT_RULES_DIR, Engine, load_rules
from discofuse.tsv import read_rows

REPO = Path(__file__).resolve().parent.parent
DEV = REPO.parent / "shared" / "data" / "discofuse_dev.tsv"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=20)
    args = parser.parse_args()
    path = DEV if DEV.is_file() else REPO / "samples" / "sentences.tsv"
    annotator = SpacyAnnotator()
    rows = list(read_rows(path))
    inputs = [
        (
            str(i),
            annotator.split_sentences(
                [t for t in (r["coherent_first_sentence"], r["coherent_second_sentence"]) if t],
                True,
            ),
        )
        for i, r in enumerate(rows)
    ]
    documents = list(annotator.annotate_many(inputs))
    engine = Engine(load_rules(DEFAULT_RULES_DIR))
    candidates = [(doc, tuple(range(len(doc.sentences)))) for doc in documents]
    started = time.perf_counter()
    produced = 0
    for _ in range(args.repeat):
        for doc, sentences in candidates:
            produced += engine.unfuse(doc, sentences) is not None
    seconds = time.perf_counter() - started
    total = len(candidates) * args.repeat
    print(
        f"{total} candidates ({len(candidates)} x {args.repeat}) in {seconds:.2f} s: "
        f"{total / seconds:,.0f} candidates/s, {produced} examples"
    )


if __name__ == "__main__":
    main()
