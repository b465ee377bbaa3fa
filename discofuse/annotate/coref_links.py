"""Chains of names and noun phrases, by rule: the part of coreference that is not pronouns.

- Definite descriptions: "the company" links to the nearest earlier noun phrase with the same
  noun ("the company at the centre of the scandal"), when it adds no word of its own.
- Predicate nominatives: in "Tarnbridge is a small market town", the subject and the predicate
  noun phrase name one entity, so "the town" later can be replaced by "Tarnbridge".
- Epithets: "Steven Gerrard has reiterated ... . The 24-year-old England midfielder is
  determined ...": a definite description of a person's role that is a sentence's subject
  names the person who was the previous sentence's subject, as news writing does.
- Repeated names: a name said again ("Kingwood Middle School ... Kingwood Middle School") or,
  for a person, shortened to a first name or surname ("Amy Gumm ... Gumm"). The released
  DiscoFuse labels count such a repetition as anaphora; on the dev pairs every one was.

These replaced the statistical model's (coreferee's) chains of names and noun phrases: it was
three times slower than the rest of annotation together, and its chains scored lower on
OntoGUM (README, "Coreference").
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import replace

from discofuse.annotate.text_input import MAX_SENTENCE_TOKENS
from discofuse.document import (
    NOMINAL,
    PRONOUN,
    PROPER,
    Cluster,
    Mention,
    Sentence,
    Token,
    mention_kind,
)
from discofuse.labels import (
    DEFINITE_DETERMINERS,
    NOT_REFERRING_ENTITIES,
    NOUN_PHRASE_LEFT_DEPS,
    NOUN_TAGS,
    ORGANISATION_NOUNS,
    PERSON_NOUNS,
    PRONOUN_TAGS,
    PROPER_NOUN_TAGS,
)


def rule_based_clusters(sentences: list[Sentence]) -> list[Cluster]:
    """Chains of definite descriptions, predicate nominatives and repeated names."""
    chains = Chains()
    link_definite_descriptions(sentences, chains)
    link_predicate_nominals(sentences, chains)
    link_repeated_names(sentences, chains)
    link_epithets(sentences, chains)
    return chains.in_text_order()


class Chains:
    """Clusters being built, indexed by their mentions' (sentence, head word): a mention
    belongs to the chain holding a mention with its head; overlapping spans are not enough
    ("An IAAF statement" holds the name "IAAF" but is not the IAAF). The index keeps a long
    document's lookups constant-time."""

    def __init__(self, clusters: Iterable[Cluster] = ()) -> None:
        self.clusters: list[Cluster] = []
        self._by_head: dict[tuple[int, int], Cluster] = {}
        for cluster in clusters:
            self.new(list(cluster.mentions))

    def of(self, mention: Mention) -> Cluster | None:
        return self._by_head.get((mention.sentence, mention.head))

    def new(self, mentions: list[Mention]) -> Cluster:
        cluster = Cluster(mentions=mentions)
        self.clusters.append(cluster)
        for mention in mentions:
            self._by_head.setdefault((mention.sentence, mention.head), cluster)
        return cluster

    def add(self, cluster: Cluster, mention: Mention) -> None:
        cluster.mentions.append(mention)
        self._by_head.setdefault((mention.sentence, mention.head), cluster)

    def link(self, one: Mention, other: Mention) -> None:
        """Put two mentions in one chain, unless each is in a different one already."""
        first, second = self.of(one), self.of(other)
        if first is None and second is None:
            self.new([one, other])
        elif first is None:
            self.add(second, one)
        elif second is None:
            self.add(first, other)

    def in_text_order(self) -> list[Cluster]:
        """The chains of two or more mentions, each sorted by position in the text."""
        for cluster in self.clusters:
            cluster.mentions.sort(key=lambda m: (m.sentence, m.start))
        return [cluster for cluster in self.clusters if len(cluster.mentions) > 1]


DESCRIPTION_WINDOW = 2
"""How many sentences before a definite description ("the company") its antecedent may be."""
NOT_DESCRIPTION_DEPS = frozenset({"compound", "amod", "nmod", "npadvmod", "attr"})
"""A noun in these positions modifies another word or is a predicate ("He was the player")."""
RESTRICTIVE_DEPS = frozenset({"prep", "acl", "relcl", "appos"})
"""Dependents after a noun that say which one it is ("the company at the centre of ...")."""


