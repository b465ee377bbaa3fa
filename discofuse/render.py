"""Plain-text views of annotated documents, shared by `annotate` and the rule debugger."""

from __future__ import annotations

import os

from discofuse.document import Document, Mention, Sentence
from discofuse.engine.engine import show_bindings


def sentence_table(sentence: Sentence, title: str = "") -> str:
    """Index, token, tag, pos, label, head (index:word), lemma, entity: one row per token."""
    header = ("i", "token", "tag", "pos", "label", "head", "lemma", "ent")
    rows = [
        (
            str(i),
            token.text,
            token.tag,
            token.pos,
            token.dep,
            f"{token.head}:{sentence.tokens[token.head].text}" if token.head != i else "-",
            token.lemma,
            token.ent_type,
        )
        for i, token in enumerate(sentence.tokens)
    ]
    widths = [max(len(row[c]) for row in [header, *rows]) for c in range(len(header))]
    lines = [title] if title else []
    for row in [header, *rows]:
        lines.append("  ".join(cell.ljust(width) for cell, width in zip(row, widths)).rstrip())
    return "\n".join(lines)


def mention_text(document: Document, mention: Mention) -> str:
    words = document.sentences[mention.sentence].words[mention.start : mention.end]
    return " ".join(words)


def coreference_lines(document: Document) -> list[str]:
    lines = []
    for number, cluster in enumerate(document.clusters):
        mentions = ", ".join(
            f"{mention_text(document, m)!r} (s{m.sentence}:{m.start}-{m.end} {m.kind})"
            for m in cluster.mentions
        )
        lines.append(f"  entity {number}: {mentions}")
    return lines


def parse_table(document: Document) -> str:
    parts = [
        sentence_table(sentence, f"sentence {index}: {sentence.text}")
        for index, sentence in enumerate(document.sentences)
    ]
    coreference = coreference_lines(document)
    parts.append("coreference:\n" + "\n".join(coreference) if coreference else "coreference: none")
    return "\n\n".join(parts)


def _list_lines(lists: dict[str, list[str]], indent: str) -> list[str]:
    return [f"{indent}{name}: {' '.join(words)}" for name, words in lists.items()]


def trace_text(trace, rules, verbose: bool = True) -> str:
    """The debugger's view of one engine run: every rule tried, why it failed or how it ran."""
    lines = []
    tried = {record.rule for record in trace.rules}
    for record in trace.rules:
        rule = next((r for r in rules.rules if r.name == record.rule), None)
        where = f", {_relative(rule.where)}" if rule else ""
        mark = "MATCH" if record.matched else "no"
        lines.append(f"[{mark:>5}] {record.rule} ({record.type}{where}): {record.outcome}")
        for decline in dict.fromkeys(record.anaphora_declines):
            lines.append(f"          anaphora: {decline}")
        if not verbose and not record.matched:
            continue
        for number, (source, stats) in enumerate(record.conditions, start=1):
            status = "pass" if stats.passed else ("FAIL" if stats.tried else "not reached")
            detail = f"tried {stats.tried}x, held {stats.passed}x" if stats.tried else ""
            lines.append(f"          {number}. {status:<11} {source}  {detail}".rstrip())
            if stats.tried and not stats.passed and stats.failed_with:
                bound = ", ".join(f"{k}={v}" for k, v in show_bindings(stats.failed_with).items())
                lines.append(f"             first failure with {bound}")
        if record.bindings:
            bound = ", ".join(f"{k}={v}" for k, v in record.bindings.items())
            lines.append(f"          bindings: {bound}")
        for number, (source, lists) in enumerate(record.steps, start=1):
            lines.append(f"          step {number}: {source}")
            lines.extend(_list_lines(lists, "             "))
    kind = "single" if len(trace.candidate) == 1 else "pair"
    untried = [rule.name for rule in rules.for_input(kind) if rule.name not in tried]
    if untried and trace.example is not None:
        lines.append(f"not tried (an earlier rule produced the example): {', '.join(untried)}")
    return "\n".join(lines)


def _relative(path: str) -> str:
    try:
        return os.path.relpath(path)
    except ValueError:
        return path


def example_text(example) -> str:
    if example is None:
        return "example: none (no rule produced an example for this sentence)"
    flags = f"pronoun={example.has_coref_type_pronoun} nominal={example.has_coref_type_nominal}"
    return "\n".join(
        [
            f"example: {example.discourse_type}  connective={example.connective_string!r}  "
            f"coref {flags}  rules={','.join(example.rules) or '-'}",
            f"  1: {example.incoherent_first_sentence}",
            f"  2: {example.incoherent_second_sentence}",
        ]
    )
