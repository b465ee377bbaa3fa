"""Linking repeated and shortened proper names across sentences (hand-written sentences, so the
tests do not depend on the parser; one end-to-end check runs the real pipeline)."""

from __future__ import annotations

from conftest import sentence

from discofuse.annotate.name_links import link_repeated_names
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
    assert spans(link_repeated_names([FIRST, later], [])) == [[(0, 0, 2), (1, 3, 4)]]


def test_only_a_person_name_is_shortened():
    college = sentence("Ash/NNP/compound/1 College/NNP/nsubj/2 opened/VBD/ROOT/- ././punct/2")
    college.tokens[0].ent_type = college.tokens[1].ent_type = "ORG"
    later = sentence(
        "Ann/NNP/poss/2 's/POS/case/0 College/NNP/nsubj/3 closed/VBD/ROOT/- ././punct/3"
    )
    assert link_repeated_names([college, later], []) == []


def test_an_exact_repetition_is_linked_and_a_different_name_is_not():
    later = sentence("Kansas/NNP/nsubj/1 welcomed/VBD/ROOT/- Dorothy/NNP/dobj/1 ././punct/1")
    assert spans(link_repeated_names([FIRST, later], [])) == [[(0, 3, 4), (1, 0, 1)]]


def test_a_name_joins_the_cluster_of_its_antecedent_in_text_order():
    later = sentence("She/PRP/nsubj/1 met/VBD/ROOT/- Gumm/NNP/dobj/1 ././punct/1")
    existing = [Cluster([Mention(0, 0, 2, 1, "proper"), Mention(1, 0, 1, 0, "pronoun")])]
    linked = link_repeated_names([FIRST, later], existing)
    assert spans(linked) == [[(0, 0, 2), (1, 0, 1), (1, 2, 3)]]
    assert spans(existing) == [[(0, 0, 2), (1, 0, 1)]], "the input clusters are not modified"


def test_names_in_one_sentence_and_dates_are_not_linked():
    same = sentence("Amy/NNP/nsubj/1 met/VBD/ROOT/- Amy/NNP/dobj/1 ././punct/1")
    assert link_repeated_names([same], []) == []
    may = sentence("In/IN/prep/2 May/NNP/pobj/0 rain/NN/nsubj/3 fell/VBD/ROOT/- ././punct/3")
    may.tokens[1].ent_type = "DATE"
    assert link_repeated_names([may, may], []) == []


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
