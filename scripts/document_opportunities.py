"""A document-level anaphora opportunity set: candidates for raters, and our recall on it.

The dev file's rows are pairs cut out of their documents, so an entity named three sentences
earlier is out of reach there. This set keeps the document: each candidate is a pair of
consecutive sentences from a real BBC Sport article or Wikipedia page whose second sentence
has a third-person pronoun or a definite noun phrase that may refer back, with the sentences
before it as context. Raters write the correct example following
`../shared/rating/OPPORTUNITY.md` (context counts as given text), blind to our output; `score`
then compares what `discofuse generate` wrote for the same two sentences.

Usage:
  python scripts/document_opportunities.py candidates --output CANDIDATES.jsonl
  python scripts/document_opportunities.py score CANDIDATES.jsonl RATED.jsonl GENERATED_DIR...

Sentence indices are those of `discofuse generate` (same readers, same annotator), so a
candidate is found in any generate output over the same files by document id and index.
"""

from __future__ import annotations

import argparse
import json
import random
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pyarrow.parquet as pq

from discofuse.annotate.spacy_backend import SpacyAnnotator
from discofuse.beam_pipeline import plan_shards, read_shard
from discofuse.corpus.documents import RawDocument
from discofuse.document import Document, Sentence
from discofuse.fidelity import CLOSE_ENOUGH, similarity
from discofuse.labels import DEFINITE_DETERMINERS, PRONOUN_GROUPS, SUBJECT_DEPS
from discofuse.tsv import released_text

REPO = Path(__file__).resolve().parent.parent
SHARED = REPO.parent / "shared" / "data"
SOURCES = {
    "sports": ("text", SHARED / "sports" / "bbc_sport"),
    "wikipedia": (
        "wikipedia-xml",
        SHARED / "wikipedia" / "enwiki-latest-pages-articles1.xml-p000000010p000030302-shortened.bz2",
    ),
}
CONTEXT_SENTENCES = 4
MIN_TOKENS = 7
MAX_TOKENS = 60


def documents(domain: str) -> Iterator[RawDocument]:
    input_format, path = SOURCES[domain]
    for shard in plan_shards([str(path)], input_format, domain).shards:
        for item in read_shard(shard):
            if isinstance(item, RawDocument):
                yield item


def referring_words(sentence: Sentence) -> list[str]:
    """Third-person pronouns and subject definite descriptions ("the club") of a sentence."""
    found = []
    for token in sentence.tokens:
        if token.tag in ("PRP", "PRP$") and token.text.lower() in PRONOUN_GROUPS:
            found.append(token.text)
        elif (
            token.tag in ("NN", "NNS")
            and token.dep in SUBJECT_DEPS
            and any(
                t.head == sentence.tokens.index(token)
                and t.dep == "det"
                and t.text.lower() in DEFINITE_DETERMINERS
                for t in sentence.tokens
            )
        ):
            found.append(token.text)
    return found


def pair_candidates(document: Document) -> Iterator[dict]:
    sentences = document.sentences
    for i in range(len(sentences) - 1):
        first, second = sentences[i], sentences[i + 1]
        if not all(MIN_TOKENS <= len(s.tokens) <= MAX_TOKENS for s in (first, second)):
            continue
        words = referring_words(second)
        if not words:
            continue
        context = sentences[max(0, i - CONTEXT_SENTENCES) : i]
        yield {
            "document_id": document.id,
            "first_sentence_index": i,
            "context": " ".join(released_text(s.tokenized) for s in context),
            "original_1": released_text(first.tokenized),
            "original_2": released_text(second.tokenized),
            "target_type": "PAIR_ANAPHORA",
            "referring_words": words,
        }


