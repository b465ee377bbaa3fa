"""The annotated-text model that rules run over, independent of the parser that produced it.

A `Document` holds sentences of `Token`s and coreference `Cluster`s of `Mention`s. These are the
paper's lists (Table 11): Z is `[t.text for t in sentence.tokens]`, Z_t the `tag`s, Z_l the `dep`s,
and m(Z, R) the pairs of mentions of one cluster that fall in Z and R.

Everything is a plain dataclass of str/int/bool/float so a document can cross Beam stages as a dict
(`to_dict` / `from_dict`) or an Arrow row (`ARROW_SCHEMA`).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

import pyarrow as pa

from discofuse.labels import PRONOUN_TAGS, PROPER_NOUN_TAGS, SUBJECT_DEPS, TENSED_TAGS

PRONOUN = "pronoun"
NOMINAL = "nominal"
PROPER = "proper"
MENTION_KINDS = (PRONOUN, NOMINAL, PROPER)
ANAPHORA_KINDS = {PRONOUN: "pronoun", NOMINAL: "description", PROPER: "name"}
"""Mention kind of a replaced anaphor -> the kind an example records: a pronoun ("he" ->
"Ruiz"), a description ("the company" -> "Balco") or a shorter name made the full one
("Hewitt" -> "Lleyton Hewitt")."""


def mention_kind(head_tag: str) -> str:
    """Pronoun / proper / nominal, from the PTB tag of the mention's head."""
    if head_tag in PRONOUN_TAGS:
        return PRONOUN
    if head_tag in PROPER_NOUN_TAGS:
        return PROPER
    return NOMINAL


@dataclass(slots=True)
class Token:
    """One token. `head` is the index of the head token in the same sentence (itself for ROOT)."""

    text: str
    ws: str = " "
    tag: str = ""
    pos: str = ""
    dep: str = ""
    head: int = 0
    lemma: str = ""
    morph: str = ""
    ent_type: str = ""


@dataclass(slots=True)
class Mention:
    """A token span [start, end) of one sentence referring to an entity; `head` is its syntactic head."""

    sentence: int
    start: int
    end: int
    head: int
    kind: str
    confidence: float = 1.0
    """For a resolved pronoun, the resolver's probability for its antecedent; 1 otherwise."""


@dataclass(slots=True)
class Cluster:
    """Mentions of one entity, in text order."""

    mentions: list[Mention] = field(default_factory=list)


