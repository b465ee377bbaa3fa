"""Draw rating samples of generated examples and tally the raters' verdicts (issue 20).

The examples go to raters in `../shared/rating/RUBRIC.md`'s layout (`n`, `type`, `connective`,
`original_1`, `original_2`, `generated_1`, `generated_2`) and nothing else; where each example
came from is written beside it (`*.key.jsonl`) so the majors can be read back afterwards.

Usage:
  python scripts/rating_sample.py draw --dev DEV.tsv --sports OUT --wikipedia OUT --seed 38 -o S
      15 per type from the dev file's `unfuse` output, 50 BBC and 40 Wikipedia examples of
      `generate` outputs (the round's main sample), written to S.jsonl and S.key.jsonl
  python scripts/rating_sample.py new BEFORE AFTER [--limit 60] --seed 38 -o S
      the examples AFTER has and BEFORE does not (two `generate` outputs or two `unfuse` TSVs)
  python scripts/rating_sample.py drops --documents 120 [--flaws audit|source] --seed 38 -o S
      a random 50 of the examples the output audit drops on BBC Sport articles and Wikipedia
      pages (the same documents `document_opportunities.py` reads), the reason in the key:
      by default the drops for what the rules made (`audit`); `source` draws the drops for flaws
      the original already had (`source_*`: a template's value lost from "a total area of ."),
      which RUBRIC.md tells raters not to count, so a rater takes them for correct examples
  python scripts/rating_sample.py tally S VERDICTS.jsonl [...]
      ok / minor / major per part of the sample and per type, and each major with its example
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
from collections import Counter, defaultdict
from collections.abc import Iterator
from pathlib import Path

from discofuse.corpus.output_files import output_files, read_examples
from discofuse.tsv import read_rows

RATED_FIELDS = ("type", "connective", "original_1", "original_2", "generated_1", "generated_2")


def _rated(row: dict, source: str, key: str) -> dict:
    """One example in the rubric's layout, with where it came from."""
    return {
        "type": row["discourse_type"],
        "connective": row.get("connective_string") or "",
        "original_1": row["coherent_first_sentence"],
        "original_2": row.get("coherent_second_sentence") or "",
        "generated_1": row["incoherent_first_sentence"],
        "generated_2": row.get("incoherent_second_sentence") or "",
        "source": source,
        "key": key,
    }


def examples_of(path: Path) -> Iterator[dict]:
    """The examples of a `generate` output folder (full files) or an `unfuse` TSV."""
    if path.is_dir():
        files = [f for name in ("train", "dev", "test") for f in output_files(path).get(name, [])]
        for row in (row for file in files for row in read_examples(file)):
            key = f"{row['document_id']}:{row['first_sentence_index']}:{row['second_sentence_index']}"
            yield _rated(row, row["domain"], key)
        return
    for number, row in enumerate(read_rows(path)):
        if row["discourse_type"]:
            yield _rated(row, "dev", f"dev:{number}")


def _seeded(seed: int, items: list[dict]) -> list[dict]:
    """The items in an order drawn from the seed and their text alone (not file order)."""
    def weight(item: dict) -> str:
        text = f"{seed}|{item['key']}|{item['generated_1']}|{item['generated_2']}"
        return hashlib.md5(text.encode()).hexdigest()

    return sorted(items, key=weight)


def draw_main(args: argparse.Namespace) -> list[dict]:
    chosen: list[dict] = []
    by_type: dict[str, list[dict]] = defaultdict(list)
    for example in examples_of(args.dev):
        if example["type"] != "PAIR_NONE":
            by_type[example["type"]].append(example)
    for _type, items in sorted(by_type.items()):
        chosen += _seeded(args.seed, items)[: args.per_type]
    for path, count in ((args.sports, args.sports_count), (args.wikipedia, args.wikipedia_count)):
        if path is not None:
            items = [e for e in examples_of(path) if e["type"] != "PAIR_NONE"]
            chosen += _seeded(args.seed, items)[:count]
    return chosen


def draw_new(args: argparse.Namespace) -> list[dict]:
    def identity(example: dict) -> tuple:
        return (example["key"], example["type"], example["generated_1"], example["generated_2"])

    before = {identity(e) for e in examples_of(args.before)}
    new = [e for e in examples_of(args.after) if identity(e) not in before]
    new = [e for e in new if e["type"] != "PAIR_NONE"]
    print(f"{len(new)} examples new in {args.after}")
    return _seeded(args.seed, new)[: args.limit]


def draw_drops(args: argparse.Namespace) -> list[dict]:
    """The audit's drops on `--documents` documents of each source, drawn at random: those for
    what the rules made, or (`--flaws source`) those for the original's own flaws."""
    from document_opportunities import documents

    from discofuse.annotate.spacy_backend import SpacyAnnotator
    from discofuse.audit import Auditor
    from discofuse.corpus.steps import GenerationConfig, _rule_examples
    from discofuse.engine import DEFAULT_RULES_DIR, Engine, load_rules

    rules = load_rules(DEFAULT_RULES_DIR)
    engine, annotator = Engine(rules), SpacyAnnotator()
    auditor = Auditor(annotator.parse_many, rules.inserted_words)
    config, rng, drops = GenerationConfig(), random.Random(args.seed), []
    for domain in ("sports", "wikipedia"):
        raws = list(documents(domain))
        rng.shuffle(raws)
        for raw in raws[: args.documents]:
            document = annotator.annotate(raw.text, raw.id)
            found = [(s, e) for s, e in _rule_examples(document, engine, config, lambda _: None)
                     if e.discourse_type != "PAIR_NONE"]
            reasons = auditor.reasons([(e, [document.sentences[i] for i in s]) for s, e in found])
            for (sentences, example), reason in zip(found, reasons):
                if reason and reason.startswith("source_") == (args.flaws == "source"):
                    key = f"{document.id}:{':'.join(map(str, sentences))}"
                    drops.append({**_rated(example.as_row(), domain, key), "reason": reason})
    print(f"{len(drops)} {args.flaws} drops; by reason: {Counter(d['reason'] for d in drops)}")
    return _seeded(args.seed, drops)[: args.limit]


