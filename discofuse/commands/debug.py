"""`discofuse debug`: the rule debugger (`discofuse.debugger`), one-shot or interactive."""

from __future__ import annotations

import argparse

from discofuse.annotate.text_input import PAIR_MARKER
from discofuse.commands import add_coref_option, add_pretokenized_option, add_rules_option


def register(subcommands: argparse._SubParsersAction) -> None:
    parser = subcommands.add_parser(
        "debug",
        help="trace the rules on one sentence or pair (interactive without --text)",
        description=f"Trace rules on a sentence, or a pair written 'First. {PAIR_MARKER} Second.'",
    )
    parser.add_argument("--text", help="one-shot: the sentence or pair to trace")
    add_rules_option(parser)
    parser.add_argument("--rule", help="try only this rule")
    parser.add_argument("--all", action="store_true", help="explain every rule separately")
    parser.add_argument("--json", action="store_true", help="machine-readable output")
    add_pretokenized_option(parser)
    add_coref_option(parser)
    parser.set_defaults(run=run)



def run(args: argparse.Namespace) -> int:
    from discofuse.debugger import run_debugger

    return run_debugger(args)
