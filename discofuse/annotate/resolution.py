"""Pronoun resolution the rules can trust: candidates, hard constraints, then a trained ranker.

Links from third-person pronouns to their antecedents, in three steps (a statistical model,
coreferee, used before had linked a ship's "she" to a port, a stranger's "his" to the
paragraph's main character and a company's "It" to a noun inside its description):

1. **Candidates**: noun-phrase heads in the pronoun's sentence (before it) and the `WINDOW`
   sentences before (names: `NAME_WINDOW`), the main-clause subject after a pronoun in a fronted
   phrase, and the antecedents of earlier pronouns (`History`).
2. **Hard constraints** (a candidate failing one is never linked): number, gender (first names
   from US Social Security name counts, titles, gendered nouns), animacy (he/she only for
   something that can be a person, it/its never for a person), an anaphor never inside its
   antecedent's noun phrase, a plain object pronoun never bound by its own verb's subject,
   expletive "it" resolved to nothing.
3. **A ranker**: a softmax over the candidates and a "no antecedent" option, scored from
   features of the pair (distance, grammatical roles and parallelism, entity type, agreement
   evidence, salience, what earlier pronouns were resolved to), trained by
   `scripts/train_resolver.py` on OntoGUM train and LitBank; the best candidate is linked when
   its probability reaches the model's threshold (tuned on OntoGUM dev and GAP development).

The model file holds the weights, the threshold, the name-gender table and a person-noun table,
so resolution needs nothing but this module and the JSON.
"""

from __future__ import annotations

import bisect
import functools
import json
import math
from collections import Counter, defaultdict
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from lemminflect import getAllLemmas

from discofuse.annotate.coref_links import (
    Chains,
    collective_nationality,
    noun_phrase,
    person_names,
    positions_before,
    rule_based_clusters,
)
from discofuse.annotate.text_input import MAX_SENTENCE_TOKENS
from discofuse.document import (
    MAIN_ROLE_DEPS,
    PRONOUN,
    PROPER,
    Cluster,
    Mention,
    Sentence,
    mention_kind,
)
from discofuse.labels import (
    COLLECTIVE_NOUNS,
    FEMININE_NOUNS,
    MASCULINE_NOUNS,
    MIND_VERBS,
    MISTYPED_PERSON_ENTITIES,
    NOT_REFERRING_ENTITIES,
    NOUN_PHRASE_LEFT_DEPS,
    NOUN_TAGS,
    PEOPLE_NOUNS,
    PERSON_NOUNS,
    PLACE_AND_THING_ENTITIES,
    PRONOUN_GROUPS,
    PROPER_NOUN_TAGS,
    QUOTES,
    SUBJECT_DEPS,
)

MODEL_PATH = Path(__file__).with_name("pronoun_resolver.json")
WINDOW = 2
"""How many sentences before the pronoun's own are searched for a common-noun antecedent."""
NAME_WINDOW = 6
"""The same for a name: people and places are named once and then pronominalized for longer."""
MAX_CANDIDATES = 40
NEUTER_THRESHOLD = 0.4
"""The least probability for linking "it"/"its": often an event, a clause or nothing at all
("it was a different story for ..."), so it needs more evidence than he/she/they."""

LONE_FEMININE_SHARE = 0.95
"""A name said alone is taken for a surname (no gender), except a first name at least this
share of whose bearers are women ("Claire", "Karen"): men's first names are common surnames
("James", "Henry"), women's seldom."""
CONJUNCT_CONFIDENCE = 0.9
"""The confidence of "X and her husband" -> X (`_possessor_of_conjunct`), when X agrees."""

CONTINUITY_CONFIDENCE = 0.5
"""A pronoun the ranker resolves with less than this probability is linked to the subject it
continues (`continued_subject`), when that agrees, or else to the only candidate that agrees
(in its sentence or the one before), with this confidence: enough for the rules' usual
`min_confidence`, never more than a ranker's sure link."""

MASCULINE, FEMININE, NEUTER, PLURAL = "he", "she", "it", "they"  # the groups of PRONOUN_GROUPS
REFLEXIVES = frozenset({"himself", "herself", "itself", "themselves"})
ACCUSATIVES = frozenset({"him", "her", "them"})
PLURAL_TAGS = frozenset({"NNS", "NNPS"})
MASCULINE_TITLES = frozenset({"mr", "mr.", "sir", "lord", "king", "prince", "duke", "count",
                              "baron", "father", "brother", "uncle", "saint", "st.", "pope"})
FEMININE_TITLES = frozenset({"mrs", "mrs.", "ms", "ms.", "miss", "lady", "queen", "princess",
                             "duchess", "countess", "baroness", "madame", "mother", "sister",
                             "aunt", "dame"})
CLAUSE_DEPS = frozenset({"relcl", "acl", "advcl", "ccomp", "xcomp", "csubj", "conj", "parataxis"})
ROLE_DEPS = frozenset({"nsubj", "nsubjpass", "dobj", "pobj", "poss", "attr", "appos", "conj",
                       "dative", "ROOT", "npadvmod", "compound"})


@dataclass(frozen=True, slots=True)
class Link:
    """The resolver's choice for one pronoun (its `confidence` is the model probability)."""

    pronoun: Mention
    antecedent: Mention


@dataclass(frozen=True, slots=True)
class _Candidate:
    """A noun-phrase head: token `index` of sentence `sentence`, a proper or nominal mention."""

    sentence: int
    index: int
    kind: str


