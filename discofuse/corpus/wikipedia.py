"""Wikipedia pages-articles dumps: stream pages, keep articles, turn wikitext into plain text.

Pages are read with `iterparse` and cleared as soon as they are used, so memory stays bounded by
one page whatever the dump size. A multistream dump (`...-multistream.xml.bz2` with its
`...-multistream-index.txt.bz2`) is a concatenation of independent bz2 streams of about 100
pages; `multistream_ranges` turns the index into byte ranges so workers can read one each.
"""

from __future__ import annotations

import bz2
import io
import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import IO

import mwparserfromhell
from mwparserfromhell.nodes import Comment, Heading, Template

from discofuse.corpus.documents import RawDocument, Skipped

WIKIPEDIA = "wikipedia"
DISAMBIGUATION_TEMPLATES = re.compile(
    r"^(disambiguation|disambig|dab|dis|hndis|geodis|surname|given name|set index article)\b",
    re.IGNORECASE,
)
DROPPED_LINK_PREFIXES = ("file:", "image:", "category:", "media:")
DROPPED_TAGS = frozenset(
    {
        "ref",
        "references",
        "table",
        "gallery",
        "math",
        "code",
        "pre",
        "score",
        "timeline",
        "imagemap",
        "syntaxhighlight",
        "li",
        "dt",
        "dd",
        "ul",
        "ol",
        "div",
        "blockquote",
        "sup",
    }
)
LIST_OR_MARKUP_LINE = re.compile(r"^\s*([*#:;|!{}]|\[\[)")
COMMENTS = re.compile(r"<!--.*?-->", re.DOTALL)
REFERENCES = re.compile(r"<ref[^>/]*/>|<ref[^>]*>.*?</ref\s*>", re.DOTALL | re.IGNORECASE)
LEFTOVER_MARKUP = re.compile(r"\{\{[^{}]*\}\}|\[\[|\]\]|\{\{|\}\}")


@dataclass
class Page:
    id: str
    title: str
    namespace: int
    redirect: bool
    text: str


def _local(tag: str) -> str:
    return tag.rsplit("}", 1)[-1]


def iter_pages(stream: IO[bytes]) -> Iterator[Page]:
    """Pages of a MediaWiki XML export (any export version), streamed."""
    from xml.etree.ElementTree import iterparse

    for _, element in iterparse(stream, events=("end",)):
        if _local(element.tag) != "page":
            continue
        fields = {_local(child.tag): child for child in element}
        text_element = None
        revision = fields.get("revision")
        if revision is not None:
            for child in revision:
                if _local(child.tag) == "text":
                    text_element = child
        yield Page(
            id=(fields["id"].text or "").strip() if "id" in fields else "",
            title=(fields["title"].text or "") if "title" in fields else "",
            namespace=int((fields["ns"].text or "0").strip()) if "ns" in fields else 0,
            redirect="redirect" in fields,
            text=(text_element.text or "") if text_element is not None else "",
        )
        element.clear()


def open_dump(path: str) -> IO[bytes]:
    """A dump file as a byte stream, decompressing .bz2 on the fly (local or any Beam filesystem)."""
    from apache_beam.io.filesystems import CompressionTypes, FileSystems

    compression = CompressionTypes.BZIP2 if path.endswith(".bz2") else CompressionTypes.UNCOMPRESSED
    return FileSystems.open(path, compression_type=compression)


def iter_dump(path: str) -> Iterator[Page]:
    with open_dump(path) as stream:
        yield from iter_pages(stream)


def multistream_ranges(index_path: str, dump_size: int) -> list[tuple[int, int]]:
    """Byte ranges [start, end) of the bz2 streams of a multistream dump, from its index file
    (lines `offset:page_id:title`)."""
    offsets: set[int] = set()
    with open_dump(index_path) as index:
        for line in iter(index.readline, b""):
            offset = line.split(b":", 1)[0]
            if offset.isdigit():
                offsets.add(int(offset))
    starts = sorted(offsets)
    return list(zip(starts, [*starts[1:], dump_size]))


def iter_multistream_range(path: str, start: int, end: int) -> Iterator[Page]:
    """Pages of one bz2 stream of a multistream dump (a run of <page> elements, no root)."""
    from apache_beam.io.filesystems import CompressionTypes, FileSystems

    with FileSystems.open(path, compression_type=CompressionTypes.UNCOMPRESSED) as raw:
        raw.seek(start)
        data = bz2.decompress(raw.read(end - start))
    if not data.lstrip().startswith(b"<page"):
        return  # the first stream holds only <mediawiki><siteinfo>
    wrapped = io.BytesIO(b"<pages>" + data.replace(b"</mediawiki>", b"") + b"</pages>")
    yield from iter_pages(wrapped)


def skip_reason(page: Page) -> str:
    """Why a page is not an article we use ('' if it is one)."""
    if page.namespace != 0:
        return "non_article_namespace"
    if page.redirect or page.text.lstrip().lower().startswith("#redirect"):
        return "redirect"
    if "(disambiguation)" in page.title.lower() or _has_disambiguation_template(page.text):
        return "disambiguation"
    if not page.text.strip():
        return "empty"
    return ""


def _has_disambiguation_template(wikitext: str) -> bool:
    for match in re.finditer(r"\{\{\s*([^|}]+)", wikitext):
        if DISAMBIGUATION_TEMPLATES.match(match.group(1).strip()):
            return True
    return False


def wikitext_to_text(wikitext: str) -> str:
    """Article prose as plain text: paragraphs separated by blank lines, without templates,
    tables, references, lists, headings, files and categories."""
    wikitext = REFERENCES.sub(" ", COMMENTS.sub("", wikitext))  # also where markup is unbalanced
    code = mwparserfromhell.parse(wikitext)
    for node in code.filter(recursive=False, forcetype=(Template, Heading, Comment)):
        _remove(code, node)
    for node in code.filter_tags(recursive=False):
        if str(node.tag).lower() in DROPPED_TAGS:
            _remove(code, node)
    for link in code.filter_wikilinks(recursive=False):
        if str(link.title).strip().lower().startswith(DROPPED_LINK_PREFIXES):
            _remove(code, link)
    text = LEFTOVER_MARKUP.sub(" ", code.strip_code(normalize=True, collapse=True))
    paragraphs = []
    for block in re.split(r"\n\s*\n", text):
        lines = [line.strip() for line in block.splitlines()]
        lines = [line for line in lines if line and not LIST_OR_MARKUP_LINE.match(line)]
        if lines:
            paragraphs.append(" ".join(lines))
    return "\n\n".join(paragraphs)


def _remove(code, node) -> None:
    try:
        code.remove(node)
    except ValueError:
        pass  # already gone with an enclosing node


def page_to_document(page: Page, source: str) -> RawDocument | Skipped:
    """An article as a document to annotate, or why it is skipped."""
    doc_id = f"{WIKIPEDIA}:{page.id or page.title}"
    reason = skip_reason(page)
    if reason:
        return Skipped(doc_id, WIKIPEDIA, reason)
    text = wikitext_to_text(page.text)
    if not text.strip():
        return Skipped(doc_id, WIKIPEDIA, "no_prose")
    return RawDocument(id=doc_id, domain=WIKIPEDIA, text=text, source=source)
