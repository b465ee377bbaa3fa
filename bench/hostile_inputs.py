"""Hostile inputs and scaling, one process: how long each bounded step takes on inputs made to
hurt it, the largest search a shipped rule needs on real text, and annotation time and peak
memory for 1x, 2x and 4x one long document (cost should grow linearly, memory stay flat),
and the issue's case of one real document just under the 1,000,000-character limit (BBC
articles from ../shared joined, read in place): annotation, rules and audit, peak RSS.

Usage: python bench/hostile_inputs.py [--paragraphs N] [--long-chars N (0: skip)]
"""

from __future__ import annotations

import argparse
import resource
import tempfile
import time
import tracemalloc
from pathlib import Path

from discofuse.annotate.spacy_backend import SpacyAnnotator
from discofuse.audit import Auditor
from discofuse.corpus import wikipedia
from discofuse.corpus.steps import GenerationConfig, unfuse_document
from discofuse.engine import Engine, RuleError, load_rules
from discofuse.engine import conditions as engine_conditions
from discofuse.tsv import read_rows

REPO = Path(__file__).resolve().parent.parent
DEV = REPO.parent / "shared" / "data" / "discofuse_dev.tsv"
BBC = REPO.parent / "shared" / "data" / "sports" / "bbc_sport"
PARAGRAPH = (
    "The new stadium opened in 2004 after two years of building work. The club moved there "
    "from its old ground, which had stood by the river since 1899, and the first match drew "
    "a crowd of thirty thousand. Its manager, a former striker, said the team would need time "
    "to settle. "
)


def timed(label: str, function) -> None:
    started = time.perf_counter()
    try:
        outcome = function()
    except RuleError as error:
        outcome = f"RuleError: {str(error)[-70:]}"
    print(f"{label:<58} {time.perf_counter() - started:8.3f} s  {str(outcome)[:60]}")


def hostile_markup() -> None:
    cases = {
        "wikitext: 50,000 nested <ref> and one </ref>": "<ref>" * 50_000 + "</ref>",
        "wikitext: 20,000 unclosed <ref> in prose": "word <ref>unclosed " * 20_000,
        "wikitext: 50,000 unclosed <!--": "<!--" * 50_000,
        "wikitext: 50,000 unclosed <div><span>": "<div><span>" * 50_000,
        "wikitext: 100,000 unclosed {{x|": "{{x|" * 100_000,
        "wikitext: 50,000 unclosed tables": "\n{|\n" * 50_000,
        "wikitext: 100,000 unclosed [[": "[[" * 100_000,
        "wikitext: 50,000 bold-italic quote runs": "'''''" * 50_000,
    }
    for label, text in cases.items():
        timed(label, lambda text=text: f"{len(wikipedia.wikitext_to_text(text))} chars left")


def alias_bomb() -> None:
    levels = ["a: &a [x, x, x, x, x, x, x, x, x, x]"]
    for i in range(1, 9):
        previous = chr(ord("a") + i - 1)
        levels.append(f"{chr(ord('a') + i)}: &{chr(ord('a') + i)} [{', '.join(['*' + previous] * 10)}]")
    with tempfile.TemporaryDirectory() as folder:
        (Path(folder) / "bomb.yaml").write_text("lists:\n" + "\n".join("  " + x for x in levels))
        timed("rule file: YAML alias bomb (10^9 nodes)", lambda: load_rules(folder))


def largest_rule_search(annotator: SpacyAnnotator) -> None:
    """The most bindings any shipped rule tries on one dev row (the budget is 100,000)."""
    if not DEV.is_file():
        print("(no ../shared: skipping the rule-search measurement)")
        return
    largest = [0, ""]
    original = engine_conditions.SearchBudget.spend

    def spend(self) -> None:
        original(self)
        used = engine_conditions.MAX_SEARCH_STEPS - self.left
        if used > largest[0]:
            largest[0] = used

    engine_conditions.SearchBudget.spend = spend
    try:
        engine = Engine(load_rules("extended"))
        started = time.perf_counter()
        for row in read_rows(DEV):
            texts = [row["coherent_first_sentence"], row["coherent_second_sentence"]]
            texts = [text.split() for text in texts if text.strip()]
            document = annotator.annotate(texts)
            engine.unfuse(document, tuple(range(len(document.sentences))))
        seconds = time.perf_counter() - started
    finally:
        engine_conditions.SearchBudget.spend = original
    print(f"{'rules: largest search on the 403 dev rows (budget 100,000)':<58} {seconds:8.3f} s  "
          f"{largest[0]:,} bindings")