class PronounResolver:
    """Links third-person pronouns to antecedents; see the module docstring."""

    def __init__(self, model: dict):
        self.weights: dict[str, float] = model["weights"]
        self.threshold: float = model["threshold"]
        self.female_share: dict[str, float] = model["female_share"]
        self.person_nouns: dict[str, float] = model["person_nouns"]

    @classmethod
    def load(cls, path: Path = MODEL_PATH) -> PronounResolver:
        return cls(json.loads(path.read_text(encoding="utf-8")))

    # -- resolution -------------------------------------------------------------------------

    def links(self, sentences: list[Sentence], threshold: float | None = None) -> list[Link]:
        """The best antecedent of each resolvable pronoun, when its probability reaches
        `threshold` (the model's own by default). Pronouns are resolved in text order, and
        each resolution feeds the entity features of the pronouns after it."""
        return _OneDocument(self).resolve(sentences, threshold)

    def resolve(self, sentences: list[Sentence], threshold: float | None = None) -> list[Link]:
        """`links` without the per-document memo of `_OneDocument`."""
        threshold = self.threshold if threshold is None else threshold
        links = []
        history = History(sentences)
        for sentence_index, index, group in resolvable_pronouns(sentences):
            scored = self.ranked(sentences, sentence_index, index, group, history)
            partner = _possessor_of_conjunct(sentences[sentence_index], sentence_index, index)
            if partner is not None and self.agrees_alone(sentences, partner, group):
                scored = [(CONJUNCT_CONFIDENCE, partner)]
            needed = max(threshold, NEUTER_THRESHOLD) if group == NEUTER else threshold
            doer = reporting_subject(
                sentences[sentence_index], sentence_index, index
            ) or possessor_subject(sentences[sentence_index], sentence_index, index)
            if doer is not None and self.compatible(
                sentences, doer, sentence_index, index, group, history
            ) and history.is_person(sentences, doer):
                scored = [_at_least_continuity(scored, doer)]
            over_object = self.subject_over_phrase_object(
                sentences, sentence_index, index, group, scored, history
            )
            if over_object is not None:
                scored = [over_object]
            if not scored or scored[0][0] < CONTINUITY_CONFIDENCE:
                continued, rivals = continued_subject(sentences, sentence_index, index)
                if continued is not None and self.continues(
                    sentences, continued, rivals, sentence_index, index, group, history
                ):
                    scored = [(CONTINUITY_CONFIDENCE, continued)]
                elif self.ranked_first_of_its_clause(
                    sentences, continued, sentence_index, index, group, scored, history
                ):
                    scored = [_at_least_continuity(scored, continued)]
                elif (
                    len(scored) == 1
                    and sentence_index - scored[0][1].sentence <= 1
                    and not _same_group_before(sentences, sentence_index, index, group)
                ):
                    # the only candidate that agrees, in this sentence or the one before
                    # ("Friends met Williams in Europe . In 1972 , he accepted ..."), unless a
                    # pronoun of the group before it may carry another entity along ("he
                    # reached the quarterfinals , losing to Almagro . However , he fell")
                    scored = [_at_least_continuity(scored, scored[0][1])]
                elif not scored:
                    person = self.mistyped_person(sentences, sentence_index, index, group,
                                                  history)
                    if person is not None:
                        scored = [(CONTINUITY_CONFIDENCE, person)]
            fresh = self.new_subject_continued(sentences, sentence_index, index, group, scored,
                                               history) or self.fronted_possessive_of_the_topic(
                sentences, sentence_index, index, group, scored, history)
            if fresh is not None:
                scored = [fresh]
            if scored and scored[0][0] >= needed:
                probability, candidate = scored[0]
                history.add(sentence_index, index, group, candidate)
                pronoun = Mention(
                    sentence_index, index, index + 1, index, PRONOUN, round(probability, 3)
                )
                antecedent = noun_phrase(candidate.sentence, sentences[candidate.sentence],
                                         _named_by_apposition(sentences[candidate.sentence],
                                                              candidate.index))
                links.append(Link(pronoun, antecedent))
        return links

    def ranked(
        self,
        sentences: list[Sentence],
        sentence_index: int,
        index: int,
        group: str,
        history: History,
    ) -> list[tuple[float, _Candidate]]:
        """Candidates that pass the hard constraints, best first, with their probabilities."""
        allowed = [
            candidate
            for candidate in candidates(sentences, sentence_index, index, history)
            if self.compatible(sentences, candidate, sentence_index, index, group, history)
        ]
        if not allowed:
            return []
        scores = [
            self.score(
                self.features(sentences, candidate, sentence_index, index, group, rank, history)
            )
            for rank, candidate in enumerate(allowed)
        ]
        null = self.score(self.null_features(sentences, sentence_index, index, group))
        top = max(*scores, null)
        total = math.exp(null - top) + sum(math.exp(score - top) for score in scores)
        probability = {
            candidate: math.exp(score - top) / total for score, candidate in zip(scores, allowed)
        }
        for candidate in allowed:  # a predicate noun's share goes to its subject, the same
            # entity ("Constantine ... became a BBC Governor , although ... his")
            subject = _subject_of_predicate(sentences, candidate, allowed)
            if subject is not None:
                probability[subject] += probability.pop(candidate)
        scored = [(p, candidate) for candidate, p in probability.items()]
        scored.sort(key=lambda entry: -entry[0])
        return scored

    def subject_over_phrase_object(
        self,
        sentences: list[Sentence],
        sentence_index: int,
        index: int,
        group: str,
        scored: list[tuple[float, _Candidate]],
        history: History,
    ) -> tuple[float, _Candidate] | None:
        """The subject of the main clause, for the subject pronoun of a clause subordinate to
        or coordinated with it, over the ranker's choice when that is a noun inside a phrase
        between them, no subject or object of its own ("Zirc is often called the Capital of
        the Bakony because it is located ...": Zirc, not the Bakony). Such a clause mostly
        goes on about the main clause's subject; only when that subject agrees and no subject
        or object between them does (`continues`), and only for "it": for he/she the ranker's
        own features of gender and role decide better (GAP), and a "they" after a place goes
        to the people the phrase names as often ("The Aleutian Islands are home to the Aleut
        people 's society , although they were the first ..."). None otherwise."""
        if not scored or group != NEUTER:
            return None
        best = scored[0][1]
        if best.sentence != sentence_index or best.index > index:
            return None
        continued, rivals = continued_subject(sentences, sentence_index, index)
        if continued is None or continued == best or continued.sentence != sentence_index:
            return None
        if best in rivals or best.index < continued.index:
            return None
        if not self.continues(sentences, continued, rivals, sentence_index, index, group, history):
            return None
        return _at_least_continuity(scored, continued)

    def ranked_first_of_its_clause(
        self,
        sentences: list[Sentence],
        continued: _Candidate | None,
        sentence_index: int,
        index: int,
        group: str,
        scored: list[tuple[float, _Candidate]],
        history: History,
    ) -> bool:
        """The ranker's first choice for the he/she/they subject of a clause subordinate to
        or coordinated with the main clause is that clause's subject (`continued_subject`),
        with a rival between them that agrees too ("The Greeks used standard types because
        they believed ...", "the officials offered the evacuees a dosimeter because they
        wanted ..."): the parallel subject, which the ranker already prefers, holds at the
        continuity confidence, as a careful reader takes it. Not for "it", which may stand for
        the clause before it or the thing in between."""
        if (
            continued is None
            or group == NEUTER
            or not scored
            or scored[0][1] != continued
            or continued.sentence != sentence_index
        ):
            return False
        return not _named_after_it(sentences, continued, sentence_index, index) and self.compatible(
            sentences, continued, sentence_index, index, group, history
        )

    def new_subject_continued(
        self,
        sentences: list[Sentence],
        sentence_index: int,
        index: int,
        group: str,
        scored: list[tuple[float, _Candidate]],
        history: History,
    ) -> tuple[float, _Candidate] | None:
        """A name the previous sentence introduces as its main subject, continued by the
        subject pronoun that opens the next one, over an entity from further back that the
        ranker prefers for its longer chain ("His full name is ... Francisco d'Anconia . John
        Galt is the primary male hero . He initially appears as ...": John Galt). Only when
        the name is the one candidate of the pronoun's kind in the previous sentence among its
        people and its subjects and objects (a predicate noun is said of the name, "the
        primary male hero"; nor do "Everton , Chelsea and Charlton" after "experience with"
        count), no pronoun of its group stands there, and nothing before the pronoun in its
        own sentence could be what it stands for; None otherwise (the ranker's choice
        stands)."""
        if sentence_index == 0 or not scored or group == NEUTER:
            return None
        sentence, previous = sentences[sentence_index], sentences[sentence_index - 1]
        pronoun = sentence.tokens[index]
        if pronoun.dep not in SUBJECT_DEPS or sentence.tokens[pronoun.head].head != pronoun.head:
            return None  # the main clause's subject only
        if any(_candidate_at(sentence, sentence_index, i) is not None for i in range(index)):
            return None
        if any(pronoun_group(previous, i) == group for i in range(len(previous.tokens))):
            return None
        agreeing = [
            candidate
            for i in range(len(previous.tokens))
            if (candidate := _candidate_at(previous, sentence_index - 1, i)) is not None
            and previous.tokens[i].dep not in ("attr", "oprd")  # said of the subject
            and (previous.tokens[i].ent_type == "PERSON" or previous.in_main_role(i))
            and self.compatible(sentences, candidate, sentence_index, index, group, history)
        ]
        if len(agreeing) != 1:
            return None
        subject = agreeing[0]
        token = previous.tokens[subject.index]
        if not (token.tag in PROPER_NOUN_TAGS and previous.is_main_subject(subject.index)):
            return None
        best = scored[0][1]
        if best.sentence >= sentence_index - 1 or history.key(best) == history.key(subject):
            return None  # the ranker already looks no further back than the name
        return _at_least_continuity(scored, subject)

    def fronted_possessive_of_the_topic(
        self,
        sentences: list[Sentence],
        sentence_index: int,
        index: int,
        group: str,
        scored: list[tuple[float, _Candidate]],
        history: History,
    ) -> tuple[float, _Candidate] | None:
        """A his/her in a phrase fronted before its sentence's main subject, when that subject
        is the name the previous sentence's main subject has ("Stroheim speaks German ... . |
        Similarly , in his French - speaking roles , von Stroheim speaks French"): the
        possessive points forward to the name, and the person the text is about is that name
        in both sentences, so no one else is left for it. Only when nothing before the
        possessive in its own sentence could be what it stands for; None otherwise."""
        sentence = sentences[sentence_index]
        if sentence_index == 0 or group == NEUTER or sentence.tokens[index].tag != "PRP$":
            return None
        if any(_candidate_at(sentence, sentence_index, i) is not None for i in range(index)):
            return None
        subjects = _cataphoric_subjects(sentence, sentence_index, index)
        if len(subjects) != 1:
            return None
        subject = subjects[0]
        name = sentence.tokens[subject.index]
        if name.tag not in PROPER_NOUN_TAGS or not self.compatible(
            sentences, subject, sentence_index, index, group, history
        ):
            return None
        previous = sentences[sentence_index - 1]
        if not any(
            token.text == name.text and previous.is_main_subject(i)
            for i, token in enumerate(previous.tokens)
        ):
            return None
        return _at_least_continuity(scored, subject)

    def mistyped_person(
        self,
        sentences: list[Sentence],
        sentence_index: int,
        index: int,
        group: str,
        history: History,
    ) -> _Candidate | None:
        """For a he/she with no candidate that agrees: the one name, in its sentence or the
        one before, that is a subject and fails only because the tagger typed it a place or a
        thing ("Giffords was sworn in ... . She was ...", "Giffords" read as a building; the
        small model types many unfamiliar surnames so). A he/she stands for someone, and a
        place or a building as a clause's subject is rarely the only thing before one."""
        if group not in (MASCULINE, FEMININE):
            return None
        found: dict[str, _Candidate] = {}
        for candidate in candidates(sentences, sentence_index, index, history):
            token = sentences[candidate.sentence].tokens[candidate.index]
            if (
                sentence_index - candidate.sentence <= 1
                and token.tag == "NNP"
                and token.ent_type in MISTYPED_PERSON_ENTITIES
                and token.dep in SUBJECT_DEPS
                and self.gender(sentences, candidate) in (group, None)
                and not any(t.dep == "conj" and t.head == candidate.index
                            for t in sentences[candidate.sentence].tokens)
            ):
                found.setdefault(token.text.lower(), candidate)
        if len(found) != 1:
            return None
        person = next(iter(found.values()))
        theirs = set(history.pronouns_of(person))
        earlier = [(sentence_index, i) for i in range(index)]
        if sentence_index > 0:
            earlier += [(sentence_index - 1, i)
                        for i in range(len(sentences[sentence_index - 1].tokens))]
        if any(  # a he/she before it that stands for someone else ("He moved to Paris . She")
            pronoun_group(sentences[s], i) == group and (s, i, group) not in theirs
            for s, i in earlier
        ):
            return None
        return person

    def score(self, features: list[str]) -> float:
        return sum(self.weights.get(feature, 0.0) for feature in features)

    def null_features(
        self, sentences: list[Sentence], sentence_index: int, index: int, group: str
    ) -> list[str]:
        """The "no antecedent" option of the ranking: how anaphoric the pronoun looks."""
        token = sentences[sentence_index].tokens[index]
        role = "poss" if token.tag == "PRP$" else _role(token.dep)
        return ["null", f"null|g={group}", f"null|g={group}|p_role={role}",
                f"null|first_sentence={sentence_index == 0}"]

    # -- constraints ------------------------------------------------------------------------

    def compatible(
        self,
        sentences: list[Sentence],
        candidate: _Candidate,
        sentence_index: int,
        index: int,
        group: str,
        history: History | None = None,
    ) -> bool:
        """The hard constraints: agreement in number, gender and animacy, and syntax. With
        the document's `history`, a name the document calls a person elsewhere is one for
        he/she (`History.named_person`), and one it calls a place is one for "it"
        (`History.named_place`)."""
        token = sentences[candidate.sentence].tokens[candidate.index]
        number = self.number(sentences, candidate)
        gender = self.gender(sentences, candidate)
        if (group == PLURAL) != (number == PLURAL) and not (
            group == PLURAL
            and token.ent_type == "ORG"
            and gender is None
            and not (history is not None and token.text in history.person_names)
        ) and not (
            group == PLURAL
            and sentences[sentence_index].tokens[index].dep in SUBJECT_DEPS
            and team_with_plural_verb(sentences[candidate.sentence].tokens, candidate.index)
        ):
            return False  # "they" may name a club or a company ("Arsenal ... they"), not a
            # person the tagger calls ORG ("Hans Albert Einstein"; "Lincoln", a PERSON
            # where his first name stands with it); a subject "they" a team whose verb is
            # plural ("Ireland are a good side . They defended ..."; not a "their": "it was
            # Ireland who were ... to their backs" after "England were awarded" is too open)
        person = self.personhood(sentences, candidate)
        if group in (MASCULINE, FEMININE) and history is not None and history.named_person(
            sentences, candidate
        ):
            person = 1.0  # "Liverpool forward Milan Baros ... | Baros , who ... claims he": a
            # surname typed a place here is the person the document names in full
        elif group == NEUTER and history is not None and history.named_place(sentences, candidate):
            person = 0.1  # "Andorra has an alpine climate . | Its higher elevation": typed
            # an organisation here, a place where the document names it elsewhere
        if not _kind_agrees(group, gender, person):
            return False
        if group in (NEUTER, PLURAL) and _subject_of_a_mind_verb(
            sentences[sentence_index], index
        ) and not _may_have_a_mind(sentences[candidate.sentence], candidate.index):
            return False  # "The Greeks used standard types , because they believed ...": the
            # Greeks, not the types
        if _named_after_it(sentences, candidate, sentence_index, index):
            return False
        own = sentences[sentence_index]
        if token.tag in PROPER_NOUN_TAGS and any(  # the name said again where it binds the
            t.text == token.text and _bound_by_own_subject(own, index, i)  # pronoun ("tricked
            for i, t in enumerate(own.tokens)  # Hera into letting her go")
        ):
            return False
        if candidate.sentence == sentence_index:
            sentence = sentences[sentence_index]
            if _inside_noun_phrase(sentence, index, candidate.index):
                return False
            if group == NEUTER and _in_fronted_phrase_of_its_verb(sentence, index,
                                                                  candidate.index):
                return False
            if _bound_by_own_subject(sentence, index, candidate.index):
                return False
            if relative_coargument(sentence, index, candidate.index):
                return False
        return True

    def agrees_alone(self, sentences: list[Sentence], candidate: _Candidate, group: str) -> bool:
        """Gender and animacy agreement of a singular candidate, whatever it is coordinated
        with ("Cate Blanchett and her husband": one woman, though the phrase is plural)."""
        token = sentences[candidate.sentence].tokens[candidate.index]
        if token.tag in PLURAL_TAGS:
            return False
        return group != PLURAL and _kind_agrees(
            group, self.gender(sentences, candidate), self.personhood(sentences, candidate)
        )

    def continues(
        self,
        sentences: list[Sentence],
        subject: _Candidate,
        rivals: list[_Candidate],
        sentence_index: int,
        index: int,
        group: str,
        history: History | None = None,
    ) -> bool:
        """The continued subject agrees with the pronoun (in person and gender judged on its
        predicate noun when it has one: "Ekpombi is an album" is an "it" whatever the tagger
        thinks "Ekpombi" is), and no rival between them does."""
        if any(self.compatible(sentences, r, sentence_index, index, group, history)
               or (group == NEUTER and _unknown_name(sentences[r.sentence], r.index))
               for r in rivals):
            return False  # (a name of unknown kind may be an "it" too: "While ANOVA is
            # conservative ... , it is not")
        if _named_after_it(sentences, subject, sentence_index, index):
            return False
        subject_token = sentences[subject.sentence].tokens[subject.index]
        if group == NEUTER and subject_token.tag == "NN" and _person_noun(
            subject_token.lemma
        ):
            return False  # "A remote user can control EDGAR ... . | It also mimics ...": a
            # person's noun is no continued "it" (the ranker's features, not the continuation,
            # weigh the nouns that only may be)
        predicate = _predicate_noun(sentences[subject.sentence], subject.sentence, subject)
        subject_it = group == NEUTER and sentences[sentence_index].tokens[index].tag == "PRP"
        if predicate is None:
            if subject_it and (
                _name_of_a_thing(sentences[subject.sentence], subject.index)
                or _name_of_a_common_noun(sentences, subject)
            ):
                return True  # (not "its": "The League issued a decree . Its text" is the
                # decree's as often)
            return self.compatible(sentences, subject, sentence_index, index, group, history)
        if (group == PLURAL) != (self.number(sentences, subject) == PLURAL):
            return False
        person = self.personhood(sentences, predicate)
        if _name_of_a_thing(sentences[predicate.sentence], predicate.index):
            person = 0.0
        return _kind_agrees(group, self.gender(sentences, predicate), person)

    def number(self, sentences: list[Sentence], candidate: _Candidate) -> str:
        tokens = sentences[candidate.sentence].tokens
        token = tokens[candidate.index]
        coordinated = any(
            t.head == candidate.index and t.dep == "conj" for t in tokens
        ) and any(t.head == candidate.index and t.dep == "cc" for t in tokens)
        if token.tag == "NNPS" and token.ent_type == "PERSON" and not sentences[
            candidate.sentence
        ].name_with_the(candidate.index):
            return "sing"  # a surname the tagger read as plural ("Rees"; not "the Greeks")
        if (
            token.tag == "NNP" and token.ent_type == "NORP"
            and sentences[candidate.sentence].name_with_the(candidate.index)
            and collective_nationality(token.text)
        ):
            return PLURAL  # "the French withdrew their support": a people
        return PLURAL if token.tag in PLURAL_TAGS or coordinated else "sing"

    def gender(
        self, sentences: list[Sentence], candidate: _Candidate, least_share: float = 0.9
    ) -> str | None:
        """he / she when the evidence is clear: a title, a first name (at least `least_share`
        of its bearers of that gender), a gendered noun."""
        sentence = sentences[candidate.sentence]
        token = sentence.tokens[candidate.index]
        if token.tag in PROPER_NOUN_TAGS:
            start = sentence.name_start(candidate.index)
            before = sentence.tokens[start - 1].text.lower() if start > 0 else ""
            first = sentence.tokens[start].text.lower()
            for word in (before, first):
                if word in MASCULINE_TITLES:
                    return MASCULINE
                if word in FEMININE_TITLES:
                    return FEMININE
            share = self.female_share.get(first)
            if (
                share is not None
                and start < candidate.index  # a lone name is mostly a surname
                and token.ent_type not in PLACE_AND_THING_ENTITIES  # "North Florida",
                # "Santa Clara": first names too, rarely
                and (token.ent_type == "PERSON" or not getAllLemmas(first))  # not "General
                # Advisory Committee" ("general" is a first name too)
            ):
                if share >= least_share:
                    return FEMININE
                if share <= 1 - least_share:
                    return MASCULINE
            if (
                share is not None
                and share >= max(LONE_FEMININE_SHARE, least_share)
                and start == candidate.index
                and token.ent_type not in PLACE_AND_THING_ENTITIES | NOT_REFERRING_ENTITIES
            ):  # (not "January", "Florence")
                return FEMININE  # "Claire": women's first names are seldom surnames
            return _gender_of_its_reflexive(sentence, candidate.index)
        lemma = token.lemma.lower()
        if lemma in MASCULINE_NOUNS or token.text.lower() in MASCULINE_NOUNS:
            return MASCULINE
        if lemma in FEMININE_NOUNS or token.text.lower() in FEMININE_NOUNS:
            return FEMININE
        return None

    def personhood(self, sentences: list[Sentence], candidate: _Candidate) -> float:
        """How likely the candidate is a person: 1 for people's names, titles and gendered
        nouns, 0 for places, dates and things, the training data's share for other nouns."""
        sentence = sentences[candidate.sentence]
        token = sentence.tokens[candidate.index]
        if self.gender(sentences, candidate) is not None:
            return 1.0
        # a lower-case word tagged NNP after an article ("the aardwolf") is a common noun
        proper = token.tag in PROPER_NOUN_TAGS and not (
            token.text.islower()
            and candidate.index > 0
            and sentence.tokens[candidate.index - 1].text.lower() in ("the", "a", "an")
        )
        if not proper and token.lemma.lower() in COLLECTIVE_NOUNS:
            return 0.0  # "the family", "the company": an "it" or "they", no he/she
        if not proper and token.lemma.lower() in PERSON_NOUNS:
            return 1.0  # "the Olympic champion" is no "it"
        if not proper and _named_by_apposition(sentence, candidate.index) != candidate.index:
            return 1.0  # "the Hebrew grammarian Judah ibn Quraysh": the name says who
        if proper:
            start = sentence.name_start(candidate.index)
            if (
                token.ent_type == "PERSON"
                and token.tag == "NNP"
                and sentence.name_with_the(candidate.index)
                and sentence.tokens[start].text.lower() not in self.female_share
            ):
                return 0.3  # "The Panther was intended to ...": a name with "the" is a
                # thing, a ship or a group far more often than a person (titles are gender,
                # above), whatever the entity tagger says
            if possessive_owning_nothing(sentence, candidate.index):
                return 0.1
            if token.ent_type == "PERSON" or (
                token.ent_type == "NORP"
                and token.tag == "NNP"
                and not token.text.lower().endswith(("ese", "sh", "ch", "ss"))  # (not "the
                # Portuguese", "the Swiss": a people)
                and start == candidate.index
                and any(
                    t.head == candidate.index and t.dep == "det"
                    and (t.text in ("the", "a", "an") or (i == 0 and t.text in ("The", "A")))
                    for i, t in enumerate(sentence.tokens[:start])
                )
            ):
                return 1.0  # ("the Spaniard", "a conservative Democrat": one person by a
                # nationality or a party; not a title's "An American in Paris")
            if token.ent_type in NOT_REFERRING_ENTITIES:
                return 0.0
            known_first_name = start < candidate.index and (
                sentence.tokens[start].text.lower() in self.female_share
            )
            if token.ent_type in PLACE_AND_THING_ENTITIES and not known_first_name:
                return 0.1
            return 0.5  # the small model tags many surnames ORG: the ranker weighs it
        return self.person_nouns.get(token.lemma.lower(), 0.2)

    # -- features ---------------------------------------------------------------------------

    def features(
        self,
        sentences: list[Sentence],
        candidate: _Candidate,
        sentence_index: int,
        index: int,
        group: str,
        rank: int,
        history: History,
    ) -> list[str]:
        """Binary features of a (pronoun, candidate) pair; names are the model's keys."""
        pronoun_token = sentences[sentence_index].tokens[index]
        sentence = sentences[candidate.sentence]
        token = sentence.tokens[candidate.index]
        distance = sentence_index - candidate.sentence
        c_role = _role(token.dep)
        p_role = "poss" if pronoun_token.tag == "PRP$" else _role(pronoun_token.dep)
        person = self.personhood(sentences, candidate)
        person_bin = "hi" if person >= 0.8 else "mid" if person >= 0.4 else "lo"
        gender = self.gender(sentences, candidate) or "unk"
        features = [
            f"sdist={distance}",
            f"c_role={c_role}|sdist={min(distance, 2)}",
            f"c_role={c_role}|p_role={p_role}|sdist={min(distance, 2)}",
            f"rank={min(rank, 5)}",
            f"c_role={c_role}",
            f"p_role={p_role}",
            f"c_role={c_role}|p_role={p_role}",
            f"c_kind={candidate.kind}",
            f"g={group}|c_kind={candidate.kind}",
            f"g={group}|c_ent={token.ent_type or '-'}",
            f"g={group}|person={person_bin}",
            f"g={group}|gender={gender}",
            f"c_main={_in_main_clause(sentence, candidate.index)}|c_role={c_role}"
            f"|sdist={min(distance, 2)}",
            f"c_first_subject={_is_first_subject(sentence, candidate.index)}"
            f"|sdist={min(distance, 2)}",
            f"salience={min(history.word_count(token.text, sentence_index, index), 3)}"
            f"|c_kind={candidate.kind}",
            f"topic={_names_topic(sentences, candidate)}",
        ]
        if distance == 0 and candidate.index > index:
            features.append(f"cataphora|p_role={p_role}")
        if c_role == p_role:
            features.append(f"parallel|sdist={min(distance, 1)}")
        if distance == 0 and token.head == pronoun_token.head:
            features.append(f"coarg|c_role={c_role}|p_role={p_role}")
        earlier = history.pronouns_of(candidate)
        if not earlier:
            features.append("ent_no_pronoun")
        else:
            last_sentence, last_index, last_group = earlier[-1]
            last_subject = sentences[last_sentence].tokens[last_index].dep in SUBJECT_DEPS
            features.append(f"ent_pronoun_sdist={min(sentence_index - last_sentence, 3)}")
            features.append(f"ent_pronoun_same_group={last_group == group}")
            features.append(f"ent_pronoun_subject={last_subject}|p_role={p_role}")
        features.append(f"ent_count={min(len(earlier), 4)}")
        return features