def link_definite_descriptions(sentences: list[Sentence], chains: Chains) -> None:
    """Link a definite description ("the company", "this town") to the nearest earlier noun
    phrase with the same noun, in its sentence or the `DESCRIPTION_WINDOW` before. Every word
    before its noun ("the second goal") must be in the earlier phrase, and a description that
    says more after its noun ("the company at the centre of ...") introduces an entity."""
    for index, sentence in enumerate(sentences):
        if len(sentence.tokens) > MAX_SENTENCE_TOKENS:
            continue
        for head in _definite_descriptions(sentence):
            anaphor = noun_phrase(index, sentence, head)
            words = {word.lower() for word in sentence.words[anaphor.start : head]}
            antecedent = _same_noun_before(sentences, index, head, words - DEFINITE_DETERMINERS)
            if antecedent is not None:
                chains.link(antecedent, anaphor)


def _definite_descriptions(sentence: Sentence) -> list[int]:
    """Heads of common-noun phrases with a definite determiner and nothing after the noun."""
    tokens = sentence.tokens
    definite, restricted = set(), set()
    for index, token in enumerate(tokens):
        if token.dep == "det" and token.text.lower() in DEFINITE_DETERMINERS and index < token.head:
            definite.add(token.head)
        elif token.dep in RESTRICTIVE_DEPS and index > token.head:
            restricted.add(token.head)
    return [
        head
        for head in sorted(definite - restricted)
        if tokens[head].tag in ("NN", "NNS")
        and tokens[head].dep not in NOT_DESCRIPTION_DEPS
        and tokens[head].ent_type not in NOT_REFERRING_ENTITIES
    ]


def positions_before(
    sentences: list[Sentence], sentence_index: int, index: int, window: int
) -> Iterator[tuple[int, int]]:
    """(sentence, token) before token `index` of `sentence_index`, nearest first, in that
    sentence and the `window` before it; sentences over MAX_SENTENCE_TOKENS are skipped."""
    for s in range(sentence_index, max(0, sentence_index - window) - 1, -1):
        length = len(sentences[s].tokens)
        if length > MAX_SENTENCE_TOKENS:
            continue
        for i in range((index if s == sentence_index else length) - 1, -1, -1):
            yield s, i


def _same_noun_before(
    sentences: list[Sentence], index: int, head: int, modifiers: set[str]
) -> Mention | None:
    """The nearest earlier noun phrase with the noun at `head`, if it has all the `modifiers`;
    or, for a bare "the school", the one earlier name ending in that noun ("Edenham High School":
    none if two names do, "Edenham High School ... Orchard Park High School")."""
    noun = sentences[index].tokens[head]
    if not modifiers and noun.tag == "NN":
        named = _name_ending_in(sentences, index, head)
        if named is not None:
            return named
    for s, i in positions_before(sentences, index, head, DESCRIPTION_WINDOW):
        sentence = sentences[s]
        token = sentence.tokens[i]
        if token.tag != noun.tag or token.lemma.lower() != noun.lemma.lower():
            continue
        if token.dep == "compound":
            continue
        mention = noun_phrase(s, sentence, i)
        if s == index and mention.end > head:
            continue
        if modifiers <= {word.lower() for word in sentence.words[mention.start : mention.end]}:
            return mention
        return None  # the nearest same noun differs ("the first goal" ... "the second goal")
    return None


def _name_ending_in(sentences: list[Sentence], index: int, head: int) -> Mention | None:
    """The only name of two words or more (with "the" or not), in the `DESCRIPTION_WINDOW`,
    whose last word is the noun at `head` ("the school" -> "Edenham High School", "this forum"
    -> "the First Angolan Forum"); None for none or several, when any other phrase there
    holds that noun, or when the description is in a clause on a name."""
    noun = sentences[index].tokens[head].text.lower()
    if _in_a_clause_on_a_name(sentences[index], head):
        return None
    found: dict[tuple[str, ...], Mention] = {}
    for s, i in positions_before(sentences, index, head, DESCRIPTION_WINDOW):
        sentence = sentences[s]
        token = sentence.tokens[i]
        if token.text.lower() != noun or token.tag not in NOUN_TAGS:
            continue
        if token.dep == "compound":
            return None  # the noun in another phrase ("the court ruling" before "the
            # court"; "Academy Award winner" names no award)
        mention = noun_phrase(s, sentence, i)
        words = tuple(w.lower() for w in sentence.words[mention.start : mention.end])
        name = sentence.tokens[mention.start : mention.end]
        if name[0].text.lower() == "the":
            name = name[1:]  # "the First Angolan Forum"
        if len(name) < 2 or not all(t.tag in PROPER_NOUN_TAGS for t in name):
            return None  # another phrase with the noun ("a new Russian Empire" before "the
            # empire", after "the Ottoman Empire"), which may be the one meant
        if _ends_a_longer_title(sentence, mention.start):
            return None  # "the Advanced Diagnostic Ultrasound in Microgravity Study": the
            # study is not "Microgravity Study"
        found.setdefault(words, mention)
    return next(iter(found.values())) if len(found) == 1 else None


