"""Link repeated proper names that the coreference model left apart.

coreferee resolves mostly pronouns; a name said again in a later sentence ("Kingwood Middle
School ... Kingwood Middle School") or shortened to a first name or surname ("Amy Gumm ... Amy")
is often not linked, while the released DiscoFuse labels (from whole-document coreference) count
it as anaphora. On the dev pairs, every such unlinked repetition was gold anaphora.
"""

from __future__ import annotations

from discofuse.document import PROPER, Cluster, Mention, Sentence
from discofuse.labels import PROPER_NOUN_TAGS

# Entity types whose names are not entities that a later mention refers back to ("May", "1990").
NOT_REFERRING_ENTITIES = frozenset(
    {"DATE", "TIME", "MONEY", "PERCENT", "QUANTITY", "CARDINAL", "ORDINAL"}
)


def link_repeated_names(sentences: list[Sentence], clusters: list[Cluster]) -> list[Cluster]:
    """The clusters plus links from each proper name to the nearest earlier name it repeats or,
    for a person, shortens (a prefix or suffix of its words), unless both are linked already."""
    clusters = [Cluster(mentions=list(cluster.mentions)) for cluster in clusters]
    earlier: list[Mention] = []
    for index, sentence in enumerate(sentences):
        names = _names(index, sentence)
        for name in names:
            antecedent = _nearest_match(sentences, earlier, name)
            if antecedent is not None:
                _link(clusters, antecedent, name)
        earlier.extend(names)
    return clusters


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
    return [token.text for token in sentences[mention.sentence].tokens[mention.start : mention.end]]


def _link(clusters: list[Cluster], antecedent: Mention, name: Mention) -> None:
    first, second = _cluster_of(clusters, antecedent), _cluster_of(clusters, name)
    if first is not None and first is second:
        return
    if first is None and second is None:
        clusters.append(Cluster(mentions=[antecedent, name]))
    elif first is None:
        _add(second, antecedent)
    elif second is None:
        _add(first, name)
    # Both already in different clusters: the model kept them apart on purpose; leave them.


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
