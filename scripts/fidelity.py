"""Print how closely the rules reproduce DiscoFuse (issue: fidelity, measured on real data).

Usage: python scripts/fidelity.py [--shared ../shared] [--rules rules/] [--show-errors TYPE]
                                  [--show-misses TYPE|all] [--opportunities-only]
"""

from __future__ import annotations

import argparse
from pathlib import Path

from discofuse.annotate.spacy_backend import SpacyAnnotator
from discofuse.audit import Auditor
from discofuse.engine import DEFAULT_RULES_DIR, Engine, load_rules
from discofuse.fidelity import (
    NO_TYPE,
    OpportunityRecall,
    agreement_on,
    compare_paper_examples,
    compare_released,
    confusion_table,
    opportunity_recall,
)

REPO = Path(__file__).resolve().parent.parent


def show_comparisons(title: str, comparisons) -> None:
    exact = sum(not c.differing for c in comparisons)
    print(f"{title}: {exact}/{len(comparisons)}")
    for comparison in comparisons:
        for column in comparison.differing:
            print(f"  {column}: expected {comparison.expected[column]!r}")
            print(f"  {' ' * len(column)}  got      {comparison.got.get(column)!r}")


def show_opportunity_recall(recall: OpportunityRecall, show_misses: str | None) -> None:
    """Per gold type: rows with a rater's example, rows we type the same, rows we reproduce."""
    print("opportunity recall (after the output audit): rows with a rater's example | "
          "typed the same | reproduced closely")
    lines = list(recall.per_type().items())
    lines += [("all types", recall.total()), ("*_ANAPHORA", recall.total(anaphora_only=True))]
    for gold, (rows, same, close) in lines:
        print(f"  {gold:<28} {rows:>3} | {same:>3} {same / max(rows, 1):>4.0%} "
              f"| {close:>3} {close / max(rows, 1):>4.0%}")
    if show_misses:
        for miss in recall.misses(None if show_misses == "all" else show_misses):
            print(f"\nrow {miss.row} {miss.gold_type} -> {miss.got_type or NO_TYPE}")
            print(f"  original: {' || '.join(t for t in miss.original if t)}")
            print(f"  rater:    {' || '.join(t for t in miss.expected if t)}")
            print(f"  ours:     {' || '.join(t for t in miss.got if t)}")
    print()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shared", type=Path, default=REPO.parent / "shared")
    parser.add_argument("--rules", type=Path, default=DEFAULT_RULES_DIR)
    parser.add_argument(
        "--show-errors", metavar="TYPE", help="list dev rows of this gold type we miss"
    )
    parser.add_argument(
        "--show-misses",
        metavar="TYPE",
        help="list the raters' examples of this gold type (or 'all') we do not reproduce",
    )
    parser.add_argument(
        "--opportunities-only", action="store_true", help="print only the opportunity recall"
    )
    args = parser.parse_args()
    reference = args.shared / "reference" / "discofuse"
    rules = load_rules(args.rules)
    engine = Engine(rules)
    annotator = SpacyAnnotator()
    dev_path = args.shared / "data" / "discofuse_dev.tsv"
    auditor = Auditor(annotator.parse_many, rules.inserted_words)

    recall = opportunity_recall(
        engine,
        annotator,
        dev_path,
        args.shared / "data" / "discofuse_dev_opportunities.jsonl",
        auditor,
    )
    show_opportunity_recall(recall, args.show_misses)
    if args.opportunities_only:
        return

    released = compare_released(engine, annotator, reference / "released_rows.tsv")
    show_comparisons("released rows reproduced exactly (8 columns)", released)
    paper = compare_paper_examples(engine, annotator, reference / "paper_examples.tsv")
    show_comparisons("\npaper examples reproduced (incoherent pair + type)", paper)

    agreement = agreement_on(engine, annotator, dev_path)
    print(
        f"\ndiscofuse_dev.tsv discourse-type agreement: {agreement.overall:.1%} ({len(agreement.pairs)} rows)"
    )
    right, total = agreement.phenomenon
    print(f"phenomenon agreement (anaphora folded in): {right / total:.1%} ({right}/{total})")
    right, total = agreement.anaphora_decision
    print(f"anaphora decision, rows with the right phenomenon: {right / total:.1%} ({right}/{total})")
    for gold, (right, total) in agreement.per_type().items():
        print(f"  {gold:<28} {right:>3}/{total:<3} {right / total:.0%}")
    audited = agreement_on(engine, annotator, dev_path, auditor)
    right, total = audited.phenomenon
    print(f"\nphenomenon agreement per type, rules alone | after the output audit "
          f"({right / total:.1%} overall after the audit):")
    after = audited.per_phenomenon()
    for gold, (right, total) in agreement.per_phenomenon().items():
        kept = after[gold][0]
        print(f"  {gold:<28} {right:>3}/{total:<3} {right / total:>4.0%} | {kept:>3} {kept / total:>4.0%}")
    print("\nmost common confusions (gold -> predicted):")
    for (gold, predicted), count in agreement.confusions().most_common(8):
        print(f"  {count:>3}  {gold} -> {predicted}")
    print("\nconfusion matrix:\n" + confusion_table(agreement))
    if args.show_errors:
        from discofuse.tsv import read_rows

        rows = list(read_rows(dev_path))
        for row, (gold, predicted) in zip(rows, agreement.pairs):
            if gold == args.show_errors and predicted != gold:
                print(
                    f"\n[{predicted}] {row['coherent_first_sentence']} || {row['coherent_second_sentence']}"
                )


if __name__ == "__main__":
    main()
