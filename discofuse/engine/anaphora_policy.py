"""The anaphora policy: which anaphor of an entity a rule may replace, and by which words.

The resolver and the chains (discofuse.annotate) say which mentions corefer; this module says
whether replacing one of them reads right and is safe to make, the precision side of every
*_ANAPHORA example. Each refusal has a named reason: `mention_pairs` appends them to the list
in `DECLINES` when one is set (the debugger's trace), so a rule author sees why a pronoun was
or was not replaced, as a failed condition shows why a rule did not match.
"""

from __future__ import annotations

from collections.abc import Callable
from contextvars import ContextVar
from dataclasses import dataclass, replace

from discofuse.annotate.coref_links import PERSON, epithet_kind, names_a_person, ranks_a_player
from discofuse.annotate.resolution import (
    FEMININE_TITLES,
    MASCULINE_TITLES,
    may_name_a_person,
    name_gender,
    possessive_owning_nothing,
    relative_coargument,
    reporting_subject,
    subject_pronoun_after,
    team_with_plural_verb,
)
from discofuse.document import Cluster, Mention, Sentence, Token
from discofuse.engine.state import State
from discofuse.labels import (
    COLLECTIVE_NOUNS,
    COURTESY_TITLES,
    DEFINITE_DETERMINERS,
    MISTYPED_PERSON_ENTITIES,
    NOT_REFERRING_ENTITIES,
    ORGANISATION_NOUNS,
    PERSON_NOUNS,
    PLACE_AND_THING_ENTITIES,
    PRONOUN_GROUPS,
    PROPER_NOUN_TAGS,
    QUOTES,
    SUBJECT_DEPS,
)

DECLINES: ContextVar[list[str] | None] = ContextVar("anaphora_declines", default=None)
"""Set by the engine when it traces a rule: each anaphor the policy refuses, with its reason."""


def _token_positions(cluster) -> set[tuple[int, int]]:
    """(sentence, token) of every word of the cluster's mentions: what is the entity's own."""
    return {(m.sentence, i) for m in cluster.mentions for i in range(m.start, m.end)}


def _decline(state: State, anaphor: Mention, reason: str) -> None:
    notes = DECLINES.get()
    if notes is not None:
        words = " ".join(state.document.sentences[anaphor.sentence].words[anaphor.start : anaphor.end])
        notes.append(f"'{words}' (s{anaphor.sentence}:{anaphor.start}) kept: {reason}")


@dataclass(frozen=True)
class MentionPair:
    """An anaphor in one list and the best antecedent of its entity in another (1-based spans)."""

    anaphor: Mention
    anaphor_span: tuple[int, int]
    antecedent: Mention
    antecedent_span: tuple[int, int] | None  # None when it stands earlier in the document


_KIND_RANK = {"proper": 0, "nominal": 1, "pronoun": 2}


def mention_pairs(
    state: State,
    from_list: str,
    to_list: str,
    kinds: frozenset[str],
    antecedent_kinds: frozenset[str],
    min_confidence: float = 0.0,
) -> list[MentionPair]:
    """One pair per entity mentioned in both lists: its first anaphor in `from_list` and the
    entity's best replacement text (`replacement_for`). A pronoun resolved with less than
    `min_confidence` is no anaphor.

    An entity with no usable replacement gives no pair: the rule then does not claim anaphora
    (precision first: a pronoun left as it is makes no *_ANAPHORA example). The replacement
    is always a mention of `to_list`: when it names the entity only by a pronoun, a name from
    the sentences before ("Hewitt won . He smiled . | He waved .") is none, though the paper's
    generator, reading whole documents, took one: raters who see the two parts cannot tell
    where it came from (of 7 such examples in r24, none rated correct, 3 major)."""
    pairs = []
    to_sentences, from_sentences = state.sentences_in(to_list), state.sentences_in(from_list)
    for cluster in state.clusters:  # (a mention of a sentence with no item in a list is not
        # in it: a long document's main entity has hundreds of mentions)
        in_to = [
            m
            for m in cluster.mentions
            if m.kind in antecedent_kinds
            and m.sentence in to_sentences
            and state.mention_positions(to_list, m) is not None
        ]
        if not in_to:
            continue
        sources = [m for m in in_to if m.kind != "pronoun"]
        anaphors = sorted(
            (span, m)
            for m in cluster.mentions
            if m.kind in kinds
            and m.sentence in from_sentences
            and (span := state.mention_positions(from_list, m)) is not None
        )
        for _, weak in anaphors:
            if weak.confidence < min_confidence:
                _decline(state, weak, f"resolved with probability {weak.confidence:.2f}, under "
                         f"{min_confidence}")
        anaphors = [(span, m) for span, m in anaphors if m.confidence >= min_confidence]
        while anaphors and _repeats_a_mention(state, anaphors[0][1], in_to):
            anaphors.pop(0)  # "Balladur ... Balladur was the favorite and he was ...": the name
            # said again changes nothing, the pronoun after it is the anaphor
        if not anaphors:
            continue
        span, anaphor = _main_subject_over_fronted_possessive(state, anaphors)
        reason = (
            _pronoun_decline(state, cluster, anaphor, from_list)
            if anaphor.kind == "pronoun"
            else _nominal_decline(state, anaphor)
        )
        if reason is None:
            refusals: list[str] = []
            best = replacement_for(state, sources, anaphor, refusals)
            topic = (
                best is not None and anaphor.kind == "pronoun"
                and _continued_topic(state, cluster, anaphor, to_list)
            )
            if best is None:
                reason = "no mention reads right in its place" + (
                    f" ({'; '.join(refusals)})" if refusals else ""
                )
            elif anaphor.kind == "pronoun" and _another_person_named(
                state, cluster, anaphor, to_list, topic
            ):
                reason = "the first part names another person it may stand for"
            elif anaphor.kind == "pronoun" and _another_group_subject(
                state, cluster, anaphor, to_list
            ):
                reason = "another group is a subject of the first part"
            elif anaphor.kind == "pronoun" and _named_of_its_gender(
                state, cluster, anaphor, best, to_list, topic
            ):
                reason = "the first part names another person of its gender"
            elif anaphor.kind == "pronoun" and _predicate_names_another(
                state, cluster, anaphor, to_list
            ):
                reason = "its predicate noun ends another name of the first part"
            elif _named_after_in_its_part(state, cluster, anaphor, best, from_list):
                reason = "its own part names the entity after it"
            else:
                reason = _quotation_decline(state, best, anaphor)
        if reason is not None:
            _decline(state, anaphor, reason)
            continue
        pairs.append(MentionPair(anaphor, span, best, state.mention_positions(to_list, best)))
    return sorted(pairs, key=lambda pair: pair.anaphor_span)


def _repeats_a_mention(state: State, anaphor: Mention, antecedents: list[Mention]) -> bool:
    """A name said again word for word, or a description when the first part names the
    entity by no name ("Balco is the company ... | The company ..." is replaced by "Balco"):
    nothing to replace."""
    if anaphor.kind == "pronoun":
        return False
    names = [name_part(state, m) for m in antecedents if m.kind == "proper"]
    if anaphor.kind == "nominal" and not names:
        names = [m for m in antecedents if m.kind == "nominal"]
    return any(_words(state, anaphor) == _words(state, m) for m in names)


def _main_subject_over_fronted_possessive(
    state: State, anaphors: list[tuple[tuple[int, int], Mention]]
) -> tuple[tuple[int, int], Mention]:
    """The anaphor to replace: the first, except that a possessive in a fronted phrase gives
    way to the main clause's subject pronoun it stands for ("After his study ... , he
    rejected" -> "After his study ... , Wittgenstein rejected", as raters write it: the
    possessive then points forward to the name, as in cataphora)."""
    span, first = anaphors[0]
    sentence = state.document.sentences[first.sentence]
    subject = subject_pronoun_after(sentence, first.head) if first.kind == "pronoun" else None
    for later_span, later in anaphors[1:]:
        if later.sentence == first.sentence and later.head == subject:
            return later_span, later
    return span, first


def _nominal_decline(state: State, anaphor: Mention) -> str | None:
    """Why a name or description is not replaced, or None."""
    tokens = state.document.sentences[anaphor.sentence].tokens
    if tokens[anaphor.head].dep in NOT_AN_ANAPHOR_DEPS:
        return f"a {tokens[anaphor.head].dep}, not a referring noun phrase"
    if _in_a_match_name(tokens, anaphor):
        return "inside a match or case name"
    if _after_indefinite_article(tokens, anaphor):
        return "after 'a'/'an', which a longer name may not agree with"
    if anaphor.kind == "proper" and _followed_by_its_number(tokens, anaphor):
        return "a name that goes on with a number ('NGC 6712')"
    if _age_and_more(tokens, anaphor):
        return "an age and another description, facts the name would lose"
    return None


def _followed_by_its_number(tokens, anaphor: Mention) -> bool:
    """The name goes on with a number on its head ("globular cluster NGC 6712"): the mention
    is part of a longer name, and lengthening its words ("NGC Max 6712") garbles it."""
    return (
        anaphor.end < len(tokens)
        and tokens[anaphor.head].ent_type != "PERSON"  # "beating Roddick 6 - 2": a score
        and tokens[anaphor.end].tag == "CD"
        and tokens[anaphor.end].head == anaphor.head
    )


def _age_and_more(tokens, anaphor: Mention) -> bool:
    """A description that gives an age and more ("The 34 - year - old Dutch midfielder",
    "The 28 - year - old world number one"): replaced by the name, it loses facts the first
    part does not state, which raters call lost content; an age alone ("The 29 - year - old")
    or a role alone ("The former France manager") is the epithet a name stands in for."""
    words = [t.text.lower() for t in tokens[anaphor.start : anaphor.end]]
    for i in range(len(words) - 2):
        if words[i : i + 3] in (["year", "-", "old"], ["years", "-", "old"]):
            return i + 3 < len(words)
    return False


def _after_indefinite_article(tokens, anaphor: Mention) -> bool:
    """"a McGeady shot": a longer name would need "an" or "a" to agree with its first word."""
    return anaphor.start > 0 and tokens[anaphor.start - 1].text.lower() in ("a", "an")


MATCH_WORDS = frozenset({"v", "v.", "vs", "vs.", "versus"})


def _in_a_match_name(tokens, anaphor: Mention) -> bool:
    """A name inside a case or match name ("Sweatt v. Painter", "Leeds v Hull"): lengthening
    it garbles the title."""
    before = tokens[anaphor.start - 1].text.lower() if anaphor.start > 0 else ""
    after = tokens[anaphor.end].text.lower() if anaphor.end < len(tokens) else ""
    return before in MATCH_WORDS or after in MATCH_WORDS


def _another_person_named(
    state: State, cluster, anaphor: Mention, to_list: str, topic: bool
) -> bool:
    """For he/she: the first part names another person, who the pronoun may as well stand for
    ("Hodgson revealed that Barkley had ... | ' It was poor , ' he added": the speaker), as
    subject or object of the main clause or of what it reports (`Sentence.in_main_role`), and
    for the speaker of "he said" also the subject of any clause. A person named deeper ("the
    scene in which Jerry attempts to pull Kramer 's jeans off") is otherwise no rival of the
    main subject a "he" continues, nor is the speaker of the quotation a quoted "he" stands in
    ("Peter Hill - Wood said : ' We are delighted that Arsene has signed . | ' Since his
    arrival , he has ...": a speaker says "I" or "we" of himself)."""
    word = state.document.sentences[anaphor.sentence].tokens[anaphor.head].text.lower()
    if word not in GENDERED_PRONOUNS:
        return False
    own = _token_positions(cluster)
    tokens = state.document.sentences[anaphor.sentence].tokens
    speaker = _speaks(tokens, anaphor.head)
    quoted = _quoted(state, anaphor.sentence, anaphor.start)
    sentences = state.document.sentences
    return any(
        item.token is not None
        and item.token.tag in PROPER_NOUN_TAGS
        and not (topic and _no_rival_of_the_topic(state, item.sentence, item.index))
        and item.token.dep != "compound"
        and (
            item.token.ent_type == "PERSON"
            or (item.token.ent_type in ("", "ORG") and (
                (  # a name the tagger did not call a person, as the main subject ("Orwell
                    # , a democratic socialist , was a critic of Joseph Stalin ... | The
                    # Soviet Union , he believed , ..."): the entity a "he" most likely
                    # continues
                    sentences[item.sentence].is_main_subject(item.index)
                    and sentences[item.sentence].lone_word_name(item.index)
                )
                or (speaker and _a_persons_name(state, item.sentence, item.index))
            ))
        )
        and (item.sentence, item.index) not in own
        and not possessive_owning_nothing(sentences[item.sentence], item.index)  # a place
        and not (quoted and _speaker_of_a_quotation(state, item.sentence, item.index))
        and (
            _in_a_main_role_or_its_list(sentences[item.sentence], item.index)
            or (item.token.dep in SUBJECT_DEPS and speaker)  # "a move Wenger has backed . |
            # But he said : ...": a speaker may be anyone the first part has doing something
        )
        and _chain_genders(state, item.sentence, item.index) in (set(), {PRONOUN_GROUPS[word]})
        and not _of_the_other_gender(state, item.sentence, item.index, PRONOUN_GROUPS[word])
        for item in state.lists[to_list]
    )


