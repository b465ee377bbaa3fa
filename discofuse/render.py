"""Plain-text views of annotated documents, shared by `annotate` and the rule debugger."""

from __future__ import annotations

from discofuse.document import Document, Mention, Sentence


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
