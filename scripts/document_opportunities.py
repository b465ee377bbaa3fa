"""Opportunity sets from real documents: candidates for raters, and our recall on them.

Two kinds of candidate, both from BBC Sport articles and Wikipedia pages:
- `anaphora` (document level): the dev file's rows are pairs cut out of their documents, so
  an entity named three sentences earlier is out of reach there. Each candidate is a pair of
  consecutive sentences whose second sentence has a third-person pronoun or a definite noun
  phrase that may refer back, with the sentences before it as context.
- `phenomena`: a sentence or pair showing a surface cue of one of the 13 discourse types (a
  comma before "which"/"who", a fronted -ing word, a connective, a coordinated clause or verb,
  an appositive, a pronoun), the cue's type as `target_type`, and no context: the dev file's
  kind of row, drawn from text the rules were never tuned on. The cues are deliberately looser
  than the rules, so that raters, not the rules, decide what is possible.
Raters write the correct example following `../shared/rating/OPPORTUNITY.md` (context counts as
given text), blind to our output; `score` then compares what `discofuse generate` wrote for
the same sentences.

Usage:
  python scripts/document_opportunities.py candidates --kind anaphora|phenomena --output C.jsonl
  python scripts/document_opportunities.py score CANDIDATES.jsonl RATED.jsonl GENERATED_DIR...

Sentence indices are those of `discofuse generate` (same readers, same annotator), so a
candidate is found in any generate output over the same files by document id and index.
"""

from __future__ import annotations

import argparse
import json
import random
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pyarrow.parquet as pq

from discofuse.annotate.spacy_backend import SpacyAnnotator
from discofuse.beam_pipeline import plan_shards, read_shard
from discofuse.corpus.documents import RawDocument
from discofuse.document import Document, Sentence
from discofuse.fidelity import CLOSE_ENOUGH, similarity
from discofuse.labels import DEFINITE_DETERMINERS, PRONOUN_GROUPS, SUBJECT_DEPS
from discofuse.tsv import released_text

REPO = Path(__file__).resolve().parent.parent
SHARED = REPO.parent / "shared" / "data"
SOURCES = {
    "sports": ("text", SHARED / "sports" / "bbc_sport"),
    "wikipedia": (
        "wikipedia-xml",
        SHARED / "wikipedia" / "enwiki-latest-pages-articles1.xml-p000000010p000030302-shortened.bz2",
    ),
}
CONTEXT_SENTENCES = 4
MIN_TOKENS = 7
MAX_TOKENS = 60


def documents(domain: str) -> Iterator[RawDocument]:
    input_format, path = SOURCES[domain]
    for shard in plan_shards([str(path)], input_format, domain).shards:
        for item in read_shard(shard):
            if isinstance(item, RawDocument):
                yield item


def referring_words(sentence: Sentence) -> list[str]:
    """Third-person pronouns and subject definite descriptions ("the club") of a sentence."""
    found = []
    for token in sentence.tokens:
        if token.tag in ("PRP", "PRP$") and token.text.lower() in PRONOUN_GROUPS:
            found.append(token.text)
        elif (
            token.tag in ("NN", "NNS")
            and token.dep in SUBJECT_DEPS
            and any(
                t.head == sentence.tokens.index(token)
                and t.dep == "det"
                and t.text.lower() in DEFINITE_DETERMINERS
                for t in sentence.tokens
            )
        ):
            found.append(token.text)
    return found


def pair_candidates(document: Document) -> Iterator[dict]:
    sentences = document.sentences
    for i in range(len(sentences) - 1):
        first, second = sentences[i], sentences[i + 1]
        if not all(MIN_TOKENS <= len(s.tokens) <= MAX_TOKENS for s in (first, second)):
            continue
        words = referring_words(second)
        if not words:
            continue
        context = sentences[max(0, i - CONTEXT_SENTENCES) : i]
        yield {
            "document_id": document.id,
            "first_sentence_index": i,
            "context": " ".join(released_text(s.tokenized) for s in context),
            "original_1": released_text(first.tokenized),
            "original_2": released_text(second.tokenized),
            "target_type": (
                "PAIR_CONN_ANAPHORA" if _opening_connective(second.words) else "PAIR_ANAPHORA"
            ),
            "referring_words": words,
        }


