"""Throughput on the same articles in one process: bare spaCy, spaCy plus coreference, and the
generator's per-document work (annotation with coreference, rules, output audit: what a
`generate` worker does, without Beam's start-up and I/O), with the ratios the speed target is
stated in.

"spaCy + coreferee" is the `--coref coreferee` backend, the coreference discofuse ran until it
replaced it with its own (rule-based chains and the pronoun resolver); the speed target (issue 14)
is twice its throughput. It is measured when coreferee and its model are installed (`make setup`
installs them: the `coreferee` extra and models/coreferee_model_en), and skipped otherwise.

Input: BBC Sport articles from ../shared/data/sports/bbc_sport (read in place), or the bundled
samples. Usage: python bench/throughput.py [--docs N]
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from discofuse.annotate.coreference import require_installed
from discofuse.annotate.spacy_backend import SpacyAnnotator
from discofuse.annotate.spacy_loader import load_pipeline
from discofuse.audit import Auditor
from discofuse.corpus.steps import GenerationConfig, unfuse_document
from discofuse.engine import Engine, load_rules
from discofuse.errors import ModelMissingError

REPO = Path(__file__).resolve().parent.parent
BBC = REPO.parent / "shared" / "data" / "sports" / "bbc_sport"


def articles(limit: int) -> list[tuple[str, str]]:
    folder = BBC if BBC.is_dir() else REPO / "samples" / "sports"
    files = sorted(folder.glob("*.txt"))[:limit]
    return [(f.name, f.read_bytes().decode("utf-8", errors="replace")) for f in files]


def words_per_second(step, documents) -> tuple[int, float]:
    started = time.perf_counter()
    words = step(documents)
    return words, words / (time.perf_counter() - started)


def coreferee_rate(documents, count) -> float | None:
    """Words/s of the coreferee backend over whole articles, or None when it is not installed."""
    try:
        require_installed("coreferee")
    except ModelMissingError:
        return None
    annotator = SpacyAnnotator(coref="coreferee")
    annotator.annotate("Warm-up sentence for the model.")
    return words_per_second(lambda d: count(annotator.annotate_many(d)), documents)[1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--docs", type=int, default=120)
    args = parser.parse_args()
    documents = articles(args.docs)
    bare = SpacyAnnotator(coref="none", nlp=load_pipeline(faster=False))  # the model as shipped
    parse, full = SpacyAnnotator(coref="none"), SpacyAnnotator()
    for annotator in (bare, parse, full):
        annotator.annotate("Warm-up sentence for the model.")
    rules = load_rules("paper")
    engine, auditor, config = Engine(rules), Auditor(full.parse_many, rules.inserted_words), GenerationConfig()

    def count(docs) -> int:
        return sum(len(s.tokens) for doc in docs for s in doc.sentences)

    def generator(docs) -> int:
        words = 0
        for doc in full.annotate_many(docs):
            words += sum(len(s.tokens) for s in doc.sentences)
            for _ in unfuse_document(doc, engine, config, auditor=auditor):
                pass
        return words

    words, spacy_rate = words_per_second(lambda d: count(bare.annotate_many(d)), documents)
    _, parse_rate = words_per_second(lambda d: count(parse.annotate_many(d)), documents)
    _, coref_rate = words_per_second(lambda d: count(full.annotate_many(d)), documents)
    _, generator_rate = words_per_second(generator, documents)
    reference = coreferee_rate(documents, count)
    print(f"{len(documents)} articles, {words:,} words, one process")
    print(f"{'bare spaCy (the model as shipped)':<36} {spacy_rate:>8,.0f} words/s")
    print(f"{'spaCy, faster ruler and lemmatizer':<36} {parse_rate:>8,.0f} words/s")
    print(f"{'spaCy + coreference (discofuse)':<36} {coref_rate:>8,.0f} words/s")
    if reference is not None:
        print(f"{'spaCy + coreferee (before)':<36} {reference:>8,.0f} words/s")
    print(f"{'generator (annotate, rules, audit)':<36} {generator_rate:>8,.0f} words/s")
    print(f"generator / bare spaCy = {generator_rate / spacy_rate:.2f}x; "
          f"generator / spaCy+coreference = {generator_rate / coref_rate:.2f}x")
    if reference is None:
        print("spaCy + coreferee not measured: `make setup` installs coreferee and its model")
    else:
        print(f"generator / spaCy+coreferee = {generator_rate / reference:.2f}x (target >= 2.0x)")


if __name__ == "__main__":
    main()