def _ends_a_longer_title(sentence: Sentence, start: int) -> bool:
    """The name starting at `start` follows a lower-case preposition on a name that is no
    person's or place's ("Ultrasound in Microgravity Study", "Institute for Space Studies"):
    the end of a longer title the tagger cut in two ("Ken Bates of Chelsea Football Club" and
    "the Philippines on Busuanga Island" are two names)."""
    tokens = sentence.tokens
    if start < 2:
        return False
    word, before = tokens[start - 1], tokens[start - 2]
    return (
        word.tag == "IN" and word.text.islower() and word.head == start - 2
        and before.tag in PROPER_NOUN_TAGS
        and before.ent_type not in ("PERSON", "GPE", "LOC", "FAC")
    )


def _in_a_clause_on_a_name(sentence: Sentence, head: int) -> bool:
    """The description stands in a relative or participle clause on a name ("the Athens
    Olympics , where she failed to finish the marathon"): that name's own part or event, which
    may be none the text named."""
    tokens, at = sentence.tokens, head
    for _ in range(len(tokens)):
        token = tokens[at]
        if token.head == at:
            return False
        if token.dep in ("relcl", "acl") and tokens[token.head].tag in PROPER_NOUN_TAGS:
            return True
        at = token.head
    return False


def link_epithets(sentences: list[Sentence], chains: Chains) -> None:
    """Link an epithet that is a sentence's main subject to the previous sentence's main
    subject when that is a name of the same kind and no other name there may be of that kind
    (the epithet might be theirs): a person's role, age, ranking or nationality ("The
    24-year-old England midfielder", "The Italian") to a person's name, a team's or an
    organisation's ("The hosts", "the Irish province") to an organisation's or place's."""
    people = person_names(sentences)
    for index in range(1, len(sentences)):
        sentence, previous = sentences[index], sentences[index - 1]
        if max(len(sentence.tokens), len(previous.tokens)) > MAX_SENTENCE_TOKENS:
            continue
        head, name = sentence.main_subject(), previous.main_subject()
        if head is None or name is None:
            continue
        kind = epithet_kind(sentence, head)
        # "Liverpool captain Steven Gerrard": the name only
        antecedent = Mention(index - 1, previous.name_start(name), name + 1, name, PROPER)
        if not kind or _name_kind(previous, antecedent) != kind:
            continue
        chain = chains.of(antecedent)
        if kind == ORGANISATION and chain is not None and names_a_person(sentences,
                                                                         chain.mentions):
            continue  # "Gordon D'Arcy ... | ... D'Arcy failed to recover . | The side will
            # now be led by ...": a surname the tagger calls an organisation here is a person
        if any(
            token.tag in PROPER_NOUN_TAGS
            and not antecedent.start <= i < antecedent.end
            and _may_be_of_kind(previous, noun_phrase(index - 1, previous, i), kind, people)
            for i, token in enumerate(previous.tokens)
        ):
            continue  # another name that may be of its kind there: "Pompey ... almost took
            # the lead through Quashie . | The midfielder struck ..." is Quashie; "New coach
            # Tony Lester has helped get McIlroy 's career back on track . | The 28-year-old
            # 800 metres runner" is McIlroy (a name the tagger left untyped, or types a person
            # elsewhere in the document, may be one)
        epithet = noun_phrase(index, sentence, head)
        chains.link(antecedent, replace(epithet, kind=NOMINAL))  # a description
        # even when tagged a name ("The Spaniard")


PERSON, ORGANISATION = "person", "organisation"