class _OneDocument(PronounResolver):
    """The resolver over one document: a candidate's number, gender and personhood are
    computed once, not for every pronoun that weighs it (each is a function of the
    candidate's sentence alone). Made per `links` call, so no state crosses documents or
    threads."""

    def __init__(self, resolver: PronounResolver) -> None:
        self.weights, self.threshold = resolver.weights, resolver.threshold
        self.female_share, self.person_nouns = resolver.female_share, resolver.person_nouns
        self._known: dict[tuple, Any] = {}

    def _once(self, key: tuple, compute: Callable[[], Any]) -> Any:
        if key not in self._known:
            self._known[key] = compute()
        return self._known[key]

    def number(self, sentences: list[Sentence], candidate: _Candidate) -> str:
        return self._once(("number", candidate.sentence, candidate.index),
                          lambda: super(_OneDocument, self).number(sentences, candidate))

    def gender(
        self, sentences: list[Sentence], candidate: _Candidate, least_share: float = 0.9
    ) -> str | None:
        return self._once(
            ("gender", candidate.sentence, candidate.index, least_share),
            lambda: super(_OneDocument, self).gender(sentences, candidate, least_share),
        )

    def personhood(self, sentences: list[Sentence], candidate: _Candidate) -> float:
        return self._once(("person", candidate.sentence, candidate.index),
                          lambda: super(_OneDocument, self).personhood(sentences, candidate))


