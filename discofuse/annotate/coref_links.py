"""Rule-based coreference links that the statistical model (coreferee) leaves out.

- Predicate nominatives: in "Tarnbridge is a small market town", the subject and the predicate
  noun phrase name one entity. coreferee links "the town" to "a small market town" but not to
  "Tarnbridge", so the unfused sentence read "A small market town received a charter".
- Repeated names: a name said again in a later sentence ("Kingwood Middle School ... Kingwood
  Middle School") or shortened to a first name or surname ("Amy Gumm ... Amy") is often not
  linked, while the released DiscoFuse labels (from whole-document coreference) count it as
  anaphora. On the dev pairs, every such unlinked repetition was gold anaphora.
"""

from __future__ import annotations

from discofuse.document import PRONOUN, PROPER, Cluster, Mention, Sentence, mention_kind
from discofuse.labels import (
    NOT_REFERRING_ENTITIES,
    NOUN_PHRASE_LEFT_DEPS,
    PRONOUN_TAGS,
    PROPER_NOUN_TAGS,
)


def add_rule_based_links(sentences: list[Sentence], clusters: list[Cluster]) -> list[Cluster]:
    """New clusters: the model's plus predicate nominatives and repeated names (input unchanged)."""
    clusters = [Cluster(mentions=list(cluster.mentions)) for cluster in clusters]
    link_predicate_nominals(sentences, clusters)
    link_repeated_names(sentences, clusters)
    return clusters


def link_predicate_nominals(sentences: list[Sentence], clusters: list[Cluster]) -> None:
    """Add the subject of "X is Y" to the cluster of its predicate noun phrase Y."""
    for cluster in clusters:
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
                _link(clusters, mention, subject)


def noun_phrase(index: int, sentence: Sentence, head: int) -> Mention:
    """The mention headed by `head`: the head and the subtrees of its noun-phrase dependents
    before it."""
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
    return Mention(index, start, head + 1, head, mention_kind(tokens[head].tag))


def link_repeated_names(sentences: list[Sentence], clusters: list[Cluster]) -> None:
    """Link each proper name to the nearest earlier name it repeats or, for a person, shortens
    (a prefix or suffix of its words), unless both are linked already."""
    earlier: list[Mention] = []
    for index, sentence in enumerate(sentences):
        names = _names(index, sentence)
        for name in names:
            antecedent = _nearest_match(sentences, earlier, name)
            if antecedent is not None:
                _link(clusters, antecedent, name)
        earlier.extend(names)


def _names(index: int, sentence: Sentence) -> list[Mention]:
    """Maximal runs of proper-noun tokens, as mentions headed by their last token."""
    names, start = [], None
    tokens = sentence.tokens
    for position, token in enumerate([*tokens, None]):
        is_name = token is not None and token.tag in PROPER_NOUN_TAGS
        if is_name and start is None:
            start = position
        elif not is_name and start is not None:
            if tokens[position - 1].ent_type not in NOT_REFERRING_ENTITIES:
                names.append(Mention(index, start, position, position - 1, PROPER))
            start = None
    return names


def _nearest_match(
    sentences: list[Sentence], earlier: list[Mention], name: Mention
) -> Mention | None:
    words = _words(sentences, name)
    for candidate in reversed(earlier):
        if candidate.sentence == name.sentence:
            continue
        full = _words(sentences, candidate)
        if full == words or (_is_person(sentences, candidate) and _shortens(words, full)):
            return candidate
    return None


def _shortens(words: list[str], full: list[str]) -> bool:
    """A first name or surname of a longer name ("Amy" or "Gumm" of "Amy Gumm")."""
    size = len(words)
    return size < len(full) and words in (full[:size], full[-size:])


def _is_person(sentences: list[Sentence], mention: Mention) -> bool:
    """Only a person's name is shortened to a part of it; "College" is not "Highfield College"."""
    return sentences[mention.sentence].tokens[mention.head].ent_type == "PERSON"


def _words(sentences: list[Sentence], mention: Mention) -> list[str]:
    return sentences[mention.sentence].words[mention.start : mention.end]


def _link(clusters: list[Cluster], one: Mention, other: Mention) -> None:
    """Put two mentions in one cluster, unless the model already put them in different ones."""
    first, second = _cluster_of(clusters, one), _cluster_of(clusters, other)
    if first is not None and first is second:
        return
    if first is None and second is None:
        clusters.append(Cluster(mentions=[one, other]))
    elif first is None:
        _add(second, one)
    elif second is None:
        _add(first, other)


def _add(cluster: Cluster, mention: Mention) -> None:
    cluster.mentions.append(mention)
    cluster.mentions.sort(key=lambda m: (m.sentence, m.start))


def _cluster_of(clusters: list[Cluster], mention: Mention) -> Cluster | None:
    """The cluster with a mention overlapping `mention` in the same sentence, if any."""
    for cluster in clusters:
        for other in cluster.mentions:
            if (
                other.sentence == mention.sentence
                and other.start < mention.end
                and mention.start < other.end
            ):
                return cluster
    return None