def write_sample(chosen: list[dict], stem: Path, seed: int) -> None:
    """Shuffle (so raters see no grouping by source), number, write sample and key."""
    random.Random(seed).shuffle(chosen)
    with open(f"{stem}.jsonl", "w") as rated, open(f"{stem}.key.jsonl", "w") as keys:
        for n, example in enumerate(chosen, 1):
            rated.write(json.dumps({"n": n, **{f: example[f] for f in RATED_FIELDS}}) + "\n")
            keys.write(json.dumps({"n": n, **example}) + "\n")
    print(f"wrote {len(chosen)} examples to {stem}.jsonl ({Counter(e['source'] for e in chosen)})")


def tally(args: argparse.Namespace) -> None:
    keys = {k["n"]: k for k in map(json.loads, open(f"{args.sample}.key.jsonl"))}
    verdicts: dict[int, dict] = {}
    for path in args.verdicts:
        for line in open(path):
            if line.strip():
                verdict = json.loads(line)
                verdicts[int(verdict["n"])] = verdict
    missing = sorted(set(keys) - set(verdicts))
    per_source: dict[str, Counter] = defaultdict(Counter)
    per_type: dict[str, Counter] = defaultdict(Counter)
    for n, verdict in verdicts.items():
        example = keys[n]
        per_source[example["source"]][verdict["verdict"]] += 1
        per_type[example["type"]][verdict["verdict"]] += 1
    total = sum((c for c in per_source.values()), Counter())
    rated = sum(total.values())
    print(f"rated {rated} of {len(keys)} (missing: {missing or 'none'}): ok {total['ok']} "
          f"({total['ok'] / max(rated, 1):.1%}), minor {total['minor']}, major {total['major']} "
          f"({total['major'] / max(rated, 1):.1%})")
    for title, table in (("source", per_source), ("type", per_type)):
        print(f"per {title}:")
        for name, counts in sorted(table.items()):
            print(f"  {name:<28} ok {counts['ok']:>3}  minor {counts['minor']:>2}  major {counts['major']:>2}")
    drops = any("reason" in k for k in keys.values())  # a sample of audit drops
    if drops:  # an "ok" there is an example the audit should have kept
        wrong = Counter(keys[n]["reason"] for n, v in verdicts.items() if v["verdict"] == "ok")
        print(f"correct examples among the drops, by reason: {dict(wrong)}")
    for n, verdict in sorted(verdicts.items()):
        if (verdict["verdict"] == "ok") == drops:
            example = keys[n]
            reason = f" dropped as {example['reason']}" if "reason" in example else ""
            print(f"\n[{verdict['verdict']}] n={n} {example['type']} {example['source']} "
                  f"{example['key']}{reason} ({verdict.get('category')}: {verdict.get('note')})")
            print(f"  original:  {example['original_1']} || {example['original_2']}")
            print(f"  generated: {example['generated_1']} || {example['generated_2']}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    draw = commands.add_parser("draw", help="the round's main sample")
    draw.add_argument("--dev", type=Path, required=True, help="`unfuse` output of the dev file")
    draw.add_argument("--sports", type=Path, help="a `generate` output of BBC Sport articles")
    draw.add_argument("--wikipedia", type=Path, help="a `generate` output of the Wikipedia dump")
    draw.add_argument("--per-type", type=int, default=15)
    draw.add_argument("--sports-count", type=int, default=50)
    draw.add_argument("--wikipedia-count", type=int, default=40)
    new = commands.add_parser("new", help="examples one output has and another does not")
    new.add_argument("before", type=Path)
    new.add_argument("after", type=Path)
    new.add_argument("--limit", type=int, default=60)
    for command in (draw, new):
        command.add_argument("--seed", type=int, required=True)
        command.add_argument("-o", "--output", type=Path, required=True, help="file stem")
    drops = commands.add_parser("drops", help="a random sample of the output audit's drops")
    drops.add_argument("--documents", type=int, default=120, help="documents per source")
    drops.add_argument("--limit", type=int, default=50)
    drops.add_argument("--flaws", choices=("audit", "source"), default="audit",
                       help="drops for what the rules made, or for the original's own flaws")
    drops.add_argument("--seed", type=int, required=True)
    drops.add_argument("-o", "--output", type=Path, required=True, help="file stem")
    count = commands.add_parser("tally", help="count the verdicts of a drawn sample")
    count.add_argument("sample", type=Path, help="the stem given to draw/new")
    count.add_argument("verdicts", type=Path, nargs="+")
    args = parser.parse_args()
    if args.command == "tally":
        tally(args)
        return
    chosen = {"draw": draw_main, "new": draw_new, "drops": draw_drops}[args.command](args)
    write_sample(chosen, args.output, args.seed)


if __name__ == "__main__":
    main()
