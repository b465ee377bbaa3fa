"""Coreference scores (MUC, B-cubed, CEAF-e, CoNLL F1) and GAP's gendered F1, in pure Python.

Definitions follow the CoNLL-2012 reference scorer (Pradhan et al. 2014) so numbers compare with
published ones; counts are kept as numerators/denominators so documents micro-average when added.
"""

from __future__ import annotations

from collections.abc import Collection, Hashable, Iterable, Sequence
from dataclasses import dataclass

Mention = Hashable  # any hashable mention id, e.g. (sentence, start, end)
Entity = frozenset  # a set of mentions


@dataclass
class Score:
    """Precision and recall as summed numerators/denominators so documents add up (micro
    average, as the CoNLL-2012 reference scorer does)."""

    precision_num: float = 0.0
    precision_den: float = 0.0
    recall_num: float = 0.0
    recall_den: float = 0.0

    def __add__(self, other: Score) -> Score:
        return Score(
            self.precision_num + other.precision_num,
            self.precision_den + other.precision_den,
            self.recall_num + other.recall_num,
            self.recall_den + other.recall_den,
        )

    @property
    def precision(self) -> float:
        """0 rather than an error when nothing was predicted."""
        return self.precision_num / self.precision_den if self.precision_den else 0.0

    @property
    def recall(self) -> float:
        """0 rather than an error when the key is empty."""
        return self.recall_num / self.recall_den if self.recall_den else 0.0

    @property
    def f1(self) -> float:
        return _f1(self.precision, self.recall)


def _f1(precision: float, recall: float) -> float:
    total = precision + recall
    return 2 * precision * recall / total if total else 0.0


def _entities(partition: Sequence[Collection[Mention]]) -> list[frozenset]:
    """Entities as sets, empty ones dropped: they carry no information and would divide by 0."""
    return [entity for entity in map(frozenset, partition) if entity]


def _muc_side(gold: list[frozenset], other: list[frozenset]) -> tuple[float, float]:
    """MUC numerator/denominator of `gold` partitioned by `other` (recall; swap for precision)."""
    owner: dict[Mention, int] = {}
    for index, entity in enumerate(other):
        for mention in entity:
            owner[mention] = index
    numerator = denominator = 0
    for entity in gold:
        parts = {owner[m] for m in entity if m in owner}
        missing = sum(1 for m in entity if m not in owner)  # each its own part
        numerator += len(entity) - (len(parts) + missing)
        denominator += len(entity) - 1
    return numerator, denominator


def muc(key: Sequence[Collection[Mention]], response: Sequence[Collection[Mention]]) -> Score:
    """Link-based MUC (Vilain et al. 1995): how many links are needed to rejoin each entity."""
    key_entities, response_entities = _entities(key), _entities(response)
    recall_num, recall_den = _muc_side(key_entities, response_entities)
    precision_num, precision_den = _muc_side(response_entities, key_entities)
    return Score(precision_num, precision_den, recall_num, recall_den)


def _b_cubed_side(gold: list[frozenset], other: list[frozenset]) -> tuple[float, float]:
    """Sum over gold entities K and other entities R of |K∩R|^2/|K|, over the gold mention count."""
    owner: dict[Mention, int] = {}
    for index, entity in enumerate(other):
        for mention in entity:
            owner[mention] = index
    numerator = 0.0
    for entity in gold:
        overlaps: dict[int, int] = {}
        for mention in entity:
            if mention in owner:
                overlaps[owner[mention]] = overlaps.get(owner[mention], 0) + 1
        numerator += sum(n * n for n in overlaps.values()) / len(entity)
    return numerator, sum(len(entity) for entity in gold)


def b_cubed(key: Sequence[Collection[Mention]], response: Sequence[Collection[Mention]]) -> Score:
    """Mention-based B-cubed; spurious response mentions still count in precision's denominator."""
    key_entities, response_entities = _entities(key), _entities(response)
    recall_num, recall_den = _b_cubed_side(key_entities, response_entities)
    precision_num, precision_den = _b_cubed_side(response_entities, key_entities)
    return Score(precision_num, precision_den, recall_num, recall_den)


def _max_weight_assignment(weights: list[list[float]]) -> float:
    """Total weight of the best one-to-one row/column assignment (Kuhn-Munkres, O(n^2 m)).

    Shortest-augmenting-path form with potentials, minimizing the negated weights; rectangular
    matrices are handled by transposing so rows <= columns (extra columns stay unassigned).
    """
    if not weights or not weights[0]:
        return 0.0
    if len(weights) > len(weights[0]):
        weights = [list(column) for column in zip(*weights)]
    rows, cols = len(weights), len(weights[0])
    cost = [[-w for w in row] for row in weights]
    inf = float("inf")
    u = [0.0] * (rows + 1)
    v = [0.0] * (cols + 1)
    match = [0] * (cols + 1)  # match[j] = row (1-based) assigned to column j, 0 if none
    way = [0] * (cols + 1)
    for i in range(1, rows + 1):
        match[0] = i
        j0 = 0
        min_slack = [inf] * (cols + 1)
        used = [False] * (cols + 1)
        while True:
            used[j0] = True
            i0, delta, j1 = match[j0], inf, 0
            row = cost[i0 - 1]
            for j in range(1, cols + 1):
                if not used[j]:
                    slack = row[j - 1] - u[i0] - v[j]
                    if slack < min_slack[j]:
                        min_slack[j], way[j] = slack, j0
                    if min_slack[j] < delta:
                        delta, j1 = min_slack[j], j
            for j in range(cols + 1):
                if used[j]:
                    u[match[j]] += delta
                    v[j] -= delta
                else:
                    min_slack[j] -= delta
            j0 = j1
            if match[j0] == 0:
                break
        while j0:
            j1 = way[j0]
            match[j0] = match[j1]
            j0 = j1
    return sum(weights[match[j] - 1][j - 1] for j in range(1, cols + 1) if match[j])