# -- candidates and syntax helpers ---------------------------------------------------------


def _at_least_continuity(
    scored: list[tuple[float, _Candidate]], candidate: _Candidate
) -> tuple[float, _Candidate]:
    """`candidate` with its ranked probability raised to `CONTINUITY_CONFIDENCE`: a link a
    continuation rule makes, not the ranker."""
    probability = next((p for p, c in scored if c == candidate), 0.0)
    return max(probability, CONTINUITY_CONFIDENCE), candidate


def resolvable_pronouns(sentences: list[Sentence]) -> Iterator[tuple[int, int, str]]:
    """(sentence, token, group) of every third-person pronoun that is not an expletive "it",
    in text order; none in a sentence over `MAX_SENTENCE_TOKENS` (no rule reads it)."""
    for sentence_index, sentence in enumerate(sentences):
        if len(sentence.tokens) > MAX_SENTENCE_TOKENS:
            continue
        for index in range(len(sentence.tokens)):
            group = pronoun_group(sentence, index)
            if group is not None and not is_expletive(sentence, index):
                yield sentence_index, index, group


def pronoun_group(sentence: Sentence, index: int) -> str | None:
    token = sentence.tokens[index]
    if token.tag not in ("PRP", "PRP$"):
        return None
    return PRONOUN_GROUPS.get(token.text.lower())


def is_expletive(sentence: Sentence, index: int) -> bool:
    """Pleonastic "it": "it is clear that", "it was decided to", "it took years to", "it rained",
    and clefts ("it was the lyrics which ...")."""
    token = sentence.tokens[index]
    if token.text.lower() != "it":
        return False
    if token.dep == "expl":
        return True
    if token.dep not in SUBJECT_DEPS:
        return False
    verb = token.head
    later = [i for i, t in enumerate(sentence.tokens) if t.head == verb and i > verb]
    predicates = [i for i in later if sentence.tokens[i].dep in ("acomp", "attr")]
    clause_after = any(  # on the verb or on its predicate: "it would be remiss not to"
        t.dep in ("ccomp", "xcomp", "csubj") and t.head in (verb, *predicates)
        for t in sentence.tokens
    )
    predicate = bool(predicates)
    head = sentence.tokens[verb]
    if head.lemma in ("be", "seem", "appear", "become", "remain") and clause_after and predicate:
        return True
    if head.lemma == "be" and any(
        sentence.tokens[i].dep == "attr" and _has_relative_clause(sentence, i) for i in later
    ):
        return True  # a cleft: "it was the lyrics which did not ..."
    if head.lemma == "be" and not predicate and any(  # "it is for this reason that ...",
        t.text.lower() == "that"  # "it was in 1990 that ...": a cleft on a fronted phrase
        and t.dep == "mark"
        and _hangs_on_phrase_of(sentence, t.head, verb)
        for t in sentence.tokens[verb + 1 :]
    ):
        return True
    if head.tag == "VBN" and clause_after and any(t.dep == "auxpass" for t in sentence.tokens
                                                  if t.head == verb):
        return True  # "it was decided to ..."
    infinitives = {t.head for t in sentence.tokens if t.tag == "TO"}
    if head.lemma in ("take", "require", "need", "cost") and any(
        t.head == verb and t.dep in ("xcomp", "advcl", "ccomp") and i in infinitives
        for i, t in enumerate(sentence.tokens)
    ):
        return True  # "it took three years (for the states) to ratify", "it required a
        # good stop from Esson to keep out Robson 's drive"
    return head.lemma in ("rain", "snow")