def names_a_person(sentences: list[Sentence], mentions: Iterable[Mention]) -> bool:
    """The names among a chain's mentions name a person at least as often as an organisation
    or a place: "Gordon D'Arcy" and a "D'Arcy" the tagger calls an organisation are one
    person; a province the text calls "Alberta" forty times, once in a princess's name, is
    none."""
    kinds = [_name_kind(sentences[m.sentence], m) for m in mentions if m.kind == PROPER]
    return 0 < kinds.count(PERSON) >= kinds.count(ORGANISATION)


def _name_kind(sentence: Sentence, mention: Mention) -> str:
    """"person" for a name the tagger marks PERSON, a first name and surname it leaves
    untyped ("Marcel Desailly") or a name that starts with a known first name whatever its
    type ("Rio Ferdinand", which the small tagger calls a place); "organisation" for a team,
    company or place ("Ulster"); "" for anything else, a description ("The 22-year-old Scot")
    included."""
    tokens = sentence.tokens[mention.start : mention.end]
    phrase = noun_phrase(mention.sentence, sentence, mention.head)
    if sentence.tokens[phrase.start].tag == "DT":
        return ""  # "The 22 - year - old Scot", "the Magpies"
    if any(t.tag not in PROPER_NOUN_TAGS and t.text != "-" for t in tokens):
        return ""  # (a hyphen inside a name is part of it: "Jean - Philippe Granclaude")
    tokens = [t for t in tokens if t.text != "-"]
    entity = sentence.tokens[mention.head].ent_type
    if entity == "PERSON" or (len(tokens) >= 2 and all(t.ent_type == "" for t in tokens)):
        return PERSON
    if len(tokens) >= 2 and _known_first_name(tokens[0].text):
        return PERSON
    return ORGANISATION if entity in ("ORG", "GPE") else ""


def person_names(sentences: list[Sentence]) -> frozenset[str]:
    """Name words the tagger calls a person somewhere in the document."""
    return frozenset(
        token.text for sentence in sentences for token in sentence.tokens
        if token.ent_type == "PERSON" and token.tag in PROPER_NOUN_TAGS
    )


def _may_be_of_kind(
    sentence: Sentence, mention: Mention, kind: str, people: frozenset[str]
) -> bool:
    """The name is of `kind`, or for a person untyped, typed a person, or a word of a name the
    document calls a person (`people`): the small tagger types many surnames no better
    ("McIlroy"). Such a word is no organisation, whatever it is typed here."""
    found = _name_kind(sentence, mention)
    head = sentence.tokens[mention.head]
    if found == kind:
        return not (kind == ORGANISATION and head.text in people)  # ("an example of
        # Chepkemei by banning her", typed a place here and a person elsewhere: no body)
    return kind == PERSON and (
        (not found and head.ent_type in ("", "PERSON")) or head.text in people
    )


def epithet_kind(sentence: Sentence, head: int) -> str:
    """PERSON or ORGANISATION for a "the ..." phrase headed by a person's role or nationality
    ("the midfielder", "the Italian") or a team's ("the hosts"), with nothing after its noun
    that says which one it is ("the man who ...", "the former world number one"); else ""."""
    tokens = sentence.tokens
    token = tokens[head]
    mention = noun_phrase(0, sentence, head)
    ranking = _ranking_number(tokens, head)
    if tokens[mention.start].text.lower() != "the" or any(
        t.head == head and i > head and not (ranking and i == head + 1)
        for i, t in enumerate(tokens)
    ):
        return ""
    if ranking or ranks_a_player(tokens, head):
        return PERSON  # "the world number one", "the British number two"; "the 19-year-old";
        # "the Croatian eighth seed"
    word = token.lemma.lower()
    if head >= 2 and tokens[head - 1].text == "-":
        word = f"{tokens[head - 2].text.lower()}-{word}"  # "full - back"
    if token.tag == "NN" and word in PERSON_NOUNS:
        return PERSON
    if (
        token.tag == "NNP" and token.ent_type == "NORP" and token.text.lower() != word + "s"
        and not collective_nationality(token.text)
    ):
        return PERSON  # "the Italian" (not "the Italians", "the Dutch")
    if token.tag in ("NN", "NNS") and token.text.lower() in ORGANISATION_NOUNS and not any(
        t.tag in PROPER_NOUN_TAGS for t in tokens[mention.start : head]
    ):
        return ORGANISATION  # (not "the Azzurri pack": a team's name says which team)
    return ""


