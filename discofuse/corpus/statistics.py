"""A report on a generated dataset: the discourse-type distribution (the paper's Figure 4), the
most common connectives (its Table 16), per output file and per domain, token lengths, how many
examples the rules changed beyond the split, split categories, and the filter and audit counts
from summary.json. Written as stats.json, stats.md and two PNG plots next to the data."""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from discofuse.corpus.exports import CATEGORIES, is_single_sentence_split, split_category
from discofuse.document import ANAPHORA_KINDS

TOP_CONNECTIVES = 20
UNCHANGED_MARKS = frozenset({".", ",", ";", ":", "--"})


def words_changed(row: dict[str, Any]) -> bool:
    """Whether the rules changed words, not just where the text is split: the coherent and
    incoherent texts differ once case and split punctuation are set aside (a connective removed,
    a pronoun replaced, a subject copied)."""

    def words(*texts: str) -> Counter[str]:
        return Counter(
            token.lower()
            for text in texts
            for token in (text or "").split()
            if token not in UNCHANGED_MARKS
        )

    return words(row["coherent_first_sentence"], row["coherent_second_sentence"]) != words(
        row["incoherent_first_sentence"], row["incoherent_second_sentence"]
    )


@dataclass
class GroupStats:
    """Counts for one output file, or one domain."""

    examples: int = 0
    types: Counter[str] = field(default_factory=Counter)
    connectives: Counter[str] = field(default_factory=Counter)
    coherent_tokens: int = 0
    incoherent_tokens: int = 0
    changed: int = 0
    categories: Counter[str] = field(default_factory=Counter)
    anaphora: Counter[str] = field(default_factory=Counter)

    def add(self, row: dict[str, Any]) -> None:
        self.examples += 1
        self.anaphora.update(row.get("anaphora_kinds") or ())
        self.types[row.get("discourse_type") or "(none)"] += 1
        if row.get("connective_string"):
            self.connectives[row["connective_string"]] += 1
        self.coherent_tokens += len(
            f"{row['coherent_first_sentence']} {row['coherent_second_sentence'] or ''}".split()
        )
        self.incoherent_tokens += len(
            f"{row['incoherent_first_sentence']} {row['incoherent_second_sentence']}".split()
        )
        self.changed += words_changed(row)
        if is_single_sentence_split(row):
            self.categories[
                split_category(
                    row["coherent_first_sentence"],
                    row["incoherent_first_sentence"],
                    row["incoherent_second_sentence"],
                )
            ] += 1

    def as_dict(self) -> dict[str, Any]:
        n = max(self.examples, 1)
        return {
            "examples": self.examples,
            "types": dict(self.types.most_common()),
            "type_shares": {k: round(v / n, 4) for k, v in self.types.most_common()},
            "top_connectives": dict(self.connectives.most_common(TOP_CONNECTIVES)),
            "mean_coherent_tokens": round(self.coherent_tokens / n, 2),
            "mean_incoherent_tokens": round(self.incoherent_tokens / n, 2),
            "words_changed": self.changed,
            "words_changed_share": round(self.changed / n, 4),
            "split_categories": {c: self.categories[c] for c in CATEGORIES},
            "anaphora_by_kind": {k: self.anaphora[k] for k in ANAPHORA_KINDS.values()},
        }


def collect(
    files: dict[str, list[Path]], read: Callable[[Path], Iterable[dict[str, Any]]]
) -> dict[str, Any]:
    """Statistics per output file (`train`, ..., `test_balanced`) and per domain (the full
    files only: a balanced row is also a full one), and texts shared across splits, all in one
    streamed pass over the rows (train after dev and test, see `SplitOverlap`)."""
    by_file: dict[str, GroupStats] = {}
    by_domain: dict[str, GroupStats] = {}
    overlap = SplitOverlap()
    for name in _small_splits_first(files):
        group = by_file.setdefault(name, GroupStats())
        for path in files[name]:
            for row in read(path):
                group.add(row)
                overlap.add(name, row)
                if not name.endswith("_balanced"):
                    by_domain.setdefault(row.get("domain") or "(unknown)", GroupStats()).add(row)
    return {
        "by_file": {name: by_file[name].as_dict() for name in files},
        "by_domain": {name: stats.as_dict() for name, stats in sorted(by_domain.items())},
        "shared_across_splits": overlap.as_dict(),
    }


def _small_splits_first(names: Iterable[str]) -> list[str]:
    """Output names with train last: `SplitOverlap` must hold dev and test before train."""
    return sorted(names, key=lambda name: name == "train")


def _text_key(row: dict[str, Any]) -> bytes:
    text = f"{row['coherent_first_sentence']} {row['coherent_second_sentence'] or ''}"
    return hashlib.blake2b(" ".join(text.lower().split()).encode(), digest_size=8).digest()


class SplitOverlap:
    """Examples whose original text stands in two splits ("train&dev": train rows whose text
    is also a dev row's): 0 everywhere when no test example was seen in training. Only the
    small splits' texts are held in memory (8 bytes each), so dev and test rows must be
    added before train's, which are streamed past them."""

    def __init__(self) -> None:
        self.held: dict[str, set[bytes]] = {"dev": set(), "test": set()}
        self.train_in = {"dev": 0, "test": 0}

    def add(self, name: str, row: dict[str, Any]) -> None:
        if name in self.held:
            self.held[name].add(_text_key(row))
        elif name == "train":
            key = _text_key(row)
            for other, texts in self.held.items():
                self.train_in[other] += key in texts

    def as_dict(self) -> dict[str, int]:
        return {
            "train&dev": self.train_in["dev"],
            "train&test": self.train_in["test"],
            "dev&test": len(self.held["dev"] & self.held["test"]),
        }