PLURAL_VERB_FORMS = frozenset({"are", "were", "have"})


def team_with_plural_verb(tokens, index: int) -> bool:
    """A place's or organisation's name (not a person's) whose verb is plural: British
    writing says "Ireland are", "Wales were" of a team, which "they" then takes up."""
    token = tokens[index]
    if token.tag != "NNP" or token.ent_type not in ("GPE", "ORG", ""):
        return False
    if token.dep in ("nsubj", "nsubjpass"):
        verb = token.head
    else:  # "it was Ireland who were showing more willingness"
        verb = next((i for i, t in enumerate(tokens) if t.head == index and t.dep == "relcl"
                     and any(w.head == i and w.text.lower() == "who" for w in tokens)), None)
        if verb is None:
            return False
    forms = [tokens[verb]] + [t for t in tokens if t.head == verb and t.dep in ("aux", "auxpass")]
    finite = next((t for t in forms if t.tag in ("VBP", "VBD", "VBZ", "MD")), None)
    return finite is not None and (
        finite.tag == "VBP" or finite.text.lower() in PLURAL_VERB_FORMS
    )


def _hangs_on_phrase_of(sentence: Sentence, clause: int, verb: int) -> bool:
    """The clause hangs on a preposition's object that hangs on `verb` ("is [for this reason]
    that ...")."""
    tokens = sentence.tokens
    noun = tokens[clause].head
    return (
        tokens[clause].dep in ("relcl", "ccomp", "acl")
        and tokens[noun].dep == "pobj"
        and tokens[tokens[noun].head].head == verb
    )


def _has_relative_clause(sentence: Sentence, index: int) -> bool:
    """A relative clause on the noun or on a noun coordinated with it ("the lyrics and the
    beats which ...")."""
    heads = {index} | {i for i, t in enumerate(sentence.tokens) if t.head == index
                       and t.dep == "conj"}
    return any(t.head in heads and t.dep == "relcl" for t in sentence.tokens)


def candidates(
    sentences: list[Sentence], sentence_index: int, index: int, history: History
) -> list[_Candidate]:
    """Noun-phrase heads before the pronoun in the window, nearest first, then the antecedents
    of pronouns in the window that were resolved to something older (an entity kept alive by
    pronouns: "MacKenzie ... He ... His ... his")."""
    found: list[_Candidate] = []
    first_sentence = max(0, sentence_index - WINDOW)
    for s, i in positions_before(sentences, sentence_index, index, NAME_WINDOW):
        candidate = _candidate_at(sentences[s], s, i)
        if candidate is not None and (s >= first_sentence or candidate.kind == PROPER):
            found.append(candidate)
            if len(found) >= MAX_CANDIDATES:
                return found
    found.extend(_cataphoric_subjects(sentences[sentence_index], sentence_index, index))
    seen = {(c.sentence, c.index) for c in found}
    for (s, _, _), antecedent in reversed(history.resolved):
        if s >= first_sentence and (antecedent.sentence, antecedent.index) not in seen:
            seen.add((antecedent.sentence, antecedent.index))
            found.append(antecedent)
    return found


def continued_subject(
    sentences: list[Sentence], s: int, index: int
) -> tuple[_Candidate | None, list[_Candidate]]:
    """The main subject the pronoun continues, and the rivals the caller must find
    incompatible with the pronoun for the link to hold.

    For a subject pronoun (or the possessive of a subject) of a main clause: the previous
    sentence's main subject ("Mira Osei taught chemistry . She was later head ..."); rivals
    are the nouns before the pronoun in its sentence ("When the coach arrived , he ...").
    For the subject of a clause coordinated with or subordinate to the main clause: that
    clause's subject ("The second bridge was planned for 1990 , but it opened in 1994");
    rivals are the subjects and objects between them (not a predicate or a preposition's
    object: "Zirc is called the Capital of the Bakony because it ..."; nor the noun a relative
    clause holding the pronoun is on, when that noun is such a clause's subject: "The central
    spire rises to 201 feet , and the tower on which it stands is square")."""
    sentence = sentences[s]
    tokens = sentence.tokens
    pronoun = tokens[index]
    subject_index = pronoun.head if pronoun.dep == "poss" else index
    if tokens[subject_index].dep not in SUBJECT_DEPS:
        subject_index = subject_pronoun_after(sentence, index)
        if subject_index is None:
            return None, []
        index = subject_index  # "After his study ... , he rejected": his is the he's
    verb = tokens[subject_index].head
    if (
        tokens[verb].dep == "relcl"
        and relative_coargument(sentence, index, tokens[verb].head)
        and tokens[tokens[verb].head].dep in SUBJECT_DEPS
    ):
        verb = tokens[tokens[verb].head].head  # "... , and the tower on which it stands is
        # square": the clause whose subject the relative clause is on
    main = tokens[verb].head == verb
    before_semicolon = [
        c for c in range(index) if tokens[c].head == verb and sentence.opens_before_semicolon(c)
    ] if main else []
    if before_semicolon:  # "the grammarian Judah ibn Quraysh
        # was the first to link ... ; he perceived ...": the parser hung the clause before the
        # semicolon on the pronoun's; that clause's subject is the one it continues
        source, previous, clause_root = s, sentence, before_semicolon[0]
        rivals = [
            _candidate_at(sentence, s, i)
            for i in range(clause_root + 1, index)
            if tokens[i].dep in MAIN_ROLE_DEPS and not relative_coargument(sentence, index, i)
        ]
    elif main or (
        sentence.opens_before_semicolon(verb) and pronoun_group(sentence, index) == NEUTER
    ):  # the main clause: the subject before (a misparsed one only for "it": "... attract
        # termites . | On a nightly basis they tend to ... ; however , they ..." are the
        # termites, a plural object being the topic of a "they" as often)
        if s == 0:
            return None, []
        source, previous = s - 1, sentences[s - 1]
        rivals = [_candidate_at(sentence, s, i) for i in range(index)] + [
            _candidate_at(previous, source, i)
            for i in _named_by_relative_clause(previous, pronoun_group(sentence, index))
        ]
        clause_root = previous.root()
    elif tokens[verb].dep in ("conj", "advcl") and tokens[tokens[verb].head].head == tokens[verb].head:
        source, previous, clause_root = s, sentence, tokens[verb].head
        rivals = [
            _candidate_at(sentence, s, i)
            for i in range(clause_root + 1, min(index, subject_index))
            if tokens[i].dep in MAIN_ROLE_DEPS and not relative_coargument(sentence, index, i)
        ]
    else:
        return None, []
    if clause_root is None or len(previous.tokens) > MAX_SENTENCE_TOKENS:
        return None, []
    subjects = [
        i for i, t in enumerate(previous.tokens) if t.head == clause_root and t.dep in SUBJECT_DEPS
    ]
    if len(subjects) != 1:
        return None, []
    subject = _candidate_at(previous, source, subjects[0])
    return subject, [r for r in rivals if r is not None and r != subject]


def reporting_subject(sentence: Sentence, s: int, index: int) -> _Candidate | None:
    """The named subject of the verb whose complement clause the pronoun is the subject of
    ("Baros denied reports of a row with Benitez but claims he is mystified", "Wenger
    admitted he was disappointed"): the one who says, thinks or claims something about
    himself, as such clauses mostly are. Not when the verb has an object ("told Jones he"),
    the subject is a description ("His agent said he": the agent speaks for someone else) or
    the clause comes first or in quotation marks."""
    tokens = sentence.tokens
    pronoun = tokens[index]
    if pronoun.dep not in ("nsubj", "nsubjpass"):
        return None
    clause = pronoun.head
    verb = tokens[clause].head
    if tokens[clause].dep != "ccomp" or clause < verb:
        return None
    if any(t.head == verb and t.dep in ("dobj", "dative", "iobj") for t in tokens):
        return None
    if any(t.text in QUOTES or t.text == "'" for t in tokens[: index]):
        return None
    return _named_subject(sentence, s, verb, len(tokens))


POSSESSIVE_PATH_DEPS = frozenset({"dobj", "pobj", "prep", "dative", "npadvmod", "advmod"})