CUE_TYPES = (
    "PAIR_ANAPHORA", "PAIR_CONN", "PAIR_CONN_ANAPHORA", "SINGLE_APPOSITION", "SINGLE_CATAPHORA",
    "SINGLE_CONN_INNER", "SINGLE_CONN_INNER_ANAPHORA", "SINGLE_CONN_START", "SINGLE_RELATIVE",
    "SINGLE_S_COORD", "SINGLE_S_COORD_ANAPHORA", "SINGLE_VP_COORD",
)
"""The 12 types a cue can point to (PAIR_NONE has none)."""

FORWARD_OPENERS = frozenset({"although", "though", "since", "because", "while", "whereas"})
INNER_CONNECTIVES = frozenset({"because", "although", "though", "while", "whereas", "hence",
                               "so that", "now that", "meaning", "unless"})
BACKWARD_OPENERS = frozenset({"however", "but", "and", "also", "therefore", "thus", "instead",
                              "meanwhile", "moreover", "furthermore", "nevertheless", "yet",
                              "still", "then", "consequently", "indeed", "finally", "in fact",
                              "as a result", "for example", "in addition", "similarly",
                              "eventually", "later", "otherwise", "besides", "overall"})
VERB_TAGS = frozenset({"VB", "VBD", "VBG", "VBN", "VBP", "VBZ", "MD"})


def _text(tokens, start: int, count: int) -> str:
    return " ".join(t.text.lower() for t in tokens[start : start + count])


def _has_pronoun(tokens, start: int = 0) -> bool:
    return any(t.tag in ("PRP", "PRP$") and t.text.lower() in PRONOUN_GROUPS
               for t in tokens[start:])


def single_cues(sentence: Sentence) -> set[str]:
    """The types whose surface cue one sentence shows (loose: raters decide)."""
    tokens = sentence.tokens
    cues = set()
    for i, token in enumerate(tokens[1:-1], 1):
        if token.text == "," and tokens[i + 1].text.lower() in ("which", "who", "whose"):
            cues.add("SINGLE_RELATIVE")
        if token.dep == "appos" and any(t.text == "," for t in tokens[max(0, i - 4) : i]):
            cues.add("SINGLE_APPOSITION")
        if i >= 3 and any(_text(tokens, i, n) in INNER_CONNECTIVES for n in (1, 2)):
            cues.add("SINGLE_CONN_INNER_ANAPHORA" if _has_pronoun(tokens, i) else
                     "SINGLE_CONN_INNER")
        if token.dep == "cc" and token.text.lower() in ("and", "but", "or", "yet", "so"):
            conjuncts = [j for j, t in enumerate(tokens) if j > i and t.dep == "conj"
                         and t.head == token.head and t.tag in VERB_TAGS]
            if conjuncts and tokens[token.head].tag in VERB_TAGS:
                own_subject = any(t.head == conjuncts[0] and t.dep in SUBJECT_DEPS
                                  for t in tokens)
                if not own_subject:
                    cues.add("SINGLE_VP_COORD")
                elif _has_pronoun(tokens, i + 1):
                    cues.add("SINGLE_S_COORD_ANAPHORA")
                else:
                    cues.add("SINGLE_S_COORD")
    if tokens[0].tag == "VBG" and any(t.text == "," for t in tokens):
        cues.add("SINGLE_CATAPHORA")
    if tokens[0].text.lower() in FORWARD_OPENERS and any(t.text == "," for t in tokens):
        cues.add("SINGLE_CONN_START")
    return cues


def _opening_connective(words: list[str]) -> int:
    """How many words (its comma included) a backward connective opens the sentence with."""
    lowered = [w.lower() for w in words]
    count = next((n for n in (3, 2, 1) if " ".join(lowered[:n]) in BACKWARD_OPENERS), 0)
    return count + 1 if count and count < len(lowered) and lowered[count] == "," else count


def _without_opening_connective(text: str) -> str:
    """The sentence without the backward connective it opens with, its first word capitalized
    (what PAIR_CONN_ANAPHORA writes: "And she was ..." -> "She was ...")."""
    words = text.split()
    rest = words[_opening_connective(words):]
    return " ".join([rest[0][:1].upper() + rest[0][1:], *rest[1:]]) if rest else text