def _predicate_names_another(state: State, cluster, anaphor: Mention, to_list: str) -> bool:
    """The pronoun is the subject of "be" with a predicate noun that is the last word of
    another name of the first part, the entity it most likely is ("This network will be
    complemented by the East - West Highway . | It is a 1,216 km long highway")."""
    tokens = state.document.sentences[anaphor.sentence].tokens
    pronoun = tokens[anaphor.head]
    if pronoun.dep not in SUBJECT_DEPS or tokens[pronoun.head].lemma.lower() != "be":
        return False
    predicates = {i for i, t in enumerate(tokens) if t.head == pronoun.head and t.dep == "attr"}
    predicates |= {i for i, t in enumerate(tokens)  # ("a 3 - way , 1,216 km long highway")
                   if t.head in predicates and t.dep in ("appos", "conj")}
    nouns = {tokens[i].lemma.lower() for i in predicates if tokens[i].tag in ("NN", "NNS")}
    own = _token_positions(cluster)
    sentences = state.document.sentences
    return bool(nouns) and any(
        item.token is not None
        and item.token.tag in PROPER_NOUN_TAGS
        and item.text.lower() in nouns
        and (item.sentence, item.index) not in own
        and not (item.index + 1 < len(sentences[item.sentence].tokens)
                 and sentences[item.sentence].tokens[item.index + 1].tag in PROPER_NOUN_TAGS)
        for item in state.lists[to_list]
    )


TOPIC_SENTENCES = 3
"""How many sentences before the first part a he/she must have carried an entity in."""


def _continued_topic(state: State, cluster, anaphor: Mention, to_list: str) -> bool:
    """The he/she opens its sentence as its main subject and continues the entity the text is
    about: the first part's main subject, carried by pronouns of the same group in two or
    more of the sentences before it ("She ... . | She ... . | Navratilova will partner
    Nathalie Dechy in the doubles . | She will then link up with ..."). A person the first
    part only brings in as an object, with no pronoun of their own, does not take the
    topic's place (centering's continuation: the subject carries the topic on)."""
    sentences = state.document.sentences
    tokens = sentences[anaphor.sentence].tokens
    if not sentences[anaphor.sentence].is_main_subject(anaphor.head) or any(
        t.tag in PROPER_NOUN_TAGS or t.tag in ("PRP", "PRP$") for t in tokens[: anaphor.start]
    ):
        return False
    group = PRONOUN_GROUPS[tokens[anaphor.head].text.lower()]
    first = min((item.sentence for item in state.lists[to_list]), default=None)
    if first is None or not any(
        m.sentence == first and m.kind == "proper" and sentences[first].is_main_subject(m.head)
        for m in cluster.mentions
    ):
        return False
    carried = {
        m.sentence for m in cluster.mentions
        if m.kind == "pronoun" and first - TOPIC_SENTENCES <= m.sentence < first
        and PRONOUN_GROUPS.get(sentences[m.sentence].tokens[m.head].text.lower()) == group
    }
    return len(carried) >= 2


def _no_rival_of_the_topic(state: State, sentence: int, index: int) -> bool:
    """A person the first part brings in other than as a subject, with no he/she of their
    own: no rival of a topic a he/she continues (`_continued_topic`)."""
    token = state.document.sentences[sentence].tokens[index]
    return token.dep not in SUBJECT_DEPS and not _chain_genders(state, sentence, index)


def _speaker_of_a_quotation(state: State, sentence: int, index: int) -> bool:
    """Token `index` is the subject of a speech verb, outside quotation marks, with a
    quotation opening after it in its sentence ("Chairman Peter Hill - Wood said : ' ...")."""
    tokens = state.document.sentences[sentence].tokens
    return (
        _speaks(tokens, index)
        and not _quoted(state, sentence, index)
        and any(
            t.text in QUOTES and _mark_facing(tokens, i) for i, t in enumerate(tokens)
            if i > tokens[index].head
        )
    )


def _speaks(tokens, index: int) -> bool:
    """Token `index` is the subject of a speech verb ("Wenger said", "he added")."""
    token = tokens[index]
    return token.dep in SUBJECT_DEPS and tokens[token.head].lemma.lower() in SPEECH_VERBS


def _in_a_main_role_or_its_list(sentence: Sentence, index: int) -> bool:
    """`Sentence.in_main_role`, or a name the parser hung as an apposition (or a conjunct of
    one) on a name in a main role: a list of people read as appositions ("Gardener , Darren
    Campbell , Marlon Devonish and Mark Lewis - Francis have all been awarded MBEs"), each set
    off by a comma or a conjunction (not "Alexander the Great", "his wife Pythias", "Eddie (
    O'Sullivan )": the same person, or one named by the phrase it is in)."""
    if sentence.in_main_role(index):
        return True
    tokens = sentence.tokens
    start = sentence.name_start(index)
    if start == 0 or tokens[start - 1].text.lower() not in (",", "and", "or"):
        return False
    top = index
    for _ in range(len(tokens)):
        if tokens[top].dep not in ("appos", "conj") or tokens[top].head == top:
            break
        top = tokens[top].head
    return top != index and sentence.in_main_role(top)


def _named_of_its_gender(
    state: State, cluster, anaphor: Mention, best: Mention, to_list: str, topic: bool
) -> bool:
    """For he/she: the first part names another person whose first name, title or noun is
    of the pronoun's gender, while the replacement is of no known gender ("a lawsuit
    initiated by a woman named Caroline Marquet . | She asked for damages" is Caroline
    Marquet, whatever the resolver says about Schopenhauer). When the replacement's name, or
    a fuller form of it elsewhere in the document, is of that gender too, only such a person
    in a main role counts ("George Gershwin ... | Gershwin composed it on commission from
    Walter Damrosch . | He ..." is Gershwin; "Hewitt ... but Geoff Pollard rejected his
    comments . | ' ... , ' he said" may be either)."""
    sentences = state.document.sentences
    group = PRONOUN_GROUPS.get(sentences[anaphor.sentence].tokens[anaphor.head].text.lower())
    if group not in ("he", "she"):
        return False
    head_word = sentences[best.sentence].tokens[best.head].text
    known = any(
        m.kind == "proper"
        and sentences[m.sentence].tokens[m.head].text == head_word
        and name_gender(sentences, m.sentence, m.head) == group
        for m in [best, *cluster.mentions]
    )
    own = _token_positions(cluster)
    return any(
        item.token is not None
        and item.token.tag in PROPER_NOUN_TAGS
        and item.token.dep != "compound"
        and (item.sentence, item.index) not in own
        and not (topic and _no_rival_of_the_topic(state, item.sentence, item.index))
        and name_gender(sentences, item.sentence, item.index) == group
        and (not known or sentences[item.sentence].in_main_role(item.index))
        for item in state.lists[to_list]
    )


def _named_after_in_its_part(
    state: State, cluster, anaphor: Mention, best: Mention, from_list: str
) -> bool:
    """A pronoun fronted before its sentence's main subject, which names its entity ("Early
    in his career Huxley edited ..."), to be replaced by a name from another sentence: the
    sentence says who it is, and the other name may be another person of that name (Huxley's
    father). Cataphora, where the replacement is that subject, is not refused, nor is a
    replacement that is the main subject of its own sentence by the same name ("Stroheim
    speaks German ... | In his roles , von Stroheim speaks French": one person, the topic)."""
    if best.sentence == anaphor.sentence:
        return False
    sentences = state.document.sentences
    sentence = sentences[anaphor.sentence]
    best_head = sentences[best.sentence].tokens[best.head]
    return any(
        m.kind == "proper"
        and m.sentence == anaphor.sentence
        and m.start > anaphor.end
        and sentence.is_main_subject(m.head)
        and not sentence.dominates(m.head, anaphor.head)
        and state.mention_positions(from_list, m) is not None
        and not (
            sentence.tokens[m.head].text == best_head.text
            and sentences[best.sentence].is_main_subject(best.head)
        )
        for m in cluster.mentions
    )


SPEECH_VERBS = frozenset({"say", "add", "tell", "insist", "explain", "admit", "claim", "argue",
                          "state", "warn", "reveal", "recall", "reply", "continue"})
"""Verbs that attribute speech: their "he" may be any person the first part names."""


def _another_group_subject(state: State, cluster, anaphor: Mention, to_list: str) -> bool:
    """For they/their/them: the first part has another subject "they" may as well stand for,
    in any of its clauses ("The Kushans were overthrown , though the Indo - Sassanids
    continued to rule . | They were followed by ..."), plural or a team ("The Italians were
    driving ... and the Irish pack struggled to secure any ball . | When they finally did ,
    ...": the pack), or a "they" of another chain."""
    word = state.document.sentences[anaphor.sentence].tokens[anaphor.head].text.lower()
    if PRONOUN_GROUPS.get(word) != "they":
        return False
    own = _token_positions(cluster)
    return any(
        item.token is not None
        and item.token.dep in SUBJECT_DEPS
        and (item.sentence, item.index) not in own
        and (
            item.token.tag in ("NNS", "NNPS")
            or item.token.ent_type == "ORG"
            or item.token.lemma.lower() in ORGANISATION_NOUNS
            or _plural_name(state.document.sentences[item.sentence], item.index)
            or PRONOUN_GROUPS.get(item.token.text.lower()) == "they"  # "Bolton were ... and
            # they seemed content to frustrate the Magpies . | Their strategy ...": a "they"
            # of another chain is what the next "their" most likely goes on with
        )
        for item in state.lists[to_list]
    )


def _plural_name(sentence: Sentence, index: int) -> bool:
    """A name in -s with "the", which the tagger took for one ("the Indo - Sassanids")."""
    token = sentence.tokens[index]
    return (
        token.tag == "NNP" and token.text.endswith("s") and not token.text.endswith("ss")
        and any(t.head == index and t.text.lower() == "the" for t in sentence.tokens[:index])
    )


def _chain_genders(state: State, sentence: int, index: int) -> set[str]:
    """The he/she groups of the pronouns in the token's chain: a person whose chain holds
    "his" is no rival of a "she" ("Amber found Kevin , who was not in his right mind . She
    ...")."""
    sentences = state.document.sentences
    cluster = _chain_of(state, sentence, index)
    return set() if cluster is None else {
        PRONOUN_GROUPS[word]
        for m in cluster.mentions
        if m.kind == "pronoun"
        and (word := sentences[m.sentence].tokens[m.head].text.lower()) in GENDERED_PRONOUNS
    }


def _chain_of(state: State, sentence: int, index: int) -> Cluster | None:
    """The chain with a mention over token `index` of `sentence`, or None."""
    return next(
        (
            cluster for cluster in state.clusters
            if any(m.sentence == sentence and m.start <= index < m.end for m in cluster.mentions)
        ),
        None,
    )


