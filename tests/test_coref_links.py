"""Rule-based coreference chains: definite descriptions, predicate nominatives and repeated or
shortened names (hand-written sentences, so the tests do not depend on the parser; two
end-to-end checks run the real pipeline)."""

from __future__ import annotations

from conftest import sentence

from discofuse.annotate.coref_links import rule_based_clusters
from discofuse.annotate.resolution import Link, merge_links
from discofuse.document import Mention


def spans(clusters):
    return [[(m.sentence, m.start, m.end) for m in cluster.mentions] for cluster in clusters]


def person(spec: str, *positions: int):
    made = sentence(spec)
    for position in positions:
        made.tokens[position].ent_type = "PERSON"
    return made


FIRST = person("Amy/NNP/compound/1 Gumm/NNP/nsubj/2 left/VBD/ROOT/- Kansas/NNP/dobj/2 ././punct/2",
               0, 1)


def test_a_first_name_links_back_to_the_full_name():
    later = sentence(
        "The/DT/det/1 monkeys/NNS/nsubj/2 carried/VBD/ROOT/- Amy/NNP/dobj/2 ././punct/2"
    )
    assert spans(rule_based_clusters([FIRST, later])) == [[(0, 0, 2), (1, 3, 4)]]


def test_only_a_person_name_is_shortened():
    college = sentence("Ash/NNP/compound/1 College/NNP/nsubj/2 opened/VBD/ROOT/- ././punct/2")
    college.tokens[0].ent_type = college.tokens[1].ent_type = "ORG"
    later = sentence(
        "Ann/NNP/poss/2 's/POS/case/0 College/NNP/nsubj/3 closed/VBD/ROOT/- ././punct/3"
    )
    assert rule_based_clusters([college, later]) == []


def test_a_surname_two_people_share_is_not_linked_to_either():
    parents = person(
        "Ida/NNP/compound/1 Lane/NNP/nsubj/5 and/CC/cc/1 Otto/NNP/compound/4 Lane/NNP/conj/1 "
        "wed/VBD/ROOT/- ././punct/5", 0, 1, 3, 4,
    )
    later = person("Lane/NNP/nsubj/1 wrote/VBD/ROOT/- ././punct/1", 0)
    assert spans(rule_based_clusters([parents, later])) == []


def test_a_repeated_surname_follows_its_own_chain_not_the_nearest_longer_name():
    # "Aldous Huxley ... Huxley ... his cousin Gervas Huxley ... Huxley": the last is the Huxley
    # of the chain, not Gervas.
    first = person("Aldous/NNP/compound/1 Huxley/NNP/nsubj/2 wrote/VBD/ROOT/- ././punct/2", 0, 1)
    again = person("Huxley/NNP/nsubj/1 read/VBD/ROOT/- ././punct/1", 0)
    cousin = person("Gervas/NNP/compound/1 Huxley/NNP/nsubj/2 drew/VBD/ROOT/- ././punct/2", 0, 1)
    assert spans(rule_based_clusters([first, again, cousin, again])) == [
        [(0, 0, 2), (1, 0, 1), (3, 0, 1)]
    ]


def test_an_exact_repetition_is_linked_and_a_different_name_is_not():
    later = sentence("Kansas/NNP/nsubj/1 welcomed/VBD/ROOT/- Dorothy/NNP/dobj/1 ././punct/1")
    assert spans(rule_based_clusters([FIRST, later])) == [[(0, 3, 4), (1, 0, 1)]]


