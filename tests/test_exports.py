"""Split categories (BiSECT-style) read from the edits between a sentence and its split."""

from __future__ import annotations

import pytest

from discofuse.corpus.exports import split_category
from discofuse.corpus.statistics import words_changed


@pytest.mark.parametrize(
    ("sentence", "first", "second", "category"),
    [
        (
            "The river flooded the valley , and the farmers moved to higher ground .",
            "The river flooded the valley .",
            "The farmers moved to higher ground .",
            "direct_insertion",
        ),
        (
            "The ferry was damaged in the storm but was repaired within a month .",
            "The ferry was damaged in the storm .",
            "The ferry was repaired within a month .",
            "changes_near_split",
        ),
        (
            "The mill closed in May , because the river ran dry .",
            "The mill closed in May .",
            "The river ran dry .",
            "changes_near_split",
        ),
        (
            "Hansen , the club captain , has been injured since June .",
            "Hansen has been injured since June .",
            "Hansen is the club captain .",
            "changes_across_sentence",
        ),
        (
            "Although the ground was wet , the match went ahead .",
            "The ground was wet .",
            "The match went ahead .",
            "changes_across_sentence",
        ),
    ],
)
def test_split_category(sentence, first, second, category):
    assert split_category(sentence, first, second) == category


def test_words_changed_ignores_case_and_split_punctuation():
    row = {
        "coherent_first_sentence": "It rained , and the game stopped .",
        "coherent_second_sentence": "",
        "incoherent_first_sentence": "It rained .",
        "incoherent_second_sentence": "The game stopped .",
    }
    assert words_changed(row)  # "and" went
    row["coherent_first_sentence"] = "It rained ; the game stopped ."
    assert not words_changed(row)