@dataclass(slots=True)
class Sentence:
    tokens: list[Token] = field(default_factory=list)

    @property
    def words(self) -> list[str]:
        return [token.text for token in self.tokens]

    @property
    def tokenized(self) -> str:
        """Space-separated tokens, the form of the released DiscoFuse text."""
        return " ".join(self.words)

    @property
    def text(self) -> str:
        return "".join(token.text + token.ws for token in self.tokens).strip()

    def dominates(self, root: int, index: int) -> bool:
        """Whether token `index` is in the dependency subtree of token `root` (itself included).

        Bounded by the sentence length, so a cycle in a broken parse cannot hang."""
        steps = 0
        while index != root and self.tokens[index].head != index and steps < len(self.tokens):
            index, steps = self.tokens[index].head, steps + 1
        return index == root

    def root(self) -> int | None:
        """The first token that is its own head (the main verb)."""
        return next((i for i, token in enumerate(self.tokens) if token.head == i), None)

    def is_main_subject(self, index: int) -> bool:
        """Whether token `index` is the subject of a main verb: the entity a following
        he/she/it/they is most likely about (centering's preferred center)."""
        token = self.tokens[index]
        return token.dep in SUBJECT_DEPS and self.tokens[token.head].head == token.head

    def opens_before_semicolon(self, verb: int) -> bool:
        """The clause of `verb` opens the sentence and the parser hung it on the clause after
        a semicolon as its complement ("It may have been preceded by a motion ; if such a
        motion fails , the defendant must file an answer": "preceded" made the object of
        "file"): a main clause all the same."""
        tokens = self.tokens
        head = tokens[verb].head
        return (
            tokens[verb].dep in ("ccomp", "parataxis")
            and tokens[head].head == head
            and verb < head
            and any(t.text == ";" and t.head == head and verb < i < head
                    for i, t in enumerate(tokens))
            and not any(tokens[i].head == head for i in range(verb))
        )

    def main_subject(self) -> int | None:
        """The main verb's subject, when the sentence has exactly one."""
        subjects = [i for i in range(len(self.tokens)) if self.is_main_subject(i)]
        return subjects[0] if len(subjects) == 1 else None

    def name_start(self, index: int) -> int:
        """The first word of the name that ends at token `index` ("Liverpool captain Steven
        Gerrard": "Liverpool"; "Jean - Philippe Granclaude": "Jean", a hyphen inside a name
        joining it)."""
        start = index
        while start > 0:
            if self.tokens[start - 1].tag in PROPER_NOUN_TAGS:
                start -= 1
            elif (
                start > 1
                and self.tokens[start - 1].text == "-"
                and self.tokens[start - 2].tag in PROPER_NOUN_TAGS
                and self.tokens[start - 2].text[:1].isupper()
            ):
                start -= 2
            else:
                break
        return start

    def name_with_the(self, index: int) -> bool:
        """The name that ends at token `index` opens with its own "the" ("The Imperial Bank",
        "the Panther"): a thing, a place or a body far more often than a person."""
        start = self.name_start(index)
        return (
            start > 0
            and self.tokens[start - 1].text.lower() == "the"
            and self.tokens[start - 1].head == index
        )

    def lone_word_name(self, index: int) -> bool:
        """A name of one word with no article: a surname more often than a body's or a work's
        name ("Mission Control", "The New Yorker", "Brave New World" are not)."""
        return self.name_start(index) == index and not any(
            t.head == index and t.dep == "det" for t in self.tokens
        )

    def first_conjunct(self, index: int) -> int:
        """The first member of the coordination token `index` is a conjunct in ("Richards
        and Yelling": "Richards" for either), or `index` itself; bounded against cycles."""
        tokens = self.tokens
        for _ in range(len(tokens)):
            if tokens[index].dep != "conj" or tokens[index].head == index:
                break
            index = tokens[index].head
        return index

    def in_main_role(self, index: int) -> bool:
        """Whether token `index` is a subject or object (or a conjunct of one) of the main
        clause, or of a clause the main clause reports or coordinates ("Hewitt said Safin
        played well": both names are), not of a clause inside a noun phrase or an adverbial
        ("the scene in which Jerry attempts ...")."""
        tokens = self.tokens
        verb = self.verb_of_a_subject_read_as_conjunct(index)
        if verb is None:
            index = self.first_conjunct(index)
            if tokens[index].dep not in MAIN_ROLE_DEPS:
                return False
            verb = tokens[index].head
        for _ in range(len(tokens)):
            if tokens[verb].head == verb:
                return True
            if tokens[verb].dep not in REPORTED_CLAUSE_DEPS:
                return False
            verb = tokens[verb].head
        return False

    def verb_of_a_subject_read_as_conjunct(self, index: int) -> int | None:
        """The verb the name ending at token `index` is the subject of, when the parser hung
        the name on the noun before it as a conjunct ("a clash with Sylvain Distin and
        Cristiano Ronaldo came on": "Ronaldo" made a conjunct of "Distin", and "came" left
        with no subject): the finite conjunct verb right after the name, with no subject of
        its own, the name opening after "and"/"but"; None otherwise."""
        tokens = self.tokens
        after = index + 1
        start = self.name_start(index)
        if (
            tokens[index].dep != "conj"
            or tokens[index].tag not in PROPER_NOUN_TAGS
            or after >= len(tokens)
            or start == 0
            or tokens[start - 1].text.lower() not in ("and", "but")
        ):
            return None
        verb = tokens[after]
        if verb.tag not in TENSED_TAGS or verb.dep != "conj" or any(
            t.head == after and t.dep in SUBJECT_DEPS for t in tokens
        ):
            return None
        return after


MAIN_ROLE_DEPS = frozenset({"nsubj", "nsubjpass", "dobj", "dative"})
REPORTED_CLAUSE_DEPS = frozenset({"ccomp", "xcomp", "conj"})


@dataclass(slots=True)
class Document:
    """An annotated document: sentences plus coreference clusters over them."""

    id: str = ""
    sentences: list[Sentence] = field(default_factory=list)
    clusters: list[Cluster] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Document:
        return cls(
            id=data.get("id", ""),
            sentences=[
                Sentence(tokens=[Token(**token) for token in sentence["tokens"]])
                for sentence in data.get("sentences", [])
            ],
            clusters=[
                Cluster(mentions=[Mention(**mention) for mention in cluster["mentions"]])
                for cluster in data.get("clusters", [])
            ],
        )


_TOKEN_TYPE = pa.struct(
    [
        ("text", pa.string()),
        ("ws", pa.string()),
        ("tag", pa.string()),
        ("pos", pa.string()),
        ("dep", pa.string()),
        ("head", pa.int32()),
        ("lemma", pa.string()),
        ("morph", pa.string()),
        ("ent_type", pa.string()),
    ]
)
_MENTION_TYPE = pa.struct(
    [
        ("sentence", pa.int32()),
        ("start", pa.int32()),
        ("end", pa.int32()),
        ("head", pa.int32()),
        ("kind", pa.string()),
        ("confidence", pa.float64()),
    ]
)
ARROW_SCHEMA = pa.schema(
    [
        ("id", pa.string()),
        ("sentences", pa.list_(pa.struct([("tokens", pa.list_(_TOKEN_TYPE))]))),
        ("clusters", pa.list_(pa.struct([("mentions", pa.list_(_MENTION_TYPE))]))),
    ]
)


def documents_to_arrow(documents: list[Document]) -> pa.Table:
    """Documents as an Arrow table with `ARROW_SCHEMA`, one row each."""
    return pa.Table.from_pylist([doc.to_dict() for doc in documents], schema=ARROW_SCHEMA)


def documents_from_arrow(table: pa.Table) -> list[Document]:
    return [Document.from_dict(row) for row in table.to_pylist()]