def test_a_name_keeps_its_the_and_its_hyphenated_part():
    club = sentence("The/DT/det/1 Magpies/NNPS/nsubj/2 won/VBD/ROOT/- ././punct/2")
    later = sentence("Kim/NNP/nsubj/1 joined/VBD/ROOT/- the/DT/det/3 Magpies/NNPS/dobj/1 ././punct/1")
    assert spans(rule_based_clusters([club, later])) == [[(0, 0, 2), (1, 2, 4)]]
    runner = person("Jo/NNP/compound/3 Lee/NNP/compound/3 -/HYPH/punct/3 Hart/NNP/nsubj/4 "
                    "ran/VBD/ROOT/- ././punct/4", 0, 1, 2, 3)
    short = person("Lee/NNP/nsubj/1 won/VBD/ROOT/- ././punct/1", 0)
    assert spans(rule_based_clusters([runner, short])) == [], "Lee is not a part of the name"
    hyphenated = person("Lee/NNP/compound/2 -/HYPH/punct/2 Hart/NNP/nsubj/3 won/VBD/ROOT/- "
                        "././punct/3", 0, 1, 2)
    assert spans(rule_based_clusters([runner, hyphenated])) == [[(0, 0, 4), (1, 0, 3)]]


def test_a_name_repeated_in_its_own_sentence_is_linked_and_a_date_is_not():
    same = sentence("Amy/NNP/nsubj/1 met/VBD/ROOT/- Amy/NNP/dobj/1 ././punct/1")
    assert spans(rule_based_clusters([same])) == [[(0, 0, 1), (0, 2, 3)]]
    may = sentence("In/IN/prep/2 May/NNP/pobj/0 rain/NN/nsubj/3 fell/VBD/ROOT/- ././punct/3")
    may.tokens[1].ent_type = "DATE"
    assert rule_based_clusters([may, may]) == []


def test_a_definite_description_links_to_the_same_noun_before_it():
    first = sentence("Bo/NNP/nsubj/1 founded/VBD/ROOT/- a/DT/det/4 small/JJ/amod/4 "
                     "company/NN/dobj/1 ././punct/1")
    later = sentence("The/DT/det/1 company/NN/nsubj/2 grew/VBD/ROOT/- ././punct/2")
    assert spans(rule_based_clusters([first, later])) == [[(0, 2, 5), (1, 0, 2)]]


def test_a_description_with_a_word_of_its_own_is_another_entity():
    first = sentence("Ed/NNP/nsubj/1 scored/VBD/ROOT/- the/DT/det/4 first/JJ/amod/4 goal/NN/dobj/1 "
                     "././punct/1")
    second = sentence("Al/NNP/nsubj/1 scored/VBD/ROOT/- the/DT/det/4 second/JJ/amod/4 "
                      "goal/NN/dobj/1 ././punct/1")
    assert rule_based_clusters([first, second]) == []
    restricted = sentence("The/DT/det/1 goal/NN/nsubj/4 of/IN/prep/1 Al/NNP/pobj/2 "
                          "stood/VBD/ROOT/- ././punct/4")
    assert rule_based_clusters([first, restricted]) == [], "'of Al' says which goal"


def test_a_name_inside_a_longer_noun_phrase_keeps_its_own_chain():
    # "An IAAF statement ... The statement" must not join "the IAAF": the spans overlap, the
    # heads differ.
    first = sentence("Then/RB/advmod/3 the/DT/det/2 IAAF/NNP/nsubj/3 spoke/VBD/ROOT/- "
                     "././punct/3")
    second = sentence("An/DT/det/2 IAAF/NNP/compound/2 statement/NN/nsubj/3 "
                      "followed/VBD/ROOT/- ././punct/3")
    third = sentence("The/DT/det/1 statement/NN/nsubj/2 helped/VBD/ROOT/- ././punct/2")
    assert spans(rule_based_clusters([first, second, third])) == [
        [(1, 0, 3), (2, 0, 2)],
        [(0, 1, 3), (1, 1, 2)],
    ]


