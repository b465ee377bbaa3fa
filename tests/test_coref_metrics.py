"""Coreference and GAP metrics against numbers worked out by hand (arithmetic in comments)."""

import itertools
import random

import pytest

from discofuse.evaluation.coref_metrics import (
    GapDecision,
    Score,
    b_cubed,
    ceaf_e,
    conll_f1,
    conll_scores,
    gap_scores,
    muc,
)

# Example 1: key {a,b,c},{d,e}; response {a,b},{c,d,e}.
KEY1, RESPONSE1 = [{"a", "b", "c"}, {"d", "e"}], [{"a", "b"}, {"c", "d", "e"}]
# Example 2: the response misses c and d and adds a spurious x.
KEY2, RESPONSE2 = [{"a", "b", "c", "d"}, {"e", "f"}], [{"a", "b", "x"}, {"e", "f"}]


def pr(score: Score) -> tuple[float, float]:
    return score.precision, score.recall


def test_example1_all_metrics():
    scores = conll_scores(KEY1, RESPONSE1)
    # MUC recall: {a,b,c} splits into {a,b},{c} -> 3-2=1; {d,e} whole -> 2-1=1; 2/(2+1) = 2/3.
    # MUC precision: {a,b} -> 2-1=1; {c,d,e} splits into {c},{d,e} -> 3-2=1; 2/(1+2) = 2/3.
    assert pr(scores["muc"]) == pytest.approx((2 / 3, 2 / 3))
    # B3 recall: {a,b,c}: 2^2/3 + 1^2/3 = 5/3; {d,e}: 2^2/2 = 2; (5/3+2)/5 mentions = 11/15.
    # B3 precision: {a,b}: 2^2/2 = 2; {c,d,e}: 1/3 + 4/3 = 5/3; (2+5/3)/5 = 11/15.
    assert pr(scores["b3"]) == pytest.approx((11 / 15, 11 / 15))
    # CEAF-e: phi({a,b,c},{a,b}) = 4/5, phi({d,e},{c,d,e}) = 4/5 (the other pairing: 1/3 + 0);
    # total 8/5 over 2 entities on each side = 4/5.
    assert pr(scores["ceafe"]) == pytest.approx((4 / 5, 4 / 5))
    # CoNLL: (2/3 + 11/15 + 4/5)/3 = (10+11+12)/45 = 11/15.
    assert conll_f1(scores) == pytest.approx(11 / 15)


def test_example2_missing_and_spurious_mentions():
    # MUC recall: {a,b,c,d} -> {a,b},{c},{d}: 4-3=1; {e,f}: 1; 2/(3+1) = 1/2.
    # MUC precision: {a,b,x} -> {a,b},{x}: 3-2=1; {e,f}: 1; 2/(2+1) = 2/3. F1 = (2/3)/(7/6) = 4/7.
    assert pr(muc(KEY2, RESPONSE2)) == pytest.approx((2 / 3, 1 / 2))
    assert muc(KEY2, RESPONSE2).f1 == pytest.approx(4 / 7)
    # B3 recall: {a,b,c,d}: 2^2/4 = 1; {e,f}: 2^2/2 = 2; 3/6 = 1/2.
    # B3 precision: {a,b,x}: 2^2/3 = 4/3; {e,f}: 2; (10/3)/5 (x counts) = 2/3.
    assert pr(b_cubed(KEY2, RESPONSE2)) == pytest.approx((2 / 3, 1 / 2))
    # CEAF-e: phi({a,b,c,d},{a,b,x}) = 4/7, phi({e,f},{e,f}) = 1; 11/7 over 2 and 2 = 11/14.
    assert pr(ceaf_e(KEY2, RESPONSE2)) == pytest.approx((11 / 14, 11 / 14))


def test_ceaf_alignment_is_optimal_not_greedy():
    # phi({a,b,c},{a,b,d}) = 4/6 is the largest pair, but taking it leaves {d} with {c}: 0.
    # phi({a,b,c},{c}) = 2/4 plus phi({d},{a,b,d}) = 2/4 gives 1 > 2/3; 1 over 2 entities = 1/2.
    score = ceaf_e([{"a", "b", "c"}, {"d"}], [{"a", "b", "d"}, {"c"}])
    assert pr(score) == pytest.approx((1 / 2, 1 / 2))


