"""Annotate text with spaCy (+ coreferee) into the backend-neutral `Document` model."""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterable, Iterator, Sequence

from spacy.language import Language
from spacy.tokens import Doc
from spacy.tokens import Token as SpacyToken

from discofuse.annotate.coref_links import add_rule_based_links
from discofuse.annotate.resolution import shared_resolver, trusted_clusters
from discofuse.annotate.spacy_loader import shared_pipeline
from discofuse.annotate.text_input import MAX_CHARS, MAX_SENTENCE_TOKENS, check_text
from discofuse.document import Cluster, Document, Mention, Sentence, Token, mention_kind
from discofuse.errors import BadInputError
from discofuse.labels import NOUN_PHRASE_LEFT_DEPS, PRONOUN_TAGS

Pretokenized = Sequence[Sequence[str]]
"""Sentences given as lists of words: kept exactly, one `Sentence` per inner list."""

AnnotatorInput = str | bytes | Pretokenized

_GIVEN_STARTS = "discofuse_sentence_starts"
COREF_WINDOW_TOKENS = 2_000
"""Coreference runs over windows of whole sentences of at most this many tokens (about six
paragraphs; a BBC report fits in one). coreferee compares each noun with those before it in
its Doc, so its cost grows faster than the window: on 5,000 tokens of a repetitive article a
window of 5,000 ran at 214 words/s, one of 2,000 at 412; on real sports text 2,000 and 1,000
were alike (1,313 and 1,323). The rules use a sentence and its neighbour."""
_BLANK_LINE = re.compile(r"\n\s*\n")


def paragraphs(text: str) -> list[str]:
    """Blank-line separated paragraphs, each on one line."""
    return [" ".join(block.split()) for block in _BLANK_LINE.split(text) if block.strip()]


