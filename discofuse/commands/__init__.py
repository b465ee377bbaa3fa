"""Subcommands of the `discofuse` CLI, one module each (`register` adds its parser).

A module imports the parser, the engine or Beam inside `run`, never at the top, so `discofuse
--help` and `--version` start in well under a second."""

from __future__ import annotations

import argparse

from discofuse import DEFAULT_RULES_DIR
from discofuse.annotate import COREF_BACKENDS, DEFAULT_COREF


def add_rules_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--rules",
        default="paper",
        help="rule set: 'paper' (default, the paper's rules), 'extended' (plus rules beyond the "
        f"paper), or a folder of your own rule files (the shipped ones: {DEFAULT_RULES_DIR})",
    )


def add_coref_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--coref",
        choices=COREF_BACKENDS,
        default=DEFAULT_COREF,
        help=f"coreference backend (default {DEFAULT_COREF}: the project's chains and pronoun "
        "resolver; coreferee: needs the coreferee extra and its model; none: no coreference, "
        "so no *_ANAPHORA examples)",
    )
    parser.add_argument(
        "--no-coref", dest="coref", action="store_const", const="none", help="same as --coref none"
    )


def add_audit_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--no-audit",
        action="store_true",
        help="keep examples the output audit would drop (generated sentences that are not whole)",
    )


def add_pretokenized_option(
    parser: argparse.ArgumentParser, help: str = "text is space-tokenized"
) -> None:
    parser.add_argument("--pretokenized", action="store_true", help=help)
