"""Annotate with Stanza, or read CoNLL-U from any UD parser, into the `Document` model.

UD labels are mapped to the canonical (spaCy English) scheme by `discofuse.labels`. Stanza's own
models are never downloaded: the pipeline runs with `download_method=None` and a missing model is
reported as one sentence naming what to install.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any

from discofuse.annotate.text_input import MAX_CHARS, check_text
from discofuse.document import Cluster, Document, Mention, Sentence, Token, mention_kind
from discofuse.errors import ModelMissingError
from discofuse.labels import ud_to_canonical

STANZA_PROCESSORS = "tokenize,pos,lemma,depparse,coref"


def _stanza():
    """The stanza module; an optional extra (it brings torch, 750 MB)."""
    try:
        import stanza
    except ModuleNotFoundError:
        raise ModelMissingError(
            "The Stanza backend and the CoNLL-U reader need the optional extra: "
            "pip install 'discofuse[stanza]'."
        ) from None
    return stanza


class StanzaAnnotator:
    """Stanza's English pipeline with coreference; needs the user's own Stanza models."""

    def __init__(self, model_dir: str | None = None, max_chars: int = MAX_CHARS):
        stanza = _stanza()

        options: dict[str, Any] = {"lang": "en", "processors": STANZA_PROCESSORS}
        if model_dir:
            options["dir"] = model_dir
        try:
            self.pipeline = stanza.Pipeline(download_method=None, logging_level="WARN", **options)
        except Exception as error:  # noqa: BLE001 - stanza raises several types for a missing
            # model file; re-raised as ModelMissingError, never swallowed
            where = model_dir or stanza.resources.common.DEFAULT_MODEL_DIR
            raise ModelMissingError(
                f"Stanza English models ({STANZA_PROCESSORS}) are not installed in {where}; "
                f"on a machine with network run stanza.download('en', processors="
                f"'{STANZA_PROCESSORS}') and copy the folder here ({type(error).__name__})."
            ) from None
        self.max_chars = max_chars

    def annotate(self, text: str | bytes, doc_id: str = "") -> Document:
        text = check_text(text, self.max_chars)
        if not text:
            return Document(id=doc_id)
        return stanza_to_document(self.pipeline(text), doc_id)


def read_conllu(source: str | Path, doc_id: str = "") -> Document:
    """A CoNLL-U file (path) or string (contains a newline) as a Document, through Stanza's reader."""
    _stanza()
    from stanza.utils.conll import CoNLL

    if isinstance(source, Path) or "\n" not in source:
        stanza_doc = CoNLL.conll2doc(input_file=str(source))
    else:
        stanza_doc = CoNLL.conll2doc(input_str=source)
    return stanza_to_document(stanza_doc, doc_id)


def stanza_to_document(stanza_doc: Any, doc_id: str = "") -> Document:
    """Convert a stanza Document (parsed or read from CoNLL-U) to our model."""
    sentences = [Sentence(tokens=_tokens(sentence)) for sentence in stanza_doc.sentences]
    clusters = _clusters(getattr(stanza_doc, "coref", None) or [], sentences)
    return Document(id=doc_id, sentences=sentences, clusters=clusters)


def _tokens(sentence: Any) -> list[Token]:
    entity_of_word = _entity_types(sentence)
    tokens = []
    for token in sentence.tokens:
        space_after = getattr(token, "spaces_after", " ")
        for position, word in enumerate(token.words):
            last = position == len(token.words) - 1
            tokens.append(
                Token(
                    text=word.text,
                    ws=space_after if last else "",
                    tag=word.xpos or "",
                    pos=word.upos or "",
                    dep=ud_to_canonical(word.deprel or "dep", word.xpos or "", word.lemma or ""),
                    head=(word.head - 1) if word.head else word.id - 1,
                    lemma=word.lemma or "",
                    morph=word.feats or "",
                    ent_type=entity_of_word.get(word.id, ""),
                )
            )
    return tokens


def _entity_types(sentence: Any) -> dict[int, str]:
    types: dict[int, str] = {}
    for entity in getattr(sentence, "ents", None) or []:
        for token in entity.tokens:
            for word in token.words:
                types[word.id] = entity.type
    return types


def _clusters(chains: Iterable[Any], sentences: list[Sentence]) -> list[Cluster]:
    clusters = []
    for chain in chains:
        mentions = []
        for mention in chain.mentions:
            if not isinstance(mention.start_word, int):
                continue  # zero anaphora has no words to replace
            tokens = sentences[mention.sentence].tokens
            head = _span_head(tokens, mention.start_word, mention.end_word)
            mentions.append(
                Mention(
                    sentence=mention.sentence,
                    start=mention.start_word,
                    end=mention.end_word,
                    head=head,
                    kind=mention_kind(tokens[head].tag),
                )
            )
        if len(mentions) > 1:
            clusters.append(Cluster(mentions=mentions))
    return clusters


def _span_head(tokens: list[Token], start: int, end: int) -> int:
    """The span's token whose head lies outside the span (the last such, for a flat name)."""
    outside = [
        i for i in range(start, end) if not start <= tokens[i].head < end or tokens[i].head == i
    ]
    return outside[-1] if outside else end - 1
