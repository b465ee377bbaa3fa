"""Annotation speed, one process: words/s with and without coreference.

Input: the BBC Sport articles in ../shared/data/sports/bbc_sport (real text, read in place), or
the bundled samples when ../shared is absent. Usage: python bench/annotate_speed.py [--docs N]
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from discofuse.annotate.spacy_backend import SpacyAnnotator

REPO = Path(__file__).resolve().parent.parent
BBC = REPO.parent / "shared" / "data" / "sports" / "bbc_sport"


def texts(limit: int) -> list[tuple[str, str]]:
    folder = BBC if BBC.is_dir() else REPO / "samples" / "sports"
    files = sorted(folder.glob("*.txt"))[:limit]
    return [(f.name, f.read_bytes().decode("utf-8", errors="replace")) for f in files]


def measure(coref: bool, documents: list[tuple[str, str]]) -> tuple[int, float]:
    annotator = SpacyAnnotator(coref=coref)
    annotator.annotate("Warm-up sentence for the model.")
    started = time.perf_counter()
    words = sum(
        len(sentence.tokens)
        for doc in annotator.annotate_many(documents)
        for sentence in doc.sentences
    )
    return words, time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--docs", type=int, default=200)
    args = parser.parse_args()
    documents = texts(args.docs)
    for coref in (False, True):
        words, seconds = measure(coref, documents)
        label = "with coreference" if coref else "without coreference"
        print(
            f"{label:<22} {len(documents)} docs, {words} tokens, {seconds:.1f} s, "
            f"{words / seconds:,.0f} words/s"
        )


if __name__ == "__main__":
    main()