def _a_persons_name(state: State, sentence: int, index: int) -> bool:
    """The token's chain names a person (`names_a_person`: "Arsene Wenger" for a "Wenger" the
    tagger calls an organisation here)."""
    cluster = _chain_of(state, sentence, index)
    return cluster is not None and names_a_person(state.document.sentences, cluster.mentions)


NOT_AN_ANAPHOR_DEPS = frozenset({"compound", "amod", "nmod", "attr"})
"""A noun phrase in these positions does not refer back: it modifies another word ("the Indian
city") or is a predicate ("He was the first man to ...")."""
CONTRACTIONS = frozenset({"'s", "'re", "'ll", "'d", "'ve", "'m"})
IMPERSONAL_VERBS = frozenset({"happen", "seem", "appear", "transpire", "turn", "rain", "snow"})
NAME_ONLY_PRONOUNS = frozenset(
    word for word, group in PRONOUN_GROUPS.items() if group in ("it", "they")
)
"""Replaced by a name only, never by a description (see `replacement_for`)."""
GENDERED_PRONOUNS = frozenset(
    word for word, group in PRONOUN_GROUPS.items() if group in ("he", "she")
)
GENDER_TITLES = MASCULINE_TITLES | FEMININE_TITLES


def _pronoun_decline(state: State, cluster, anaphor: Mention, from_list: str) -> str | None:
    """Why a pronoun's replacement would not read right or not be safe, or None: "he 'd" or
    "he 's" before a noun (the name plus the clitic reads as a possessive), a reflexive, a
    pronoun after one of its own group in its part, and for he/she/they, another name or
    subject in its own sentence that it could stand for: before it ("O'Connor will win his
    third cap": "his" is O'Connor's, whatever a link to the first part says; "The 21-year-old
    won her first title": "her" is the subject's), or the main subject after a fronted
    pronoun."""
    tokens = state.document.sentences[anaphor.sentence].tokens
    if tokens[0].text[:1].islower():
        return "its sentence opens in lower case, cut from its start"  # "was on record -
        # breaking form as she stormed to the crown": the lost subject may be who "she" is
    following = tokens[anaphor.end].text.lower() if anaphor.end < len(tokens) else ""
    if following in CONTRACTIONS and not _is_or_has_by_what_follows(tokens, anaphor.end):
        return f"followed by '{following}', which would read as a possessive"
    word = tokens[anaphor.head].text.lower()
    if word.endswith("self") or word.endswith("selves"):
        return "a reflexive"  # "Not religious himself, he ..."
    group = PRONOUN_GROUPS.get(word)
    part_start = min(
        item.index
        for item in state.lists[from_list]
        if item.sentence == anaphor.sentence and item.token is not None
    )
    sentence = state.document.sentences[anaphor.sentence]
    if any(
        PRONOUN_GROUPS.get(token.text.lower()) == group
        and subject_pronoun_after(sentence, index) != anaphor.head
        for index, token in enumerate(tokens[part_start : anaphor.start], start=part_start)
    ):
        return "a pronoun of its group stands before it in its part"  # "He ... his": replacing
        # only "his" makes two people of one
    speaker = reporting_subject(sentence, anaphor.sentence, anaphor.head)
    if speaker is not None and speaker.index >= part_start and any(
        m.sentence == anaphor.sentence and m.head == speaker.index for m in cluster.mentions
    ):
        return "the subject of the verb reporting its clause names it"  # "Eliot said he
        # found ...": "Eliot said T. S. Eliot found" says it twice
    own = _token_positions(cluster)
    if group == "it":
        # "As it happened", "it seems": an "it" that stands for nothing stays, and so does an
        # object "it", which idioms are full of ("the women have it right now")
        pronoun = tokens[anaphor.head]
        if pronoun.dep not in SUBJECT_DEPS and pronoun.dep != "poss":
            return "an object 'it'"
        if tokens[pronoun.head].lemma.lower() in IMPERSONAL_VERBS:
            return f"the subject of impersonal '{tokens[pronoun.head].text}'"
        if pronoun.dep != "poss" and (
            _extraposed(tokens, anaphor.end) or _cleft(tokens, pronoun.head)
        ):
            return "an 'it' that stands for a clause after it ('it was believed that')"
        if pronoun.dep != "poss" and _measured_at_a_figure(tokens, pronoun.head):
            return "an 'it' that is a figure ('it stood at 2.9 %')"
        subject = next(
            (
                token
                for index, token in enumerate(tokens[: anaphor.start])
                if token.dep in SUBJECT_DEPS and sentence.in_main_role(index)
                and token.tag in ("NN", "NNP") and token.ent_type != "PERSON"
                and not may_name_a_person(token.lemma) and (anaphor.sentence, index) not in own
                and not relative_coargument(sentence, anaphor.head, index)
            ),
            None,
        )
        if subject is not None:  # "Merguez sausage is widely used in Algeria , but it
            # differs": the main subject before it is what a subject "it" most likely is
            return f"the subject '{subject.text}' in its own sentence may be what it stands for"
        thing = _thing_before_adverbial_it(sentence, part_start, anaphor, own)
        if thing is not None:
            return f"'{thing.text}' in its own sentence may be what it stands for"
        return None
    rivals = [*enumerate(tokens[: anaphor.start]), *_main_subjects_after(sentence, anaphor)]
    people = _nouns_with_who_clause(sentence)
    places = {  # "Nubians invaded Lower Egypt ... throne of Egypt": one "Egypt" tagged ORG is
        # still the place the other is tagged
        token.text for token in tokens if token.ent_type in ("GPE", "LOC", "FAC")
    }
    if _speaker_after_quotation(state, anaphor):  # "' Ian McCall and I have talked , ' he
        # added": whoever the quotation names, its speaker says "I" of himself
        rivals = [(i, t) for i, t in rivals if not _quoted(state, anaphor.sentence, i)]
    def described_person(index: int) -> bool:  # a noun a "who" clause is on, a subject
        # that is a person's epithet ("The Croatian eighth seed booked his place"), or a name
        # in apposition to a player's rank ("A change in approach from fourth seed Stepanek
        # ... paid dividends as he took it", "Stepanek" typed a place)
        token = tokens[index]
        return index in people or (
            token.dep in SUBJECT_DEPS and epithet_kind(sentence, index) == PERSON
        ) or (
            token.tag in PROPER_NOUN_TAGS and token.dep == "appos"
            and ranks_a_player(tokens, token.head)
        )

    rival = next(
        (
            token
            for index, token in rivals
            if (
                (
                    _competes(token, group, tokens[token.head].dep == "agent",
                              described_person(index))
                    and not (group == "they" and token.text in places)
                )
                or (group == "they" and team_with_plural_verb(tokens, index))  # ("Ireland are
                # unbeaten ... and have their sights set": a team, as its plural verb says)
            )
            and (anaphor.sentence, index) not in own
            and not _of_the_other_gender(state, anaphor.sentence, index, group)
            and not (group in ("he", "she") and _member_of_a_subject_over(sentence, index,
                                                                          anaphor.head))
            and not _inside_the_subject_it_continues(sentence, index, anaphor.head, own,
                                                     anaphor.sentence)
        ),
        None,
    )
    if rival is not None:
        return f"'{rival.text}' in its own sentence may be what it stands for"
    return None


def _is_or_has_by_what_follows(tokens, clitic: int) -> bool:
    """An "'s" that the word after it shows to be "is" or "has" ("he 's not interested" ->
    "Newman 's not interested", as raters write it; "she 's been", "it 's a"): no possessed
    noun opens with a negation, a participle, an adverb or an article."""
    if tokens[clitic].text.lower() != "'s" or clitic + 1 >= len(tokens):
        return False
    after = tokens[clitic + 1]
    return after.text.lower() in ("not", "n't") or after.tag in ("VBG", "VBN", "RB", "DT")


def _thing_before_adverbial_it(
    sentence: Sentence, part_start: int, anaphor: Mention, own: set[tuple[int, int]]
) -> Token | None:
    """For the subject "it" of an adverbial clause ("... remain stationary near odoriferous
    prey but only feed if it moves"), a thing its part named before it as an object, which
    that clause most likely says more of; None when there is none."""
    tokens = sentence.tokens
    pronoun = tokens[anaphor.head]
    if pronoun.dep not in SUBJECT_DEPS or tokens[pronoun.head].dep != "advcl":
        return None
    mark = next(
        (i for i in range(part_start, anaphor.start)
         if tokens[i].dep == "mark" and tokens[i].head == pronoun.head),
        None,
    )  # the clause's "if", "when", "because"
    if mark is None:
        return None
    return next(
        (
            token
            for index, token in enumerate(tokens[part_start:mark], start=part_start)
            if token.tag == "NN" and token.dep in ("dobj", "pobj")
            and token.lemma.lower() not in PERSON_NOUNS
            and token.ent_type not in NOT_REFERRING_ENTITIES
            and (anaphor.sentence, index) not in own
        ),
        None,
    )


FIGURE_PREPOSITIONS = frozenset({"at", "to", "by", "from"})
"""Prepositions that put a figure on the verb of a subject "it": "stood at", "rose to", "fell by"."""


def _measured_at_a_figure(tokens, verb: int) -> bool:
    """The verb puts its subject at a figure ("In 2009 it stood at 2.9 %", "it rose to 4,000"):
    the "it" is a rate or a count (the unemployment rate the sentence before named), not a
    place or a body, whatever the resolver linked."""
    return any(
        token.head == verb
        and token.dep == "prep"
        and token.text.lower() in FIGURE_PREPOSITIONS
        and any(
            t.head == index and t.dep == "pobj"
            and (t.tag == "CD" or t.ent_type in ("PERCENT", "MONEY", "QUANTITY", "CARDINAL")
                 or t.text in ("%", "percent"))
            for t in tokens
        )
        for index, token in enumerate(tokens)
    )


def _member_of_a_subject_over(sentence: Sentence, index: int, pronoun: int) -> bool:
    """One member of a coordinated subject whose verb takes the pronoun's clause for its
    complement ("Richards and Yelling agree she could turn the trauma to her advantage"):
    people named together as the ones who agree, say or hope are not the "she" of what they
    agree (a possessive or a clause of another kind may be: "Washington and his army")."""
    tokens = sentence.tokens
    top = sentence.first_conjunct(index)
    clause = tokens[pronoun].head
    return (
        any(t.head == top and t.dep == "conj" for t in tokens)
        and tokens[top].dep in SUBJECT_DEPS
        and tokens[pronoun].dep in SUBJECT_DEPS
        and tokens[clause].dep == "ccomp"
        and tokens[clause].head == tokens[top].head != top
    )


def _inside_the_subject_it_continues(
    sentence: Sentence, index: int, pronoun: int, own: set[tuple[int, int]], s: int
) -> bool:
    """A name inside the main subject's own phrase, where the pronoun is the subject of a
    clause coordinated with the main clause and that subject is the pronoun's entity
    ("Barbara Morgan , selected as back - up teacher to Christa McAuliffe in 1985 , is
    considered ... , but she trained ...": the coordinated clause goes on about the subject,
    not about a name in what is said of it)."""
    tokens = sentence.tokens
    clause = tokens[pronoun].head
    subject = sentence.main_subject()
    return (
        subject is not None
        and tokens[pronoun].dep in SUBJECT_DEPS
        and tokens[clause].dep == "conj"
        and tokens[clause].head == tokens[subject].head
        and subject != index
        and (s, subject) in own
        and sentence.dominates(subject, index)
    )


SURE_FIRST_NAME_SHARE = 0.98
"""A first name says a rival's gender only when at least this share of its bearers are of it
(stricter than the resolver's 0.9: a name from elsewhere, "Ilham", may be read the wrong way)."""