def shared_across_splits(
    files: dict[str, list[Path]], read: Callable[[Path], Iterable[dict[str, Any]]]
) -> dict[str, int]:
    """`SplitOverlap` of the full output files alone."""
    overlap = SplitOverlap()
    for name in _small_splits_first(files):
        for path in files[name]:
            for row in read(path):
                overlap.add(name, row)
    return overlap.as_dict()


def with_summary(stats: dict[str, Any], summary: dict[str, Any]) -> dict[str, Any]:
    """Add the run's accounting from summary.json: documents, filters and audit drops."""
    reasons = summary.get("filtered_by_reason", {})
    return {
        **stats,
        "documents": summary.get("documents", {}),
        "candidates": summary.get("candidates"),
        "filtered": {k: v for k, v in reasons.items() if not k.startswith("audit_")},
        "audit": {k: v for k, v in reasons.items() if k.startswith("audit_")},
    }


def _table(header: list[str], rows: list[list[Any]]) -> list[str]:
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(str(cell) for cell in row) + " |" for row in rows]
    return lines


def markdown(stats: dict[str, Any]) -> str:
    files, domains = stats["by_file"], stats["by_domain"]
    groups = {**files, **{f"domain: {k}": v for k, v in domains.items()}}
    names = list(groups)
    types = sorted({t for g in groups.values() for t in g["types"]})
    lines = ["# Dataset statistics", "", "## Discourse types (share of examples)", ""]
    lines += _table(
        ["type", *names],
        [[t, *(f"{g['type_shares'].get(t, 0):.1%}" for g in groups.values())] for t in types]
        + [["**examples**", *(g["examples"] for g in groups.values())]],
    )
    lines += ["", "![discourse types](types.png)", "", "## Lengths and changes", ""]
    lines += _table(
        ["", *names],
        [
            ["mean coherent tokens", *(g["mean_coherent_tokens"] for g in groups.values())],
            ["mean incoherent tokens", *(g["mean_incoherent_tokens"] for g in groups.values())],
            ["words changed (beyond the split)",
             *(f"{g['words_changed_share']:.1%}" for g in groups.values())],
            *[[f"split category: {c}", *(g["split_categories"][c] for g in groups.values())]
              for c in CATEGORIES],
            *[[f"anaphora replaced: {k}", *(g["anaphora_by_kind"][k] for g in groups.values())]
              for k in ANAPHORA_KINDS.values()],
        ],
    )
    for title, group in groups.items():
        lines += ["", f"## Most common connectives: {title}", ""]
        lines += _table(["connective", "examples"], [[f"`{c}`", n] for c, n in
                                                     group["top_connectives"].items()])
    lines += ["", "![connectives](connectives.png)", ""]
    shared = stats.get("shared_across_splits", {})
    if shared:
        lines += ["## Examples whose text stands in two splits (0: no leakage)", ""]
        lines += _table(["splits", "examples"], sorted(shared.items()))
        lines += [""]
    if "documents" in stats:
        lines += ["## Run accounting (summary.json)", "", f"Documents: {stats['documents']}", ""]
        lines += _table(["filter", "candidates dropped"], sorted(stats["filtered"].items()))
        lines += [""]
        lines += _table(["audit check", "examples dropped"], sorted(stats["audit"].items()))
    return "\n".join(lines) + "\n"


def plot(stats: dict[str, Any], folder: Path) -> list[Path]:
    """types.png (type shares per output file) and connectives.png (top connectives of the
    full data per file); needs matplotlib (`discofuse[plots]`)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    files = stats["by_file"]
    types = sorted({t for g in files.values() for t in g["types"]})
    figure, axes = plt.subplots(figsize=(10, 0.45 * len(types) + 2))
    height = 0.8 / max(len(files), 1)
    for index, (name, group) in enumerate(files.items()):
        positions = [i + index * height for i in range(len(types))]
        shares = [100 * group["type_shares"].get(t, 0) for t in types]
        axes.barh(positions, shares, height=height, label=f"{name} ({group['examples']:,})")
    axes.set_yticks([i + 0.4 - height / 2 for i in range(len(types))], labels=types)
    axes.invert_yaxis()
    axes.set_xlabel("share of examples (%)")
    axes.set_title("Discourse types per output file")
    axes.legend(fontsize="small")
    figure.tight_layout()
    written = [folder / "types.png", folder / "connectives.png"]
    figure.savefig(written[0], dpi=100)
    plt.close(figure)

    full = {name: g for name, g in files.items() if not name.endswith("_balanced")} or files
    connectives: Counter[str] = Counter()
    for group in full.values():
        connectives.update(group["top_connectives"])
    top = [c for c, _ in connectives.most_common(TOP_CONNECTIVES)]
    figure, axes = plt.subplots(figsize=(10, 0.35 * max(len(top), 1) + 2))
    axes.barh(range(len(top)), [connectives[c] for c in top])
    axes.set_yticks(range(len(top)), labels=top)
    axes.invert_yaxis()
    axes.set_xlabel("examples (full data, all splits)")
    axes.set_title(f"The {len(top)} most common connectives")
    figure.tight_layout()
    figure.savefig(written[1], dpi=100)
    plt.close(figure)
    return written


def write_report(folder: Path, stats: dict[str, Any], plots: bool = True) -> list[Path]:
    """stats.json, stats.md and (with `plots`) the PNGs; returns what it wrote."""
    written = [folder / "stats.json", folder / "stats.md"]
    written[0].write_text(json.dumps(stats, indent=2) + "\n", encoding="utf-8")
    written[1].write_text(markdown(stats), encoding="utf-8")
    if plots:
        written += plot(stats, folder)
    return written
