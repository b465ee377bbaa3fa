"""The `discofuse` command: one subcommand per module, errors as one line without a traceback."""

from __future__ import annotations

import argparse
import sys

from discofuse import __version__
from discofuse.errors import DiscofuseError


def build_parser() -> argparse.ArgumentParser:
    from discofuse.commands import annotate, check_rules, coref_eval, debug, generate, unfuse

    parser = argparse.ArgumentParser(
        prog="discofuse",
        description="Rule-based generator of DiscoFuse-style sentence-fusion data.",
    )
    parser.add_argument("--version", action="version", version=f"discofuse {__version__}")
    subcommands = parser.add_subparsers(dest="command", metavar="COMMAND")
    for module in (annotate, debug, check_rules, unfuse, generate, coref_eval):
        module.register(subcommands)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args, extra = parser.parse_known_args(argv)
    if extra and not getattr(args, "accepts_extra", False):
        parser.error(f"unrecognized arguments: {' '.join(extra)}")
    args.extra = extra
    if not getattr(args, "run", None):
        parser.print_help()
        return 2
    try:
        return args.run(args) or 0
    except DiscofuseError as error:
        print(f"discofuse: {error}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