def _of_the_other_gender(state: State, sentence: int, index: int, group: str | None) -> bool:
    """A name or noun that cannot be what a he/she stands for: a title, a first name or the
    noun says the other gender ("Claire fakes memory loss before Mr. Bennet , so he ...": he
    is not Claire), and no pronoun of its chain says otherwise. A lone first name counts only
    when the document never uses the word as the last part of a longer name: "Bell" is a
    woman's first name and Ian Bell's surname."""
    if group not in ("he", "she"):
        return False
    sentences = state.document.sentences
    gender = name_gender(sentences, sentence, index, least_share=SURE_FIRST_NAME_SHARE)
    if gender is None or gender == group or group in _chain_genders(state, sentence, index):
        return False
    tokens = sentences[sentence].tokens
    if tokens[index].tag not in PROPER_NOUN_TAGS:
        return True  # "the woman", "her father"
    start = sentences[sentence].name_start(index)
    if start < index or (
        {tokens[i].text.lower() for i in range(max(start - 1, 0), start + 1)} & GENDER_TITLES
    ):
        return True  # a first name with a surname, or a title
    word = tokens[index].text
    return not any(
        token.text == word and other.name_start(position) < position
        for other in sentences
        for position, token in enumerate(other.tokens)
    )


QUOTE_LOOKBACK = 10
"""How many sentences back a quotation may have been opened (a longer one is taken as closed)."""


def _quoted(state: State, sentence: int, index: int) -> bool:
    """Token `index` of `sentence` is inside quoted speech."""
    return _quote_open(state, sentence, index, QUOTE_LOOKBACK)


def _quote_open(state: State, sentence: int, index: int, lookback: int) -> bool:
    """Whether a quotation is open before token `index`. Straight marks do not say which way
    they face, so the last mark that does is read: one that starts a sentence or follows a
    colon opens (a news quotation's new paragraph opens with a mark of its own and never
    closed the one before: "' He is a talent . | ' He deserves respect . '"), one before a
    punctuation mark or at the end closes; each mark after it turns the state over. With no
    such mark in the sentence, the state it began in is read from the one before."""
    tokens = state.document.sentences[sentence].tokens
    marks = [i for i, token in enumerate(tokens[:index]) if token.text in QUOTES]
    for position in range(len(marks) - 1, -1, -1):
        facing = _mark_facing(tokens, marks[position])
        if facing is not None:
            return facing != bool((len(marks) - 1 - position) % 2)
    began_open = sentence > 0 and lookback > 0 and _quote_open(
        state, sentence - 1, len(state.document.sentences[sentence - 1].tokens), lookback - 1
    )
    return began_open != bool(len(marks) % 2)


def _mark_facing(tokens, index: int) -> bool | None:
    """True for a mark that opens a quotation, False for one that closes it, None when its
    place does not tell."""
    if index == 0 or tokens[index - 1].text == ":":
        return True
    if index + 1 == len(tokens) or tokens[index + 1].text in (".", ",", ";", ":", "!", "?"):
        return False
    return None


def _quotation_decline(state: State, best: Mention, anaphor: Mention) -> str | None:
    """A quoted pronoun takes only a name the same quotation says (`_same_quotation`), and
    nothing outside a quotation takes a replacement from inside one ("' So I said , have a go
    at me ' , he said": the speaker, not the Vieira the quotation named)."""
    if _quoted(state, anaphor.sentence, anaphor.start):
        if anaphor.kind == "pronoun" and not _same_quotation(state, best, anaphor):
            return ("inside quoted speech, where it may be anyone the speaker means, and the "
                    "replacement is not in the same quotation")
        return None
    if _quoted(state, best.sentence, best.start):
        return "outside quoted speech, and the replacement is inside it"
    tokens = state.document.sentences[anaphor.sentence].tokens
    if (
        anaphor.start > 0
        and tokens[anaphor.start - 1].text in QUOTES
        and tokens[anaphor.head].dep in SUBJECT_DEPS
        and not _main_subject(state, best)
    ):  # "Hodgson revealed that Barkley had taken the kicks . | ' It was n't a good strike ,
        # ' he added": the speaker is who the writer made the subject
        return "the speaker of a quotation, and the replacement is no main subject"
    return None


def _speaker_after_quotation(state: State, anaphor: Mention) -> bool:
    """The pronoun is the subject of a speech verb right after the quotation it attributes
    ("... , ' he added", "' ... , ' she said")."""
    tokens = state.document.sentences[anaphor.sentence].tokens
    return (
        anaphor.start > 1
        and tokens[anaphor.start - 1].text in QUOTES
        and _speaks(tokens, anaphor.head)
        and not _quoted(state, anaphor.sentence, anaphor.start)
    )


def _same_quotation(state: State, antecedent: Mention, anaphor: Mention) -> bool:
    """A person's name the quotation itself says, before the he/she in the same quotation
    (no mark closes it between them, in one sentence or into the next): "' Juninho is not
    someone who came through the ranks . | ' He deserves more respect . '" is the speaker's
    Juninho. Raters found a quoted "it" or "they" to be the speaker's situation or the other
    side ("It could n't be more frustrating"; "If you look at the team on paper , they ..."),
    a name outside the quotation may not be whom the speaker means ("' ... he loosened up , '
    said Hewitt"), and a name the pronoun's own sentence says again after it is someone
    else's ("He wants to find out before he goes into talks over Thomas")."""
    sentences = state.document.sentences
    pronoun = sentences[anaphor.sentence].tokens[anaphor.head].text.lower()
    if PRONOUN_GROUPS.get(pronoun) not in ("he", "she") or antecedent.kind != "proper":
        return False
    if anaphor.sentence - antecedent.sentence not in (0, 1):
        return False
    if not _quoted(state, antecedent.sentence, antecedent.start):
        return False
    name = sentences[antecedent.sentence].tokens[antecedent.head].text
    if any(t.text == name for t in sentences[anaphor.sentence].tokens[anaphor.end :]):
        return False
    if antecedent.sentence == anaphor.sentence:
        between = sentences[anaphor.sentence].tokens[antecedent.end : anaphor.start]
        return antecedent.end <= anaphor.start and not any(t.text in QUOTES for t in between)
    after = sentences[antecedent.sentence].tokens[antecedent.end :]
    before = sentences[anaphor.sentence].tokens[: anaphor.start]
    marks = [i for i, token in enumerate(before) if token.text in QUOTES]
    return not any(t.text in QUOTES for t in after) and marks in ([], [0])


def _extraposed(tokens, after: int) -> bool:
    """A participle or adjective right before "that" or "to" within the next eight words
    ("It was , and is , widely believed that ...", "it is important to ..."), or before "for"
    and a "to" a few words on ("it has become common for anthropologists to set ..."): the
    "it" of an extraposed clause, which a parse of a long coordination may not show."""
    window = tokens[after : after + 8]
    for at, (token, following) in enumerate(zip(window, window[1:])):
        if token.tag not in ("VBN", "JJ"):
            continue
        if following.text.lower() in EXTRAPOSED_OPENERS:
            return True
        if following.text.lower() == "for" and any(
            t.tag == "TO" for t in tokens[after + at + 2 : after + at + 8]
        ):
            return True
    return False


def _cleft(tokens, verb: int) -> bool:
    """"It was after the voyages of Columbus that the Americas became known": a "be" with no
    predicate noun or adjective and a "that" clause of its own, the frame of a cleft, whose
    "it" stands for nothing before it."""
    return tokens[verb].lemma.lower() == "be" and not any(
        t.head == verb and t.dep in ("attr", "acomp") for t in tokens
    ) and any(
        t.head == verb and t.dep == "ccomp"
        and any(m.head == i and m.dep == "mark" and m.text.lower() == "that" for m in tokens)
        for i, t in enumerate(tokens)
    )


EXTRAPOSED_OPENERS = frozenset({"that", "to", "if", "whether", "how", "why", "what", "when"})
"""Words that open the clause an extraposed "it" stands for ("it is uncertain if ...")."""


def _main_subjects_after(sentence: Sentence, anaphor: Mention) -> list:
    """(index, token) of the main clause's subjects after a pronoun that stands before the main
    verb, outside the pronoun's own phrase ("With his back to goal, Henry finished": "his" is
    Henry's; in "His coach smiled" the subject holds "his")."""
    tokens = sentence.tokens
    root = sentence.root()
    if root is None or anaphor.start > root:
        return []
    return [
        (i, tokens[i])
        for i in range(anaphor.end, root)
        if tokens[i].head == root
        and tokens[i].dep in SUBJECT_DEPS
        and not sentence.dominates(i, anaphor.head)
    ]


NOT_A_REFERENT = NOT_REFERRING_ENTITIES | {"GPE", "LOC", "FAC", "NORP", "EVENT", "LANGUAGE",
                                            "LAW"}


def _nouns_with_who_clause(sentence: Sentence) -> set[int]:
    """Nouns with a "who" relative clause on them: they name people ("The centre , who ...")."""
    tokens = sentence.tokens
    clauses = {t.head for t in tokens if t.text.lower() == "who"}
    return {t.head for i, t in enumerate(tokens) if t.dep == "relcl" and i in clauses}


def _competes(token, group: str | None, agent: bool = False, person: bool = False) -> bool:
    """A name or a subject the pronoun could stand for (number agrees; not a place or date).
    A named subject competes whatever the entity tagger calls it ("Yachvili put France ahead
    with his ...", with "Yachvili" read as a place); one person's name, or one place's, is no
    rival of "they" ("Nubians took the throne of Egypt under Piye although they ..."), only a
    club's or an unknown named subject; a description is a rival of he/she only when it may
    name a person ("The written brief was in Sarah 's name , and she ...")."""
    plural = group == "they"
    if group in ("he", "she") and (
        (len(token.text) > 1 and token.text.isupper())
        or token.text.lower() in COLLECTIVE_NOUNS
    ):
        return False  # an acronym or a body is no person ("the BBC 's General Advisory
        # Committee")
    if token.dep in ("attr", "oprd"):
        return False  # a predicate noun is said of a subject ("became a BBC Governor")
    if group in ("he", "she") and token.tag == "NNPS" and token.ent_type != "PERSON":
        return False  # a people or a team in the plural ("There the Achaeans raised a
        # tumulus for him"); a surname read as plural is still tagged a person ("Rees")
    if plural and token.tag == "NNP" and not (
        token.ent_type == "ORG" or (not token.ent_type and token.dep in SUBJECT_DEPS)
        or (token.ent_type == "NORP" and token.dep in SUBJECT_DEPS)  # "when the French
        # withdrew their support": a people as a subject
    ):
        return False
    if token.tag in PROPER_NOUN_TAGS and (token.dep in SUBJECT_DEPS or agent):
        return True  # "described by Strabo in his Geography": the agent is the doer
    if token.dep in SUBJECT_DEPS and token.tag == "JJ":
        return not plural  # "The 31-year-old won on her debut" (tagged a DATE, too)
    if plural and token.tag == "NNPS" and token.ent_type == "NORP":
        return True  # a people ("by a significant number of Africans , although these ...
        # their"): what "they" may as well stand for
    if token.ent_type in NOT_A_REFERENT and not person:
        return False
    if token.tag in PROPER_NOUN_TAGS:
        return token.dep != "compound"
    if token.dep in SUBJECT_DEPS and token.tag.startswith("NN"):
        if plural and token.lemma.lower() in COLLECTIVE_NOUNS:
            return True  # "The crew described ... their lives": a group is "they" too
        if (token.tag in ("NNS", "NNPS")) != plural:
            return False
        return group not in ("he", "she") or may_name_a_person(token.lemma) or person
        # ("person": a "who" clause on it, "The centre , who is in line ... , ... his injury")
    return False


