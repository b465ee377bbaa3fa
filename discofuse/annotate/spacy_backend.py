"""Annotate text with spaCy (+ a coreference backend) into the backend-neutral `Document` model."""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import TypeVar

from lemminflect import getAllLemmas
from spacy.language import Language
from spacy.tokens import Doc
from spacy.tokens import Token as SpacyToken

from discofuse.annotate import DEFAULT_COREF
from discofuse.annotate.coreference import coref_backend
from discofuse.annotate.spacy_loader import shared_pipeline
from discofuse.annotate.text_input import MAX_CHARS, check_text, normalize_typography
from discofuse.document import Document, Sentence, Token
from discofuse.errors import BadInputError

Pretokenized = Sequence[Sequence[str]]
"""Sentences given as lists of words: kept exactly, one `Sentence` per inner list."""

AnnotatorInput = str | bytes | Pretokenized

T = TypeVar("T")
_GIVEN_STARTS = "discofuse_sentence_starts"
_BLANK_LINE = re.compile(r"\n\s*\n")


MAX_PIECE_CHARS = 20_000
"""The most text handed to the parser at once. A paragraph longer than this (a 996 KB text with
no blank line took 8.3 GB in one worker; 180,000 words with no punctuation, 3.3 GB) is cut at
the last sentence end before it, else at the last space, else at the limit itself."""
_SENTENCE_END = re.compile(r"[.!?][\"')\]]* (?=[A-Z\"'(\[])")


def paragraphs(text: str, max_piece: int = MAX_PIECE_CHARS) -> list[str]:
    """Blank-line separated paragraphs, each on one line, in pieces of at most `max_piece`
    characters."""
    found = []
    for block in _BLANK_LINE.split(text):
        if block.strip():
            found.extend(_pieces(" ".join(block.split()), max_piece))
    return found


MAX_BATCH_CHARS = 60_000
"""The most text the parser takes in one batch: its memory grows with the batch, and 45 pieces
of 20,000 characters in one batch took 3 GB."""


def _bounded_groups(
    units: Iterable[T], limit: int, text: Callable[[T], str | Doc]
) -> Iterator[list[T]]:
    """`units` in order, in groups of at most `limit` characters of their `text` (a unit
    longer than that is a group of its own)."""
    group: list[T] = []
    size = 0
    for unit in units:
        content = text(unit)
        length = len(content) if isinstance(content, str) else len(content.text)
        if group and size + length > limit:
            yield group
            group, size = [], 0
        group.append(unit)
        size += length
    if group:
        yield group


def _pieces(paragraph: str, limit: int) -> list[str]:
    pieces, start = [], 0
    while len(paragraph) - start > limit:
        window = paragraph[start : start + limit]
        ends = [match.end() for match in _SENTENCE_END.finditer(window)]
        cut = ends[-1] if ends else window.rfind(" ") + 1 or limit
        pieces.append(paragraph[start : start + cut].strip())
        start += cut
    pieces.append(paragraph[start:].strip())
    return [piece for piece in pieces if piece]