def possessor_subject(sentence: Sentence, s: int, index: int) -> _Candidate | None:
    """The named subject of the clause a possessive stands in: a possessive in a verb's
    adjunct ("Williams competed against Moses in her bid for re-election") or with "own"
    ("Nyro performed the demos and multi-tracked her own voice") is the doer's; not in a plain
    object ("the critic Clark described her fiction": the author's), a predicate ("Edith was
    appointed her successor") or for a verb whose subject is understood from another clause
    ("invited Pessi to play on her album")."""
    tokens = sentence.tokens
    if tokens[index].tag != "PRP$" or tokens[index].dep != "poss":
        return None
    own = index + 1 < len(tokens) and tokens[index + 1].text.lower() == "own"
    node = tokens[index].head
    path = []
    while tokens[node].pos not in ("VERB", "AUX"):
        if tokens[node].dep not in POSSESSIVE_PATH_DEPS or tokens[node].head == node:
            return None
        path.append(tokens[node].dep)
        node = tokens[node].head
    if not own and "prep" not in path:
        return None  # an object's possessive may be anyone's ("the critic described her
        # fiction"); an adjunct's is the doer's ("competed in her bid")
    return _named_subject(sentence, s, node, index)


def _named_subject(sentence: Sentence, s: int, verb: int, before: int) -> _Candidate | None:
    """The one subject of `verb`, or of the first of the verbs it is coordinated with ("Baros
    ... denied ... but claims he": the first verb's), when it is a name standing before token
    `before`."""
    tokens = sentence.tokens
    while True:
        subjects = [i for i, t in enumerate(tokens) if t.head == verb and t.dep == "nsubj"]
        if subjects or tokens[verb].dep != "conj" or tokens[verb].head == verb:
            break
        verb = tokens[verb].head
    if len(subjects) != 1 or subjects[0] > before or tokens[subjects[0]].tag not in PROPER_NOUN_TAGS:
        return None
    return _candidate_at(sentence, s, subjects[0])


def _named_by_relative_clause(sentence: Sentence, group: str | None) -> list[int]:
    """Names a ", which"/", who" clause describes, of the pronoun's kind (a person's name for
    he/she, any other name for "it"): the sentence makes them a topic of their own, so a
    pronoun after it may continue them rather than the subject ("Unimak Island is home to
    Mount Shishaldin , which is a volcano . It is the most perfect cone"; "Robinson has an
    injury worry over Olly Barkley , who withdrew . He was due to have a scan")."""
    tokens = sentence.tokens
    named = []
    for i, token in enumerate(tokens):
        if token.dep != "relcl" or tokens[token.head].tag not in PROPER_NOUN_TAGS:
            continue
        words = [
            tokens[w].text.lower() for w in range(token.head + 1, i)
            if tokens[w].tag in ("WDT", "WP") and tokens[w].head == i and tokens[w - 1].text == ","
        ]
        person = tokens[token.head].ent_type == "PERSON"
        if (
            (group in (MASCULINE, FEMININE) and words == ["who"] and person)
            or (group == NEUTER and words == ["which"] and not person)
            or (group == PLURAL and words)
        ):
            named.append(token.head)
    return named


def subject_pronoun_after(sentence: Sentence, index: int) -> int | None:
    """For a possessive in a phrase fronted before the main clause: the main clause's
    subject, when it is a pronoun of the possessive's group ("After his study of mathematics ,
    he rejected ...": both continue the subject before); None otherwise."""
    tokens = sentence.tokens
    if tokens[index].tag != "PRP$":
        return None
    root = sentence.root()
    if root is None or index > root:
        return None
    group = pronoun_group(sentence, index)
    for i in range(index + 1, root):
        head = tokens[i].head
        if head != root and tokens[head].dep in ("aux", "auxpass") and tokens[head].head == root:
            head = root  # "upon their arrival they are trapped": the parser may hang the
            # subject on the root's auxiliary
        if (
            head == root
            and tokens[i].dep in SUBJECT_DEPS
            and not sentence.dominates(i, index)
        ):
            return i if pronoun_group(sentence, i) == group else None
    return None


def _predicate_noun(sentence: Sentence, s: int, subject: _Candidate) -> _Candidate | None:
    """Y of "X is Y" or "X is called Y" for the subject X: what tells whether "it" or "he"
    may stand for X ("Ekpombi is an album . It was released ...", "Zirc is often called the
    Capital of the Bakony because it ...", whatever the tagger thinks the name is)."""
    tokens = sentence.tokens
    verb = tokens[subject.index].head
    role = "attr" if tokens[verb].lemma.lower() == "be" else "oprd"
    predicates = [i for i, t in enumerate(tokens) if t.head == verb and t.dep == role]
    if not predicates or tokens[predicates[0]].tag not in NOUN_TAGS:
        return None  # "X was the first to link ...": an ordinal or adjective tells nothing
    return _candidate_at(sentence, s, predicates[0])


def _same_group_before(sentences: list[Sentence], s: int, index: int, group: str) -> bool:
    """A pronoun of `group` before token `index`, in its sentence or the one before."""
    before = [(s, i) for i in range(index)]
    if s > 0:
        before += [(s - 1, i) for i in range(len(sentences[s - 1].tokens))]
    return any(pronoun_group(sentences[t], i) == group for t, i in before)


def _cataphoric_subjects(sentence: Sentence, s: int, index: int) -> list[_Candidate]:
    """The main clause's subject after a pronoun in a fronted phrase ("Since overcoming his
    illness, Kurt has ...": "Kurt")."""
    tokens = sentence.tokens
    root = sentence.root()
    if root is None or index > root:
        return []
    found = []
    for i in range(index + 1, root):
        token = tokens[i]
        if token.head == root and token.dep in SUBJECT_DEPS and not sentence.dominates(i, index):
            candidate = _candidate_at(sentence, s, i)
            if candidate is not None:
                found.append(candidate)
    return found


class History:
    """One document's pronouns resolved so far (in text order) and their antecedents: the
    entity state that tells which entity the text keeps talking about. Entities are keyed by
    their antecedent's position, or for a name by its head word (so "Kurt ... Kurt" is one
    entity). Also indexes the document's words once, for salience counts."""

    def __init__(self, sentences: list[Sentence]) -> None:
        self.sentences = sentences
        self.resolved: list[tuple[tuple[int, int, str], _Candidate]] = []
        self._pronouns: dict[tuple, list[tuple[int, int, str]]] = defaultdict(list)
        self._words: dict[str, list[tuple[int, int]]] = defaultdict(list)
        for s, sentence in enumerate(sentences):
            for i, token in enumerate(sentence.tokens):
                self._words[token.text.lower()].append((s, i))
        self.person_names = person_names(sentences)
        typed = Counter(
            (token.text, token.ent_type == "PERSON")
            for sentence in sentences for token in sentence.tokens
            if token.ent_type in ("GPE", "LOC", "PERSON") and token.tag == "NNP"
        )
        self.place_names = frozenset(
            name for (name, person), count in typed.items()
            if not person and count > typed[name, True]
        )
        self.person_surnames = frozenset(
            token.text
            for s, sentence in enumerate(sentences)
            for i, token in enumerate(sentence.tokens)
            if token.tag == "NNP" and token.dep != "compound" and sentence.name_start(i) < i
            and (token.ent_type == "PERSON" or _opens_with_a_first_name(sentence, i))
        )

    def is_person(self, sentences: list[Sentence], candidate: _Candidate) -> bool:
        """The tagger calls the name a person here or elsewhere in the document ("Sumter" the
        fort is none)."""
        token = sentences[candidate.sentence].tokens[candidate.index]
        return token.ent_type == "PERSON" or token.text in self.person_names

    def named_person(self, sentences: list[Sentence], candidate: _Candidate) -> bool:
        """A one-word name, typed anything but a date, that the document names a person with
        elsewhere: the last word of a longer name typed a person or opening with a first name
        ("Milan Baros", typed an organisation). The small model types many surnames a place or
        an organisation where they stand alone."""
        sentence = sentences[candidate.sentence]
        token = sentence.tokens[candidate.index]
        return (
            token.tag == "NNP"
            and token.ent_type not in NOT_REFERRING_ENTITIES
            and sentence.lone_word_name(candidate.index)
            and token.text in self.person_surnames
            and not getAllLemmas(token.text.lower())  # a surname, not a word ("Paulo State
            # Championship ... Championship")
        )

    def named_place(self, sentences: list[Sentence], candidate: _Candidate) -> bool:
        """A name typed an organisation or nothing here that the tagger types a place
        (GPE, LOC) elsewhere in the document more often than a person."""
        token = sentences[candidate.sentence].tokens[candidate.index]
        return (
            token.tag == "NNP"
            and token.ent_type in ("", "ORG")
            and token.text in self.place_names
        )

    def add(self, sentence: int, index: int, group: str, antecedent: _Candidate) -> None:
        pronoun = (sentence, index, group)
        self.resolved.append((pronoun, antecedent))
        self._pronouns[self.key(antecedent)].append(pronoun)

    def pronouns_of(self, candidate: _Candidate) -> list[tuple[int, int, str]]:
        """The earlier pronouns resolved to the candidate's entity, in text order."""
        return self._pronouns.get(self.key(candidate), [])

    def word_count(self, word: str, sentence: int, index: int) -> int:
        """How often `word` (any case) occurs before token `index` of `sentence` (salience)."""
        return bisect.bisect_left(self._words.get(word.lower(), []), (sentence, index))

    def key(self, candidate: _Candidate) -> tuple:
        token = self.sentences[candidate.sentence].tokens[candidate.index]
        if token.tag in PROPER_NOUN_TAGS:
            return ("name", token.text.lower())
        return (candidate.sentence, candidate.index)


