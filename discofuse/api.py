"""The Python API: unfuse a sentence, a pair, or many documents with the same annotator, rules
and output audit as the command line.

    import discofuse

    example = discofuse.unfuse("The shop opened at nine but the queue had formed at dawn.")
    print(example.discourse_type, example.incoherent_first_sentence)
    unfuser = discofuse.Unfuser(audit=True)
    for document_id, example in unfuser.documents([("a1", "First text ..."), ("a2", "...")]):
        ...
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Iterator
from pathlib import Path

from discofuse.annotate import DEFAULT_COREF
from discofuse.annotate.spacy_backend import SpacyAnnotator
from discofuse.annotate.text_input import PAIR_MARKER
from discofuse.audit import Auditor
from discofuse.corpus.steps import GenerationConfig, audit_passes, unfuse_document
from discofuse.engine import CandidateError, Engine, Example, load_rules
from discofuse.errors import BadInputError
from discofuse.unfusion import split_pair, unfuse_texts


class Unfuser:
    """Loads the model and the rules once; reuse it for many calls."""

    def __init__(self, rules: str | Path = "paper", coref: str = DEFAULT_COREF, audit: bool = True):
        """`rules`: "paper", "extended" or a folder of rule files (as `--rules`); `coref`: a
        coreference backend (as `--coref`: "discofuse", "coreferee" or "none")."""
        rule_set = load_rules(rules)
        self.engine = Engine(rule_set)
        self.annotator = SpacyAnnotator(coref=coref)
        self.auditor = Auditor(self.annotator.parse_many, rule_set.inserted_words) if audit else None

    def unfuse(self, text: str | list[str], second: str | None = None) -> Example | None:
        """The example for one sentence, or a pair: `unfuse(first, second)`, a list of two
        strings, or one string with `PAIR_MARKER` between them; None when no rule matches, the
        audit drops it or a rule's search runs over its budget."""
        if second is not None:
            texts = [text, second] if isinstance(text, str) else [*text, second]
        else:
            texts = split_pair(text) if isinstance(text, str) else list(text)
        if not 1 <= len(texts) <= 2:
            raise BadInputError(f"{len(texts)} texts; a candidate is one sentence or a pair.")
        try:
            document, example = unfuse_texts(self.engine, self.annotator, texts)
        except CandidateError:
            return None  # a rule's search exploded or crashed on this text: nothing safe
        if example is None or not audit_passes(example, document.sentences, self.auditor):
            return None
        return example

    def documents(
        self, documents: Iterable[tuple[str, str]], config: GenerationConfig | None = None
    ) -> Iterator[tuple[str, Example]]:
        """(document id, example) for every example of every (id, text) document, as
        `discofuse generate` makes them (filters, rules, audit, PAIR_NONE sampling; `config`
        sets the rates), streamed in order."""
        config = config or GenerationConfig()
        for document in self.annotator.annotate_many(documents):
            for _, example in unfuse_document(document, self.engine, config, auditor=self.auditor):
                yield document.id, example


@functools.lru_cache(maxsize=1)
def default_unfuser() -> Unfuser:
    return Unfuser()


def unfuse(text: str | list[str], second: str | None = None) -> Example | None:
    """One sentence or pair unfused with the shipped rules (the model loads on first call):
    `unfuse("One sentence.")`, `unfuse("First.", "Second.")`."""
    return default_unfuser().unfuse(text, second)


__all__ = ["PAIR_MARKER", "Unfuser", "unfuse"]
