"""`discofuse check-rules`: validate the rule files and run every rule's embedded examples."""

from __future__ import annotations

import argparse
import os

from discofuse.commands import add_rules_option


def register(subcommands: argparse._SubParsersAction) -> None:
    parser = subcommands.add_parser(
        "check-rules",
        help="validate rule files and run their embedded examples",
        description="Load and validate the rules, then run each rule's examples with that rule "
        "alone (and, to show overlaps, with every rule as generate runs them).",
    )
    add_rules_option(parser)
    shown = parser.add_mutually_exclusive_group()
    shown.add_argument("--schema", action="store_true",
                       help="print the JSON Schema (draft 2020-12) of a rule file, for editors")
    shown.add_argument("--reference", action="store_true",
                       help="print the rule-language reference (docs/rule-language.md)")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    import json

    from discofuse.engine import language

    if args.schema:
        print(json.dumps(language.json_schema(), indent=2, ensure_ascii=False))
        return 0
    if args.reference:
        print(language.reference_markdown(), end="")
        return 0
    from discofuse.annotate.spacy_backend import SpacyAnnotator
    from discofuse.engine import load_rules
    from discofuse.unfusion import check_rule_examples

    rules = load_rules(args.rules)
    checks = check_rule_examples(rules, SpacyAnnotator())
    for check in checks:
        if check.passed and args.verbosity < 0:
            continue
        where = os.path.relpath(check.where.rsplit(":", 1)[0]) + ":" + check.where.rsplit(":", 1)[1]
        kind = "example" if check.expected is not None else "counter-example"
        print(
            f"{'ok  ' if check.passed else 'FAIL'} {where} {check.rule} {kind}: {' || '.join(check.text)}"
        )
        if not check.passed:
            print(f"       expected {check.expected}")
            print(f"       got      {check.got} {check.got_type}".rstrip())
        if check.passed and check.whole_set:
            print(f"       with every rule: {check.whole_set} gives a different result first")
    failed = sum(not check.passed for check in checks)
    overlaps = sum(bool(check.whole_set) for check in checks if check.passed)
    if failed or args.verbosity >= 0:
        print(f"{len(rules.rules)} rules: {len(checks) - failed} examples passed, {failed} failed"
              f"; {overlaps} examples another rule claims first when every rule runs")
    return 1 if failed else 0
