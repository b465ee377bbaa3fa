"""Where a token's item stands in a candidate's lists: on the candidate's own lists the
position is read from the token's index, and it must be what a scan of the list finds."""

from __future__ import annotations

from conftest import document

from discofuse.engine.state import Item, State

DOC = document(
    "Ruiz/NNP/nsubj/1 scored/VBD/ROOT/- twice/RB/advmod/1 ././punct/1",
    "He/PRP/nsubj/1 smiled/VBD/ROOT/- ././punct/1",
)


def _scanned(state: State, name: str, sentence: int, index: int) -> int | None:
    found = [
        position
        for position, item in enumerate(state.lists[name], start=1)
        if item.sentence == sentence and item.index == index and item.token is not None
    ]
    return found[0] if found else None


def test_on_a_candidates_own_lists_the_position_is_what_a_scan_finds():
    for sentences in ((0,), (1,), (0, 1)):
        state = State.for_candidate(DOC, sentences, [])
        assert state.pristine
        for name in state.lists:
            for sentence in (-1, 0, 1, 2):
                for index in range(-2, 6):
                    assert state.position_of(name, sentence, index) == _scanned(
                        state, name, sentence, index
                    ), (sentences, name, sentence, index)


def test_a_copy_the_operations_may_change_is_scanned():
    start = State.for_candidate(DOC, (0, 1), [])
    working = start.copy()
    assert not working.pristine and start.pristine
    working.lists["B"].insert(0, Item("Then"))  # an inserted word moves every token on
    working.lists["B"].append(working.lists["A"][0])  # a token of A copied into B
    assert working.position_of("B", 1, 0) == 2
    assert working.position_of("B", 0, 0) == 5
    assert start.position_of("B", 1, 0) == 1  # the candidate's own lists are unchanged
