"""Properties of the rule engine over generated sentences (hypothesis) and real ones (the dev
file): it never raises, every output sentence has words and a final mark, it invents no word
beyond the rules' allowed insertions, PAIR_NONE keeps the text, and the same input always gives
the same output."""

from __future__ import annotations

import pytest
from conftest import SHARED, needs_shared
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from discofuse.audit import invented_word
from discofuse.engine import Engine, load_rules
from discofuse.engine.engine import INSERTED_WORDS
from discofuse.engine.morphology import ends_with_its_own_stop
from discofuse.tsv import read_rows

SUBJECTS = ["The council", "Maria Lopez", "The old mill", "The team", "Their coach", "It",
            "The two clubs", "Leeds"]
VERB_PHRASES = ["approved the plan", "closed in 1990", "won the cup in May", "moved to York",
                "was rebuilt in stone", "had scored twice", "lost the final", "opened a school"]
INSIDE = ["", ", which stood by the river ,", ", a small town on the coast ,",
          ", who had joined in 2001 ,"]
JOINS = [", and", " but", ", because", ", although", " and then", ", so", " while", ";"]
OPENINGS = ["", "However , ", "In 2004 , ", "After the war , ", "Although it rained , "]

clause = st.builds(
    lambda subject, inside, verb: f"{subject}{' ' + inside if inside else ''} {verb}",
    st.sampled_from(SUBJECTS), st.sampled_from(INSIDE), st.sampled_from(VERB_PHRASES),
)
sentence = st.builds(
    lambda opening, first, join, second: (
        f"{opening}{first}{join + ' ' + second[0].lower() + second[1:] if join else ''} ."
    ),
    st.sampled_from(OPENINGS), clause, st.sampled_from(["", *JOINS]), clause,
)
candidate = st.one_of(st.tuples(sentence), st.tuples(sentence, sentence))


@pytest.fixture(scope="module")
def engines():
    return {name: Engine(load_rules(name)) for name in ("paper", "extended")}


def check_candidate(annotator, engine, rules, texts) -> None:
    document = annotator.annotate([text.split() for text in texts])
    if len(document.sentences) != len(texts):
        return  # the text does not hold the sentences it was given as
    indices = tuple(range(len(texts)))
    example = engine.unfuse(document, indices)  # never raises
    assert engine.unfuse(document, indices) == example  # same input, same output
    again = annotator.annotate([text.split() for text in texts])
    assert engine.unfuse(again, indices) == example
    if example is None:
        assert len(texts) == 1  # a pair always gives at least PAIR_NONE
        return
    outputs = [example.incoherent_first_sentence, example.incoherent_second_sentence]
    assert all(output.split() for output in outputs), texts
    if example.discourse_type == "PAIR_NONE":
        assert outputs == [example.coherent_first_sentence, example.coherent_second_sentence]
        return
    for output in outputs:  # a sentence the rules made ends with a final mark (an
        # abbreviation's own stop included: "... against F.C.")
        last = output.split()[-1]
        assert last in (".", "!", "?", "'", ")") or ends_with_its_own_stop(last), (texts, output)
    parsed = annotator.parse([output.split() for output in outputs])
    allowed = frozenset(word.lower() for word in INSERTED_WORDS | rules.inserted_words)
    assert invented_word(parsed, document.sentences, allowed) == "", (texts, outputs)


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(texts=candidate, rule_set=st.sampled_from(["paper", "extended"]))
def test_engine_properties_on_generated_sentences(annotator, engines, texts, rule_set):
    check_candidate(annotator, engines[rule_set], engines[rule_set].rules, texts)


@needs_shared
def test_engine_properties_on_real_sentences(annotator, engines):
    rows = list(read_rows(SHARED / "data" / "discofuse_dev.tsv"))
    for row in rows:
        texts = [t for t in (row["coherent_first_sentence"], row["coherent_second_sentence"]) if t]
        for engine in engines.values():
            check_candidate(annotator, engine, engine.rules, texts)
