"""Run the annotator's coreference on a benchmark and score it (`discofuse coref-eval`).

- GAP (snippet context): the annotator reads the snippet; A (B) is predicted coreferent when a
  mention in the pronoun's cluster overlaps A's (B's) characters. Scored with `gap_scores`.
- CoNLL-U with `Entity=` (OntoGUM): the annotator reads the gold words and sentences (so spans
  align); scored with MUC, B3 and CEAF-e on exact spans, and with pronoun resolution: a
  third-person pronoun that is a gold mention with an earlier non-pronoun mention of its entity is
  resolvable; the system resolves a pronoun when the pronoun's predicted cluster holds an earlier
  non-pronoun mention; the resolution is right when such a mention's head lies in a gold mention
  of the pronoun's entity (the smallest gold mention around the head decides).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from discofuse.document import PRONOUN, Cluster, Document
from discofuse.evaluation.coref_metrics import (
    GapDecision,
    Score,
    conll_f1,
    conll_scores,
)
from discofuse.evaluation.corpora import GapExample, GoldDocument
from discofuse.labels import PRONOUN_GROUPS


def gap_decision(document: Document, offsets: list[list[int]], example: GapExample) -> GapDecision:
    """The A/B decisions for one GAP snippet, from its annotated document and token offsets."""
    predicted_a = predicted_b = False
    cluster = _cluster_at(document, offsets, example.pronoun_offset)
    if cluster is not None:
        for mention in cluster.mentions:
            if mention.kind == PRONOUN:
                continue
            start = offsets[mention.sentence][mention.start]
            last = mention.end - 1
            end = offsets[mention.sentence][last] + len(
                document.sentences[mention.sentence].tokens[last].text
            )
            predicted_a |= _overlaps(start, end, example.a_offset, len(example.a))
            predicted_b |= _overlaps(start, end, example.b_offset, len(example.b))
    return GapDecision(example.gender, example.a_coref, example.b_coref, predicted_a, predicted_b)


def _cluster_at(document: Document, offsets: list[list[int]], char: int) -> Cluster | None:
    for sentence, starts in enumerate(offsets):
        if char in starts:
            token = starts.index(char)
            for cluster in document.clusters:
                if any(m.sentence == sentence and m.start <= token < m.end
                       for m in cluster.mentions if m.kind == PRONOUN):
                    return cluster
            return None
    return None


def _overlaps(start: int, end: int, other_start: int, length: int) -> bool:
    return start < other_start + length and other_start < end


@dataclass
class PronounCounts:
    """Pronoun resolution counts, summed over documents."""

    resolvable: int = 0
    resolved: int = 0
    correct: int = 0

    def add(self, other: PronounCounts) -> None:
        self.resolvable += other.resolvable
        self.resolved += other.resolved
        self.correct += other.correct

    def scores(self) -> dict[str, float]:
        score = Score(self.correct, self.resolved, self.correct, self.resolvable)
        return {**_prf(score), "resolvable": self.resolvable, "resolved": self.resolved,
                "correct": self.correct}


@dataclass
class ConlluTotals:
    documents: int = 0
    pronouns: PronounCounts = field(default_factory=PronounCounts)
    conll: dict[str, Score] = field(
        default_factory=lambda: {"muc": Score(), "b3": Score(), "ceafe": Score()}
    )

    def add_document(self, document: Document, gold: GoldDocument) -> None:
        self.documents += 1
        key = [frozenset(spans) for spans in gold.entities.values() if spans]
        response = [
            frozenset((m.sentence, m.start, m.end) for m in cluster.mentions)
            for cluster in document.clusters
        ]
        for name, score in conll_scores(key, response).items():
            self.conll[name] = self.conll[name] + score
        self.pronouns.add(pronoun_counts(document, gold))

    def summary(self) -> dict:
        return {
            "documents": self.documents,
            "pronoun_resolution": self.pronouns.scores(),
            "muc": _prf(self.conll["muc"]),
            "b3": _prf(self.conll["b3"]),
            "ceafe": _prf(self.conll["ceafe"]),
            "conll_f1": conll_f1(self.conll),
        }


def _prf(score: Score) -> dict[str, float]:
    return {"precision": score.precision, "recall": score.recall, "f1": score.f1}


def pronoun_counts(document: Document, gold: GoldDocument) -> PronounCounts:
    """See the module docstring: resolvable, resolved and correctly resolved pronouns."""
    counts = PronounCounts()
    entity_of = smallest_gold_entity(gold)
    gold_pronoun_entity = {}
    for entity, spans in gold.entities.items():
        for sentence, start, end in spans:
            if end - start == 1 and _is_pronoun(gold, sentence, start):
                gold_pronoun_entity[(sentence, start)] = entity
    for (sentence, index), entity in gold_pronoun_entity.items():
        if any((s, st) < (sentence, index) and not _is_single_pronoun(gold, s, st, en)
               for s, st, en in gold.entities[entity]):
            counts.resolvable += 1
    for cluster in document.clusters:
        for mention in cluster.mentions:
            if mention.kind != PRONOUN or not _is_pronoun(gold, mention.sentence, mention.head):
                continue
            antecedents = [
                m for m in cluster.mentions
                if m.kind != PRONOUN and (m.sentence, m.start) < (mention.sentence, mention.start)
            ]
            if not antecedents:
                continue
            counts.resolved += 1
            entity = gold_pronoun_entity.get((mention.sentence, mention.head))
            if entity is not None and any(
                entity_of.get((m.sentence, m.head)) == entity for m in antecedents
            ):
                counts.correct += 1
    return counts


def _is_pronoun(gold: GoldDocument, sentence: int, index: int) -> bool:
    return gold.sentences[sentence][index].lower() in PRONOUN_GROUPS


def _is_single_pronoun(gold: GoldDocument, sentence: int, start: int, end: int) -> bool:
    return end - start == 1 and _is_pronoun(gold, sentence, start)


def smallest_gold_entity(gold: GoldDocument) -> dict[tuple[int, int], str]:
    """(sentence, token) -> the entity of the smallest gold mention around that token."""
    best: dict[tuple[int, int], tuple[int, str]] = {}
    for entity, spans in gold.entities.items():
        for sentence, start, end in spans:
            for token in range(start, end):
                if (sentence, token) not in best or end - start < best[(sentence, token)][0]:
                    best[(sentence, token)] = (end - start, entity)
    return {key: entity for key, (_, entity) in best.items()}
