"""The pronoun resolution layer: hard constraints on hand-written parses (so they do not depend
on the parser), the trained model file, and links on real parses."""

from __future__ import annotations

import pytest
from conftest import sentence

from discofuse.annotate.resolution import (
    MODEL_PATH,
    Link,
    PronounResolver,
    _Candidate,
    document_clusters,
    is_expletive,
    merge_links,
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


def test_a_description_never_joins_a_name_it_does_not_repeat():
    # The statistical model used before linked {Vienna, the state, the city}: "the state" is
    # no name for Vienna.
    sentences = [
        _people("Vienna/NNP/nsubj/1 grew/VBD/ROOT/- ././punct/1", 0, entity="GPE"),
        sentence("The/DT/det/1 state/NN/nsubj/2 taxed/VBD/ROOT/- the/DT/det/4 city/NN/dobj/2 "
                 "././punct/2"),
    ]
    assert document_clusters(sentences) == []