def test_a_resolved_pronoun_joins_the_chain_of_a_shortened_name():
    # The names are chained before the pronouns are added: "Gumm" was once linked to "she"
    # alone, which kept it out of the "Amy Gumm" chain.
    later = person("She/PRP/nsubj/1 met/VBD/ROOT/- Gumm/NNP/dobj/1 ././punct/1", 2)
    third = sentence("Gumm/NNP/nsubj/1 smiled/VBD/ROOT/- ././punct/1")
    third.tokens[0].ent_type = "PERSON"
    link = Link(Mention(2, 0, 1, 0, "pronoun"), Mention(1, 2, 3, 2, "proper"))
    clusters = merge_links(rule_based_clusters([FIRST, later, third]), [link])
    assert spans(clusters) == [[(0, 0, 2), (1, 2, 3), (2, 0, 1)]]


def test_the_subject_of_a_copula_joins_its_predicate_noun_phrase():
    town = sentence(
        "Tarnbridge/NNP/nsubj/1 is/VBZ/ROOT/- a/DT/det/4 market/NN/compound/4 town/NN/attr/1 "
        "././punct/1"
    )
    town.tokens[1].lemma = "be"
    later = sentence("The/DT/det/1 town/NN/nsubj/2 grew/VBD/ROOT/- ././punct/2")
    linked = rule_based_clusters([town, later])
    assert spans(linked) == [[(0, 0, 1), (0, 2, 5), (1, 0, 2)]]
    assert linked[0].mentions[0].kind == "proper"


def test_a_pronoun_subject_or_a_non_copular_verb_adds_nothing():
    it_is = sentence("It/PRP/nsubj/1 is/VBZ/ROOT/- a/DT/det/3 town/NN/attr/1 ././punct/1")
    became = sentence("Ash/NNP/nsubj/1 became/VBD/ROOT/- a/DT/det/3 town/NN/attr/1 ././punct/1")
    it_is.tokens[1].lemma = "be"
    later = sentence("The/DT/det/1 town/NN/nsubj/2 grew/VBD/ROOT/- ././punct/2")
    for first in (it_is, became):
        assert spans(rule_based_clusters([first, later])) == [[(0, 2, 4), (1, 0, 2)]]


def test_the_annotator_links_a_first_name_back_to_the_full_name(annotator):
    document = annotator.annotate(
        "Ruth Baker opened a bakery in Leeds. "
        "Ten years later the bank lent Ruth and Tom the money for a second shop."
    )
    texts = [
        [" ".join(document.sentences[m.sentence].words[m.start : m.end]) for m in cluster.mentions]
        for cluster in document.clusters
    ]
    assert ["Ruth Baker", "Ruth"] in texts


def test_the_annotator_replaces_a_description_by_the_name_it_was_given(annotator):
    document = annotator.annotate(
        "Harwick is a small market town in the hills. The town received a charter in 1250."
    )
    texts = [
        [" ".join(document.sentences[m.sentence].words[m.start : m.end]) for m in cluster.mentions]
        for cluster in document.clusters
    ]
    assert ["Harwick", "a small market town", "The town"] in texts


def test_the_subject_mention_spans_its_noun_phrase():
    mill = sentence(
        "The/DT/det/2 old/JJ/amod/2 mill/NN/nsubj/3 is/VBZ/ROOT/- a/DT/det/5 museum/NN/attr/3 "
        "././punct/3"
    )
    mill.tokens[3].lemma = "be"
    later = sentence("The/DT/det/1 museum/NN/nsubj/2 closed/VBD/ROOT/- ././punct/2")
    assert (0, 0, 3) in spans(rule_based_clusters([mill, later]))[0]


def test_a_full_name_after_its_surname_joins_it():
    # "Stroheim speaks German ... von Stroheim speaks French": the short form came first
    short = person("Stroheim/NNP/nsubj/1 speaks/VBZ/ROOT/- German/NNP/dobj/1 ././punct/1", 0)
    full = person("Von/NNP/compound/1 Stroheim/NNP/nsubj/2 speaks/VBZ/ROOT/- French/NNP/dobj/2 "
                  "././punct/2", 0, 1)
    assert spans(rule_based_clusters([short, full])) == [[(0, 0, 1), (1, 0, 2)]]
    other = person("Eric/NNP/compound/1 Rohmer/NNP/nsubj/2 speaks/VBZ/ROOT/- ././punct/2", 0, 1)
    assert spans(rule_based_clusters([short, other])) == []