def replacement_for(
    state: State,
    mentions: list[Mention],
    anaphor: Mention,
    refusals: list[str] | None = None,
) -> Mention | None:
    """The mention (of `mentions`: the first part's, or the context's names) whose words
    replace `anaphor`, or None when none reads right; why each other mention does not is
    appended to `refusals` (see `_unfit_replacement`). A name is preferred to a description,
    then the earliest."""
    usable = []
    for mention in mentions:
        whole = mention
        if PRONOUN_GROUPS.get(_words(state, anaphor)[0]) == "they" and _parallel_subjects(
            state, mention, anaphor
        ):  # (the resolver's other links to a coordination are its weakest: "Europe and
            # America" for a crew)
            whole = _whole_coordination(state, mention)
        if whole != mention:
            mention = whole  # names and nouns joined: each keeps its own words
        elif mention.kind == "proper":
            named = name_part(state, mention)
            if named.end - named.start == 1 and named.start > mention.start and _words(
                state, mention
            )[0] in ("the", "a", "an"):
                if refusals is not None:
                    refusals.append(f"'{' '.join(_words(state, mention))}': no one's name alone")
                continue  # "the 25-year-old Dubliner": "Dubliner" alone is no one's name
            mention = named
        else:
            mention = _with_its_adverb(state, _without_predeterminer(state, mention))
            mention = _close_name(state, mention) or mention
        reason = _unfit_replacement(state, mention, anaphor)
        if reason is None and whole == mention:
            extended = _with_its_modifier(state, mention, anaphor)
            if extended == mention and _cut_before_its_phrase(state, mention):
                reason = "cut before the phrase that says which one it is"
            mention = extended
        if reason is None:
            usable.append(mention)
        elif refusals is not None:
            refusals.append(f"'{' '.join(_words(state, mention))}': {reason}")
    if not usable:
        return None
    return min(usable, key=lambda m: (_KIND_RANK[m.kind], m.sentence, m.start))


def _modifies_a_plural_noun(state: State, mention: Mention) -> bool:
    """A name the parser made a modifier of a plural common noun after it ("the Wales
    forwards", "Chelsea fans"): the phrase names the noun's entity, not the name's (a singular
    noun leaves the name the only "they": "a confident Wales camp ... They")."""
    tokens = state.document.sentences[mention.sentence].tokens
    head = tokens[mention.head]
    return head.dep == "compound" and head.head >= mention.end and tokens[head.head].tag == "NNS"


def _cut_before_its_phrase(state: State, mention: Mention) -> bool:
    """A description followed by an "of" phrase, or a name with "the" of no person followed
    by a "for" phrase or an "of" phrase on a common noun, that does not go with it into the
    replacement ("Aristotle 's ideas of natural history", "The Academy Award for a feature -
    length animated motion picture", "The Book of tales"): alone it is another thing, or
    says more. An "of" phrase of names only may go ("the Special Forces Brigade of the
    Angolan Armed Forces ( FAA )" is "the Special Forces Brigade")."""
    tokens = state.document.sentences[mention.sentence].tokens
    if mention.end >= len(tokens) or tokens[mention.head].ent_type == "PERSON":
        return False
    preposition = tokens[mention.end]
    if not (preposition.dep == "prep" and preposition.head == mention.head):
        return False
    if mention.kind == "nominal" and preposition.text.lower() == "of":
        return True  # ("Aristotle 's ideas" are all his ideas)
    if tokens[mention.start].text.lower() != "the":
        return False
    if preposition.text.lower() == "for":
        return True
    return preposition.text.lower() == "of" and any(
        t.head == mention.end and t.dep == "pobj" and t.tag in ("NN", "NNS") for t in tokens
    )


RESTRICTIVE_PREPOSITIONS = frozenset({"of", "in", "from", "by", "at", "on", "for", "with"})
"""Prepositions whose phrase right after a noun says which one it is ("Studies by the Hadley
Centre", "the number one player in the world")."""

MODIFIER_WORDS = 5
"""Most words after the preposition that a noun's prepositional phrase may have to go with it
into a replacement."""


def _with_its_modifier(state: State, mention: Mention, anaphor: Mention) -> Mention:
    """The mention with the prepositional phrase that follows its noun, when that phrase is
    short and plain: a description or name cut before it says less, or something else ("They
    found" is "Studies by the Hadley Centre found", not "Studies found"; "The Book" of "The
    Book of Dede Korkut" is no title). A name takes only "of" and more name words ("The
    Islamic Community Center of Anchorage", "the First Forum of Trade and Technology"), a
    person's name none; a possessive anaphor takes no phrase ("Studies by the Hadley Centre
    's")."""
    sentence = state.document.sentences[mention.sentence]
    tokens = sentence.tokens
    if mention.end >= len(tokens):
        return mention
    preposition = tokens[mention.end]
    if not (preposition.dep == "prep" and preposition.head == mention.head
            and preposition.text.lower() in RESTRICTIVE_PREPOSITIONS):
        return mention
    subtree = [i for i in range(mention.end, len(tokens)) if sentence.dominates(mention.end, i)]
    end = subtree[-1] + 1
    phrase = tokens[mention.end + 1 : end]
    if not phrase or len(phrase) > MODIFIER_WORDS or len(subtree) != end - mention.end:
        return mention  # long, or not one stretch of words
    if any(
        t.pos in ("PUNCT", "VERB", "AUX", "PRON", "SCONJ") or t.tag in ("PRP", "PRP$", "WDT")
        for t in phrase
    ):
        return mention
    longer = replace(mention, end=end)
    if _contains(longer, anaphor):
        return mention
    anaphor_token = state.document.sentences[anaphor.sentence].tokens[anaphor.head]
    if mention.kind == "proper":
        if (
            tokens[mention.head].ent_type == "PERSON"
            or preposition.text.lower() != "of"
            or not all(t.tag in PROPER_NOUN_TAGS or t.text.lower() in ("the", "and")
                       for t in phrase)
        ):
            return mention  # (a person's "of" phrase says where from: "Alyona Bondarenko of
            # the Ukraine" is "Alyona Bondarenko")
    elif anaphor_token.tag == "PRP$" or any(t.pos == "CCONJ" for t in phrase):
        return mention  # ("the history of art and music": which of them the clause is about
        # is not this rule's to say)
    return longer


CLOSE_NAME_WORDS = 6
"""Most words of a name in close apposition that may stand for its description."""


def _close_name(state: State, mention: Mention) -> Mention | None:
    """The name a description is in close apposition with (right after it, no comma: "Lynn
    Sherr 's 2001 book America the Beautiful", "its third album Blue Hours"), as a name's
    mention: it stands for the description as the description's own name would ("The album
    sold well" -> "Blue Hours sold well"), where the description alone is cut from it."""
    sentence = state.document.sentences[mention.sentence]
    tokens = sentence.tokens
    if mention.end >= len(tokens) or tokens[mention.end].tag not in PROPER_NOUN_TAGS | {"DT"}:
        return None
    appositive = _close_appositive(sentence, mention.head, mention.end)
    if appositive is None:
        return None
    name, start, end = appositive
    if (
        tokens[name].tag not in PROPER_NOUN_TAGS
        or end - start > CLOSE_NAME_WORDS
        or not all(t.tag in PROPER_NOUN_TAGS or t.text.lower() in ("the", "of", "and")
                   for t in tokens[start:end])
    ):
        return None
    return replace(mention, start=start, end=end, head=name, kind="proper")


def _close_appositive(sentence: Sentence, noun: int, start: int) -> tuple[int, int, int] | None:
    """(head, start, end) of the appositive on token `noun` that fills the words from `start`
    on with no comma between ("her screenplay Red Pawn"), or None."""
    tokens = sentence.tokens
    head = next((i for i in range(start, len(tokens))
                 if tokens[i].head == noun and tokens[i].dep == "appos"), None)
    if head is None:
        return None
    words = [i for i in range(start, len(tokens)) if sentence.dominates(head, i)]
    if words[0] != start or words[-1] - start + 1 != len(words):
        return None
    return head, start, words[-1] + 1


def _with_its_adverb(state: State, mention: Mention) -> Mention:
    """"Naturally growing seaweeds" whole, where the parser hung "Naturally" on the verb: an
    "-ly" adverb right before a participle or adjective that opens the description says which
    ones ("Growing seaweeds" are others). Not "only" or "early"."""
    tokens = state.document.sentences[mention.sentence].tokens
    if mention.start == 0 or mention.start >= mention.head:
        return mention
    adverb, first = tokens[mention.start - 1], tokens[mention.start]
    if (
        adverb.tag == "RB"
        and adverb.text.lower().endswith("ly")
        and adverb.text.lower() not in ("only", "early")
        and first.dep == "amod"
        and first.tag in ("VBG", "VBN", "JJ")
    ):
        return replace(mention, start=mention.start - 1)
    return mention


def _without_predeterminer(state: State, mention: Mention) -> Mention:
    """"All the alkali metals ... they" -> "the alkali metals": the quantifier belongs to the
    first clause's claim, the description names the entity."""
    tokens = state.document.sentences[mention.sentence].tokens
    if (
        mention.end - mention.start > 2
        and tokens[mention.start].dep == "predet"
        and tokens[mention.start + 1].text.lower() == "the"
    ):
        return replace(mention, start=mention.start + 1)
    return mention