def collective_nationality(word: str) -> bool:
    """"the Dutch", "the British", "the Chinese", "the Swiss": a people, or a country's side,
    as often as one person."""
    word = word.lower()
    return word.endswith(("ish", "ese")) or word in ("dutch", "french", "swiss")


def _ranking_number(tokens, head: int) -> bool:
    """The word after `head` "number" is a player's ranking ("the world number one"): part of
    the epithet, not a phrase that says which one it is."""
    return (
        head + 1 < len(tokens)
        and tokens[head].text.lower() == "number"
        and tokens[head + 1].dep == "nummod"
        and tokens[head + 1].head == head
    )


def ranks_a_player(tokens, head: int) -> bool:
    """A noun that says a player by an age or a place in a draw ("19 - year - old", "fourth
    seed"), which only a person has."""
    return _age(tokens, head) or _seeding(tokens, head)


SEEDING_WORDS = frozenset({"top", "first", "second", "third", "fourth", "fifth", "sixth",
                           "seventh", "eighth", "ninth", "tenth", "number"})


def _seeding(tokens, head: int) -> bool:
    """"the eighth seed", "the top seed": a player's place in a draw, as tennis and snooker
    reports name players (a plant's "the seed" has no such word)."""
    return tokens[head].text.lower() == "seed" and any(
        t.head == head and i < head
        and (t.text.lower() in SEEDING_WORDS or t.ent_type == "ORDINAL")
        for i, t in enumerate(tokens)
    )


def _age(tokens, head: int) -> bool:
    """"the 19 - year - old": an age standing alone for a person, as news writing uses it."""
    return tokens[head].text.lower() == "old" and any(
        t.head == head and t.dep == "npadvmod" and t.lemma.lower() == "year" for t in tokens
    )


def _known_first_name(word: str) -> bool:
    from discofuse.annotate.resolution import shared_resolver  # (it imports this module)

    return word.lower() in shared_resolver().female_share


def link_predicate_nominals(sentences: list[Sentence], chains: Chains) -> None:
    """Add the subject of "X is Y" to the cluster of its predicate noun phrase Y."""
    for cluster in chains.clusters:
        for mention in list(cluster.mentions):
            tokens = sentences[mention.sentence].tokens
            predicate = tokens[mention.head]
            if mention.kind == PRONOUN or predicate.dep != "attr":
                continue
            if tokens[predicate.head].lemma.lower() != "be":
                continue
            subjects = [
                index
                for index, token in enumerate(tokens)
                if token.head == predicate.head and token.dep == "nsubj" and index != token.head
            ]
            if subjects and tokens[subjects[0]].tag not in PRONOUN_TAGS | {"DT", "EX", "WDT"}:
                subject = noun_phrase(mention.sentence, sentences[mention.sentence], subjects[0])
                chains.link(mention, subject)


def noun_phrase(index: int, sentence: Sentence, head: int) -> Mention:
    """The mention headed by `head`: the head and the subtrees of its noun-phrase dependents
    before it, and a ranking's number after "number" ("the world number one")."""
    tokens = sentence.tokens
    dependents = [
        child
        for child, token in enumerate(tokens[:head])
        if token.head == head and token.dep in NOUN_PHRASE_LEFT_DEPS
    ]
    start = min(
        (
            first
            for first in range(head)
            if any(sentence.dominates(child, first) for child in dependents)
        ),
        default=head,
    )
    end = head + 2 if _ranking_number(tokens, head) else head + 1
    return Mention(index, start, end, head, mention_kind(tokens[head].tag))


def link_repeated_names(sentences: list[Sentence], chains: Chains) -> None:
    """Link each proper name to the nearest earlier name it repeats or, for a person, shortens
    (a prefix or suffix of its words), unless both are linked already. A shortened name that
    fits two people ("Lincoln" after "Nancy Lincoln" and "Abraham Lincoln") is left alone."""
    earlier = _EarlierNames()
    for index, sentence in enumerate(sentences):
        for name in _names(index, sentence):
            words = _name_words(sentences, name)
            person = _is_person(sentences, name)
            antecedent = earlier.nearest_match(words)
            if antecedent is None and person and len(words) > 1:
                antecedent = earlier.shortened_before(words)
            if antecedent is not None:
                chains.link(antecedent, name)
            earlier.add(words, name, person)