def test_an_epithet_goes_to_a_name_of_its_kind_whatever_the_tagger_typed_it():
    """"The club" after a subject the tagger typed a place: an organisation's epithet when the
    name is one ("Dunmore" as GPE), not when it starts with a known first name ("Rio Dunmore"
    is a person however it is typed); "Jean - Marc Dubreuil" is one person's name."""
    def chained(first: str, entity: str) -> list:
        before = sentence(first)
        for token in before.tokens:
            if token.tag == "NNP":
                token.ent_type = entity
        after = sentence("The/DT/det/1 club/NN/nsubj/2 agreed/VBD/ROOT/- ././punct/2")
        return spans(rule_based_clusters([before, after]))

    assert chained("Dunmore/NNP/nsubj/1 lost/VBD/ROOT/- ././punct/1", "GPE") == [
        [(0, 0, 1), (1, 0, 2)]]
    assert chained("Rio/NNP/compound/1 Dunmore/NNP/nsubj/2 lost/VBD/ROOT/- ././punct/2",
                   "GPE") == []
    youngster = sentence("The/DT/det/1 youngster/NN/nsubj/2 smiled/VBD/ROOT/- ././punct/2")
    named = person("Jean/NNP/compound/3 -/HYPH/punct/2 Marc/NNP/compound/3 Dubreuil/NNP/nsubj/4 "
                   "scored/VBD/ROOT/- ././punct/4", 2, 3)
    assert spans(rule_based_clusters([named, youngster])) == [[(0, 0, 4), (1, 0, 2)]]


def test_an_age_a_ranking_or_a_nationality_is_an_epithet_unless_another_name_may_be_its():
    """"The 19 - year - old", "The world number one" and "The Spaniard" (a description, though
    tagged a name) go to the person the sentence before named as its subject; not when that
    sentence names another possible person ("Lester helped McIlroy 's career | The 28 - year -
    old runner" is McIlroy, whom the tagger left untyped), not "the Dutch" (a people) and not
    "the Azzurri pack" (a team its own name says)."""
    won = person("Rafa/NNP/compound/1 Moreno/NNP/nsubj/2 won/VBD/ROOT/- ././punct/2", 0, 1)

    def chain(after: str, before=won) -> list:
        return spans(rule_based_clusters([before, sentence(after)]))

    age = "The/DT/det/5 19/CD/nummod/3 -/HYPH/punct/3 year/NN/npadvmod/5 -/HYPH/punct/5 " \
          "old/JJ/nsubj/6 rested/VBD/ROOT/- ././punct/6"
    assert chain(age) == [[(0, 0, 2), (1, 0, 6)]]
    ranking = "The/DT/det/2 world/NN/compound/2 number/NN/nsubj/4 one/CD/nummod/2 " \
              "rested/VBD/ROOT/- ././punct/4"
    assert chain(ranking) == [[(0, 0, 2), (1, 0, 4)]]
    seeding = "The/DT/det/2 eighth/JJ/amod/2 seed/NN/nsubj/3 rested/VBD/ROOT/- ././punct/3"
    assert chain(seeding) == [[(0, 0, 2), (1, 0, 3)]]  # a place in a draw ...
    plant = "The/DT/det/1 seed/NN/nsubj/2 rested/VBD/ROOT/- ././punct/2"
    assert chain(plant) == []  # ... not a plant's seed
    spaniard = sentence("The/DT/det/1 Spaniard/NNP/nsubj/2 rested/VBD/ROOT/- ././punct/2")
    spaniard.tokens[1].ent_type = "NORP"
    clusters = rule_based_clusters([won, spaniard])
    assert spans(clusters) == [[(0, 0, 2), (1, 0, 2)]]
    assert clusters[0].mentions[1].kind == "nominal"
    helped = person("Ann/NNP/compound/1 Lester/NNP/nsubj/2 helped/VBD/ROOT/- McIlroy/NNP/poss/5 "
                    "'s/POS/case/3 career/NN/dobj/2 ././punct/2", 0, 1)
    assert chain(age, helped) == []
    dutch = sentence("The/DT/det/1 Dutch/NNP/nsubj/2 rested/VBD/ROOT/- ././punct/2")
    dutch.tokens[1].ent_type = "NORP"
    assert spans(rule_based_clusters([won, dutch])) == []
    team = sentence("Ayr/NNP/nsubj/1 led/VBD/ROOT/- ././punct/1")
    team.tokens[0].ent_type = "ORG"
    pack = "The/DT/det/2 Azzurri/NNP/compound/2 pack/NN/nsubj/3 rallied/VBD/ROOT/- ././punct/3"
    assert chain(pack, team) == []
    assert chain("The/DT/det/1 pack/NN/nsubj/2 rallied/VBD/ROOT/- ././punct/2", team) == [
        [(0, 0, 1), (1, 0, 2)]]