def _unfit_replacement(state: State, mention: Mention, anaphor: Mention) -> str | None:
    """Why `mention`'s words may not replace `anaphor`, or None:

    - the entity's proper name replaces he/she only when the tagger may take it for a person;
    - a description replaces only a pronoun, and only when definite (or a bare subject), for
      he/she a person's noun ("the club 's manager"), never an indefinite or bare noun
      ("housewife"); a ranking or an age ("the world number one", "the 21-year-old") is a
      person's too; "it" and "they" by a description only from subject to subject;
    - a nominal anaphor ("the company") only by a name: a noun phrase is no more specific;
      a person's name only by a longer form of the same name ("Hewitt" -> "Lleyton Hewitt");
    - never a mention that contains the anaphor, holds a pronoun ("his father": chains of
      possessives), or is a predicate noun ("X is Y 's friend": Y 's friend is not a name
      for X)."""
    if mention.kind == "pronoun":
        return "a pronoun"
    if mention.kind == "proper" and _part_of_a_longer_name(state, mention):
        return "part of a longer name"
    tokens = state.document.sentences[mention.sentence].tokens
    person_epithet = mention.kind == "nominal" and epithet_kind(
        state.document.sentences[mention.sentence], mention.head
    ) == PERSON  # a ranking or an age: "the world number one", "the 21-year-old"
    if (
        mention.kind == "proper"
        and tokens[mention.head].text.islower()  # (not "d'Anconia")
        and tokens[mention.start].text.lower() != "the"
    ):
        return "a lower-case word tagged a name, cut from its phrase"  # "Scotland
        # international" from "The former Scotland international" ("the aardwolf" is whole)
    if (
        mention.kind == "proper"
        and mention.end - mention.start == 2
        and tokens[mention.start].text.lower() == "the"
        and mention.end < len(tokens)
        and tokens[mention.end].tag in ("NN", "NNS")
        and tokens[mention.end].text.isalpha()
        and tokens[mention.end].text.islower()
    ):
        return "'the' and a name cut from the noun after it"  # "the Wales squad", which the
        # parser read as "the Wales" and a noun of its own
    if mention.kind == "proper" and _modifies_a_plural_noun(state, mention):
        return "a name that modifies a plural noun after it"  # "watched the Chelsea fans . |
        # They ...": the fans, if anyone
    if _contains(mention, anaphor) or _contains(anaphor, mention):
        return "contains it or lies inside it"
    if tokens[mention.head].dep == "attr":
        return "a predicate noun"
    if any(
        (t.pos == "PUNCT" or not any(c.isalnum() for c in t.text)) and t.text != "-"
        for t in tokens[mention.start : mention.end]
    ):
        return "holds punctuation"  # "Aristotle ( ;" from a parse of "Aristotle (; Greek
        # ...)", also when the tagger read "(;" as a word
    if mention.kind == "nominal" and _name_after_in_its_phrase(state, mention):
        return "cut from the name its phrase goes on to"  # "Spain 's minister" from "Spain 's
        # minister of sport Jaime Lissavetzky" (not "The fruits" of "The fruits of this
        # variety")
    if (
        mention.kind == "nominal" and tokens[mention.head].lemma.lower() in PARTITIVE_NOUNS
        and not person_epithet
    ):
        return "a part or a number of something"  # "The number of pteron columns ... it
        # measures 16 m": the span would say "The number" (not "the world number one", a
        # player's ranking)
    if any(
        t.tag in ("PRP", "PRP$") for t in tokens[mention.start : mention.end]
    ) and not _possessor_named_before(state, mention):
        return "holds a pronoun"
    first_word = _words(state, anaphor)[0]
    if PRONOUN_GROUPS.get(first_word) == "it" and (
        person_epithet or _chain_mostly_he_or_she(state, mention.sentence, mention.head)
    ):
        return "a person, for 'it'"  # "Agassi played on the winning team in 1992 . | It was
        # their second title": the title (not by the tagger's type alone, which makes the
        # book "Animalia" a person)
    if (
        mention.kind == "proper"
        and anaphor.kind == "pronoun"
        and first_word in GENDERED_PRONOUNS
        and not _may_be_person(state, mention, PRONOUN_GROUPS[first_word])
    ):
        return "not a person's name"  # "he" for "North Florida" or "Houston"
    if (
        PRONOUN_GROUPS.get(first_word) == "they"
        and mention.kind == "proper"
        and tokens[mention.head].ent_type == "PERSON"
        and not any(t.dep == "conj" for t in tokens[mention.start : mention.end])
        and not (  # ("the Greeks", "the Kennedys": a people or a family the tagger typed
            tokens[mention.head].tag == "NNPS"  # a person)
            and state.document.sentences[mention.sentence].name_with_the(mention.head)
        )
    ):
        return "one person's name for 'they'"  # "Their second son" is not "Einstein 's"
    if _active_subject_of_its_passive(state, mention, anaphor):
        return "the subject of the verb whose passive it is subject of"  # "Homer pictures
        # Apollo ... | He is pictured as a terrible god": the one pictured, not Homer
    if PRONOUN_GROUPS.get(first_word) in ("it", "they") and _addressee(tokens, mention.head):
        return "the one told, for 'it' or 'they'"  # "Bailey told BBC Sport : ' ... ' | But
        # without their top two": the outlet a speaker talks to is not what the text is about
    if mention.kind == "nominal" and anaphor.kind == "nominal" and (
        _modified_indefinite(state, mention, anaphor)
        or _demonstrative_of_its_noun(state, mention, anaphor)
    ):
        return None  # "an English man ... The man" -> "The English man" (the article is the
        # anaphor's: `ReplaceMentions`)
    if mention.kind == "nominal" and anaphor.kind != "pronoun" and not (
        _generic_indefinite(state, mention, anaphor) and _same_noun_with_the(state, mention, anaphor)
    ):
        return "a description replaces only a pronoun"
    if (
        mention.kind == "nominal"
        and PRONOUN_GROUPS.get(first_word) in ("it", "they")
        and any(t.tag == "POS" for t in tokens[mention.start : mention.end])
        and (mention.sentence != anaphor.sentence or first_word in ("its", "their"))
        and not _plural_of_one_possessor(state, mention, first_word)
    ):
        return "a description with a possessor, for a pronoun of the next sentence or a possessive"
        # "The country 's highest point is Noshaq . | It has a continental climate" (the
        # country), "Benitez 's early work ... | But it remains a massive task" (the job);
        # "The FAPLA 's main effort ... , and its capabilities" (not "effort 's capabilities").
        # In one sentence a subject "it" keeps it: "The nation 's education system was
        # destroyed ... , but it began reviving"
    if mention.kind == "nominal" and not (
        _definite(tokens, mention)
        or _bare_subject(state, mention, anaphor)
        or _generic_indefinite(state, mention, anaphor)
    ):
        return "an indefinite description"
    if (
        mention.kind == "nominal"
        and first_word in GENDERED_PRONOUNS
        and tokens[mention.head].lemma.lower() not in PERSON_NOUNS
        and not person_epithet
    ):
        return "not a person's description"  # "he" is never "the only thing" (but "she" is
        # "the former world number one", a ranking the epithets know as a person's)
    if (
        mention.kind == "nominal"
        and first_word in NAME_ONLY_PRONOUNS
        and not _parallel_subjects(state, mention, anaphor)
    ):
        return "a description for it/they only from subject to subject"  # their other
        # links to descriptions are the resolver's weakest (raters found "they" made "the
        # women" and "the firm 's shareholdings", "it" made "the construction" for a temple)
    if any(t.head == mention.head and t.dep == "conj" and i >= mention.end
           for i, t in enumerate(tokens)):
        return "a coordination: the span holds one member only"  # "Maternity patterns and
        # timing ... they"
    if anaphor.kind == "nominal" and _plural(state, anaphor) and not _plural(state, mention):
        return "a plural description for one"  # "the women 's race" is no one runner's race
    if _words(state, mention) == _words(state, anaphor):
        return "the same words"
    anaphor_tokens = state.document.sentences[anaphor.sentence].tokens
    if anaphor_tokens[anaphor.head].dep == "poss" and (
        anaphor_tokens[anaphor_tokens[anaphor.head].head].lemma.lower()
        == tokens[mention.head].lemma.lower()
    ):
        return "names what it possesses"  # "Their debates" -> "The debates 's debates"
    if anaphor.kind == "proper" and not (
        _extends(_words(state, mention), _words(state, anaphor))
        and _person_name(tokens, mention)
    ):
        return "a name only by a longer form of a person's name"  # "Hewitt" -> "Lleyton Hewitt"
    if anaphor.kind == "proper" and _short_form_named_alone_before(state, mention, anaphor):
        return "the text names the entity by the shorter form alone earlier"
    if anaphor.kind == "proper" and (
        anaphor_tokens[anaphor.head].ent_type in PLACE_AND_THING_ENTITIES
        or any(t.head == anaphor.head and t.dep in ("det", "amod") and i < anaphor.start
               for i, t in enumerate(anaphor_tokens))
    ):
        return "a place's name or a description, not a shortened name"  # "The flora of Aruba"
        # is no "Aruba Rattlesnake", "The ninth Guru" no "Guru Arjun Dev"
    return None


SHORT_FORM_TIMES = 3
"""How often a text must have used a shorter name alone for it to be the entity's own name:
once or twice may be a first name in passing ("younger sister Serena") or another bearer."""


def _short_form_named_alone_before(state: State, mention: Mention, anaphor: Mention) -> bool:
    """The shorter name is the longer one's first words, and the sentences before the first
    part have it alone (`SHORT_FORM_TIMES` times) but never the longer form ("Apollo" all
    through an article, then "a temple to Apollo Medicus | ... Apollo had the epithets"): the
    longer form is a title of one aspect, not the entity's full name, and "Apollo Medicus had
    the epithets" says something else. A text that has used the full name ("Dagny Taggart ...
    Dagny") keeps its lengthening."""
    longer, shorter = _words(state, mention), _words(state, anaphor)
    size = len(shorter)
    if longer[:size] != shorter:
        return False
    alone = 0
    for sentence in state.document.sentences[: mention.sentence]:
        words = [word.lower() for word in sentence.words]
        for i in range(len(words) - size + 1):
            if words[i : i + size] != shorter or sentence.tokens[i].tag not in PROPER_NOUN_TAGS:
                continue
            if words[i : i + len(longer)] == longer:
                return False  # the longer form too: the entity's full name ("Dagny Taggart")
            alone += 1
    return alone >= SHORT_FORM_TIMES


def _plural_of_one_possessor(state: State, mention: Mention, pronoun: str) -> bool:
    """A subject "they" for a plural description whose possessors are each one ("Rand 's
    novels ... They became bestsellers"): the number leaves the possessor out, which "it" for
    "The country 's highest point" does not."""
    tokens = state.document.sentences[mention.sentence].tokens
    possessors = [i - 1 for i in range(mention.start + 1, mention.end) if tokens[i].tag == "POS"]
    return (
        pronoun == "they"
        and tokens[mention.head].tag == "NNS"
        and all(
            tokens[i].tag in ("NN", "NNP")
            and not _an_organisation(state, mention.sentence, i)
            and tokens[i].lemma.lower() not in COLLECTIVE_NOUNS  # ("the club 's owners": a
            for i in possessors                                 # club is "they" in British
        )                                                       # English)
    )


def _an_organisation(state: State, sentence: int, index: int) -> bool:
    """A name the tagger types an organisation, unless its chain has a he or she (the small
    model types lone surnames ORG: "Rand 's novels" in an article about Ayn Rand)."""
    if state.document.sentences[sentence].tokens[index].ent_type != "ORG":
        return False
    return not _chain_has_he_or_she(state, sentence, index)


def _chain_has_he_or_she(state: State, sentence: int, index: int) -> bool:
    """The chain of the mention headed at `index` has a he or she."""
    return any(group in ("he", "she") for group in _chain_pronoun_groups(state, sentence, index))


def _chain_mostly_he_or_she(state: State, sentence: int, index: int) -> bool:
    """The chain of the mention headed at `index` says he or she more often than it: a
    person's ("Alberta", whose chain a stray "she" joined, stays a place)."""
    groups = _chain_pronoun_groups(state, sentence, index)
    people = sum(group in ("he", "she") for group in groups)
    return people > groups.count("it")


def _chain_pronoun_groups(state: State, sentence: int, index: int) -> list[str]:
    """The pronoun groups ("he", "she", "it", "they") of the chain of the mention headed at
    `index`, one per pronoun mention."""
    sentences = state.document.sentences
    return [
        PRONOUN_GROUPS.get(sentences[m.sentence].tokens[m.head].text.lower(), "")
        for cluster in state.clusters
        if any(m.sentence == sentence and m.head == index for m in cluster.mentions)
        for m in cluster.mentions
        if m.kind == "pronoun"
    ]


def _name_after_in_its_phrase(state: State, mention: Mention) -> bool:
    """A description whose noun phrase goes on, after the mention's words, to a name: the
    phrase's name is who or what it is."""
    sentence = state.document.sentences[mention.sentence]
    tokens = sentence.tokens
    rest = [
        i for i, t in enumerate(tokens)
        if t.head == mention.head and i >= mention.end
        and (t.dep in ("appos", "compound") or (t.dep == "prep" and t.text.lower() == "of"))
    ]
    return any(
        tokens[j].tag in PROPER_NOUN_TAGS and sentence.dominates(i, j)
        for i in rest for j in range(i, len(tokens))
    )


PARTITIVE_NOUNS = frozenset({"number", "amount", "total", "majority", "minority", "rest",
                             "part", "lot", "range", "series", "variety", "couple", "pair",
                             "proportion", "percentage", "share", "half", "kind", "type",
                             "sort", "set", "group", "handful", "dozen"})
"""Heads whose phrase means its "of ..." ("the number of columns"), which a replacement's span
leaves out."""

VAGUE_MODIFIERS = frozenset({"other", "another", "similar", "such", "certain", "further",
                             "more", "few", "several", "many", "same", "different", "some"})
"""Words that do not carry over to "the ...": "a similar case ... the case" is not "the
similar case"."""


def _modified_indefinite(state: State, mention: Mention, anaphor: Mention) -> bool:
    """"a/an" + modifiers + noun taken up by "the" + the same noun alone ("an English man ...
    The man ..."): the anaphor may say the antecedent's words with its own article, from
    subject to subject only (raters found "playing a territory game ... after the game" and
    "a relative harmonious whole ... in the whole" to be other things)."""
    tokens = state.document.sentences[mention.sentence].tokens
    anaphor_tokens = state.document.sentences[anaphor.sentence].tokens
    if not (tokens[mention.head].dep in SUBJECT_DEPS
            and anaphor_tokens[anaphor.head].dep in SUBJECT_DEPS):
        return False
    if anaphor.end - anaphor.start != 2 or anaphor_tokens[anaphor.start].text.lower() != "the":
        return False
    if mention.end != mention.head + 1 or mention.head - mention.start < 2:
        return False
    if tokens[mention.start].text.lower() not in ("a", "an"):
        return False
    if tokens[mention.head].lemma.lower() != anaphor_tokens[anaphor.head].lemma.lower():
        return False
    return all(
        t.dep in ("amod", "compound", "nmod", "nummod") and t.text.lower() not in VAGUE_MODIFIERS
        and t.tag not in PROPER_NOUN_TAGS
        for t in tokens[mention.start + 1 : mention.head]
    )