def _phi4(key_entity: frozenset, response_entity: frozenset) -> float:
    return 2 * len(key_entity & response_entity) / (len(key_entity) + len(response_entity))


def ceaf_e(key: Sequence[Collection[Mention]], response: Sequence[Collection[Mention]]) -> Score:
    """Entity-based CEAF: best one-to-one entity alignment under phi4 similarity.

    Only overlapping entities can score, so the assignment is solved per connected component of
    the overlap graph, which keeps the cubic step small on long documents.
    """
    key_entities, response_entities = _entities(key), _entities(response)
    owners: dict[Mention, set[int]] = {}
    for index, entity in enumerate(response_entities):
        for mention in entity:
            owners.setdefault(mention, set()).add(index)
    neighbours = [{r for m in entity for r in owners.get(m, ())} for entity in key_entities]
    keys_of: dict[int, list[int]] = {}
    for k, responses in enumerate(neighbours):
        for r in responses:
            keys_of.setdefault(r, []).append(k)
    key_seen: set[int] = set()
    total = 0.0
    for start, first_responses in enumerate(neighbours):
        if start in key_seen or not first_responses:
            continue
        key_seen.add(start)
        component_keys, component_responses, queue = [start], set(), [start]
        while queue:  # breadth-first over key entities sharing a response entity
            for r in neighbours[queue.pop()] - component_responses:
                component_responses.add(r)
                for k in keys_of[r]:
                    if k not in key_seen:
                        key_seen.add(k)
                        component_keys.append(k)
                        queue.append(k)
        responses = sorted(component_responses)
        total += _max_weight_assignment(
            [
                [_phi4(key_entities[k], response_entities[r]) for r in responses]
                for k in component_keys
            ]
        )
    return Score(total, len(response_entities), total, len(key_entities))


def conll_scores(
    key: Sequence[Collection[Mention]], response: Sequence[Collection[Mention]]
) -> dict[str, Score]:
    """The three scores whose F1s the CoNLL-2012 shared task averages."""
    return {"muc": muc(key, response), "b3": b_cubed(key, response), "ceafe": ceaf_e(key, response)}


def conll_f1(scores: dict[str, Score]) -> float:
    """CoNLL F1: unweighted mean of the MUC, B-cubed and CEAF-e F1s, in [0, 1]."""
    return sum(scores[name].f1 for name in ("muc", "b3", "ceafe")) / 3


@dataclass
class GapDecision:
    """One GAP example: is the pronoun coreferent with name A / name B, gold and predicted."""

    gender: str  # "M" or "F"
    gold_a: bool
    gold_b: bool
    predicted_a: bool
    predicted_b: bool


def gap_scores(decisions: Iterable[GapDecision]) -> dict[str, float]:
    """F1 over the binary A and B decisions, overall and per pronoun gender (Webster et al. 2018).

    "bias" is feminine F1 / masculine F1, GAP's headline fairness number (0 if masculine F1 is 0).
    """
    counts = {gender: [0, 0, 0] for gender in ("M", "F")}  # true pos., false pos., false neg.
    count = 0
    for decision in decisions:
        count += 1
        tally = counts.setdefault(decision.gender, [0, 0, 0])
        for gold, predicted in (
            (decision.gold_a, decision.predicted_a),
            (decision.gold_b, decision.predicted_b),
        ):
            if predicted and gold:
                tally[0] += 1
            elif predicted:
                tally[1] += 1
            elif gold:
                tally[2] += 1

    def precision_recall(tp: int, fp: int, fn: int) -> tuple[float, float]:
        return (tp / (tp + fp) if tp + fp else 0.0, tp / (tp + fn) if tp + fn else 0.0)

    overall = [sum(tally[i] for tally in counts.values()) for i in range(3)]
    precision, recall = precision_recall(*overall)
    masculine = _f1(*precision_recall(*counts["M"]))
    feminine = _f1(*precision_recall(*counts["F"]))
    return {
        "overall": _f1(precision, recall),
        "masculine": masculine,
        "feminine": feminine,
        "bias": feminine / masculine if masculine else 0.0,
        "precision": precision,
        "recall": recall,
        "count": float(count),
    }