class SpacyAnnotator:
    """Turns raw text or pre-tokenized sentences into `Document`s, batching with `nlp.pipe`."""

    def __init__(
        self,
        coref: bool = True,
        nlp: Language | None = None,
        batch_size: int = 64,
        max_chars: int = MAX_CHARS,
    ):
        self.nlp = nlp if nlp is not None else shared_pipeline(coref)
        self.coref = "coreferee" in self.nlp.pipe_names
        self.batch_size = batch_size
        self.max_chars = max_chars
        self._no_coref = ["coreferee"] if self.coref else []

    def annotate(self, text: AnnotatorInput, doc_id: str = "") -> Document:
        return next(self.annotate_many([(doc_id, text)]))

    def annotate_many(self, items: Iterable[tuple[str, AnnotatorInput]]) -> Iterator[Document]:
        """Annotate (id, input) pairs in order, `batch_size` documents at a time.

        Raw text is parsed paragraph by paragraph (blank lines separate paragraphs), so a title
        or a paragraph never runs into the next sentence; coreference then runs over the whole
        document. Raises BadInputError on the first bad input."""
        iterator = iter(items)
        while chunk := list(itertools.islice(iterator, self.batch_size)):
            prepared = [(doc_id, self._to_spacy_input(value)) for doc_id, value in chunk]
            units = [
                (unit, position)
                for position, (_, value) in enumerate(prepared)
                for unit in (value if isinstance(value, list) else [value])
            ]
            parsed: dict[int, list[Doc]] = {}
            for doc, position in self.nlp.pipe(
                units, as_tuples=True, batch_size=self.batch_size, disable=self._no_coref
            ):
                parsed.setdefault(position, []).append(doc)
            for position, (doc_id, _) in enumerate(prepared):
                docs = parsed.get(position) or [self.nlp.make_doc("")]
                doc = Doc.from_docs(docs) if len(docs) > 1 else docs[0]
                yield self.to_document(doc, doc_id)

    def annotate_with_offsets(
        self, text: str, doc_id: str = ""
    ) -> tuple[Document, list[list[int]]]:
        """One text parsed whole (no paragraph split) and the character offset of every token,
        by sentence, for benchmarks whose gold is given in character offsets (GAP)."""
        doc = self.nlp(check_text(text, self.max_chars), disable=self._no_coref)
        offsets = [[token.idx for token in tokens] for tokens in sentence_tokens(doc)]
        return self.to_document(doc, doc_id), offsets

    def parse(self, sentences: Pretokenized) -> list[Sentence]:
        """Pre-tokenized sentences parsed (kept exactly), without coreference."""
        return self.parse_many([sentences])[0]

    def parse_many(self, groups: Sequence[Pretokenized]) -> list[list[Sentence]]:
        """Each group of pre-tokenized sentences parsed as its own Doc, batched through
        `nlp.pipe`: how the output audit re-reads the examples of a document."""
        docs = (self._to_spacy_input(sentences) for sentences in groups)
        return [
            _sentences(doc)[0]
            for doc in self.nlp.pipe(docs, batch_size=self.batch_size, disable=self._no_coref)
        ]

    def split_sentences(self, texts: Sequence[str], pretokenized: bool = False) -> Pretokenized:
        """Given sentences (raw, or space-tokenized) as word lists, so their boundaries are kept."""
        if pretokenized:
            return [text.split() for text in texts]
        return [[t.text for t in self.nlp.tokenizer(text) if not t.is_space] for text in texts]

    def _to_spacy_input(self, text: AnnotatorInput) -> list[str] | Doc:
        """Paragraphs of raw text, or a Doc with the given words and sentence starts."""
        if isinstance(text, (str, bytes)):
            return paragraphs(check_text(text, self.max_chars))
        if not isinstance(text, Sequence) or not all(
            isinstance(sentence, Sequence) and not isinstance(sentence, str) for sentence in text
        ):
            raise BadInputError(
                f"Input must be text or a list of sentences (lists of words), not {text!r:.60}."
            )
        sentences = [[word for word in sentence if word.strip()] for sentence in text]
        sentences = [sentence for sentence in sentences if sentence]
        check_text(" ".join(" ".join(sentence) for sentence in sentences), self.max_chars)
        words = [word for sentence in sentences for word in sentence]
        doc = Doc(self.nlp.vocab, words=words, spaces=[True] * len(words))
        starts, position = [], 0
        for sentence in sentences:
            for offset in range(len(sentence)):
                doc[position + offset].is_sent_start = offset == 0
            starts.append(position)
            position += len(sentence)
        doc.user_data[_GIVEN_STARTS] = starts
        return doc

    def to_document(self, doc: Doc, doc_id: str = "") -> Document:
        """Convert a Doc parsed without coreferee, adding coreference when it is on; heads that
        leave their sentence become ROOT.

        Pre-tokenized sentences stay as given even where the parser would split them."""
        sentences, where = _sentences(doc)
        clusters = []
        if self.coref:
            chains = [
                cluster
                for window, positions in self._coreferee(doc)
                for cluster in _clusters(window, positions, where)
            ]
            trusted = trusted_clusters(sentences, chains, shared_resolver())
            clusters = add_rule_based_links(sentences, trusted)
        return Document(id=doc_id, sentences=sentences, clusters=clusters)


    def _coreferee(self, doc: Doc) -> list[tuple[Doc, list[int] | None]]:
        """coreferee's chains, as (Doc with chains, its token positions in `doc` or None when
        it is `doc` itself) per window. Sentences over MAX_SENTENCE_TOKENS are left out
        (coreferee is quadratic in sentence length), and a long document is cut into windows
        of whole sentences of at most COREF_WINDOW_TOKENS, so time and memory per document stay
        bounded; a chain never crosses a window."""
        coreferee = self.nlp.get_pipe("coreferee")
        sentences = list(doc.sents)
        kept = [span for span in sentences if len(span) <= MAX_SENTENCE_TOKENS]
        if len(kept) == len(sentences) and len(doc) <= COREF_WINDOW_TOKENS:
            return [(coreferee(doc), None)]
        windows: list[list[int]] = []  # [start, end) token ranges of consecutive sentences
        for span in sentences:
            if len(span) > MAX_SENTENCE_TOKENS:
                windows.append([span.end, span.end])  # skipped: the next window starts after it
            elif not windows or span.end - windows[-1][0] > COREF_WINDOW_TOKENS:
                windows.append([span.start, span.end])
            else:
                windows[-1][1] = span.end
        # One copy per window (a copy per sentence rescans the whole Doc's entities each time).
        return [
            (coreferee(doc[start:end].as_doc()), list(range(start, end)))
            for start, end in windows
            if end > start
        ]