def _opens_with_a_first_name(sentence: Sentence, index: int) -> bool:
    """The name ending at token `index` starts with a first name that is no English word
    ("Milan Baros"; not "General Advisory Committee"), and is not typed a place."""
    token = sentence.tokens[index]
    first = sentence.tokens[sentence.name_start(index)].text.lower()
    return (
        token.ent_type not in PLACE_AND_THING_ENTITIES | NOT_REFERRING_ENTITIES
        and first in shared_resolver().female_share
        and not getAllLemmas(first)
    )


def _candidate_at(sentence: Sentence, s: int, i: int) -> _Candidate | None:
    token = sentence.tokens[i]
    if token.tag not in NOUN_TAGS or token.ent_type in NOT_REFERRING_ENTITIES:
        return None
    head = sentence.tokens[token.head]
    if token.dep == "compound" or (
        token.tag in PROPER_NOUN_TAGS and head.tag in PROPER_NOUN_TAGS and token.head > i
        and token.dep in NOUN_PHRASE_LEFT_DEPS
    ):
        return None  # inside a longer name or noun: its head is the candidate
    return _Candidate(s, i, mention_kind(token.tag))


def _role(dep: str) -> str:
    return dep if dep in ROLE_DEPS else "other"


def _path_to(sentence: Sentence, start: int, stop: int) -> Iterator[int]:
    """Tokens from `start` up the heads to `stop` (exclusive), bounded against cycles."""
    index, steps = start, 0
    while index != stop and steps <= len(sentence.tokens):
        yield index
        head = sentence.tokens[index].head
        if head == index:
            return
        index, steps = head, steps + 1


def _inside_noun_phrase(sentence: Sentence, pronoun: int, candidate: int) -> bool:
    """The pronoun sits in the candidate's own noun phrase ("his mother": not "mother"),
    not in a clause attached to it ("the man who lost his job": "man" is fine)."""
    if not sentence.dominates(candidate, pronoun):
        return False
    return not any(sentence.tokens[i].dep in CLAUSE_DEPS for i in _path_to(sentence, pronoun,
                                                                             candidate))


def _subject_of_predicate(
    sentences: list[Sentence], candidate: _Candidate, others: list[_Candidate]
) -> _Candidate | None:
    """The candidate of `others` that is the subject of the clause whose predicate noun
    `candidate` is (of "became" also through the verb it is coordinated with), or None."""
    tokens = sentences[candidate.sentence].tokens
    token = tokens[candidate.index]
    if token.dep != "attr":
        return None
    verbs = {token.head}
    if tokens[token.head].dep == "conj":
        verbs.add(tokens[token.head].head)
    return next(
        (
            other
            for other in others
            if other.sentence == candidate.sentence
            and tokens[other.index].dep in SUBJECT_DEPS
            and tokens[other.index].head in verbs
        ),
        None,
    )


def _in_fronted_phrase_of_its_verb(sentence: Sentence, pronoun: int, candidate: int) -> bool:
    """A subject "it" and a noun inside a prepositional phrase of its own verb before it ("in
    some parts of Africa it is a sign of wonder"): the phrase says where or when, and the "it"
    is something else."""
    tokens = sentence.tokens
    if tokens[pronoun].dep not in SUBJECT_DEPS:
        return False
    verb = tokens[pronoun].head
    return any(
        token.dep == "prep" and token.head == verb and sentence.dominates(i, candidate)
        for i, token in enumerate(tokens[:pronoun])
    )


def _bound_by_own_subject(sentence: Sentence, pronoun: int, candidate: int) -> bool:
    """Binding: a plain object pronoun is not its own clause's subject ("he saw him"), nor,
    for a verb with no subject of its own, the one it is understood to have ("the gods
    tricked Hera into letting her go": Hera lets her go, so "her" is someone else)."""
    tokens = sentence.tokens
    token = tokens[pronoun]
    if token.tag != "PRP" or token.text.lower() in REFLEXIVES:
        return False
    verb = token.head
    if token.dep in SUBJECT_DEPS:
        if token.text.lower() not in ACCUSATIVES or tokens[verb].dep not in ("ccomp", "xcomp"):
            return False
        verb = tokens[verb].head  # "letting her go": the object of "letting"
    if token.dep == "pobj":
        verb = tokens[verb].head
    other = tokens[candidate]
    if other.dep in SUBJECT_DEPS and other.head == verb:
        return True
    return _understood_subject(sentence, verb) == candidate


def _understood_subject(sentence: Sentence, verb: int) -> int | None:
    """The controller of a subjectless infinitive or gerund: the object of the verb above
    ("tricked Hera into letting ...", "asked Kim to ..."), else its subject ("tried to ...")."""
    tokens = sentence.tokens
    if any(t.head == verb and t.dep in SUBJECT_DEPS for t in tokens):
        return None
    above = tokens[verb].head
    if tokens[verb].dep == "pcomp" and tokens[above].dep == "prep":
        above = tokens[above].head
    elif tokens[verb].dep != "xcomp":
        return None
    if above == verb or tokens[above].pos not in ("VERB", "AUX"):
        return None
    objects = [i for i, t in enumerate(tokens) if t.head == above and t.dep == "dobj"]
    if objects:
        return objects[0]
    subjects = [i for i, t in enumerate(tokens) if t.head == above and t.dep in SUBJECT_DEPS]
    return subjects[0] if subjects else None


def _name_of_a_thing(sentence: Sentence, index: int) -> bool:
    """A singular name with "the" that the tagger typed no person or people and whose last
    word is no person's noun ("The Imperial Bank", "the Capital of the Bakony"; not "the
    Secretary"): a thing, a place or a body, what a continued "it" may stand for, whatever
    the tagger's type, which for such names is often none or a person's."""
    token = sentence.tokens[index]
    return (
        token.tag == "NNP"
        and token.ent_type not in ("PERSON", "NORP")
        and sentence.name_with_the(index)
        and not may_name_a_person(token.lemma)
    )


def _name_of_a_common_noun(sentences: list[Sentence], candidate: _Candidate) -> bool:
    """A name the tagger typed nothing, whose last word the text also writes in lower case
    as a common noun ("Applied Anthropology refers to the application of the method and
    theory of anthropology"): the name of a field, a thing or a kind, not a person's, which
    the small tagger leaves untyped as often. Not a name that opens with a first name."""
    sentence, index = sentences[candidate.sentence], candidate.index
    token = sentence.tokens[index]
    if token.tag != "NNP" or token.ent_type or sentence.name_start(index) == index:
        return False
    word = token.text.lower()
    return not _opens_with_a_first_name(sentence, index) and any(
        other.text == word and other.tag in ("NN", "NNS")
        for other_sentence in sentences[max(0, candidate.sentence - 1) : candidate.sentence + 2]
        for other in other_sentence.tokens
    )


def _unknown_name(sentence: Sentence, index: int) -> bool:
    """A singular name as a subject or an object that the tagger typed no person, place or
    thing: it may be anything ("While ANOVA is conservative ... , it"); not a possessor
    ("To Poncelet 's contemporaries , it was new")."""
    token = sentence.tokens[index]
    return (
        token.tag == "NNP"
        and token.dep in MAIN_ROLE_DEPS
        and token.ent_type not in ("PERSON", "NORP", "GPE", "LOC", "FAC")
    )


def _kind_agrees(group: str, gender: str | None, person: float) -> bool:
    """Gender and animacy: he/she for someone who may be a person of no other gender, "it"
    for something that is no person and has no gender; "they" for either."""
    if group in (MASCULINE, FEMININE):
        return gender in (group, None) and person >= 0.5
    if group == NEUTER:
        return gender is None and person < 0.5
    return True


def _named_after_it(
    sentences: list[Sentence], candidate: _Candidate, sentence_index: int, index: int
) -> bool:
    """The candidate's name (or, for a coordination, a member's: "Rubidium and caesium ...
    they discovered caesium") said again in the subject pronoun's own clause after it."""
    tokens = sentences[candidate.sentence].tokens
    members = [tokens[candidate.index]] + [
        t for t in tokens if t.dep == "conj" and t.head == candidate.index
    ]
    return any(
        member.tag in NOUN_TAGS and _named_under_it(sentences[sentence_index], index, member.text)
        for member in members
    )


