"""The pronoun resolution layer: hard constraints on hand-written parses (so they do not depend
on the parser), the trained model file, and links on real parses."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import sentence

from discofuse.annotate.resolution import (
    MODEL_PATH,
    History,
    Link,
    PronounResolver,
    _Candidate,
    _name_of_a_thing,
    continued_subject,
    document_clusters,
    is_expletive,
    merge_links,
    possessor_subject,
    reporting_subject,
    shared_resolver,
)
from discofuse.document import PRONOUN, PROPER, Cluster, Mention


@pytest.fixture(scope="module")
def resolver() -> PronounResolver:
    return shared_resolver()


def _people(spec: str, *names: int, entity: str = "PERSON"):
    built = sentence(spec)
    for index in names:
        built.tokens[index].ent_type = entity
    return built


def compatible(resolver, sentences, candidate, pronoun, group, kind=PROPER):
    return resolver.compatible(
        sentences, _Candidate(candidate[0], candidate[1], kind), pronoun[0], pronoun[1], group
    )


def test_the_model_file_has_weights_a_threshold_and_its_tables():
    model = PronounResolver.load(MODEL_PATH)
    assert 0 < model.threshold < 1
    assert len(model.weights) > 50
    assert model.female_share["mary"] > 0.9 and model.female_share["john"] < 0.1


def test_gender_from_first_names_titles_and_nouns(resolver):
    first = _people(
        "Mary/NNP/compound/1 Lane/NNP/nsubj/2 met/VBD/ROOT/- Mr/NNP/compound/4 Hill/NNP/dobj/2 "
        "and/CC/cc/4 his/PRP$/poss/7 mother/NN/conj/4 ././punct/2",
        0, 1, 3, 4,
    )
    second = sentence("She/PRP/nsubj/1 left/VBD/ROOT/- ././punct/1")
    sentences = [first, second]
    assert compatible(resolver, sentences, (0, 1), (1, 0), "she")
    assert not compatible(resolver, sentences, (0, 1), (1, 0), "he")
    assert not compatible(resolver, sentences, (0, 4), (1, 0), "she")  # "Mr Hill"
    assert compatible(resolver, sentences, (0, 7), (1, 0), "she", kind="nominal")  # "mother"
    assert not compatible(resolver, sentences, (0, 7), (1, 0), "he", kind="nominal")


def test_it_never_stands_for_a_person_and_he_not_for_a_place(resolver):
    first = _people("Ann/NNP/nsubj/1 visited/VBD/ROOT/- Leeds/NNP/dobj/1 ././punct/1", 0)
    first.tokens[2].ent_type = "GPE"
    second = sentence("It/PRP/nsubj/1 rained/VBD/ROOT/- ././punct/1")
    sentences = [first, second]
    assert not compatible(resolver, sentences, (0, 0), (1, 0), "it")
    assert not compatible(resolver, sentences, (0, 2), (1, 0), "he")
    assert compatible(resolver, sentences, (0, 2), (1, 0), "it")


def test_number_agreement(resolver):
    first = sentence("The/DT/det/1 players/NNS/nsubj/2 left/VBD/ROOT/- ././punct/2")
    second = sentence("It/PRP/nsubj/1 ended/VBD/ROOT/- ././punct/1")
    assert not compatible(resolver, [first, second], (0, 1), (1, 0), "it", kind="nominal")
    assert compatible(resolver, [first, second], (0, 1), (1, 0), "they", kind="nominal")


def test_no_antecedent_around_its_own_anaphor_or_binding_its_object(resolver):
    # "Tom praised him" : "him" is not Tom; "his mother" : "his" is not "mother".
    praised = _people("Tom/NNP/nsubj/1 praised/VBD/ROOT/- him/PRP/dobj/1 ././punct/1", 0)
    assert not compatible(resolver, [praised], (0, 0), (0, 2), "he")
    mother = sentence("His/PRP$/poss/1 mother/NN/nsubj/2 sang/VBD/ROOT/- ././punct/2")
    assert not compatible(resolver, [mother], (0, 1), (0, 0), "he", kind="nominal")


EXPLETIVE_CASES = [  # (parse, the verb's position and lemma, whether "it" is expletive)
    ("It/PRP/nsubj/1 is/VBZ/ROOT/- clear/JJ/acomp/1 that/IN/mark/5 we/PRP/nsubj/5 "
     "won/VBD/ccomp/1 ././punct/1", 1, "be", True),
    ("It/PRP/nsubj/1 opened/VBD/ROOT/- ././punct/1", 1, "open", False),
    ("It/PRP/nsubj/1 took/VBD/ROOT/- three/CD/nummod/3 years/NNS/dobj/1 for/IN/mark/7 "
     "states/NNS/nsubj/7 to/TO/aux/7 ratify/VB/advcl/1 ././punct/1", 1, "take", True),
    ("It/PRP/nsubj/1 took/VBD/ROOT/- the/DT/det/3 lead/NN/dobj/1 ././punct/1", 1, "take", False),
    ("It/PRP/nsubj/1 was/VBD/ROOT/- the/DT/det/3 lyrics/NNS/attr/1 that/WDT/nsubj/5 "
     "failed/VBD/relcl/3 ././punct/1", 1, "be", True),  # a cleft
    ("it/PRP/nsubj/1 was/VBD/ROOT/- lyrics/NNS/attr/1 and/CC/cc/2 beats/NNS/conj/2 "
     "which/WDT/nsubj/6 failed/VBD/relcl/4 ././punct/1", 1, "be", True),
    ("it/PRP/nsubj/2 would/MD/aux/2 be/VB/ROOT/- remiss/JJ/acomp/2 not/RB/neg/6 "
     "to/TO/aux/6 go/VB/xcomp/3 ././punct/2", 2, "be", True),
]


@pytest.mark.parametrize(("spec", "verb", "lemma", "expletive"), EXPLETIVE_CASES)
def test_expletive_it(spec, verb, lemma, expletive):
    parsed = sentence(spec)
    parsed.tokens[verb].lemma = lemma
    assert is_expletive(parsed, 0) is expletive


def test_merge_links_chains_pronouns_into_the_antecedent_cluster():
    name = Mention(0, 0, 2, 1, PROPER)
    again = Mention(2, 0, 1, 0, PROPER)
    he = Mention(1, 0, 1, 0, PRONOUN)
    his = Mention(2, 3, 4, 3, PRONOUN)
    merged = merge_links(
        [Cluster([name, again])], [Link(he, name), Link(his, Mention(0, 1, 2, 1, PROPER))]
    )
    assert len(merged) == 1
    assert [(m.sentence, m.start) for m in merged[0].mentions] == [(0, 0), (1, 0), (2, 0), (2, 3)]


def test_links_on_real_parses(annotator):
    document = annotator.annotate(
        "Margaret Hale moved to Milton in 1851. She opened a school there with her brother."
    )
    links = shared_resolver().links(document.sentences)
    by_pronoun = {document.sentences[k.pronoun.sentence].words[k.pronoun.head]: k for k in links}
    antecedent = by_pronoun["She"].antecedent
    words = document.sentences[antecedent.sentence].words[antecedent.start : antecedent.end]
    assert words == ["Margaret", "Hale"]


def test_the_per_document_memo_changes_no_link(annotator):
    # `links` computes a candidate's number, gender and personhood once per document;
    # `resolve` recomputes them for every pronoun. Both must link the same pronouns.
    folder = Path(__file__).resolve().parents[1] / "samples" / "sports"
    for path in sorted(folder.glob("*.txt")):
        sentences = annotator.annotate(path.read_text(encoding="utf-8")).sentences
        links = shared_resolver().links(sentences)
        assert len(links) > 3
        assert links == shared_resolver().resolve(sentences)


def test_a_description_never_joins_a_name_it_does_not_repeat():
    # The statistical model used before linked {Vienna, the state, the city}: "the state" is
    # no name for Vienna.
    sentences = [
        _people("Vienna/NNP/nsubj/1 grew/VBD/ROOT/- ././punct/1", 0, entity="GPE"),
        sentence("The/DT/det/1 state/NN/nsubj/2 taxed/VBD/ROOT/- the/DT/det/4 city/NN/dobj/2 "
                 "././punct/2"),
    ]
    assert document_clusters(sentences) == []


def _linked(sentences) -> dict[tuple[int, int], tuple[int, int]]:
    return {
        (link.pronoun.sentence, link.pronoun.head): (link.antecedent.sentence,
                                                     link.antecedent.head)
        for link in shared_resolver().links(sentences)
    }


def test_a_subject_typed_a_place_is_the_he_she_when_nothing_else_may_be_a_person():
    allowed = sentence("Unrest/NN/nsubj/1 allowed/VBD/ROOT/- Okoro/NNP/nsubj/4 to/TO/aux/4 "
                       "declare/VB/ccomp/1 war/NN/dobj/4 ././punct/1")
    allowed.tokens[2].ent_type = "GPE"  # how the small model types many unfamiliar surnames
    resigned = sentence("He/PRP/nsubj/1 resigned/VBD/ROOT/- ././punct/1")
    assert _linked([allowed, resigned]) == {(1, 0): (0, 2)}
    # a "he" before that stands for someone else: no link to the place-typed name
    said = sentence("He/PRP/nsubj/1 said/VBD/ROOT/- Okoro/NNP/nsubj/3 won/VBD/ccomp/1 "
                    "././punct/1")
    said.tokens[2].ent_type = "GPE"
    assert (1, 0) not in _linked([said, resigned])
    # nor a name the pronoun could only reach as a preposition's object
    moved = sentence("Unrest/NN/nsubj/1 spread/VBD/ROOT/- to/IN/prep/1 Okoro/NNP/pobj/2 "
                     "././punct/1")
    moved.tokens[3].ent_type = "GPE"
    assert _linked([moved, resigned]) == {}


def test_a_possessive_on_a_conjunct_is_the_first_conjuncts(resolver):
    # "Cate Okoro and her husband": Okoro's husband, although the phrase is plural and a woman
    # named before is the ranker's favourite.
    made = _people(
        "Liz/NNP/compound/1 Watts/NNP/nsubj/2 worked/VBD/ROOT/- with/IN/prep/2 "
        "Cate/NNP/compound/5 Okoro/NNP/pobj/3 and/CC/cc/5 her/PRP$/poss/8 husband/NN/conj/5 "
        "././punct/2",
        0, 1,
    )
    made.tokens[4].ent_type = made.tokens[5].ent_type = "ORG"
    assert _linked([made])[(0, 7)] == (0, 5)


def test_a_relative_clause_pronoun_is_not_the_noun_the_clause_is_on(resolver):
    # "the tower on which it stands": "which" is the tower, so "it" is something else
    tower = sentence("The/DT/det/1 tower/NN/nsubj/6 on/IN/prep/5 which/WDT/pobj/2 it/PRP/nsubj/5 "
                     "stands/VBZ/relcl/1 is/VBZ/ROOT/- square/JJ/acomp/6 ././punct/6")
    assert not compatible(resolver, [tower], (0, 1), (0, 4), "it", kind="nominal")
    bare = sentence("The/DT/det/1 tower/NN/nsubj/2 fell/VBD/ROOT/- because/IN/mark/5 "
                    "it/PRP/nsubj/5 leaned/VBD/advcl/2 ././punct/2")
    assert compatible(resolver, [bare], (0, 1), (0, 4), "it", kind="nominal")


def test_a_group_of_people_is_it_or_they_never_he_or_she(resolver):
    family = sentence("The/DT/det/1 family/NN/nsubj/2 moved/VBD/ROOT/- ././punct/2")
    left = sentence("She/PRP/nsubj/1 left/VBD/ROOT/- ././punct/1")
    assert not compatible(resolver, [family, left], (0, 1), (1, 0), "she", kind="nominal")
    assert compatible(resolver, [family, left], (0, 1), (1, 0), "it", kind="nominal")


def test_first_names_say_gender_only_of_people(resolver):
    def gender(spec: str, head: int, entity: str):
        built = sentence(spec)
        for token in built.tokens:
            if token.tag == "NNP":
                token.ent_type = entity
        return resolver.gender([built], _Candidate(0, head, PROPER))

    assert gender("Claire/NNP/nsubj/1 sang/VBD/ROOT/- ././punct/1", 0, "PERSON") == "she"
    # women's first names are seldom surnames; men's often are ("James", "Henry")
    assert gender("Henry/NNP/nsubj/1 sang/VBD/ROOT/- ././punct/1", 0, "PERSON") is None
    assert gender("It/PRP/nsubj/1 ended/VBD/ROOT/- in/IN/prep/1 January/NNP/pobj/2 ././punct/1",
                  3, "DATE") is None
    assert gender("North/NNP/compound/1 Florida/NNP/nsubj/2 won/VBD/ROOT/- ././punct/2", 1,
                  "LOC") is None  # "north" is a (man's) first name too
    assert gender("Mary/NNP/compound/1 Lane/NNP/nsubj/2 won/VBD/ROOT/- ././punct/2", 1,
                  "PERSON") == "she"


def test_a_subject_pronoun_is_not_a_name_its_own_clause_says_after_it(resolver):
    # "They beat Everton ... and won at Fulham": they are not Fulham; "he filed suit in Sweatt
    # v. Painter": a name inside a case name is no such mention
    first = sentence("Chelsea/NNP/poss/2 's/POS/case/0 win/NN/nsubj/3 at/IN/prep/2 "
                     "Fulham/NNP/pobj/3 pleased/VBD/ROOT/- ././punct/5")
    first.tokens[0].ent_type = first.tokens[4].ent_type = "ORG"
    beat = sentence("They/PRP/nsubj/1 won/VBD/ROOT/- at/IN/prep/1 Fulham/NNP/pobj/2 ././punct/1")
    assert not compatible(resolver, [first, beat], (0, 4), (1, 0), "they")
    case = sentence("They/PRP/nsubj/1 won/VBD/ROOT/- Fulham/NNP/compound/4 v./NNP/compound/4 "
                    "Hill/NNP/dobj/1 ././punct/1")
    assert compatible(resolver, [first, case], (0, 4), (1, 0), "they")


def test_they_is_no_name_the_document_calls_a_person_elsewhere(resolver):
    met = sentence("Lincoln/NNP/nsubj/1 met/VBD/ROOT/- Mary/NNP/dobj/1 ././punct/1")
    met.tokens[0].ent_type = "ORG"  # the tagger's reading here
    left = sentence("They/PRP/nsubj/1 left/VBD/ROOT/- ././punct/1")
    assert compatible(resolver, [met, left], (0, 0), (1, 0), "they")  # a club may be "they"
    named = _people("Abraham/NNP/compound/1 Lincoln/NNP/nsubj/2 spoke/VBD/ROOT/- ././punct/2",
                    0, 1)
    sentences = [named, met, left]
    history = History(sentences)
    assert not resolver.compatible(sentences, _Candidate(1, 0, PROPER), 2, 0, "they", history)


def test_a_surname_typed_a_place_is_the_person_the_document_named_in_full(resolver):
    # "Forward Milan Baros ... | Baros denied ... | He told ...": the lone surname is typed a
    # place; the document named the person in full (typed a person) or resolved a "he" to it
    full = _people("Forward/NN/compound/2 Tomas/NNP/compound/2 Baros/NNP/nsubj/3 "
                   "spoke/VBD/ROOT/- ././punct/3", 1, 2)
    denied = sentence("Baros/NNP/nsubj/1 denied/VBD/ROOT/- reports/NNS/dobj/1 ././punct/1")
    denied.tokens[0].ent_type = "GPE"
    told = sentence("He/PRP/nsubj/1 told/VBD/ROOT/- reporters/NNS/dobj/1 ././punct/1")
    sentences = [full, denied, told]
    history = History(sentences)
    assert resolver.compatible(sentences, _Candidate(1, 0, PROPER), 2, 0, "he", history)
    assert not resolver.compatible(sentences, _Candidate(1, 0, PROPER), 2, 0, "he")
    # a longer name that opens with a first name is a person's, whatever its type
    first_name = sentence("Tomas/NNP/compound/1 Baros/NNP/nsubj/2 spoke/VBD/ROOT/- ././punct/2")
    first_name.tokens[0].ent_type = first_name.tokens[1].ent_type = "ORG"
    sentences = [first_name, denied, told]
    assert resolver.compatible(sentences, _Candidate(1, 0, PROPER), 2, 0, "he", History(sentences))
    # a name the document never calls a person stays a place ("General Baros" is no first name)
    general = sentence("General/NNP/compound/1 Baros/NNP/nsubj/2 spoke/VBD/ROOT/- ././punct/2")
    general.tokens[0].ent_type = general.tokens[1].ent_type = "ORG"
    alone = [general, denied, told]
    assert not resolver.compatible(alone, _Candidate(1, 0, PROPER), 2, 0, "he", History(alone))


def test_a_name_typed_an_organisation_is_an_it_where_the_document_types_it_a_place(resolver):
    has = sentence("Andorra/NNP/nsubj/1 has/VBZ/ROOT/- snow/NN/dobj/1 ././punct/1")
    has.tokens[0].ent_type = "ORG"
    its = sentence("Its/PRP$/poss/1 climate/NN/nsubj/2 varies/VBZ/ROOT/- ././punct/2")
    assert not compatible(resolver, [has, its], (0, 0), (1, 0), "it")
    placed = sentence("Andorra/NNP/nsubj/1 borders/VBZ/ROOT/- Spain/NNP/dobj/1 ././punct/1")
    placed.tokens[0].ent_type = placed.tokens[2].ent_type = "GPE"
    sentences = [placed, has, its]
    history = History(sentences)
    assert resolver.compatible(sentences, _Candidate(1, 0, PROPER), 2, 0, "it", history)
    placed.tokens[0].ent_type = "PERSON"  # typed a person as often as a place: not known
    history = History(sentences)
    assert not resolver.compatible(sentences, _Candidate(1, 0, PROPER), 2, 0, "it", history)


def test_a_name_in_a_clause_coordinated_with_the_pronouns_does_not_bind_it(resolver):
    # "He joins Norwich , but Stuart is confident": Stuart may be the he; "He joins Norwich
    # and praises Stuart" (one clause) still binds
    has = _people("Stuart/NNP/nsubj/1 has/VBZ/ROOT/- experience/NN/dobj/1 ././punct/1", 0)
    joins = sentence("He/PRP/nsubj/1 joins/VBZ/ROOT/- Norwich/NNP/dobj/1 ,/,/punct/1 "
                     "but/CC/cc/1 Stuart/NNP/nsubj/6 is/VBZ/conj/1 confident/JJ/acomp/6 "
                     "././punct/1")
    joins.tokens[6].pos = "AUX"
    assert compatible(resolver, [has, joins], (0, 0), (1, 0), "he")
    praises = sentence("He/PRP/nsubj/1 joins/VBZ/ROOT/- Norwich/NNP/dobj/1 and/CC/cc/1 "
                       "praises/VBZ/conj/1 Stuart/NNP/dobj/4 ././punct/1")
    assert not compatible(resolver, [has, praises], (0, 0), (1, 0), "he")


def test_a_pronoun_is_not_the_understood_subject_of_its_own_verb(resolver):
    # "The gods tricked Hera into letting her go": Hera lets her go, so "her" is not Hera,
    # whether the parser makes "her" the object of "letting" or the subject of "go"
    first = _people("Hera/NNP/nsubj/1 kidnapped/VBD/ROOT/- Ida/NNP/dobj/1 ././punct/1", 0, 2)
    tricked = _people(
        "Gods/NNS/nsubj/1 tricked/VBD/ROOT/- Hera/NNP/dobj/1 into/IN/prep/1 "
        "letting/VBG/pcomp/3 her/PRP/nsubj/6 go/VB/ccomp/4 ././punct/1",
        2,
    )
    tricked.tokens[1].pos = tricked.tokens[4].pos = "VERB"
    sentences = [first, tricked]
    assert not compatible(resolver, sentences, (0, 0), (1, 5), "she")
    assert compatible(resolver, sentences, (0, 2), (1, 5), "she")


def test_they_is_no_coordination_one_of_whose_members_its_clause_names(resolver):
    found = sentence("Rubidium/NNP/nsubj/3 and/CC/cc/0 caesium/NN/conj/0 were/VBD/ROOT/- "
                     "found/VBN/acomp/3 ././punct/3")
    again = sentence("They/PRP/nsubj/1 found/VBD/ROOT/- caesium/NN/dobj/1 ././punct/1")
    assert not compatible(resolver, [found, again], (0, 0), (1, 0), "they")
    other = sentence("They/PRP/nsubj/1 found/VBD/ROOT/- gold/NN/dobj/1 ././punct/1")
    assert compatible(resolver, [found, other], (0, 0), (1, 0), "they")


def test_a_common_noun_said_again_deeper_in_the_clause_does_not_bind_it(resolver):
    # "The invasion failed . | It gained support in Quebec , which wavered during the
    # invasion .": the noun said again inside a relative clause is the same invasion; as an
    # argument of the pronoun's own verb it still binds ("They found caesium", above).
    failed = sentence("The/DT/det/1 invasion/NN/nsubj/2 failed/VBD/ROOT/- ././punct/2")
    gained = sentence(
        "It/PRP/nsubj/1 gained/VBD/ROOT/- support/NN/dobj/1 in/IN/prep/1 Quebec/NNP/pobj/3 "
        ",/,/punct/4 which/WDT/nsubj/7 wavered/VBD/relcl/4 during/IN/prep/7 the/DT/det/10 "
        "invasion/NN/pobj/8 ././punct/1"
    )
    assert compatible(resolver, [failed, gained], (0, 1), (1, 0), "it", kind="nominal")
    own = sentence("It/PRP/nsubj/1 ended/VBD/ROOT/- the/DT/det/3 invasion/NN/dobj/1 ././punct/1")
    assert not compatible(resolver, [failed, own], (0, 1), (1, 0), "it", kind="nominal")


def test_a_name_introduced_as_main_subject_is_what_the_next_he_continues(resolver):
    # "Francisco left . | His name is long . | John Galt is the hero . | He appears ...": the
    # ranker's longer chain (Francisco, His) loses to the name the sentence before introduced,
    # unless that sentence also has a "he"/"him" or another person who could be meant.
    francisco = _people("Francisco/NNP/nsubj/1 left/VBD/ROOT/- ././punct/1", 0)
    name = sentence("His/PRP$/poss/1 name/NN/nsubj/2 is/VBZ/ROOT/- long/JJ/acomp/2 ././punct/2")
    galt = _people("John/NNP/compound/1 Galt/NNP/nsubj/2 is/VBZ/ROOT/- the/DT/det/4 "
                   "hero/NN/attr/2 ././punct/2", 0, 1)
    appears = sentence("He/PRP/nsubj/1 appears/VBZ/ROOT/- ././punct/1")
    sentences = [francisco, name, galt, appears]
    older = [(0.7, _Candidate(0, 0, PROPER))]
    continued = resolver.new_subject_continued(sentences, 3, 0, "he", older, History(sentences))
    assert continued is not None and continued[1] == _Candidate(2, 1, PROPER)
    met = _people("John/NNP/compound/1 Galt/NNP/nsubj/2 met/VBD/ROOT/- him/PRP/dobj/2 "
                  "././punct/2", 0, 1)
    sentences = [francisco, name, met, appears]
    assert resolver.new_subject_continued(sentences, 3, 0, "he", older, History(sentences)) is None
    rival = _people("John/NNP/compound/1 Galt/NNP/nsubj/2 met/VBD/ROOT/- Eddie/NNP/dobj/2 "
                    "././punct/2", 0, 1, 3)
    sentences = [francisco, name, rival, appears]
    assert resolver.new_subject_continued(sentences, 3, 0, "he", older, History(sentences)) is None
    links = resolver.links([francisco, name, galt, appears])
    assert [link.antecedent.head for link in links if link.pronoun.sentence == 3] == [1]


def test_the_subject_of_a_reporting_verb_is_the_he_of_its_clause(resolver):
    # "Moran denied a row with Ames but claims he is upset": the complement's subject is the
    # one who claims it, over the nearer name; not so with an object ("told Ames he"), a
    # description as subject ("His agent said he": the agent speaks for someone else), or a
    # subject the document never calls a person.
    claims = _people("Moran/NNP/nsubj/1 denied/VBD/ROOT/- a/DT/det/3 row/NN/dobj/1 with/IN/prep/3 "
                     "Ames/NNP/pobj/4 but/CC/cc/1 claims/VBZ/conj/1 he/PRP/nsubjpass/10 "
                     "is/VBZ/auxpass/10 upset/VBN/ccomp/7 ././punct/1", 0, 5)
    assert [link.antecedent.head for link in resolver.links([claims])] == [0]
    assert reporting_subject(claims, 0, 8) == _Candidate(0, 0, PROPER)
    told = sentence("Moran/NNP/nsubj/1 told/VBD/ROOT/- Ames/NNP/dobj/1 he/PRP/nsubj/4 "
                    "left/VBD/ccomp/1 ././punct/1")
    assert reporting_subject(told, 0, 3) is None
    agent = sentence("His/PRP$/poss/1 agent/NN/nsubj/2 said/VBD/ROOT/- he/PRP/nsubj/4 "
                     "stays/VBZ/ccomp/2 ././punct/2")
    assert reporting_subject(agent, 0, 3) is None
    fort = sentence("Sumter/NNP/nsubj/1 showed/VBD/ROOT/- he/PRP/nsubj/3 adhered/VBD/ccomp/1 "
                    "././punct/1")
    assert not History([fort]).is_person([fort], _Candidate(0, 0, PROPER))


def test_a_possessive_in_an_adjunct_or_with_own_is_its_clauses_subjects(resolver):
    # "Williams competed against Moses in her bid", "Gloria played her own songs": the clause's
    # named subject; not in a plain object ("Clark described her fiction": the author's), a
    # predicate ("Edith was named her successor") nor for a verb whose subject is understood
    # from another clause ("invited Pessi to play on her album").
    own = _people("Alan/NNP/nsubj/1 sang/VBD/ROOT/- ,/,/punct/1 Gloria/NNP/nsubj/4 "
                  "played/VBD/conj/1 her/PRP$/poss/7 own/JJ/amod/7 songs/NNS/dobj/4 "
                  "././punct/1", 0, 3)
    assert possessor_subject(own, 0, 5) == _Candidate(0, 3, PROPER)
    fiction = sentence("Clark/NNP/nsubj/1 described/VBD/ROOT/- her/PRP$/poss/3 "
                       "fiction/NN/dobj/1 ././punct/1")
    assert possessor_subject(fiction, 0, 2) is None
    bid = sentence("Williams/NNP/nsubj/1 competed/VBD/ROOT/- against/IN/prep/1 Moses/NNP/pobj/2 "
                   "in/IN/prep/1 her/PRP$/poss/6 bid/NN/pobj/4 ././punct/1")
    assert possessor_subject(bid, 0, 5) == _Candidate(0, 0, PROPER)
    named = sentence("Edith/NNP/nsubjpass/2 was/VBD/auxpass/2 named/VBN/ROOT/- her/PRP$/poss/4 "
                     "successor/NN/oprd/2 ././punct/2")
    assert possessor_subject(named, 0, 3) is None
    invited = sentence("Susanna/NNP/nsubj/1 invited/VBD/ROOT/- Pessi/NNP/dobj/1 to/TO/aux/4 "
                       "play/VB/xcomp/1 on/IN/prep/4 her/PRP$/poss/7 album/NN/pobj/5 ././punct/1")
    assert possessor_subject(invited, 0, 6) is None


def test_a_team_with_a_plural_verb_is_a_they(resolver):
    # "Ireland are a good side . They defended ...": British writing makes a team plural;
    # a person the tagger typed so is not, nor a place with a singular verb.
    team = _people("Ireland/NNP/nsubj/1 are/VBP/ROOT/- a/DT/det/4 good/JJ/amod/4 side/NN/attr/1 "
                   "././punct/1", 0, entity="GPE")
    they = sentence("They/PRP/nsubj/1 defended/VBD/ROOT/- ././punct/1")
    assert compatible(resolver, [team, they], (0, 0), (1, 0), "they")
    place = _people("Ireland/NNP/nsubj/1 is/VBZ/ROOT/- an/DT/det/3 island/NN/attr/1 ././punct/1",
                    0, entity="GPE")
    assert not compatible(resolver, [place, they], (0, 0), (1, 0), "they")
    cleft = _people("it/PRP/nsubj/1 was/VBD/ROOT/- Ireland/NNP/attr/1 who/WP/nsubj/4 "
                    "were/VBD/relcl/2 ahead/RB/advmod/4 ././punct/1", 2, entity="GPE")
    assert compatible(resolver, [cleft, they], (0, 2), (1, 0), "they")


def test_an_adverbial_it_continues_the_main_subject_over_a_phrases_object(resolver):
    # "The Imperial Bank was founded in the city of Lahore because it needed ...": the ranker's
    # Lahore (a preposition's object) loses to the main clause's subject, a name with "the"
    # that is a thing whatever the tagger typed it. Not when a subject or object stands
    # between them (a nearer candidate), not for "they", and no title is such a thing.
    words = ("The/DT/det/2 Imperial/NNP/compound/2 Bank/NNP/nsubjpass/4 was/VBD/auxpass/4 "
             "founded/VBN/ROOT/- in/IN/prep/4 the/DT/det/7 city/NN/pobj/5 of/IN/prep/7 "
             "Lahore/NNP/pobj/8 because/IN/mark/12 {pronoun}/PRP/nsubj/12 needed/VBD/advcl/4 "
             "a/DT/det/15 northern/JJ/amod/15 office/NN/dobj/12 ././punct/4")
    bank = _people(words.format(pronoun="it"), 2, entity="ORG")
    lahore = [(0.6, _Candidate(0, 9, PROPER))]
    chosen = resolver.subject_over_phrase_object([bank], 0, 11, "it", lahore, History([bank]))
    assert chosen is not None and chosen[1] == _Candidate(0, 2, PROPER)
    they = _people(words.format(pronoun="they"), 2, entity="ORG")
    assert resolver.subject_over_phrase_object([they], 0, 11, "they", lahore,
                                               History([they])) is None
    sold = _people("The/DT/det/2 Imperial/NNP/compound/2 Bank/NNP/nsubj/3 sold/VBD/ROOT/- "
                   "the/DT/det/5 building/NN/dobj/3 in/IN/prep/5 Lahore/NNP/pobj/6 "
                   "because/IN/mark/10 it/PRP/nsubj/10 needed/VBD/advcl/3 cash/NN/dobj/10 "
                   "././punct/3", 2, entity="ORG")
    in_lahore = [(0.6, _Candidate(0, 7, PROPER))]
    assert resolver.subject_over_phrase_object([sold], 0, 9, "it", in_lahore,
                                               History([sold])) is None
    secretary = sentence("The/DT/det/1 Secretary/NNP/nsubj/2 acted/VBD/ROOT/- ././punct/2")
    assert not _name_of_a_thing(secretary, 1)
    assert _name_of_a_thing(bank, 2)


def test_a_continued_it_has_an_untyped_name_for_rival_and_its_is_not_continued(resolver):
    # "The Council met . | While Arvo is slow , it is sure": Arvo, a name of unknown kind, may
    # be the "it", so the Council is not continued; "The Council met . | It acts": it is.
    # "The Council issued a decree . | Its text ...": a possessive is the decree's as often.
    council = _people("The/DT/det/1 Council/NNP/nsubj/2 met/VBD/ROOT/- ././punct/2", 1,
                      entity="ORG")
    arvo = _people("While/IN/mark/2 Arvo/NNP/nsubj/2 is/VBZ/advcl/5 slow/JJ/acomp/2 ,/,/punct/5 "
                   "it/PRP/nsubj/6 is/VBZ/ROOT/- sure/JJ/acomp/6 ././punct/6", 1, entity="ORG")
    subject = _Candidate(0, 1, PROPER)
    assert not resolver.continues([council, arvo], subject, [_Candidate(1, 1, PROPER)], 1, 5,
                                  "it")
    acts = sentence("It/PRP/nsubj/1 acts/VBZ/ROOT/- ././punct/1")
    assert resolver.continues([council, acts], subject, [], 1, 0, "it")
    text = sentence("Its/PRP$/poss/1 text/NN/nsubj/2 grew/VBD/ROOT/- ././punct/2")
    assert not resolver.continues([council, text], subject, [], 1, 0, "it")


def test_a_noun_that_may_name_a_person_is_no_continued_it(resolver):
    # "A remote user can control the robot . | It also mimics ...": the user is no "it"; a
    # computer is.
    def continued(noun: str) -> bool:
        first = sentence(f"A/DT/det/2 remote/JJ/amod/2 {noun}/NN/nsubj/4 can/MD/aux/4 "
                         "control/VB/ROOT/- robots/NNS/dobj/4 ././punct/4")
        mimics = sentence("It/PRP/nsubj/2 also/RB/advmod/2 mimics/VBZ/ROOT/- "
                          "faces/NNS/dobj/2 ././punct/2")
        return resolver.continues([first, mimics], _Candidate(0, 2, "nominal"), [], 1, 0, "it")

    assert not continued("user")
    assert continued("computer")


def test_an_it_in_a_relative_clause_on_a_coordinated_clauses_subject_continues(resolver):
    # "The old mast leans , and the rock on which it stands is bare": the relative clause's
    # own noun is no rival (its "which" is the rock), so the "it" continues the main subject.
    tower = sentence("The/DT/det/2 old/JJ/amod/2 mast/NN/nsubj/3 leans/VBZ/ROOT/- ,/,/punct/3 "
                     "and/CC/cc/3 the/DT/det/7 rock/NN/nsubj/12 on/IN/prep/11 which/WDT/pobj/8 "
                     "it/PRP/nsubj/11 stands/VBZ/relcl/7 is/VBZ/conj/3 bare/JJ/acomp/12 "
                     "././punct/3")
    assert continued_subject([tower], 0, 10) == (_Candidate(0, 2, "nominal"), [])
    assert [(link.pronoun.head, link.antecedent.head) for link in resolver.links([tower])] == [
        (10, 2)
    ]


def test_a_name_whose_word_the_text_writes_as_a_common_noun_is_a_continued_it():
    # "Applied Geology refers to the use of geology . It is a craft .": an untyped name whose
    # last word the sentence also uses in lower case is a field, which the next subject "it"
    # continues. A name whose word the text never writes so may be a person's.
    refers = ("Applied/NNP/compound/1 Geology/NNP/nsubj/2 refers/VBZ/ROOT/- to/IN/prep/2 "
              "the/DT/det/5 use/NN/pobj/3 of/IN/prep/5 {word}/NN/pobj/6 ././punct/2")
    craft = sentence("It/PRP/nsubj/1 is/VBZ/ROOT/- a/DT/det/3 craft/NN/attr/1 ././punct/1")
    assert _linked([sentence(refers.format(word="geology")), craft]) == {(1, 0): (0, 1)}
    assert (1, 0) not in _linked([sentence(refers.format(word="rocks")), craft])


def test_a_clause_before_a_semicolon_that_the_parser_hung_on_the_next_is_a_main_clause():
    # "A reply is a kind of answer . It may follow a question ; the speaker gives one .": the
    # parser made "follow" the object of "gives"; "it" still opens a main clause and continues
    # the reply. After a comma ("It may follow , the speaker says") such a clause is reported.
    reply = sentence("A/DT/det/1 reply/NN/nsubj/2 is/VBZ/ROOT/- a/DT/det/4 kind/NN/attr/2 "
                     "of/IN/prep/4 answer/NN/pobj/5 ././punct/2")
    follows = ("It/PRP/nsubj/2 may/MD/aux/2 follow/VB/ccomp/8 a/DT/det/4 question/NN/dobj/2 "
               "{mark}/{tag}/punct/8 the/DT/det/7 speaker/NN/nsubj/8 gives/VBZ/ROOT/- "
               "one/CD/dobj/8 ././punct/8")
    semicolon = sentence(follows.format(mark=";", tag=":"))
    assert semicolon.opens_before_semicolon(2)
    assert _linked([reply, semicolon]) == {(1, 0): (0, 1)}
    comma = sentence(follows.format(mark=",", tag=","))
    assert not comma.opens_before_semicolon(2)
    assert (1, 0) not in _linked([reply, comma])


def test_the_and_a_nationality_word_is_a_people(resolver):
    # "..., but the French withdrew their support": "the French" is plural, a people, so
    # "their" in its own clause is no longer the Americans'. "the Italian" stays one person.
    spec = ("The/DT/det/1 Americans/NNPS/nsubj/2 attacked/VBD/ROOT/- ,/,/punct/2 but/CC/cc/2 "
            "the/DT/det/6 {word}/NNP/nsubj/7 withdrew/VBD/conj/2 their/PRP$/poss/9 "
            "support/NN/dobj/7 ././punct/2")
    french = _people(spec.format(word="French"), 1, 6, entity="NORP")
    italian = _people(spec.format(word="Italian"), 1, 6, entity="NORP")
    assert resolver.number([french], _Candidate(0, 6, PROPER)) == "they"
    assert resolver.number([italian], _Candidate(0, 6, PROPER)) == "sing"
    assert _linked([french]).get((0, 8)) != (0, 1)


def test_a_party_or_nationality_word_with_an_article_is_one_person(resolver):
    # "Stanton was a conservative Democrat" is a person's predicate noun ("a Democrat", "the
    # Spaniard"); not a title's "An American in Paris", whose article has a capital
    def personhood(spec: str, index: int) -> float:
        built = _people(spec, index, entity="NORP")
        return resolver.personhood([built], _Candidate(0, index, PROPER))

    democrat = ("Stanton/NNP/nsubj/1 was/VBD/ROOT/- a/DT/det/4 conservative/JJ/amod/4 "
                "Democrat/NNP/attr/1 ././punct/1")
    assert personhood(democrat, 4) == 1.0
    title = ("He/PRP/nsubj/1 wrote/VBD/ROOT/- An/DT/det/3 American/NNP/dobj/1 in/IN/prep/3 "
             "Paris/NNP/pobj/4 ././punct/1")
    assert personhood(title, 3) < 1.0


def test_a_possessive_fronted_before_the_name_the_previous_sentence_has_for_subject(resolver):
    # "Moreau plays a spy . | In his later roles , Paul Moreau plays ...": the "his" points
    # forward to the subject, which names the person the previous sentence is about. When the
    # previous sentence's subject is someone else ("Renoir films Moreau"), the ranker decides.
    roles = _people("In/IN/prep/6 his/PRP$/poss/2 roles/NNS/pobj/0 ,/,/punct/6 "
                    "Paul/NNP/compound/5 Moreau/NNP/nsubj/6 plays/VBZ/ROOT/- a/DT/det/8 "
                    "king/NN/dobj/6 ././punct/6", 4, 5)
    spy = _people("Moreau/NNP/nsubj/1 plays/VBZ/ROOT/- a/DT/det/3 spy/NN/dobj/1 ././punct/1", 0)
    sentences = [spy, roles]
    found = resolver.fronted_possessive_of_the_topic(sentences, 1, 1, "he", [], History(sentences))
    assert found is not None and found[1] == _Candidate(1, 5, PROPER)
    films = _people("Renoir/NNP/nsubj/1 films/VBZ/ROOT/- Moreau/NNP/dobj/1 ././punct/1", 0, 2)
    sentences = [films, roles]
    assert resolver.fronted_possessive_of_the_topic(
        sentences, 1, 1, "he", [], History(sentences)
    ) is None


def test_a_he_after_a_semicolon_continues_the_clause_the_parser_hung_on_it(resolver):
    # "The grammarian Ana Ruiz was the first to read it ; she found a link": the parser made
    # the clause before the semicolon a complement of "found"; its subject, a common noun with
    # a person's name in apposition, is what "she" continues, and the name is the antecedent.
    # After a comma the first clause is a reported one and continues nothing.
    spec = ("The/DT/det/1 grammarian/NN/nsubj/4 Ana/NNP/compound/3 Ruiz/NNP/appos/1 "
            "was/VBD/ccomp/9 the/DT/det/6 first/JJ/attr/4 {mark}/{tag}/punct/9 "
            "she/PRP/nsubj/9 found/VBD/ROOT/- a/DT/det/11 link/NN/dobj/9 ././punct/9")
    semicolon = _people(spec.format(mark=";", tag=":"), 2, 3)
    assert continued_subject([semicolon], 0, 8)[0] == _Candidate(0, 1, "nominal")
    assert _linked([semicolon]) == {(0, 8): (0, 3)}
    comma = _people(spec.format(mark=",", tag=","), 2, 3)
    assert continued_subject([comma], 0, 8)[0] is None


def test_the_and_a_plural_name_typed_a_person_is_a_people(resolver):
    # "The Greeks" (NNPS, typed PERSON) is a people, a "they"; a plural-looking name with no
    # "the" is one person's surname the tagger read as plural ("Rees").
    greeks = _people("The/DT/det/1 Greeks/NNPS/nsubj/2 sailed/VBD/ROOT/- ././punct/2", 1)
    rees = _people("Rees/NNPS/nsubj/1 sailed/VBD/ROOT/- ././punct/1", 0)
    assert resolver.number([greeks], _Candidate(0, 1, PROPER)) == "they"
    assert resolver.number([rees], _Candidate(0, 0, PROPER)) == "sing"


def test_a_reflexive_in_the_who_clause_on_a_name_says_its_gender(resolver):
    # "Clover cares for Boxer , who pushes himself": Boxer is a he, so no "she" after it is
    # his; with "them" in the clause nothing is said of him.
    def gender(reflexive: str):
        cares = _people("Clover/NNP/nsubj/1 cares/VBZ/ROOT/- for/IN/prep/1 Boxer/NNP/pobj/2 "
                        f",/,/punct/3 who/WP/nsubj/6 pushes/VBZ/relcl/3 {reflexive}/PRP/dobj/6 "
                        "././punct/1", 0, 3)
        return resolver.gender([cares], _Candidate(0, 3, PROPER))

    assert gender("himself") == "he"
    assert gender("them") is None


def test_the_ranked_first_subject_of_the_main_clause_holds_for_a_clause_after_it(resolver):
    # "The Greeks used types because they believed ...": the ranker puts the main subject
    # first but under the threshold, an object that agrees between them; the parallel subject
    # holds at the continuity confidence. Not when the ranker prefers the object, nor for it.
    greeks = _people("The/DT/det/1 Greeks/NNPS/nsubj/2 used/VBD/ROOT/- types/NNS/dobj/2 "
                     "because/IN/mark/6 they/PRP/nsubj/6 believed/VBD/advcl/2 it/PRP/dobj/6 "
                     "././punct/2", 1, entity="NORP")
    sentences = [greeks]
    subject, rivals = continued_subject(sentences, 0, 5)
    types = _Candidate(0, 3, "nominal")
    assert subject == _Candidate(0, 1, PROPER) and types in rivals
    history = History(sentences)
    first = [(0.23, subject), (0.21, types)]
    assert resolver.ranked_first_of_its_clause(sentences, subject, 0, 5, "they", first, history)
    second = [(0.23, types), (0.21, subject)]
    assert not resolver.ranked_first_of_its_clause(
        sentences, subject, 0, 5, "they", second, history
    )
    assert not resolver.ranked_first_of_its_clause(sentences, subject, 0, 5, "it", first, history)


def test_the_subject_of_a_verb_of_the_mind_has_a_mind(resolver):
    # "The Greeks used standard types , because they believed ...": a "they" that believes,
    # wants or hopes is people or a group of them, not the types; a "they" that does anything
    # else may still be the things.
    def pair(verb: str, lemma: str):
        used = sentence(
            "The/DT/det/1 Greeks/NNPS/nsubj/2 used/VBD/ROOT/- standard/JJ/amod/4 "
            "types/NNS/dobj/2 ././punct/2"
        )
        second = sentence(f"They/PRP/nsubj/1 {verb}/VBD/ROOT/- ././punct/1")
        second.tokens[1].lemma = lemma
        return [used, second]

    believed = pair("believed", "believe")
    assert not compatible(resolver, believed, (0, 4), (1, 0), "they", kind="nominal")
    assert compatible(resolver, believed, (0, 1), (1, 0), "they")
    faded = pair("faded", "fade")
    assert compatible(resolver, faded, (0, 4), (1, 0), "they", kind="nominal")
    assert compatible(resolver, faded, (0, 1), (1, 0), "they")