def _names(index: int, sentence: Sentence) -> list[Mention]:
    """Maximal runs of proper-noun tokens, hyphenated ones included ("Lewis - Francis"), with
    the "the" they take ("the Magpies"), as mentions headed by their last token."""
    names = []
    tokens = sentence.tokens
    position = 0
    while position < len(tokens):
        if not _name_word(tokens[position]):
            position += 1
            continue
        start, end = position, position + 1
        while end < len(tokens):
            if _name_word(tokens[end]):
                end += 1
            elif tokens[end].tag == "HYPH" and end + 1 < len(tokens) and (
                _name_word(tokens[end + 1])
            ):
                end += 2
            else:
                break
        if start > 0 and tokens[start - 1].text.lower() == "the" and start <= tokens[start - 1].head < end:
            start -= 1
        if tokens[end - 1].ent_type not in NOT_REFERRING_ENTITIES:
            names.append(Mention(index, start, end, end - 1, PROPER))
        position = end
    return names


NOT_IN_NAMES = frozenset("/()[]{}=+*<>")
"""Characters no name word holds: a unit or a formula the tagger calls a proper noun
("W/(m - K )") is no name to say again for a "K"."""


def _name_word(token: Token) -> bool:
    return token.tag in PROPER_NOUN_TAGS and NOT_IN_NAMES.isdisjoint(token.text)


class _EarlierNames:
    """The names read so far, indexed by their words and, for people, by each shorter first or
    last part, so that a lookup is a dictionary hit (a long article has thousands of names)."""

    def __init__(self) -> None:
        self._count = 0
        self._exact: dict[tuple[str, ...], tuple[int, Mention]] = {}
        self._parts: dict[tuple[str, ...], tuple[list[tuple[str, ...]], tuple[int, Mention]]] = {}

    def add(self, words: tuple[str, ...], mention: Mention, person: bool) -> None:
        self._count += 1
        self._exact[words] = (self._count, mention)
        if person:
            for size in range(1, len(words)):
                for part in {words[:size], words[-size:]}:
                    fulls = self._parts[part][0] if part in self._parts else []
                    if words not in fulls:
                        fulls.append(words)
                    self._parts[part] = (fulls, (self._count, mention))

    def nearest_match(self, words: tuple[str, ...]) -> Mention | None:
        """The nearest earlier mention of the same name or of a person's longer name it
        shortens; a longer name only when every earlier longer name it could shorten is one
        person's ("Huxley" after "Aldous Huxley" and "Gervas Huxley" links only to another
        "Huxley")."""
        found = [self._exact[words]] if words in self._exact else []
        if words in self._parts:
            fulls, last = self._parts[words]
            if all(_same_person(fulls[0], other) for other in fulls[1:]):
                found.append(last)
        return max(found, key=lambda entry: entry[0])[1] if found else None


    def shortened_before(self, words: tuple[str, ...]) -> Mention | None:
        """For a person's full name: the one earlier mention of its surname alone, when the text
        gave the short form first ("Stroheim speaks German ... von Stroheim speaks French"),
        not when a full name before it had that surname ("Aldous Huxley ... Huxley ... Gervas
        Huxley": another Huxley)."""
        surname = words[-1:]
        if surname not in self._exact or surname in self._parts:
            return None
        return self._exact[surname][1]


def _same_person(one: tuple[str, ...], other: tuple[str, ...]) -> bool:
    """One full name, or one extending the other ("Kelly Holmes", "Dame Kelly Holmes")."""
    return one == other or _shortens(one, other) or _shortens(other, one)


def _shortens(words: tuple[str, ...], full: tuple[str, ...]) -> bool:
    """A first name or surname of a longer name ("Amy" or "Gumm" of "Amy Gumm")."""
    size = len(words)
    return size < len(full) and words in (full[:size], full[-size:])


def _is_person(sentences: list[Sentence], mention: Mention) -> bool:
    """Only a person's name is shortened to a part of it; "College" is not "Highfield College"."""
    return sentences[mention.sentence].tokens[mention.head].ent_type == "PERSON"


def _name_words(sentences: list[Sentence], mention: Mention) -> tuple[str, ...]:
    """The name's words in lower case, without its "the"."""
    tokens = sentences[mention.sentence].tokens[mention.start : mention.end]
    words = tuple(token.text.lower() for token in tokens)
    return words[1:] if words[0] == "the" else words