def scaling(annotator: SpacyAnnotator, paragraphs: int) -> None:
    print(f"\nannotation with coreference of one document, {paragraphs} paragraphs = 1x:")
    print(f"{'size':>5} {'words':>8} {'seconds':>9} {'words/s':>9} {'peak MB (Python)':>17}")
    for factor in (1, 2, 4):
        text = "\n\n".join([PARAGRAPH * 3] * (paragraphs * factor))
        tracemalloc.start()
        started = time.perf_counter()
        document = annotator.annotate(text, "long")
        seconds = time.perf_counter() - started
        peak = tracemalloc.get_traced_memory()[1] / 1e6
        tracemalloc.stop()
        words = sum(len(sentence.tokens) for sentence in document.sentences)
        print(f"{factor:>4}x {words:>8,} {seconds:>9.1f} {words / seconds:>9,.0f} {peak:>17,.0f}")
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"process peak RSS after all sizes: {rss:,.0f} MB")


def real_long_document(annotator: SpacyAnnotator, chars: int) -> None:
    """BBC articles joined into one document of about `chars` characters (many names, quotes
    and pronouns: what the synthetic paragraph lacks), through annotation, rules and audit."""
    texts, size = [], 0
    for path in sorted(BBC.glob("*.txt")):
        text = path.read_bytes().decode("utf-8", errors="replace")
        if size + len(text) + 2 > chars:
            break
        texts.append(text)
        size += len(text) + 2
    if not texts:
        print("\nreal long document: no BBC articles in ../shared, skipped")
        return
    text = "\n\n".join(texts)
    rules = load_rules("paper")
    engine, auditor = Engine(rules), Auditor(annotator.parse_many, rules.inserted_words)
    started = time.perf_counter()
    document = annotator.annotate(text, "long")
    annotated = time.perf_counter()
    examples = sum(1 for _ in unfuse_document(document, engine, GenerationConfig(), auditor=auditor))
    finished = time.perf_counter()
    words = sum(len(sentence.tokens) for sentence in document.sentences)
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"\nreal long document: {len(text):,} characters, {words:,} words: annotation "
          f"{annotated - started:.0f} s ({words / (annotated - started):,.0f} words/s), rules and "
          f"audit {finished - annotated:.0f} s, {examples:,} examples, process peak RSS {rss:,.0f} MB")


UNBROKEN_TEXTS = {
    "900,000 characters of words, no punctuation": "'word ' * 180_000",
    "800,000 characters of 'a-b.', no space": "'a-b.' * 200_000",
    "928,000 characters of prose, one paragraph": (
        "'The match was played in the rain and Leeds won it easily. ' * 16_000"
    ),
}


def unbroken_texts() -> None:
    """One document with no blank line, each in its own process so its peak RSS is its own
    (a 996 KB paragraph took 8.3 GB before the parser got it in pieces and bounded batches)."""
    import subprocess
    import sys

    for label, expression in UNBROKEN_TEXTS.items():
        code = (
            "import resource, time\n"
            "from discofuse.annotate.spacy_backend import SpacyAnnotator\n"
            f"text = {expression}\n"
            "started = time.perf_counter()\n"
            "document = SpacyAnnotator().annotate(text, 'x')\n"
            "print(f'{time.perf_counter() - started:.1f} s, "
            "{resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024} MB peak RSS, "
            "{len(document.sentences)} sentences')\n"
        )
        result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
        print(f"{label:<58} {(result.stdout or result.stderr).strip().splitlines()[-1]}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--paragraphs", type=int, default=40)
    parser.add_argument("--long-chars", type=int, default=970_000)
    args = parser.parse_args()
    hostile_markup()
    alias_bomb()
    unbroken_texts()
    annotator = SpacyAnnotator()
    annotator.annotate("Warm-up sentence for the model.")
    largest_rule_search(annotator)
    scaling(annotator, args.paragraphs)
    if args.long_chars:
        real_long_document(annotator, args.long_chars)


if __name__ == "__main__":
    main()