DEMONSTRATIVES = frozenset({"this", "these"})
ORDERING_MODIFIERS = frozenset({
    "last", "next", "previous", "following", "preceding", "earlier", "later", "former",
    "latter", "upcoming", "coming", "prior", "subsequent",
})
"""Words that set a thing against another of its kind: "the last game ... this game" is the
next one, "the following principles" the ones listed after."""


def _demonstrative_of_its_noun(state: State, mention: Mention, anaphor: Mention) -> bool:
    """""this"/"these" + the noun of a description in the first part that says more than its
    noun ("The town built a large stone bridge . | This bridge was destroyed" -> "The large
    stone bridge was destroyed"; "theorists from the reader - response school of literary
    theory . | ... from this school" -> "from the reader - response school of literary
    theory"): a demonstrative points back at the one thing its noun was just said of, and
    "the" with the description's words says it alone (`ReplaceMentions` puts "the" for
    "a/an"). Only when the anaphor is the demonstrative and the same word alone, outside a
    quotation, a relative clause or a parenthesis and not counted out of a group ("All three
    of these peoples"); the description opens with "a", "an" or "the" ("the" for a plural:
    not "several new stadiums"), outside a relative or adverbial clause, its words plain
    modifiers that set it against no other of its kind ("the last game", "the following
    principles"); and its sentence has no other noun with that word."""
    sentence, anaphor_sentence = (
        state.document.sentences[mention.sentence], state.document.sentences[anaphor.sentence]
    )
    tokens, anaphor_tokens = sentence.tokens, anaphor_sentence.tokens
    if anaphor.end - anaphor.start != 2 or anaphor.head != anaphor.start + 1:
        return False
    if anaphor_tokens[anaphor.start].text.lower() not in DEMONSTRATIVES:
        return False
    noun = tokens[mention.head]
    lemma = noun.lemma.lower()
    if noun.tag not in ("NN", "NNS") or noun.text.lower() != anaphor_tokens[anaphor.head].text.lower():
        return False  # (not "The Tsimshian people ... these peoples")
    if _in_a_relative_clause_or_parenthesis(
        sentence, mention.head
    ) or _in_a_relative_clause_or_parenthesis(anaphor_sentence, anaphor.head):
        return False  # ("the unit contained a bell which it rang when it received a BEL
        # character . | ... a left - arrow symbol ( from ASCII-1963 , which had this
        # character ... )": the symbol)
    if _under(sentence, mention.head, lambda t: t.dep == "advcl" or (
        t.dep == "pcomp" and t.pos == "VERB"
    )):
        return False  # "After exhausting the first appeal as of right , defendants petition
        # the highest state court . | This appeal": what the main clause tells, not the
        # noun of an adverbial clause or of a verb after a preposition
    if _quoted(state, anaphor.sentence, anaphor.start):
        return False  # a speaker's "this game" is the one at hand ("The atmosphere at the
        # last game was very hot . | ' Our fans will not need whipping up for this game")
    anaphor_noun = anaphor_tokens[anaphor.head]
    preposition = anaphor_tokens[anaphor_noun.head]
    if anaphor_noun.dep == "pobj" and preposition.text.lower() == "of":
        counted = anaphor_tokens[preposition.head]
        if counted.tag in ("CD", "DT", "PDT") or counted.lemma.lower() in (
            "one", "all", "both", "each"
        ):
            return False  # "All three of these peoples": a group the text gathered before
    article = tokens[mention.start].text.lower()
    if article not in (("the",) if noun.tag == "NNS" else ("a", "an", "the")):
        return False
    if mention.head - mention.start < 2 and mention.end == mention.head + 1:
        return False  # "a bridge ... this bridge": "the bridge" says nothing more
    if not all(
        t.dep in ("amod", "compound", "nmod", "nummod", "hyph", "advmod", "punct")
        and t.text.lower() not in VAGUE_MODIFIERS | ORDERING_MODIFIERS
        and t.text not in (",", "(", ")")
        for t in tokens[mention.start + 1 : mention.head]
    ):
        return False
    same_sentence = mention.sentence == anaphor.sentence
    return not any(  # (another "bridge" before: which one "this bridge" is, is not ours to say)
        t.lemma.lower() == lemma and t.tag in ("NN", "NNS")
        and i != mention.head and not (same_sentence and i == anaphor.head)
        for i, t in enumerate(tokens)
    )


COORDINATION_DEPS = frozenset({"cc", "conj", "punct", "det", "amod", "compound", "poss",
                               "case", "nummod", "nmod"})


def _under(sentence: Sentence, index: int, test: Callable[[Token], bool]) -> bool:
    """Token `index` is in the subtree of a token that passes `test`."""
    return any(test(t) and sentence.dominates(i, index) for i, t in enumerate(sentence.tokens))


def _in_a_relative_clause_or_parenthesis(sentence: Sentence, index: int) -> bool:
    """Token `index` is inside a relative clause or a parenthesis still open before it."""
    brackets = [t.text for t in sentence.tokens[:index] if t.text in ("(", ")")]
    return (bool(brackets) and brackets[-1] == "(") or _under(
        sentence, index, lambda t: t.dep == "relcl"
    )


def _whole_coordination(state: State, mention: Mention) -> Mention:
    """For "they": the whole coordination the mention heads when it is a plain one of noun
    phrases ("Maternity patterns and timing", "Smith and Jones"), else the mention."""
    tokens = state.document.sentences[mention.sentence].tokens
    conjuncts = [i for i, t in enumerate(tokens) if t.head == mention.head and t.dep == "conj"]
    if not conjuncts or not any(
        t.head == mention.head and t.dep == "cc" for t in tokens
    ):
        return mention
    sentence = state.document.sentences[mention.sentence]
    end = max(i for i in range(len(tokens)) if sentence.dominates(conjuncts[-1], i)) + 1
    between = range(mention.end, end)
    if any(tokens[i].dep not in COORDINATION_DEPS or tokens[i].pos in ("VERB", "AUX")
           for i in between):
        return mention
    if any(tokens[i].dep == "conj" and tokens[i].tag not in ("NN", "NNS", "NNP", "NNPS")
           for i in between):
        return mention
    return Mention(mention.sentence, mention.start, end, mention.head, mention.kind)


def _part_of_a_longer_name(state: State, mention: Mention) -> bool:
    """A capitalized name or foreign word right before the name, not the sentence's first
    ("Mujeres Libres" cut to "Libres"): the name's own words do not all stand in the
    mention."""
    if mention.start <= 1:
        return False  # the sentence's first word is capitalized whatever it is
    before = state.document.sentences[mention.sentence].tokens[mention.start - 1]
    return before.text[:1].isupper() and before.tag in (*PROPER_NOUN_TAGS, "FW")


def _main_subject(state: State, mention: Mention) -> bool:
    return state.document.sentences[mention.sentence].is_main_subject(mention.head)


def _may_be_person(state: State, mention: Mention, group: str) -> bool:
    """A name he/she (`group`) may stand for: one the tagger marks PERSON, or the main subject
    when the tagger does not call it a place or thing (the small model tags lone surnames
    ORG: "Deol", "Johns") and no person of the group is named beside it."""
    tokens = state.document.sentences[mention.sentence].tokens
    head = tokens[mention.head]
    if head.ent_type == "PERSON":
        return True
    if tokens[mention.start].text.lower() == "the":
        return False  # "The Security Council": people's names take no article
    if len(head.text) > 1 and head.text.isupper():
        return False  # "KITECH": an acronym names an organisation
    if head.ent_type in MISTYPED_PERSON_ENTITIES:
        # the resolver links a he/she to a subject typed a place or building only when nothing
        # else before it may be a person ("Giffords was sworn in ... . She was ...")
        return (head.dep in SUBJECT_DEPS and tokens[mention.start].tag == "NNP"
                and not _person_named_beside(state, mention, group))
    return (
        _main_subject(state, mention)
        and head.ent_type not in NOT_REFERRING_ENTITIES | PLACE_AND_THING_ENTITIES
        and not _person_named_beside(state, mention, group)
    )


def _person_named_beside(state: State, mention: Mention, group: str) -> bool:
    """The document says the mention's name only once, and another name in a main role of
    its sentence is a person's, typed so or by its chain, who may be of the he/she `group`:
    the name the tagger does not call a person is then no he/she ("Indiscipline allowed ...
    Contepomi to open the scoring . | He was on the mark again": Contepomi; not a person
    named deeper: "Gershwin composed it on commission from Walter Damrosch"; not one of the
    other gender: "Ryder dated Matt Damon ... , and she"; not beside a name said again:
    "Navratilova will partner Nathalie Dechy ... | She will then")."""
    chain = _chain_of(state, mention.sentence, mention.head)
    if chain is not None and any(
        m.kind == "proper" and (m.sentence, m.head) != (mention.sentence, mention.head)
        for m in chain.mentions
    ):
        return False  # a name the document says again is known for what it is
    sentence = state.document.sentences[mention.sentence]
    return any(
        t.tag in PROPER_NOUN_TAGS
        and not mention.start <= i < mention.end
        and _in_a_main_role_or_its_list(sentence, i)
        and (t.ent_type == "PERSON" or _a_persons_name(state, mention.sentence, i))
        and _chain_genders(state, mention.sentence, i) in (set(), {group})
        and not _of_the_other_gender(state, mention.sentence, i, group)
        for i, t in enumerate(sentence.tokens)
    )


def _bare_subject(state: State, antecedent: Mention, anaphor: Mention) -> bool:
    """A subject with no determiner taken up by "they" or "it" as the next subject ("GM
    executives decided ... . They created ...", "Tactical deception can be costly because it
    ..."): a bare plural or mass noun reads the same when repeated."""
    tokens = state.document.sentences[antecedent.sentence].tokens
    plural = tokens[antecedent.head].tag == "NNS"
    return (
        tokens[antecedent.head].tag in ("NN", "NNS")
        and not any(
            t.dep in ("det", "poss", "nummod") or t.text.lower() in VAGUE_MODIFIERS
            for t in tokens[antecedent.start : antecedent.end]
        )  # "Other people say ... . They bring ...": "other people" names no one in particular
        and _words(state, anaphor)[0] == ("they" if plural else "it")
        and _parallel_subjects(state, antecedent, anaphor)
    )


def _parallel_subjects(state: State, antecedent: Mention, anaphor: Mention) -> bool:
    """"The second bridge was planned for 1990 , but it opened in 1994": a description that is
    the main subject, taken up by a subject pronoun (or the possessive of a subject: "The
    journal ... . Its editor is ...") of the next clause or sentence."""
    tokens = state.document.sentences[anaphor.sentence].tokens
    pronoun = tokens[anaphor.head]
    plural = PRONOUN_GROUPS.get(tokens[anaphor.head].text.lower()) == "they"
    if _holds_another_noun(state, antecedent, plural):
        return False  # "the regulation of the gene ... and its expression": the gene's;
        # "The number of pteron columns ... it measures 16 m": the temple's
    sentence = state.document.sentences[anaphor.sentence]
    same_sentence = anaphor.sentence == antecedent.sentence

    def no_it(i: int) -> bool:  # a person in the antecedent's own sentence is no "it" ("The
        # crowd cheered when the coach said Ames would stay , but it booed ...")
        return not plural and same_sentence and (
            tokens[i].ent_type == "PERSON"
            or tokens[i].lemma.lower() in PERSON_NOUNS
            or name_gender(state.document.sentences, anaphor.sentence, i) is not None
        )

    antecedent_tokens = state.document.sentences[antecedent.sentence].tokens
    antecedent_verb = antecedent_tokens[antecedent.head].head
    parallel = (  # "The audience had a positive reception ... , but it had a negative
        # reception": the same verb again with a subject pronoun takes up the first subject,
        # not the first verb's object
        pronoun.dep in SUBJECT_DEPS
        and antecedent_tokens[antecedent.head].dep in SUBJECT_DEPS
        and antecedent_tokens[antecedent_verb].lemma.lower() == tokens[pronoun.head].lemma.lower()
    )

    def inside_the_parallel_clause(i: int) -> bool:  # an object or a subordinate clause's
        # noun of the first verb ("a positive reception when Rodriguez stated that Jones ...")
        return (
            parallel and same_sentence
            and sentence.dominates(antecedent_verb, i)
            and not sentence.dominates(pronoun.head, i)
        )

    if any(
        token.tag in (("NNS", "NNPS") if plural else ("NN", "NNP"))
        and token.dep in ("nsubj", "nsubjpass", "dobj", "dative")
        and not (same_sentence and antecedent.start <= i < antecedent.end)
        and not inside_the_parallel_clause(i)
        and not relative_coargument(sentence, anaphor.head, i)
        and not no_it(i)
        for i, token in enumerate(tokens[: anaphor.start])
    ):
        return False  # "for the algorithm to be effective it must ...": the algorithm's, a
        # subject or object between them being the nearer candidate ("After the S - IVB had
        # performed its tasks , it was jettisoned": the S-IVB)
    if not plural and _named_thing_before(sentence, antecedent if same_sentence else None,
                                          anaphor.start):
        return False
    subject = tokens[pronoun.head] if pronoun.dep == "poss" else pronoun
    return subject.dep in SUBJECT_DEPS and (
        _main_subject(state, antecedent) or _passive_agent(state, antecedent, plural)
    )


