"""The token lists a rule works on (Z, or A and B) and the candidate they come from.

An `Item` is a token in a list: its current text plus the annotated token it came from (None for an
inserted word). Lists keep that link through every operation, so conditions can read tags, labels,
heads and coreference on lists made by earlier operations, and the anaphora step can find mentions.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from discofuse.document import Cluster, Document, Mention, Token


@dataclass(frozen=True, slots=True)
class Item:
    text: str
    token: Token | None = None
    sentence: int = -1
    index: int = -1  # position of `token` in its sentence, 0-based

    def with_text(self, text: str) -> Item:
        return replace(self, text=text)


def items_of(document: Document, sentence: int) -> list[Item]:
    return [
        Item(text=token.text, token=token, sentence=sentence, index=index)
        for index, token in enumerate(document.sentences[sentence].tokens)
    ]


@dataclass
class State:
    """Named token lists plus what the rules recorded while working on them."""

    document: Document
    sentences: tuple[int, ...]
    lists: dict[str, list[Item]] = field(default_factory=dict)
    connective: str = ""
    anaphora_kinds: set[str] = field(default_factory=set)  # what replace_mentions replaced
    replacement_words: set[str] = field(default_factory=set)  # and the words it put in
    replaced_words: set[str] = field(default_factory=set)  # and the anaphors' words it took out
    clusters: list[Cluster] = field(default_factory=list)  # those with a mention in `sentences`
    pristine: bool = False  # each list still one sentence's items in order, as made

    @classmethod
    def for_candidate(
        cls, document: Document, sentences: tuple[int, ...], clusters: list[Cluster]
    ) -> State:
        """Z for one sentence; A and B for a pair of consecutive sentences. `clusters`: the
        document's clusters with a mention in `sentences` (the engine indexes them per
        document)."""
        if len(sentences) == 1:
            lists = {"Z": items_of(document, sentences[0])}
        else:
            lists = {"A": items_of(document, sentences[0]), "B": items_of(document, sentences[1])}
        return cls(document=document, sentences=sentences, lists=lists, clusters=clusters,
                   pristine=True)

    def copy(self) -> State:
        """A state whose lists the operations may change (this one's stay as they are)."""
        return replace(
            self, lists={name: list(items) for name, items in self.lists.items()}, pristine=False
        )

    def words(self, name: str) -> list[str]:
        return [item.text for item in self.lists[name]]

    def sentences_in(self, name: str) -> set[int]:
        """The sentences list `name` holds a token of."""
        return {item.sentence for item in self.lists[name] if item.token is not None}

    def position_of(self, name: str, sentence: int, index: int) -> int | None:
        """1-based position in list `name` of the item from (sentence, index), if present."""
        items = self.lists[name]
        if self.pristine:  # the rules match on a candidate's own lists far more often than
            # on changed ones: there the item of a token is at its index
            if 0 <= index < len(items) and items[index].sentence == sentence:
                return index + 1
            return None
        for position, item in enumerate(items, start=1):
            if item.sentence == sentence and item.index == index and item.token is not None:
                return position
        return None

    def mention_positions(self, name: str, mention: Mention) -> tuple[int, int] | None:
        """1-based (first, last) positions of a mention that stands whole and contiguous in a list."""
        first = self.position_of(name, mention.sentence, mention.start)
        if first is None:
            return None
        items = self.lists[name]
        for offset in range(mention.end - mention.start):
            position = first + offset
            if position > len(items):
                return None
            item = items[position - 1]
            if item.sentence != mention.sentence or item.index != mention.start + offset:
                return None
        return first, first + (mention.end - mention.start) - 1
