"""The dataset card written next to generated data: a README.md whose YAML `configs:` tells
`datasets.load_dataset(OUTPUT_DIR, "full" | "balanced")` which files make which split, so full
and balanced rows never mix in one split and an empty split is left out rather than refused."""

from __future__ import annotations

from typing import Any

import yaml

SPLIT_NAMES = {"train": "train", "dev": "validation", "test": "test"}
"""Our file names -> the split names `datasets` and TFDS use."""


def file_pattern(name: str, num_shards: int) -> str:
    """The Parquet file(s) of one output (`train`, `dev_balanced`, ...)."""
    return f"{name}.parquet" if num_shards == 1 else f"{name}-*.parquet"


LICENSES = {"wikipedia": "cc-by-sa-4.0"}
"""The license of generated text by its source domain: Wikipedia's text is CC BY-SA; text of any
other domain keeps its owner's license, which the card cannot know ("unknown": state it before
publishing)."""

FEATURES = [
    *({"name": name, "dtype": "string"} for name in (
        "coherent_first_sentence", "coherent_second_sentence", "incoherent_first_sentence",
        "incoherent_second_sentence", "discourse_type", "connective_string")),
    {"name": "has_coref_type_pronoun", "dtype": "float32"},
    {"name": "has_coref_type_nominal", "dtype": "float32"},
    {"name": "domain", "dtype": "string"},
    {"name": "document_id", "dtype": "string"},
    {"name": "first_sentence_index", "dtype": "int32"},
    {"name": "second_sentence_index", "dtype": "int32"},
    {"name": "rules", "sequence": "string"},
    {"name": "anaphora_kinds", "sequence": "string"},
    {"name": "split", "dtype": "string"},
    {"name": "balanced", "dtype": "bool"},
]
"""The Parquet schema (`corpus.steps.ROW_SCHEMA`) as the Hub's `dataset_info.features`."""

CITATION = """```bibtex
@inproceedings{geva-etal-2019-discofuse,
  title = {{DiscoFuse}: A Large-Scale Dataset for Discourse-Based Sentence Fusion},
  author = {Geva, Mor and Malmi, Eric and Szpektor, Idan and Berant, Jonathan},
  booktitle = {Proceedings of NAACL-HLT 2019},
  year = {2019},
  pages = {3443--3455}
}
```
Generated with discofuse, an open rule-based generator of DiscoFuse-style data."""


def size_category(rows: int) -> str:
    """The Hub's size bucket for a number of rows."""
    for limit, name in ((1_000, "n<1K"), (10_000, "1K<n<10K"), (100_000, "10K<n<100K"),
                        (1_000_000, "100K<n<1M"), (10_000_000, "1M<n<10M")):
        if rows < limit:
            return name
    return "10M<n<100M"


def _without_paths(value: Any) -> str:
    """A provenance value without local paths (only each path's last part): a card is
    published, the folders of the machine that made it are nobody's business."""
    words = value if isinstance(value, list) else [value]
    return " ".join(
        str(word).rstrip("/").rsplit("/", 1)[-1] if "/" in str(word) else str(word)
        for word in words
    )


def dataset_card(summary: dict[str, Any], num_shards: int = 1) -> str:
    """README.md text: Hub metadata (license, language, task, size, features) and configs
    (non-empty splits only), then counts, documents, provenance and citation."""
    rows = summary.get("rows_by_file", {})
    configs = []
    for config, suffix in (("full", ""), ("balanced", "_balanced")):
        files = [
            {"split": split, "path": file_pattern(name + suffix, num_shards)}
            for name, split in SPLIT_NAMES.items()
            if rows.get(name + suffix, 0) > 0
        ]
        if files:
            configs.append({"config_name": config, "data_files": files,
                            **({"default": True} if config == "full" else {})})
    domains = summary.get("domains") or ["wikipedia"]
    stated = summary.get("config", {}).get("source_license") or "unknown"
    licenses = sorted({LICENSES.get(domain, stated) for domain in domains})
    total = sum(rows.get(name, 0) for name in SPLIT_NAMES)
    metadata = {
        "pretty_name": "DiscoFuse-style sentence fusion",
        "language": ["en"],
        "license": licenses[0] if len(licenses) == 1 else "other",
        "task_categories": ["text2text-generation"],
        "size_categories": [size_category(total)],
        "tags": ["sentence-fusion", "discourse", "discofuse"],
        "dataset_info": {"features": FEATURES},
        "configs": configs,
    }
    header = yaml.safe_dump(metadata, sort_keys=False)
    provenance = summary.get("provenance", {})
    by_type = summary.get("rows_by_file_and_type", {})
    names = [n + s for s in ("", "_balanced") for n in SPLIT_NAMES if rows.get(n + s, 0)]
    types = sorted({key.split(":", 1)[1] for key in by_type})
    table = ["| type | " + " | ".join(names) + " |", "|---|" + "---|" * len(names)]
    for discourse_type in types:
        cells = [str(by_type.get(f"{name}:{discourse_type}", 0)) for name in names]
        table.append(f"| {discourse_type} | " + " | ".join(cells) + " |")
    table.append("| **all** | " + " | ".join(str(rows[name]) for name in names) + " |")
    lines = [
        "---",
        header.rstrip(),
        "---",
        "",
        "# DiscoFuse-style sentence-fusion data",
        "",
        f"Generated by discofuse {provenance.get('discofuse', '')} with the "
        f"`{_without_paths(provenance.get('rules', 'paper'))}` rules (sha256 "
        f"`{provenance.get('rules_sha256', '')}`).",
        "Columns: the eight of the released DiscoFuse data, plus domain, document_id, sentence "
        "indices, rules, split and balanced. Load with "
        '`datasets.load_dataset("<this folder>", "full")` or `"balanced"`; `dev` is the '
        "validation split. Splits with no rows are left out of the configs.",
        "",
        "## Rows per split and type",
        "",
        *table,
        "",
        "## Documents",
        "",
        *_documents_table(summary.get("documents", {})),
        "",
        "## License",
        "",
        f"Source domains: {', '.join(domains)}. "
        + (
            "Wikipedia text is licensed CC BY-SA; these rows, derived from it, are too."
            if licenses == ["cc-by-sa-4.0"]
            else f"The rows keep the license of the text they were made from: {stated}, as "
            "the user of this run stated it (`discofuse generate --license`)."
            if stated != "unknown" and len(licenses) == 1
            else "The rows keep the license of the text they were made from, which only its "
            "owner can state: set `license` above before publishing (or run `discofuse "
            "generate --license`)."
        ),
        "",
        "## Provenance",
        "",
        *(
            f"- {key}: `{_without_paths(value)}`"
            for key, value in provenance.items()
        ),
        "",
        "## Citation",
        "",
        CITATION,
        "",
    ]
    return "\n".join(lines)


def _documents_table(documents: dict[str, Any]) -> list[str]:
    lines = ["| documents | count |", "|---|---|"]
    for key in ("read", "annotated", "skipped", "failed"):
        if key in documents:
            lines.append(f"| {key} | {documents[key]:,} |")
    for reason, count in sorted((documents.get("skipped_by_reason") or {}).items()):
        lines.append(f"| skipped: {reason} | {count:,} |")
    return lines