def pair_cues(second: Sentence) -> set[str]:
    tokens = second.tokens
    opens = _opening_connective([t.text for t in tokens]) > 0
    if opens:
        return {"PAIR_CONN_ANAPHORA" if _has_pronoun(tokens) else "PAIR_CONN"}
    return {"PAIR_ANAPHORA"} if _has_pronoun(tokens) else set()


def phenomenon_candidates(document: Document) -> Iterator[dict]:
    """Every (sentence or pair, cued type) of a document, without context."""
    sentences = document.sentences
    for i, sentence in enumerate(sentences):
        if not MIN_TOKENS <= len(sentence.tokens) <= MAX_TOKENS:
            continue
        for cue in sorted(single_cues(sentence)):
            yield {"document_id": document.id, "first_sentence_index": i,
                   "second_sentence_index": -1, "original_1": released_text(sentence.tokenized),
                   "original_2": "", "target_type": cue}
        if i + 1 < len(sentences) and MIN_TOKENS <= len(sentences[i + 1].tokens) <= MAX_TOKENS:
            for cue in sorted(pair_cues(sentences[i + 1])):
                yield {"document_id": document.id, "first_sentence_index": i,
                       "second_sentence_index": i + 1,
                       "original_1": released_text(sentence.tokenized),
                       "original_2": released_text(sentences[i + 1].tokenized),
                       "target_type": cue}


def _sample(rng: random.Random, found: list[dict], count: int) -> list[dict]:
    return rng.sample(found, min(len(found), count))