class SpacyAnnotator:
    """Turns raw text or pre-tokenized sentences into `Document`s, batching with `nlp.pipe`."""

    def __init__(
        self,
        coref: str = DEFAULT_COREF,
        nlp: Language | None = None,
        batch_size: int = 64,
        max_chars: int = MAX_CHARS,
    ):
        """`coref`: a backend of `coreference.COREF_BACKENDS` ("discofuse", "coreferee",
        "none")."""
        self.nlp = nlp if nlp is not None else shared_pipeline()
        self.coref = coref
        self._clusters = coref_backend(coref, self.nlp)
        self.batch_size = batch_size
        self.max_chars = max_chars

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
            for group in _bounded_groups(units, MAX_BATCH_CHARS, lambda unit: unit[0]):
                for doc, position in self.nlp.pipe(group, as_tuples=True, batch_size=len(group)):
                    parsed.setdefault(position, []).append(doc)
            for position, (doc_id, _) in enumerate(prepared):
                yield self._document(parsed.get(position) or [self.nlp.make_doc("")], doc_id)

    def annotate_with_offsets(
        self, text: str, doc_id: str = ""
    ) -> tuple[Document, list[list[int]]]:
        """One text parsed whole (no paragraph split) and the character offset of every token,
        by sentence, for benchmarks whose gold is given in character offsets (GAP)."""
        doc = self.nlp(check_text(text, self.max_chars, normalize=False))
        offsets = [[token.idx for token in tokens] for tokens in sentence_tokens(doc)]
        return self.to_document(doc, doc_id), offsets

    def parse(self, sentences: Pretokenized) -> list[Sentence]:
        """Pre-tokenized sentences parsed (kept exactly), without coreference."""
        return self.parse_many([sentences])[0]

    def parse_many(self, groups: Sequence[Pretokenized]) -> list[list[Sentence]]:
        """Each group of pre-tokenized sentences parsed as its own Doc, through `nlp.pipe` in
        batches of at most MAX_BATCH_CHARS characters: how the output audit re-reads examples.
        The parser's matrix products run faster on bigger batches (the audit's parse of 150 BBC
        articles' examples took 5.9 s a document at a time, 3.5 s in batches of 1,000
        examples). Without the entity recognizer: the audit reads tags, dependencies and
        lemmas only (the same verdicts on the three corpora), and entities took about a fifth
        of the parse."""
        docs = (self._to_spacy_input(sentences) for sentences in groups)
        return [
            _sentences(sentence_tokens(doc))
            for batch in _bounded_groups(docs, MAX_BATCH_CHARS, lambda doc: doc)
            for doc in self.nlp.pipe(batch, batch_size=len(batch), disable=["ner"])
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
        sentences = [
            [part for word in sentence for part in normalize_typography(word).split()]
            for sentence in text
        ]
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
        """Convert a parsed Doc, adding the coreference backend's clusters; heads that leave
        their sentence become ROOT. Pre-tokenized sentences stay as given even where the
        parser would split them."""
        return self._document([doc], doc_id)

    def _document(self, docs: list[Doc], doc_id: str) -> Document:
        """One document from the Docs of its paragraphs, in order. They are not merged into
        one Doc (`Doc.from_docs` took a tenth of annotation on BBC articles): the sentences
        are read from each, and a backend that needs one Doc merges them itself."""
        tokens = [sentence for doc in docs for sentence in sentence_tokens(doc)]
        sentences = _sentences(tokens)
        clusters = self._clusters(docs, tokens, sentences)
        return Document(id=doc_id, sentences=sentences, clusters=clusters)


def _sentences(tokens: list[list[SpacyToken]]) -> list[Sentence]:
    """The kept tokens of each sentence as `Sentence`s (heads local to each sentence)."""
    sentences: list[Sentence] = []
    for kept in tokens:
        local_of = {token.i: local for local, token in enumerate(kept)}
        sentences.append(Sentence(tokens=[_convert_token(t, local_of) for t in kept]))
    return sentences


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
    tag, pos, lemma = token.tag_, token.pos_, token.lemma_
    if _name_read_as_noun(token, first=local == 0):
        tag, pos, lemma = ("NNPS" if token.ent_type_ == "NORP" else "NNP"), "PROPN", token.text
    return Token(
        text=token.text,
        ws=token.whitespace_,
        tag=tag,
        pos=pos,
        dep=token.dep_ if head is not None else "ROOT",
        head=head if head is not None else local,
        lemma=lemma,
        morph=str(token.morph),
        ent_type=token.ent_type_,
    )


NAME_ROLES = frozenset({"nsubj", "nsubjpass", "dobj", "pobj", "appos", "conj", "poss"})
"""Dependencies of a noun phrase: an interjection in one is a name the tagger did not know."""


def _name_read_as_noun(token: SpacyToken, first: bool) -> bool:
    """A capitalized word that English has no such word for, tagged a common noun as a
    sentence's first word ("Matthews scored ...", "Fabrice also receives ...": the small
    tagger's usual reading of an unfamiliar name where every word is capitalized), or an
    interjection anywhere in a noun phrase's role ("Orwell , a democratic socialist , was
    ..."). lemminflect's dictionary says which words are English words."""
    tag = token.tag_
    if not (tag == "UH" and token.dep_ in NAME_ROLES or first and tag in ("NN", "NNS")):
        return False  # (tested first: the dictionary lookup below is the costly part)
    text = token.text
    return (
        len(text) > 2
        and text.isalpha()
        and text[0].isupper()
        and text[1:].islower()
        and not getAllLemmas(text.lower())
    )
