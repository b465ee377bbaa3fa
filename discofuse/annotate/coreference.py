"""The coreference backends `--coref` chooses between, over a parsed spaCy Doc.

- `discofuse` (default): the project's chains of names and noun phrases (`coref_links`) and its
  pronoun resolver (`resolution`). It is the default because it scores higher on GAP and
  OntoGUM than coreferee and is about three times faster (README, "Coreference backends").
- `coreferee`: coreferee 1.5.0's chains, with the English model trained here on LitBank
  (models/coreferee_model_en); installed with the `coreferee` extra.
- `none`: no coreference; no rule then replaces a pronoun or a name (no *_ANAPHORA example).

A backend turns the Doc and the `Sentence`s made from it into `Cluster`s; the rules and the
anaphora policy read only those, whichever backend made them.
"""

from __future__ import annotations

import functools
import importlib.util
import warnings
from collections.abc import Callable
from typing import Any

from spacy.language import Language
from spacy.tokens import Doc
from spacy.tokens import Token as SpacyToken

from discofuse.annotate import COREF_BACKENDS
from discofuse.annotate.resolution import document_clusters
from discofuse.annotate.text_input import MAX_SENTENCE_TOKENS
from discofuse.document import Cluster, Mention, Sentence, mention_kind
from discofuse.errors import ModelMissingError
from discofuse.labels import NOUN_PHRASE_LEFT_DEPS, PRONOUN_TAGS

COREFEREE_INSTALL_HINT = (
    'pip install "discofuse[coreferee]" and then pip install --no-deps '
    "models/coreferee_model_en (the model trained for this project; `make setup` does both)"
)
COREFEREE_WINDOW_TOKENS = 2_000
"""coreferee reads windows of whole sentences of at most this many tokens: it compares each noun
with those before it in its Doc, so its cost grows faster than the window (on 5,000 tokens of a
repetitive article a window of 5,000 ran at 214 words/s, one of 2,000 at 412). A BBC report fits
in one window; a chain never crosses two."""

TokenLists = list[list[SpacyToken]]
Backend = Callable[[list[Doc], TokenLists, list[Sentence]], list[Cluster]]
"""(a document's parsed Docs (one per paragraph), the Doc tokens of each kept sentence, those
sentences) -> clusters."""


def coref_backend(name: str, nlp: Language) -> Backend:
    """The backend called `name` for Docs parsed by `nlp` (loaded once per process); a
    ModelMissingError naming the install command when coreferee is not installed."""
    if name not in COREF_BACKENDS:
        raise ValueError(f"unknown coreference backend {name!r}: choose {', '.join(COREF_BACKENDS)}")
    if name == "none":
        return lambda docs, tokens, sentences: []
    if name == "coreferee":
        return functools.partial(_coreferee_clusters, _coreferee_annotator(nlp))
    return lambda docs, tokens, sentences: document_clusters(sentences)


def require_installed(name: str) -> None:
    """A ModelMissingError naming the install command when backend `name` needs packages that
    are not installed (checked before a run starts, so it fails in one line, not in a worker)."""
    if name != "coreferee":
        return
    for package in ("coreferee", "coreferee_model_en"):
        if importlib.util.find_spec(package) is None:
            raise ModelMissingError(
                f"--coref coreferee needs {package}, which is not installed: "
                f"{COREFEREE_INSTALL_HINT}."
            )


@functools.lru_cache(maxsize=2)
def _coreferee_annotator(nlp: Language) -> Any:
    """coreferee's annotator for `nlp`. coreferee accepts a pipeline only under the official
    model's name ("core_web_sm"); the PyPI mirror has another, so the name is lent for the
    check. It is called on Docs directly, not added to the pipeline, so the audit's re-parse and
    the other backends never run it."""
    require_installed("coreferee")
    from coreferee.manager import CorefereeBroker, CorefereeManager

    # coreferee asks the vector-less sm model for similarities; spaCy warns on every call.
    warnings.filterwarnings("ignore", message=r"\[W007\]", category=UserWarning)
    CorefereeBroker.set_extensions()
    name = nlp.meta["name"]
    nlp.meta["name"] = "core_web_sm"
    try:
        return CorefereeManager().get_annotator(nlp)
    finally:
        nlp.meta["name"] = name


def _coreferee_clusters(
    annotator: Any, docs: list[Doc], tokens: TokenLists, sentences: list[Sentence]
) -> list[Cluster]:
    """coreferee's chains over windows of whole sentences, as clusters of span mentions.
    Sentences over MAX_SENTENCE_TOKENS are left out (coreferee is quadratic in sentence
    length), as the default backend leaves them out. The paragraphs' Docs are merged into one,
    so chains cross paragraphs."""
    from discofuse.annotate.spacy_backend import sentence_tokens  # (it imports this module)

    if len(docs) > 1:
        doc = Doc.from_docs(docs)
        tokens = sentence_tokens(doc)
    else:
        doc = docs[0]
    where = {
        token.i: (index, local)
        for index, kept in enumerate(tokens)
        for local, token in enumerate(kept)
    }
    windows: list[list[int]] = []  # [start, end) Doc token ranges of consecutive sentences
    for kept in tokens:
        start, end = kept[0].i, kept[-1].i + 1
        if len(kept) > MAX_SENTENCE_TOKENS:
            windows.append([end, end])  # left out: the next window starts after it
        elif not windows or end - windows[-1][0] > COREFEREE_WINDOW_TOKENS:
            windows.append([start, end])
        else:
            windows[-1][1] = end
    clusters = []
    for start, end in windows:
        if end > start:
            window = doc[start:end].as_doc()
            annotator.annotate(window)
            clusters.extend(_chains(window, start, where, sentences))
    return clusters


def _chains(
    window: Doc, offset: int, where: dict[int, tuple[int, int]], sentences: list[Sentence]
) -> list[Cluster]:
    """The window's chains as clusters; a mention that would cross a sentence or hold a
    dropped space token is left out, and a chain left with one mention is no cluster."""
    clusters = []
    for chain in window._.coref_chains or []:
        mentions = []
        for coreferee_mention in chain:
            heads = [window[i] for i in coreferee_mention.token_indexes]
            spans = [_span_of(head) for head in heads]
            start, end = min(s for s, _ in spans) + offset, max(e for _, e in spans) + offset
            first, last = where.get(start), where.get(end - 1)
            head = where.get(heads[0].i + offset)
            if first is None or last is None or head is None or first[0] != last[0]:
                continue
            if last[1] - first[1] != end - 1 - start:
                continue
            mentions.append(
                Mention(sentence=first[0], start=first[1], end=last[1] + 1, head=head[1],
                        kind=mention_kind(sentences[head[0]].tokens[head[1]].tag))
            )
        if len(mentions) > 1:
            clusters.append(Cluster(mentions=mentions))
    return clusters


def _span_of(head: SpacyToken) -> tuple[int, int]:
    """Token range [start, end) of the noun phrase headed by `head` (the part before the head:
    coreferee gives heads only; a pronoun is itself)."""
    if head.tag_ in PRONOUN_TAGS:
        return head.i, head.i + 1
    start = head.i
    for child in head.lefts:
        if child.dep_ in NOUN_PHRASE_LEFT_DEPS:
            start = min(start, child.left_edge.i)
    return start, head.i + 1