def test_this_noun_links_to_the_one_name_it_ends_with_the_included():
    # "the First Angolan Forum ... was held . The purpose of this forum": the name's "the" is
    # no reason to leave it out; two such names, or a name and another phrase with the noun,
    # are none.
    held = sentence(
        "The/DT/det/3 Northfield/NNP/compound/3 Trade/NNP/compound/3 Forum/NNP/nsubjpass/5 "
        "was/VBD/auxpass/5 held/VBN/ROOT/- ././punct/5"
    )
    purpose = sentence(
        "This/DT/det/1 forum/NN/nsubj/2 mattered/VBD/ROOT/- ././punct/2"
    )
    assert spans(rule_based_clusters([held, purpose])) == [[(0, 0, 4), (1, 0, 2)]]
    other = sentence(
        "The/DT/det/2 Ashby/NNP/compound/2 Forum/NNP/nsubj/3 followed/VBD/ROOT/- ././punct/3"
    )
    assert spans(rule_based_clusters([held, other, purpose])) == []
    described = sentence(  # "a new Russian Empire" between "the Ottoman Empire" and "the empire"
        "A/DT/det/2 new/JJ/amod/2 forum/NN/nsubj/3 opened/VBD/ROOT/- ././punct/3"
    )
    assert spans(rule_based_clusters([held, described, purpose])) == [[(1, 0, 3), (2, 0, 2)]]


def test_a_compound_or_a_clause_on_another_name_leaves_this_noun_unlinked():
    # "the court ruling ... the High Court ... the court ruled" (the appeal court), "the Athens
    # Olympics , where she failed to finish the marathon" (not the New York City Marathon).
    held = sentence(
        "The/DT/det/3 Northfield/NNP/compound/3 Trade/NNP/compound/3 Forum/NNP/nsubjpass/5 "
        "was/VBD/auxpass/5 held/VBN/ROOT/- ././punct/5"
    )
    fee = sentence("The/DT/det/2 forum/NN/compound/2 fee/NN/nsubj/3 rose/VBD/ROOT/- ././punct/3")
    purpose = sentence("This/DT/det/1 forum/NN/nsubj/2 mattered/VBD/ROOT/- ././punct/2")
    assert spans(rule_based_clusters([held, purpose])) == [[(0, 0, 4), (1, 0, 2)]]
    assert spans(rule_based_clusters([held, fee, purpose])) == []
    visit = sentence(
        "Ann/NNP/nsubj/1 visited/VBD/ROOT/- Leeds/NNP/dobj/1 ,/,/punct/2 where/WRB/advmod/6 "
        "she/PRP/nsubj/6 left/VBD/relcl/2 the/DT/det/8 forum/NN/dobj/6 ././punct/1"
    )
    assert spans(rule_based_clusters([held, visit])) == []


