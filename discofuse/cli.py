"""The `discofuse` command: one subcommand per module, errors as one line without a traceback."""

from __future__ import annotations

import argparse
import logging
import os
import sys

from discofuse import __version__
from discofuse.errors import DiscofuseError


def build_parser() -> argparse.ArgumentParser:
    from discofuse.commands import (
        annotate,
        check_rules,
        coref_eval,
        debug,
        eval_fusion,
        export,
        generate,
        stats,
        unfuse,
    )

    parser = argparse.ArgumentParser(
        prog="discofuse",
        description="Rule-based generator of DiscoFuse-style sentence-fusion data.",
    )
    parser.add_argument("--version", action="version", version=f"discofuse {__version__}")
    subcommands = parser.add_subparsers(dest="command", metavar="COMMAND")
    for module in (
        annotate, debug, check_rules, unfuse, generate, eval_fusion, stats, export, coref_eval
    ):
        module.register(subcommands)
    for command in subcommands.choices.values():
        add_verbosity_options(command)
    return parser


def add_verbosity_options(parser: argparse.ArgumentParser) -> None:
    """`-v` and `-q` on every subcommand, as `args.verbosity` (1, 0 or -1)."""
    group = parser.add_mutually_exclusive_group()
    group.add_argument(
        "-v",
        "--verbose",
        dest="verbosity",
        action="store_const",
        const=1,
        default=0,
        help="more output: progress even when not on a terminal, and the libraries' INFO logs",
    )
    group.add_argument(
        "-q",
        "--quiet",
        dest="verbosity",
        action="store_const",
        const=-1,
        help="errors only: no progress and no end-of-run summary",
    )


def configure_logging(verbosity: int) -> None:
    """Python logging for the run: INFO with -v; otherwise only errors, because Beam and the
    model loaders log routine events as warnings."""
    level = logging.INFO if verbosity > 0 else logging.ERROR
    logging.basicConfig(level=level, format="%(levelname)s %(name)s: %(message)s")
    logging.getLogger().setLevel(level)


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args, extra = parser.parse_known_args(argv)
    if extra and not getattr(args, "accepts_extra", False):
        parser.error(f"unrecognized arguments: {' '.join(extra)}")
    args.extra = extra
    if not getattr(args, "run", None):
        parser.print_help()
        return 2
    configure_logging(args.verbosity)
    for stream in (sys.stdout, sys.stderr):  # text read with errors kept as surrogates (a
        if hasattr(stream, "reconfigure"):  # Latin-1 byte in --text) prints, escaped
            stream.reconfigure(errors="backslashreplace")
    try:
        return args.run(args) or 0
    except DiscofuseError as error:
        print(f"discofuse: {error}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130
    except PermissionError as error:  # a folder or file this user may not write or read
        print(f"discofuse: permission denied: {error.filename or error}", file=sys.stderr)
        return 1
    except BrokenPipeError:  # "discofuse stats OUT | head -1": the reader left; not an error
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 0


if __name__ == "__main__":
    sys.exit(main())