def _named_thing_before(sentence: Sentence, antecedent: Mention | None, before: int) -> bool:
    """A common noun before token `before`, outside the antecedent, with a name in close
    apposition right after it ("the sale of her screenplay Red Pawn ... , although it was never
    produced"): a thing the clause introduces by its name, which an "it" after it as likely
    stands for as the subject."""
    tokens = sentence.tokens
    return any(
        token.tag in ("NN", "NNS")
        and not (antecedent is not None and antecedent.start <= i < antecedent.end)
        and i + 1 < before
        and tokens[i + 1].text[:1].isupper()
        and (appositive := _close_appositive(sentence, i, i + 1)) is not None
        and appositive[0] < before
        and tokens[appositive[0]].ent_type != "PERSON"
        for i, token in enumerate(tokens[:before])
    )


def _active_subject_of_its_passive(state: State, mention: Mention, anaphor: Mention) -> bool:
    """The mention is the subject of an active verb and the anaphor the subject of the same
    verb in the passive: the passive's subject is what the active verb acted on."""
    tokens = state.document.sentences[mention.sentence].tokens
    anaphor_tokens = state.document.sentences[anaphor.sentence].tokens
    subject, pronoun = tokens[mention.head], anaphor_tokens[anaphor.head]
    return (
        subject.dep == "nsubj"
        and pronoun.dep == "nsubjpass"
        and tokens[subject.head].lemma.lower() == anaphor_tokens[pronoun.head].lemma.lower()
    )


def _addressee(tokens: list[Token], head: int) -> bool:
    """The noun is the object of "tell" ("told BBC Sport", "told reporters")."""
    token = tokens[head]
    return token.dep in ("dobj", "dative") and tokens[token.head].lemma.lower() == "tell"


def _passive_agent(state: State, mention: Mention, plural: bool) -> bool:
    """The agent of a passive main verb whose subject the pronoun cannot stand for, being of
    the other number ("Andrews was shunned by his parents and they died ...")."""
    sentence = state.document.sentences[mention.sentence]
    tokens = sentence.tokens
    agent = tokens[mention.head]
    if agent.dep != "pobj" or tokens[agent.head].dep != "agent":
        return False
    verb = tokens[agent.head].head
    if tokens[verb].head != verb:
        return False
    return all(
        (t.tag in ("NNS", "NNPS")) != plural
        for t in tokens
        if t.head == verb and t.dep == "nsubjpass"
    )


def _holds_another_noun(state: State, mention: Mention, plural: bool) -> bool:
    """A noun in the phrase the mention heads, other than the head and its compounds, that the
    pronoun could stand for as well: one of its number ("The fruits of this variety ... they"
    can only be the fruits), or for "they" a company that owns it; for "it" not a person's
    name nor a possessor ("Rosholt 's first mill burned , but it was rebuilt": a thing's owner
    is not what the clause is about)."""
    sentence = state.document.sentences[mention.sentence]
    return any(
        token.tag.startswith("NN") and i != mention.head and token.dep != "compound"
        and (
            (token.tag in ("NNS", "NNPS")) == plural
            or plural and token.dep == "poss" and _an_organisation(state, mention.sentence, i)
            # ("Trident 's majority shareholdings were sold although they retained ...": the
            # company)
        )
        and not (not plural and (token.ent_type == "PERSON" or token.dep == "poss"))
        and sentence.dominates(mention.head, i)
        for i, token in enumerate(sentence.tokens)
    )


def name_part(state: State, mention: Mention) -> Mention:
    """A name mention's name words only: "home favourite Lleyton Hewitt" gives "Lleyton Hewitt"
    (the description was never said of the replaced mention), "Last June Grewcock" gives
    "Grewcock" (a date the tagger ran into it), "Mayor Michael Bloomberg" gives "Michael
    Bloomberg", "Justine Henin - Hardenne" stays whole; a leading "the" stays ("the Beatles"),
    and so does a courtesy title ("Mrs. William Hastings")."""
    tokens = state.document.sentences[mention.sentence].tokens
    person = tokens[mention.head].ent_type == "PERSON"
    start = mention.end - 1
    while start > mention.start:
        if _name_token(tokens[start - 1], person):
            start -= 1
        elif tokens[start - 1].tag == "HYPH" and start - 1 > mention.start and (
            _name_token(tokens[start - 2], person) or _capitalized_name(tokens[start - 2])
        ):
            start -= 2  # "Jean - Philippe Granclaude", "Jean" untyped
        else:
            break
    if (
        start > mention.start
        and tokens[start - 1].text.lower() == "the"
        and (not person or start - 1 == mention.start)
    ):
        start -= 1  # ("The Panther", a tank the tagger calls a person)
    if start > mention.start and tokens[start - 1].text.lower() in COURTESY_TITLES:
        start -= 1  # "Mrs. William Hastings" stays whole
    return Mention(mention.sentence, start, mention.end, mention.head, mention.kind,
                   mention.confidence)


def _capitalized_name(token) -> bool:
    """A capitalized name word: the first part of a hyphenated name is the name's whatever
    entity the tagger gave it."""
    return token.tag in PROPER_NOUN_TAGS and token.text[:1].isupper()


def _person_name(tokens, mention: Mention) -> bool:
    """Every word a person's name: "America" is not short for "North America", nor "Lincoln"
    for "Defying Lincoln" (a sentence-initial word the tagger read as a name)."""
    return all(t.ent_type == "PERSON" for t in tokens[mention.start : mention.end])


def _name_token(token, person: bool) -> bool:
    """A word of a name; of a person's name, only words tagged PERSON ("Mayor Michael
    Bloomberg" gives "Michael Bloomberg")."""
    if person:
        return token.ent_type == "PERSON"
    return token.tag in PROPER_NOUN_TAGS and token.ent_type not in NOT_REFERRING_ENTITIES


def _plural(state: State, mention: Mention) -> bool:
    return state.document.sentences[mention.sentence].tokens[mention.head].tag in ("NNS", "NNPS")


def _possessor_named_before(state: State, mention: Mention) -> bool:
    """A description whose only pronoun is its first word, a possessive that the chains link
    to a name earlier in its sentence ("Andrews was shunned by his parents": "his parents"
    read the same after "Andrews ... ." as before)."""
    tokens = state.document.sentences[mention.sentence].tokens
    pronouns = [
        i for i in range(mention.start, mention.end) if tokens[i].tag in ("PRP", "PRP$")
    ]
    if pronouns != [mention.start] or tokens[mention.start].tag != "PRP$":
        return False
    return any(
        any(m.sentence == mention.sentence and m.start == mention.start and m.kind == "pronoun"
            for m in cluster.mentions)
        and any(m.sentence == mention.sentence and m.kind == "proper" and m.end <= mention.start
                for m in cluster.mentions)
        for cluster in state.clusters
    )


GENERIC_TENSE_TAGS = frozenset({"VBZ", "VBP", "MD"})


def _generic_indefinite(state: State, mention: Mention, anaphor: Mention) -> bool:
    """"a/an" + a singular noun as a main subject in the present or under a modal, taken up
    by the subject of the next clause or sentence, also in the present or under a modal: a
    statement about any such thing, which the same words say again ("An answer is a reply to
    a question . | It can be a solution ..." -> "An answer can be a solution"; "A widow may
    head the family but she can not ..."). Not in the past, where "a/an" introduces one
    thing ("A man walked in . He sat down" is no "A man sat down"), nor for a possessive
    ("Its")."""
    tokens = state.document.sentences[mention.sentence].tokens
    anaphor_sentence = state.document.sentences[anaphor.sentence]
    pronoun = anaphor_sentence.tokens[anaphor.head]
    return (
        tokens[mention.start].text.lower() in ("a", "an")
        and tokens[mention.head].tag == "NN"
        and state.document.sentences[mention.sentence].is_main_subject(mention.head)
        and anaphor.sentence - mention.sentence in (0, 1)
        and _subject_of_a_main_clause(anaphor_sentence, anaphor.head)
        and _in_generic_tense(tokens, tokens[mention.head].head)
        and _in_generic_tense(anaphor_sentence.tokens, pronoun.head)
    )


def _subject_of_a_main_clause(sentence: Sentence, index: int) -> bool:
    """The subject of the main verb or of a verb coordinated with it ("A widow may head the
    family but she can not ..."), not of a clause inside ("Some will think he opposes ...")."""
    tokens = sentence.tokens
    if tokens[index].dep not in SUBJECT_DEPS:
        return False
    verb = tokens[index].head
    if tokens[verb].dep == "conj":
        verb = tokens[verb].head
    if sentence.opens_before_semicolon(verb):
        return True
    return tokens[verb].head == verb and not any(  # (a root with "that" or "if" before it
        t.head == verb and t.dep == "mark" for t in tokens  # is a clause the parser lost
    )  # its main verb for: "randori differs in that it is not performed ...")


def _in_generic_tense(tokens, verb: int) -> bool:
    """The clause of `verb` is finite in the present or under a modal, with no past form."""
    finite = [tokens[verb].tag] + [
        t.tag for t in tokens if t.head == verb and t.dep in ("aux", "auxpass")
    ]
    finite = [tag for tag in finite if tag in GENERIC_TENSE_TAGS | {"VBD"}]
    return bool(finite) and "VBD" not in finite


def _same_noun_with_the(state: State, mention: Mention, anaphor: Mention) -> bool:
    """The anaphor is "the" and the antecedent's noun ("An abstract of title ... The abstract")."""
    tokens = state.document.sentences[anaphor.sentence].tokens
    return (
        anaphor.end - anaphor.start == 2
        and tokens[anaphor.start].text.lower() == "the"
        and tokens[anaphor.head].lemma.lower()
        == state.document.sentences[mention.sentence].tokens[mention.head].lemma.lower()
    )


SPECIFIC_DETERMINERS = DEFINITE_DETERMINERS | {"both"}
"""Determiners of a description that picks out what it names ("Both meanings ... they")."""


def _definite(tokens, mention: Mention) -> bool:
    """Starts with a definite determiner or a possessive pronoun ("his parents"), or has a
    named possessor ("Ruiz 's brother")."""
    first = tokens[mention.start]
    if first.tag == "PRP$":
        return True
    if first.text.lower() in SPECIFIC_DETERMINERS and first.tag == "DT":
        return True
    return any(t.tag == "POS" for t in tokens[mention.start : mention.end])


def _extends(longer: list[str], shorter: list[str]) -> bool:
    size = len(shorter)
    return len(longer) > size and shorter in (longer[:size], longer[-size:])


def _words(state: State, mention: Mention) -> list[str]:
    words = state.document.sentences[mention.sentence].words[mention.start : mention.end]
    return [word.lower() for word in words]


def _contains(outer: Mention, inner: Mention) -> bool:
    return (
        outer.sentence == inner.sentence and outer.start <= inner.start and inner.end <= outer.end
    )
