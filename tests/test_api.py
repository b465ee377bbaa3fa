"""The Python API gives what the command line gives: same rules, same audit."""

from __future__ import annotations

import discofuse
from discofuse.corpus.steps import GenerationConfig


def test_unfuse_one_sentence_and_a_pair():
    example = discofuse.unfuse("The shop opened at nine but the queue had formed at dawn.")
    assert (example.discourse_type, example.incoherent_second_sentence) == (
        "SINGLE_S_COORD",
        "The queue had formed at dawn .",
    )
    pair = discofuse.unfuse("The bridge was finished in 1890. || However, the railway came later.")
    assert pair.discourse_type == "PAIR_CONN" and pair.connective_string == "however ,"
    assert discofuse.unfuse("The museum opened in 1990 in the old town.") is None


def test_documents_stream_every_example_with_its_document():
    unfuser = discofuse.Unfuser()
    texts = [
        ("a", "The bridge over the river was finished in 1890. However, the railway did not "
              "reach the town until 1902."),
        ("b", "The shop opened at nine but the queue had formed at dawn."),
    ]
    got = [(doc_id, ex.discourse_type) for doc_id, ex in unfuser.documents(texts)]
    assert got == [("a", "PAIR_CONN"), ("b", "SINGLE_S_COORD")]
    strict = GenerationConfig(min_tokens=30)
    assert list(unfuser.documents(texts, strict)) == []


def test_an_epithet_gives_way_to_the_name_and_the_audit_lets_its_words_go():
    """Real parse and output audit: "The Spaniard" / "The 19-year-old" become the name the
    sentence before gave as its subject; the audit does not count the epithet's words as lost
    (they are the replaced anaphor's) and the example is a nominal replacement."""
    for epithet in ("The Spaniard", "The 19-year-old"):
        example = discofuse.unfuse(
            f"Rafael Nadal won the title on Sunday. || {epithet} will now rest for a week."
        )
        assert example is not None and example.discourse_type == "PAIR_ANAPHORA", epithet
        assert example.incoherent_second_sentence == "Rafael Nadal will now rest for a week ."
        assert example.has_coref_type_nominal == 1.0 and example.has_coref_type_pronoun == 0.0