def make_candidates(args: argparse.Namespace) -> None:
    rng = random.Random(args.seed)
    annotator = SpacyAnnotator()
    chosen: list[dict] = []
    for domain, wanted in (("sports", args.sports), ("wikipedia", args.wikipedia)):
        raws = list(documents(domain))
        rng.shuffle(raws)
        pool = []
        for raw in raws[: args.documents]:
            document = annotator.annotate(raw.text, raw.id)
            found = list(pair_candidates(document))
            pool.extend(rng.sample(found, min(len(found), args.per_document)))
        chosen.extend(rng.sample(pool, min(wanted, len(pool))))
    with args.output.open("w", encoding="utf-8") as out:
        for n, candidate in enumerate(chosen):
            out.write(json.dumps({"n": n, **candidate}) + "\n")
    print(f"wrote {len(chosen)} candidates to {args.output}")


def generated_rows(folders: list[Path]) -> dict[tuple[str, int, int], dict]:
    rows = {}
    for folder in folders:
        for split in ("train", "dev", "test"):
            path = folder / f"{split}.parquet"
            if path.exists():
                for row in pq.read_table(path).to_pylist():
                    key = (row["document_id"], row["first_sentence_index"],
                           row["second_sentence_index"])
                    rows[key] = row
    return rows


def score(args: argparse.Namespace) -> None:
    candidates = {c["n"]: c for c in map(json.loads, args.candidates.open(encoding="utf-8"))}
    rated = [json.loads(line) for line in args.rated.open(encoding="utf-8") if line.strip()]
    rows = generated_rows(args.generated)
    totals: Counter[str] = Counter()
    misses = []
    for record in rated:
        candidate = candidates[record["n"]]
        domain = "sports" if candidate["document_id"].startswith("sports") else "wikipedia"
        totals[f"{domain}:candidates"] += 1
        if not record.get("possible"):
            continue
        totals[f"{domain}:possible"] += 1
        index = candidate["first_sentence_index"]
        row = rows.get((candidate["document_id"], index, index + 1), {})
        expected = [record["example_1"], record.get("example_2") or ""]
        target = record.get("target_type") or candidate["target_type"]
        got = [row.get("incoherent_first_sentence", ""), row.get("incoherent_second_sentence", "")]
        same_type = row.get("discourse_type") == target
        close = same_type and similarity(got, expected) >= CLOSE_ENOUGH
        totals[f"{domain}:same_type"] += same_type
        totals[f"{domain}:reproduced"] += close
        if not close:
            misses.append((record["n"], target, row.get("discourse_type", "(none)"), expected, got))
    for domain in ("sports", "wikipedia"):
        possible = totals[f"{domain}:possible"]
        print(
            f"{domain:<10} candidates {totals[f'{domain}:candidates']:>3}  possible {possible:>3}  "
            f"typed the same {totals[f'{domain}:same_type']:>3}  "
            f"reproduced {totals[f'{domain}:reproduced']:>3} "
            f"({totals[f'{domain}:reproduced'] / max(possible, 1):.0%})"
        )
    possible = totals["sports:possible"] + totals["wikipedia:possible"]
    reproduced = totals["sports:reproduced"] + totals["wikipedia:reproduced"]
    print(f"all        possible {possible}  reproduced {reproduced} ({reproduced / max(possible, 1):.0%})")
    if args.show_misses:
        for n, target, got_type, expected, got in misses:
            print(f"\nn={n} {target} -> {got_type}\n  rater: {' || '.join(expected)}"
                  f"\n  ours:  {' || '.join(got)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    make = commands.add_parser("candidates", help="sample candidate pairs for raters")
    make.add_argument("--output", type=Path, required=True)
    make.add_argument("--sports", type=int, default=110, help="candidates from BBC Sport")
    make.add_argument("--wikipedia", type=int, default=90, help="candidates from the dump")
    make.add_argument("--documents", type=int, default=80, help="documents read per source")
    make.add_argument("--per-document", type=int, default=3)
    make.add_argument("--seed", type=int, default=20)
    make.set_defaults(run=make_candidates)
    check = commands.add_parser("score", help="our recall on a rated candidate file")
    check.add_argument("candidates", type=Path)
    check.add_argument("rated", type=Path)
    check.add_argument("generated", type=Path, nargs="+", help="discofuse generate outputs")
    check.add_argument("--show-misses", action="store_true")
    check.set_defaults(run=score)
    args = parser.parse_args()
    args.run(args)


if __name__ == "__main__":
    main()