def make_candidates(args: argparse.Namespace) -> None:
    rng = random.Random(args.seed)
    annotator = SpacyAnnotator()
    chosen: list[dict] = []
    for domain, wanted in (("sports", args.sports), ("wikipedia", args.wikipedia)):
        raws = list(documents(domain))
        rng.shuffle(raws)
        pool = []
        for raw in raws[: args.documents]:
            document = annotator.annotate(raw.text, raw.id)
            if args.kind == "anaphora":
                pool.extend(_sample(rng, list(pair_candidates(document)), args.per_document))
            else:
                pool.extend(phenomenon_candidates(document))
        if args.kind == "anaphora":
            chosen.extend(_sample(rng, pool, wanted))
            continue
        used: set[tuple[str, int]] = set()  # one candidate per sentence, so raters see each once
        for cue in CUE_TYPES:
            found = [c for c in pool if c["target_type"] == cue
                     and (c["document_id"], c["first_sentence_index"]) not in used]
            for candidate in _sample(rng, found, wanted // len(CUE_TYPES)):
                used.add((candidate["document_id"], candidate["first_sentence_index"]))
                chosen.append(candidate)
    rng.shuffle(chosen)
    with args.output.open("w", encoding="utf-8") as out:
        for n, candidate in enumerate(chosen):
            out.write(json.dumps({"n": n, **candidate}) + "\n")
    print(f"wrote {len(chosen)} candidates to {args.output}")


def generated_rows(folders: list[Path]) -> dict[tuple[str, ...], dict]:
    """Generated rows by (document id, first and second sentence index), and by their
    original text: a candidate drawn from a document `generate` set aside as a copy of
    another has its example under the kept copy's id."""
    rows = {}
    for folder in folders:
        for split in ("train", "dev", "test"):
            path = folder / f"{split}.parquet"
            if path.exists():
                for row in pq.read_table(path).to_pylist():
                    key = (row["document_id"], row["first_sentence_index"],
                           row["second_sentence_index"])
                    rows[key] = row
                    rows.setdefault(
                        (row["coherent_first_sentence"], row["coherent_second_sentence"]), row
                    )
    return rows


def score(args: argparse.Namespace) -> None:
    candidates = {c["n"]: c for c in map(json.loads, args.candidates.open(encoding="utf-8"))}
    rated = [json.loads(line) for line in args.rated.open(encoding="utf-8") if line.strip()]
    rows = generated_rows(args.generated)
    totals: Counter[str] = Counter()
    targets: set[str] = set()
    misses = []
    for record in rated:
        candidate = candidates[record["n"]]
        domain = "sports" if candidate["document_id"].startswith("sports") else "wikipedia"
        totals[f"{domain}:candidates"] += 1
        if not record.get("possible"):
            continue
        totals[f"{domain}:possible"] += 1
        index = candidate["first_sentence_index"]
        second = candidate.get("second_sentence_index", index + 1)
        row = rows.get((candidate["document_id"], index, second)) or rows.get(
            (candidate["original_1"], candidate["original_2"] if second >= 0 else ""), {}
        )
        expected = [record["example_1"], record.get("example_2") or ""]
        target = record.get("target_type") or candidate["target_type"]
        if target == "PAIR_ANAPHORA" and _opening_connective(candidate["original_2"].split()):
            # (sets drawn before the draw typed such pairs: a second sentence that opens with
            # "And"/"But" is PAIR_CONN_ANAPHORA by the paper's definitions, its connective gone)
            target = "PAIR_CONN_ANAPHORA"
            expected[1] = _without_opening_connective(expected[1])
        got = [row.get("incoherent_first_sentence", ""), row.get("incoherent_second_sentence", "")]
        same_type = row.get("discourse_type") == target
        close = same_type and similarity(got, expected) >= CLOSE_ENOUGH
        totals[f"{target}:possible"] += 1
        targets.add(target)
        groups = [domain, target]
        if record.get("antecedent_in_pair") is not None:  # raters said where the name stands
            groups.append(f"antecedent_in_pair={record['antecedent_in_pair']}")
            totals[f"{groups[-1]}:possible"] += 1
            targets.add(groups[-1])
        for group in groups:
            totals[f"{group}:same_type"] += same_type
            totals[f"{group}:reproduced"] += close
        if not close:
            misses.append((record["n"], target, row.get("discourse_type", "(none)"), expected, got))
    for target in sorted(targets):
        print(f"{target:<28} possible {totals[f'{target}:possible']:>3}  "
              f"typed the same {totals[f'{target}:same_type']:>3}  "
              f"reproduced {totals[f'{target}:reproduced']:>3}")
    for domain in ("sports", "wikipedia"):
        possible = totals[f"{domain}:possible"]
        print(
            f"{domain:<10} candidates {totals[f'{domain}:candidates']:>3}  possible {possible:>3}  "
            f"typed the same {totals[f'{domain}:same_type']:>3}  "
            f"reproduced {totals[f'{domain}:reproduced']:>3} "
            f"({totals[f'{domain}:reproduced'] / max(possible, 1):.0%})"
        )
    possible = totals["sports:possible"] + totals["wikipedia:possible"]
    reproduced = totals["sports:reproduced"] + totals["wikipedia:reproduced"]
    print(f"all        possible {possible}  reproduced {reproduced} ({reproduced / max(possible, 1):.0%})")
    if args.show_misses:
        for n, target, got_type, expected, got in misses:
            print(f"\nn={n} {target} -> {got_type}\n  rater: {' || '.join(expected)}"
                  f"\n  ours:  {' || '.join(got)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    make = commands.add_parser("candidates", help="sample candidate pairs for raters")
    make.add_argument("--output", type=Path, required=True)
    make.add_argument("--kind", choices=("anaphora", "phenomena"), default="anaphora")
    make.add_argument("--sports", type=int, default=110, help="candidates from BBC Sport")
    make.add_argument("--wikipedia", type=int, default=90, help="candidates from the dump")
    make.add_argument("--documents", type=int, default=80, help="documents read per source")
    make.add_argument("--per-document", type=int, default=3)
    make.add_argument("--seed", type=int, default=20)
    make.set_defaults(run=make_candidates)
    check = commands.add_parser("score", help="our recall on a rated candidate file")
    check.add_argument("candidates", type=Path)
    check.add_argument("rated", type=Path)
    check.add_argument("generated", type=Path, nargs="+", help="discofuse generate outputs")
    check.add_argument("--show-misses", action="store_true")
    check.set_defaults(run=score)
    args = parser.parse_args()
    args.run(args)


if __name__ == "__main__":
    main()
