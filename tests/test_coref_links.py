"""Rule-based coreference links: predicate nominatives and repeated or shortened names
(hand-written sentences, so the tests do not depend on the parser; one end-to-end check runs the
real pipeline)."""

from __future__ import annotations

from conftest import sentence

from discofuse.annotate.coref_links import add_rule_based_links
from discofuse.document import Cluster, Mention


def spans(clusters):
    return [[(m.sentence, m.start, m.end) for m in cluster.mentions] for cluster in clusters]


FIRST = sentence(
    "Amy/NNP/compound/1 Gumm/NNP/nsubj/2 left/VBD/ROOT/- Kansas/NNP/dobj/2 ././punct/2"
)
FIRST.tokens[0].ent_type = FIRST.tokens[1].ent_type = "PERSON"


def test_a_first_name_links_back_to_the_full_name():
    later = sentence(
        "The/DT/det/1 monkeys/NNS/nsubj/2 carried/VBD/ROOT/- Amy/NNP/dobj/2 ././punct/2"
    )
    assert spans(add_rule_based_links([FIRST, later], [])) == [[(0, 0, 2), (1, 3, 4)]]


def test_only_a_person_name_is_shortened():
    college = sentence("Ash/NNP/compound/1 College/NNP/nsubj/2 opened/VBD/ROOT/- ././punct/2")
    college.tokens[0].ent_type = college.tokens[1].ent_type = "ORG"
    later = sentence(
        "Ann/NNP/poss/2 's/POS/case/0 College/NNP/nsubj/3 closed/VBD/ROOT/- ././punct/3"
    )
    assert add_rule_based_links([college, later], []) == []


def test_an_exact_repetition_is_linked_and_a_different_name_is_not():
    later = sentence("Kansas/NNP/nsubj/1 welcomed/VBD/ROOT/- Dorothy/NNP/dobj/1 ././punct/1")
    assert spans(add_rule_based_links([FIRST, later], [])) == [[(0, 3, 4), (1, 0, 1)]]


def test_a_name_joins_the_cluster_of_its_antecedent_in_text_order():
    later = sentence("She/PRP/nsubj/1 met/VBD/ROOT/- Gumm/NNP/dobj/1 ././punct/1")
    existing = [Cluster([Mention(0, 0, 2, 1, "proper"), Mention(1, 0, 1, 0, "pronoun")])]
    linked = add_rule_based_links([FIRST, later], existing)
    assert spans(linked) == [[(0, 0, 2), (1, 0, 1), (1, 2, 3)]]
    assert spans(existing) == [[(0, 0, 2), (1, 0, 1)]], "the input clusters are not modified"


def test_names_in_one_sentence_and_dates_are_not_linked():
    same = sentence("Amy/NNP/nsubj/1 met/VBD/ROOT/- Amy/NNP/dobj/1 ././punct/1")
    assert add_rule_based_links([same], []) == []
    may = sentence("In/IN/prep/2 May/NNP/pobj/0 rain/NN/nsubj/3 fell/VBD/ROOT/- ././punct/3")
    may.tokens[1].ent_type = "DATE"
    assert add_rule_based_links([may, may], []) == []


def test_the_subject_of_a_copula_joins_its_predicate_noun_phrase():
    town = sentence(
        "Tarnbridge/NNP/nsubj/1 is/VBZ/ROOT/- a/DT/det/4 market/NN/compound/4 town/NN/attr/1 "
        "././punct/1"
    )
    town.tokens[1].lemma = "be"
    later = sentence("The/DT/det/1 town/NN/nsubj/2 grew/VBD/ROOT/- ././punct/2")
    model = [Cluster([Mention(0, 2, 5, 4, "nominal"), Mention(1, 0, 2, 1, "nominal")])]
    linked = add_rule_based_links([town, later], model)
    assert spans(linked) == [[(0, 0, 1), (0, 2, 5), (1, 0, 2)]]
    assert linked[0].mentions[0].kind == "proper"


def test_a_pronoun_subject_or_a_non_copular_verb_adds_nothing():
    it_is = sentence("It/PRP/nsubj/1 is/VBZ/ROOT/- a/DT/det/3 town/NN/attr/1 ././punct/1")
    became = sentence("Ash/NNP/nsubj/1 became/VBD/ROOT/- a/DT/det/3 town/NN/attr/1 ././punct/1")
    it_is.tokens[1].lemma = "be"
    for first in (it_is, became):
        model = [Cluster([Mention(0, 2, 4, 3, "nominal"), Mention(0, 2, 4, 3, "nominal")])]
        assert spans(add_rule_based_links([first], model)) == spans(model)


def test_the_annotator_links_a_first_name_coreferee_leaves_alone(annotator):
    document = annotator.annotate(
        "Ruth Baker opened a bakery in Leeds. "
        "Ten years later the bank lent Ruth and Tom the money for a second shop."
    )
    words = [
        [document.sentences[m.sentence].tokens[m.start : m.end] for m in cluster.mentions]
        for cluster in document.clusters
    ]
    texts = [
        [" ".join(token.text for token in mention) for mention in cluster] for cluster in words
    ]
    assert ["Ruth Baker", "Ruth"] in texts


def test_the_subject_mention_spans_its_noun_phrase():
    mill = sentence(
        "The/DT/det/2 old/JJ/amod/2 mill/NN/nsubj/3 is/VBZ/ROOT/- a/DT/det/5 museum/NN/attr/3 "
        "././punct/3"
    )
    mill.tokens[3].lemma = "be"
    model = [Cluster([Mention(0, 4, 6, 5, "nominal"), Mention(0, 4, 6, 5, "nominal")])]
    linked = add_rule_based_links([mill], model)
    assert (0, 0, 3) in spans(linked)[0]