def test_ceaf_rectangular_and_against_brute_force():
    # Three key entities, one response {a,c}: best is {a,b} (2/4 = 1/2) or {c} (2/3) -> 2/3.
    # Precision 2/3 over 1 response entity; recall 2/3 over 3 key entities = 2/9.
    assert pr(ceaf_e([{"a", "b"}, {"c"}, {"d"}], [{"a", "c"}])) == pytest.approx((2 / 3, 2 / 9))
    rng = random.Random(0)
    for _ in range(200):
        mentions = range(rng.randint(1, 9))
        key, response = {}, {}
        for m in mentions:
            key.setdefault(rng.randint(0, 3), set()).add(m)
            if rng.random() < 0.8:
                response.setdefault(rng.randint(0, 3), set()).add(m)
        k, r = list(key.values()), list(response.values())
        small, large = (k, r) if len(k) <= len(r) else (r, k)
        best = (
            max(
                sum(2 * len(s & t) / (len(s) + len(t)) for s, t in zip(small, perm))
                for perm in itertools.permutations(large, len(small))
            )
            if small
            else 0.0
        )
        assert ceaf_e(k, r).recall_num == pytest.approx(best)


def test_perfect_response_scores_one():
    scores = conll_scores(KEY1, [set(e) for e in KEY1])
    for score in scores.values():
        assert (score.precision, score.recall, score.f1) == pytest.approx((1.0, 1.0, 1.0))
    assert conll_f1(scores) == pytest.approx(1.0)


def test_empty_response_scores_zero():
    scores = conll_scores(KEY1, [set(), set()])  # empty entities are ignored
    for score in scores.values():
        assert (score.precision, score.recall, score.f1) == (0.0, 0.0, 0.0)
    # Denominators are still the key's: MUC (3-1)+(2-1) = 3 links, B3 5 mentions, CEAF 2 entities.
    assert [s.recall_den for s in scores.values()] == [3, 5, 2]
    assert conll_f1(scores) == 0.0


def test_scores_add_as_micro_average():
    total = muc(KEY1, RESPONSE1) + muc(KEY2, RESPONSE2)
    # Recall (2+2)/(3+4) = 4/7 (macro would be (2/3+1/2)/2 = 7/12); precision (2+2)/(3+3) = 2/3.
    assert pr(total) == pytest.approx((2 / 3, 4 / 7))
    total = b_cubed(KEY1, RESPONSE1) + b_cubed(KEY2, RESPONSE2)
    # Recall (11/3 + 3)/(5+6) = 20/33; precision (11/3 + 10/3)/(5+5) = 7/10.
    assert pr(total) == pytest.approx((7 / 10, 20 / 33))


def test_duplicate_mentions_do_not_crash():
    score = b_cubed([{"a", "b"}], [{"a"}, {"a", "b"}])
    assert 0.0 <= score.precision <= 1.0 and 0.0 <= score.recall <= 1.0


def test_gap_scores_by_gender_and_bias():
    decisions = [
        GapDecision("M", True, False, True, False),  # A: TP, B: TN
        GapDecision("M", False, True, True, True),  # A: FP, B: TP
        GapDecision("F", True, False, False, False),  # A: FN, B: TN
        GapDecision("F", False, True, False, True),  # A: TN, B: TP
        GapDecision("F", False, False, True, False),  # A: FP, B: TN
    ]
    got = gap_scores(decisions)
    # M: TP 2, FP 1, FN 0 -> P 2/3, R 1, F1 = (4/3)/(5/3) = 4/5.
    # F: TP 1, FP 1, FN 1 -> P 1/2, R 1/2, F1 = 1/2. Bias = (1/2)/(4/5) = 5/8.
    # Overall: TP 3, FP 2, FN 1 -> P 3/5, R 3/4, F1 = 0.9/1.35 = 2/3.
    expected = {
        "masculine": 0.8,
        "feminine": 0.5,
        "bias": 0.625,
        "overall": 2 / 3,
        "precision": 0.6,
        "recall": 0.75,
        "count": 5,
    }
    assert got == pytest.approx(expected)


def test_gap_bias_is_zero_without_masculine_f1():
    got = gap_scores([GapDecision("F", True, False, True, False)])
    assert (got["feminine"], got["masculine"], got["bias"]) == (1.0, 0.0, 0.0)