def _named_under_it(sentence: Sentence, pronoun: int, name: str) -> bool:
    """Binding for names: a subject pronoun is not a name its own clause says after it ("They
    beat Everton ... and then won 4 - 1 at Fulham": they are not Fulham)."""
    tokens = sentence.tokens
    if tokens[pronoun].dep not in SUBJECT_DEPS:
        return False
    verb = tokens[pronoun].head

    def alone(i: int) -> bool:  # the whole name, not part of one ("Sweatt v. Painter")
        neighbours = [tokens[j] for j in (i - 1, i + 1) if 0 <= j < len(tokens)]
        return not any(
            t.tag in PROPER_NOUN_TAGS or t.text.lower() in ("v.", "v", "vs", "vs.")
            for t in neighbours
        )

    def in_a_clause_of_its_own(i: int) -> bool:  # a relative or adverbial clause between
        return any(tokens[k].dep in SEPARATE_CLAUSE_DEPS for k in _path_to(sentence, i, verb))

    def in_a_coordinated_clause(i: int) -> bool:  # "He joins Norwich ... , but Stuart is
        # confident": a clause coordinated with the pronoun's, with its own subject, is out
        # of its reach, as in two sentences (not "they ... and then won at Fulham")
        return any(
            tokens[k].dep == "conj" and tokens[k].pos in ("VERB", "AUX")
            and any(c.head == k and c.dep in SUBJECT_DEPS for c in tokens)
            for k in _path_to(sentence, i, verb)
        )

    return any(
        t.text == name and t.tag in NOUN_TAGS and alone(i)
        and sentence.dominates(verb, i)
        and not in_a_coordinated_clause(i)
        and (t.tag in PROPER_NOUN_TAGS or not in_a_clause_of_its_own(i))  # a common noun
        # said again in a clause of its own is the same thing ("The invasion ... | It gained
        # them support in Quebec , which , early in the invasion , ..."); in the pronoun's
        # own clause it binds ("they discovered caesium", "making it the largest supplier
        # of oil": not the oil)
        for i, t in enumerate(tokens[pronoun + 1 :], start=pronoun + 1)
    )


SEPARATE_CLAUSE_DEPS = frozenset({"relcl", "acl", "advcl", "ccomp", "parataxis"})
"""Clauses whose nouns a pronoun's binding does not reach (`_named_under_it`)."""


def relative_coargument(sentence: Sentence, pronoun: int, candidate: int) -> bool:
    """Binding inside a relative clause: the relative word stands for the noun the clause is
    on, so a pronoun that is another argument of the clause's verb is not that noun ("the
    tower on which it stands": the spire, not the tower; "the club which he joined")."""
    tokens = sentence.tokens
    token = tokens[pronoun]
    if token.tag != "PRP" or token.text.lower() in REFLEXIVES:
        return False
    verb = token.head
    if tokens[verb].dep != "relcl" or tokens[verb].head != candidate:
        return False
    return any(
        t.tag in ("WDT", "WP") and (t.head == verb or tokens[t.head].head == verb)
        for i, t in enumerate(tokens)
        if i != pronoun and candidate < i < verb
    )


def _possessor_of_conjunct(sentence: Sentence, s: int, index: int) -> _Candidate | None:
    """X in "X and her husband" / "X and his wife": a possessive on a noun coordinated with
    X is X's (anyone else's would be named)."""
    tokens = sentence.tokens
    if tokens[index].tag != "PRP$":
        return None
    noun = tokens[index].head
    if tokens[noun].dep != "conj" or tokens[noun].head >= index:
        return None
    if not any(t.dep == "cc" and tokens[noun].head < i < index for i, t in enumerate(tokens)):
        return None
    return _candidate_at(sentence, s, tokens[noun].head)


def _in_main_clause(sentence: Sentence, index: int) -> bool:
    return not any(sentence.tokens[i].dep in CLAUSE_DEPS - {"conj"}
                   for i in _path_to(sentence, index, -1))


def _is_first_subject(sentence: Sentence, index: int) -> bool:
    for i, token in enumerate(sentence.tokens):
        if token.dep in SUBJECT_DEPS:
            return i == index
    return False


def _names_topic(sentences: list[Sentence], candidate: _Candidate) -> bool:
    """A name whose head word is the first sentence's subject: what the text is about."""
    word = sentences[candidate.sentence].tokens[candidate.index].text
    first = sentences[0].tokens
    return any(t.dep in SUBJECT_DEPS and t.text == word for t in first)


# -- clusters --------------------------------------------------------------------------------


@functools.lru_cache(maxsize=1)
def shared_resolver() -> PronounResolver:
    return PronounResolver.load()


def possessive_owning_nothing(sentence: Sentence, index: int) -> bool:
    """A name with "'s" and no noun after it, which names a place: "left St Mary 's in
    February", "at Tesco 's"."""
    after = sentence.tokens[index + 1 : index + 3]
    return bool(after) and after[0].tag == "POS" and (
        len(after) == 1 or not after[1].tag.startswith(("NN", "JJ", "CD", "VBG"))
    )


def name_gender(
    sentences: list[Sentence], sentence: int, index: int, least_share: float = 0.9
) -> str | None:
    """he / she for the name (or gendered noun) whose head is token `index`, when a title, a
    first name (see `gender`) or the noun says so; None otherwise."""
    kind = "proper" if sentences[sentence].tokens[index].tag in PROPER_NOUN_TAGS else "nominal"
    return shared_resolver().gender(sentences, _Candidate(sentence, index, kind), least_share)


AGENT_SUFFIXES = ("er", "or", "ist", "ian", "man", "woman", "ee")
"""Endings of agent nouns that seldom end a thing's name (not "element", "objective")."""
PERSON_SUFFIXES = (*AGENT_SUFFIXES, "ant", "ent", "ive")
"""Endings of agent nouns ("umpire" aside): an unknown noun with one may name a person."""


def _gender_of_its_reflexive(sentence: Sentence, index: int) -> str | None:
    """The gender a reflexive gives a name through the "who" clause on it ("Boxer , who often
    pushes himself too hard": a he), or None."""
    tokens = sentence.tokens
    for verb, token in enumerate(tokens):
        if token.dep != "relcl" or token.head != index or not any(
            t.head == verb and t.dep in SUBJECT_DEPS and t.text.lower() == "who" for t in tokens
        ):
            continue
        for t in tokens:
            if t.head == verb and t.text.lower() in ("himself", "herself"):
                return MASCULINE if t.text.lower() == "himself" else FEMININE
    return None


def _named_by_apposition(sentence: Sentence, index: int) -> int:
    """The person's name in apposition right after a common noun ("the Hebrew grammarian
    Judah ibn Quraysh": "Quraysh"), the mention a pronoun linked to the noun names; else the
    noun itself."""
    tokens = sentence.tokens
    if tokens[index].tag in PROPER_NOUN_TAGS:
        return index
    names = [
        i for i, t in enumerate(tokens)
        if t.head == index and t.dep == "appos" and t.ent_type == "PERSON"
        and sentence.name_start(i) == index + 1
    ]
    return names[0] if names else index


def _person_noun(lemma: str) -> bool:
    """A common noun that names a person: one of `PERSON_NOUNS` or one the resolver's training
    data found used of people at least half the time (not an unknown word in -er)."""
    lemma = lemma.lower()
    share = shared_resolver().person_nouns.get(lemma)
    return lemma in PERSON_NOUNS or (share is not None and share >= 0.5)


def _subject_of_a_mind_verb(sentence: Sentence, index: int) -> bool:
    """The pronoun is the subject of a verb only a mind does (`MIND_VERBS`)."""
    token = sentence.tokens[index]
    return token.dep == "nsubj" and sentence.tokens[token.head].lemma.lower() in MIND_VERBS


def _may_have_a_mind(sentence: Sentence, index: int) -> bool:
    """A name, a group of people or a noun that may name a person: what may believe or want
    something. A thing's common noun ("types", "the forms") may not."""
    token = sentence.tokens[index]
    if token.tag in PROPER_NOUN_TAGS:
        return True
    lemma = token.lemma.lower()
    return (
        lemma in COLLECTIVE_NOUNS
        or lemma in PEOPLE_NOUNS
        or _person_noun(lemma)
        or lemma.endswith(AGENT_SUFFIXES)  # ("researchers", "settlers"; not "elements")
    )


def may_name_a_person(lemma: str) -> bool:
    """A common noun that may name a person: one that names one (`_person_noun`) or an
    unknown noun with an agent ending. What he/she may stand for; "brief", "verdict" and
    "empire" are not."""
    lemma = lemma.lower()
    if lemma in COLLECTIVE_NOUNS:
        return False
    if _person_noun(lemma) or lemma == "old":  # "The 66 - year - old criticised his ..."
        return True
    unknown = shared_resolver().person_nouns.get(lemma) is None
    return unknown and lemma.endswith(PERSON_SUFFIXES)


def document_clusters(sentences: list[Sentence]) -> list[Cluster]:
    """A document's coreference: the rule-based chains of names and noun phrases
    (`coref_links`), then each resolved pronoun joined to its antecedent's chain.

    Names link to names and noun phrases to noun phrases with the same noun; a name joins a
    noun phrase only through a predicate nominative. The statistical model used before
    (coreferee) also linked "the state" to "Vienna" and "the economy" to "Alaska", which rated
    output showed as wrong; without it, OntoGUM CoNLL F1 rose and GAP stayed level (README)."""
    return merge_links(rule_based_clusters(sentences), shared_resolver().links(sentences))


def merge_links(clusters: list[Cluster], links: list[Link]) -> list[Cluster]:
    """The clusters plus the resolver's links, chained: a pronoun joins the cluster of its
    antecedent (a name or a noun phrase), or a new cluster with it."""
    chains = Chains(clusters)
    for link in links:
        if chains.of(link.pronoun) is not None:
            continue
        target = chains.of(link.antecedent) or chains.new([link.antecedent])
        chains.add(target, link.pronoun)
    return chains.in_text_order()
