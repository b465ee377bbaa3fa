"""`discofuse annotate`: parse text into the annotated-text model and show or dump it."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from discofuse.annotate.text_input import pretokenize
from discofuse.commands import add_coref_option, add_pretokenized_option
from discofuse.errors import BadInputError

if TYPE_CHECKING:
    from discofuse.document import Document


def register(subcommands: argparse._SubParsersAction) -> None:
    parser = subcommands.add_parser(
        "annotate",
        help="parse text (tokens, tags, dependencies, coreference)",
        description="Annotate a text file (or --text) and print the parse table or JSON lines.",
    )
    parser.add_argument("path", nargs="?", type=Path, help="text file (UTF-8), or .conllu")
    parser.add_argument("--text", help="annotate this text instead of a file")
    parser.add_argument(
        "--backend", choices=("spacy", "stanza"), default="spacy", help="parser (default spacy)"
    )
    add_coref_option(parser)
    add_pretokenized_option(
        parser, "text is space-tokenized, one sentence per line; tokens are kept exactly"
    )
    parser.add_argument("--json", action="store_true", help="print the document as JSON")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from discofuse.render import parse_table

    document = annotate_input(args)
    if args.json:
        json.dump(document.to_dict(), sys.stdout, ensure_ascii=False)
        print()
    else:
        print(parse_table(document))
    return 0


def annotate_input(args: argparse.Namespace) -> Document:
    if args.path is not None and args.path.suffix == ".conllu":
        from discofuse.annotate.stanza_backend import read_conllu

        try:
            return read_conllu(args.path, doc_id=args.path.name)
        except (ValueError, IndexError, KeyError) as error:  # stanza's CoNLLError is a
            # ValueError; a head or id out of range surfaces as the others
            raise BadInputError(
                f"{args.path} is not a readable CoNLL-U file ({type(error).__name__}: "
                f"{str(error).splitlines()[0] if str(error) else 'bad token line'})"
            ) from None
    if args.text is not None:
        raw: str | bytes = args.text
        doc_id = "text"
    elif args.path is not None:
        if not args.path.is_file():
            raise BadInputError(f"{args.path} is not a file.")
        raw = args.path.read_bytes()
        doc_id = args.path.name
    else:
        raise BadInputError("Give a file to annotate or --text.")
    if args.backend == "stanza":
        from discofuse.annotate.stanza_backend import StanzaAnnotator

        if args.coref == "coreferee":
            raise BadInputError("--coref coreferee reads spaCy parses: use it with --backend spacy.")
        document = StanzaAnnotator().annotate(raw, doc_id)  # Stanza's own coreference
        if args.coref == "none":
            document.clusters = []
        return document
    from discofuse.annotate.spacy_backend import SpacyAnnotator
    from discofuse.annotate.text_input import check_text

    annotator = SpacyAnnotator(coref=args.coref)
    if args.pretokenized:
        text = check_text(raw)
        return annotator.annotate([pretokenize(line) for line in text.splitlines()], doc_id)
    return annotator.annotate(raw, doc_id)
