"""Print how closely the rules reproduce DiscoFuse (issue: fidelity, measured on real data).

Usage: python scripts/fidelity.py [--shared ../shared] [--rules rules/] [--show-errors TYPE]
"""

from __future__ import annotations

import argparse
from pathlib import Path

from discofuse.annotate.spacy_backend import SpacyAnnotator
from discofuse.audit import Auditor
from discofuse.engine import DEFAULT_RULES_DIR, Engine, load_rules
from discofuse.fidelity import (
    agreement_on,
    compare_paper_examples,
    compare_released,
    confusion_table,
)

REPO = Path(__file__).resolve().parent.parent


def show_comparisons(title: str, comparisons) -> None:
    exact = sum(not c.differing for c in comparisons)
    print(f"{title}: {exact}/{len(comparisons)}")
    for comparison in comparisons:
        for column in comparison.differing:
            print(f"  {column}: expected {comparison.expected[column]!r}")
            print(f"  {' ' * len(column)}  got      {comparison.got.get(column)!r}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shared", type=Path, default=REPO.parent / "shared")
    parser.add_argument("--rules", type=Path, default=DEFAULT_RULES_DIR)
    parser.add_argument(
        "--show-errors", metavar="TYPE", help="list dev rows of this gold type we miss"
    )
    args = parser.parse_args()
    reference = args.shared / "reference" / "discofuse"
    rules = load_rules(args.rules)
    engine = Engine(rules)
    annotator = SpacyAnnotator()

    released = compare_released(engine, annotator, reference / "released_rows.tsv")
    show_comparisons("released rows reproduced exactly (8 columns)", released)
    paper = compare_paper_examples(engine, annotator, reference / "paper_examples.tsv")
    show_comparisons("\npaper examples reproduced (incoherent pair + type)", paper)

    dev_path = args.shared / "data" / "discofuse_dev.tsv"
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
    audited = agreement_on(engine, annotator, dev_path, Auditor(annotator.parse_many, rules.inserted_words))
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