def test_a_unit_the_tagger_calls_a_name_is_none():
    # "0.35 W/(m - K ) ... 840 joules/(kg - K )": "K" is no short form of "W/(m - K", to be
    # lengthened to it, however the tagger typed it (here a person, as a name it shortens).
    def chained(word: str) -> list:
        first = person(f"It/PRP/nsubj/1 is/VBZ/ROOT/- {word}/NNP/compound/4 -/HYPH/punct/4 "
                       "K/NNP/attr/1 ././punct/1", 2, 4)
        second = sentence("It/PRP/nsubj/1 is/VBZ/ROOT/- K/NNP/attr/1 ././punct/1")
        return spans(rule_based_clusters([first, second]))

    assert chained("W/(m") == [[(0, 4, 5), (1, 2, 3)]]  # "K" repeated, nothing longer
    assert chained("Watt") == [[(0, 2, 5), (1, 2, 3)]]


def test_the_side_is_no_person_the_tagger_called_an_organisation():
    # "Gordon D'Arcy has been ruled out . | ... D'Arcy failed to recover . | The side will
    # now be led by ...": "The side" is not D'Arcy, a person by his full name, whatever the
    # tagger calls the surname alone; a team's name it is.
    ruled = person("Gordon/NNP/compound/1 Darcy/NNP/nsubj/2 withdrew/VBD/ROOT/- ././punct/2",
                   0, 1)
    failed = sentence("Darcy/NNP/nsubj/1 failed/VBD/ROOT/- ././punct/1")
    failed.tokens[0].ent_type = "ORG"
    side = sentence("The/DT/det/1 side/NN/nsubj/2 regrouped/VBD/ROOT/- ././punct/2")
    assert spans(rule_based_clusters([ruled, failed, side])) == [[(0, 0, 2), (1, 0, 1)]]
    club = sentence("Darcy/NNP/nsubj/1 failed/VBD/ROOT/- ././punct/1")
    club.tokens[0].ent_type = "ORG"
    assert spans(rule_based_clusters([club, side])) == [[(0, 0, 1), (1, 0, 2)]]


def test_this_noun_is_not_given_the_end_of_a_longer_title():
    # "the Advanced Diagnostic Ultrasound in Microgravity Study ... This study": the tagger
    # cuts the title at "in"; "Microgravity Study" is not the study's name.
    def chained(preposition_tag: str) -> list:
        title = sentence(
            "The/DT/det/2 Advanced/NNP/compound/2 Ultrasound/NNP/nsubj/7 "
            f"in/{preposition_tag}/prep/2 Microgravity/NNP/compound/5 Study/NNP/pobj/3 "
            "then/RB/advmod/7 ran/VBD/ROOT/- ././punct/7"
        )
        study = sentence("This/DT/det/1 study/NN/nsubj/2 ended/VBD/ROOT/- ././punct/2")
        return spans(rule_based_clusters([title, study]))

    assert chained("IN") == []
    assert chained("CC") == [[(0, 4, 6), (1, 0, 2)]]  # (an "and" between two names)


def test_a_name_the_document_calls_a_person_is_no_rival_of_the_organisation():
    # "AK banned Chepkemei . | The organisation relented": a surname typed a place here but a
    # person elsewhere in the document is no body the organisation might be; one the document
    # never calls a person still may be.
    def chains(*more):
        banned = sentence("AK/NNP/nsubj/1 banned/VBD/ROOT/- Chepkemei/NNP/dobj/1 ././punct/1")
        banned.tokens[0].ent_type, banned.tokens[2].ent_type = "ORG", "GPE"
        relented = sentence("The/DT/det/1 organisation/NN/nsubj/2 relented/VBD/ROOT/- "
                            "././punct/2")
        return spans(rule_based_clusters([banned, relented, *more]))

    organisation = [(0, 0, 1), (1, 0, 2)]
    assert organisation not in chains()
    runner = person("Susan/NNP/compound/1 Chepkemei/NNP/nsubj/2 ran/VBD/ROOT/- ././punct/2",
                    0, 1)
    assert organisation in chains(runner)