def _sentences(doc: Doc) -> tuple[list[Sentence], dict[int, tuple[int, int]]]:
    """The Doc's sentences, and where each kept Doc token went (sentence, position)."""
    sentences: list[Sentence] = []
    where: dict[int, tuple[int, int]] = {}
    for kept in sentence_tokens(doc):
        sentence_index = len(sentences)
        local_of = {token.i: local for local, token in enumerate(kept)}
        for token in kept:
            where[token.i] = (sentence_index, local_of[token.i])
        sentences.append(Sentence(tokens=[_convert_token(t, local_of) for t in kept]))
    return sentences, where


def sentence_tokens(doc: Doc) -> list[list[SpacyToken]]:
    """The Doc's sentences as the tokens a `Document` keeps (space tokens dropped), so callers
    can map a `Document` position back to the Doc (and its character offsets)."""
    given = doc.user_data.get(_GIVEN_STARTS)
    spans = (
        [doc[start:end] for start, end in zip(given, [*given[1:], len(doc)])]
        if given is not None
        else list(doc.sents)
    )
    kept = ([token for token in span if not token.is_space] for span in spans)
    return [tokens for tokens in kept if tokens]  # a run of blank lines is no sentence


def _convert_token(token: SpacyToken, local_of: dict[int, int]) -> Token:
    """One token; a head outside the sentence (or a dropped space token) makes it a ROOT."""
    local = local_of[token.i]
    head = local_of.get(token.head.i)
    return Token(
        text=token.text,
        ws=token.whitespace_,
        tag=token.tag_,
        pos=token.pos_,
        dep=token.dep_ if head is not None else "ROOT",
        head=head if head is not None else local,
        lemma=token.lemma_,
        morph=str(token.morph),
        ent_type=token.ent_type_,
    )


def _span_of(head: SpacyToken) -> tuple[int, int]:
    """Document token range [start, end) of the noun phrase headed by `head` (pre-head part only)."""
    if head.tag_ in PRONOUN_TAGS:
        return head.i, head.i + 1
    start = head.i
    for child in head.lefts:
        if child.dep_ in NOUN_PHRASE_LEFT_DEPS:
            start = min(start, child.left_edge.i)
    return start, head.i + 1


def _clusters(
    doc: Doc, positions: list[int] | None, where: dict[int, tuple[int, int]]
) -> list[Cluster]:
    """coreferee chains as clusters of span mentions, dropping mentions that cross sentences.
    `positions` maps the tokens of a Doc that holds only some sentences to the whole Doc's."""

    def located(i: int) -> tuple[int, int] | None:
        return where.get(i if positions is None else positions[i])

    clusters = []
    for chain in doc._.coref_chains or []:
        mentions = []
        for coreferee_mention in chain:
            heads = [doc[i] for i in coreferee_mention.token_indexes]
            spans = [_span_of(head) for head in heads]
            start, end = min(s for s, _ in spans), max(e for _, e in spans)
            first, last, head = located(start), located(end - 1), located(heads[0].i)
            if first is None or last is None or head is None or first[0] != last[0]:
                continue  # crosses a sentence boundary or starts on a dropped space token
            if last[1] - first[1] != end - 1 - start:
                continue  # a space token inside the span
            mentions.append(
                Mention(
                    sentence=first[0],
                    start=first[1],
                    end=last[1] + 1,
                    head=head[1],
                    kind=mention_kind(heads[0].tag_),
                )
            )
        if len(mentions) > 1:
            clusters.append(Cluster(mentions=mentions))
    return clusters
