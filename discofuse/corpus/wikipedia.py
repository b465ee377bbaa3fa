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
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from typing import IO

import mwparserfromhell
from mwparserfromhell.nodes import Comment, Heading, Tag, Template, Wikilink
from mwparserfromhell.wikicode import Wikicode

from discofuse.annotate.text_input import MAX_CHARS
from discofuse.corpus.documents import RawDocument, Skipped

WIKIPEDIA = "wikipedia"
BAD_NAMESPACE = -99
MAX_WIKITEXT_CHARS = 4 * MAX_CHARS
"""Pages longer than this are skipped (`too_long`) before any cleaning: the prose of a page is
a fraction of its wikitext, and the cleaned text has its own limit (MAX_CHARS)."""
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
LEFTOVER_MARKUP = re.compile(
    r"\{\{[^{}]*\}\}|\[\[|\]\]|\{\{|\}\}|__[A-Z]+__|</?[A-Za-z][A-Za-z0-9]*\b[^<>]{0,200}>"
)
"""Markup left in the plain text: brackets, magic words ("__NOTOC__") and tags, also those
written escaped in the source ("&lt;div&gt;")."""
QUOTE_RUN = re.compile(r"'{2,}")
"""Bold/italic quotes the parser left unpaired; an odd run holds an apostrophe (the
Iliad'''s plot, after an unpaired italic)."""
PAIRED_MARKUP = re.compile(
    r"^[ \t]*(\{\||\|\})|\{\{|\}\}|\[\[|\]\]|<(/?)([A-Za-z][A-Za-z0-9]*)\b[^<>]*?(/?)>",
    re.MULTILINE,
)
"""What `remove_unpaired_markup` pairs: a table's "{|" and "|}" (at the start of a line only:
"{{Latin alphabet|A|}}" ends a template), templates, links and tags."""
CLOSING_OF = {"}}": "{{", "]]": "[[", "|}": "{|"}


@dataclass
class Page:
    id: str
    title: str
    namespace: int
    redirect: bool
    text: str


def _local(tag: str) -> str:
    return tag.rsplit("}", 1)[-1]


MAX_PAGE_BYTES = 4 * MAX_WIKITEXT_CHARS
"""The most XML one page may take (4 bytes per character at worst): a page compressed from
1.9 KB to 1.5 GB is refused while it is read, not after it is in memory."""


class PageTooLarge(ValueError):
    """A page's XML ran past MAX_PAGE_BYTES; the pages before it are kept."""


class _PageBudget(io.RawIOBase):
    """A byte stream that raises PageTooLarge once more than `limit` bytes have been read
    since the last `page_done`."""

    def __init__(self, stream: IO[bytes], limit: int):
        self.stream, self.limit = stream, limit
        self.read_bytes = self.mark = 0

    def readable(self) -> bool:
        return True

    def readinto(self, buffer) -> int:
        data = self.stream.read(min(len(buffer), 1 << 16))
        self.read_bytes += len(data)
        if self.read_bytes - self.mark > self.limit:
            raise PageTooLarge(f"a page runs past {self.limit:,} bytes of XML")
        buffer[: len(data)] = data
        return len(data)

    def page_done(self) -> None:
        self.mark = self.read_bytes


def iter_pages(stream: IO[bytes], max_page_bytes: int = MAX_PAGE_BYTES) -> Iterator[Page]:
    """Pages of a MediaWiki XML export (any export version), streamed. Parsed safely by design
    (defusedxml): a DTD, an entity declaration or an external reference is an error, never
    expanded or fetched, whatever the installed libexpat would do. A page whose XML runs past
    `max_page_bytes` raises PageTooLarge before it is held in memory."""
    from defusedxml.ElementTree import iterparse

    budget = _PageBudget(stream, max_page_bytes)
    events = iterparse(
        budget, events=("end",), forbid_dtd=True, forbid_entities=True, forbid_external=True
    )
    for _, element in events:
        if _local(element.tag) != "page":
            continue
        budget.page_done()
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
            namespace=_namespace(fields["ns"].text if "ns" in fields else "0"),
            redirect="redirect" in fields,
            text=(text_element.text or "") if text_element is not None else "",
        )
        element.clear()


def _namespace(text: str | None) -> int:
    """The page's namespace number; BAD_NAMESPACE when it is not one (the page is skipped)."""
    value = (text or "0").strip()
    return int(value) if value.lstrip("-").isdigit() else BAD_NAMESPACE


class TrailingBytes(OSError):
    """Bytes after the last complete bz2 stream that start no other: every page before them
    has been read (and is kept); the bytes themselves are no data."""


class _Bzip2Streams(io.RawIOBase):
    """Concatenated bz2 streams (a multistream dump is one) as one byte stream, decompressed
    CHUNK bytes at a time (a small file that expands hugely is never held whole). Reads are
    short, never gathered: each stream's bytes are handed on before the next is started, so
    bytes after the last complete stream that are not bz2 (TrailingBytes, raised once the rest
    is read) cost no page; inside a stream a corrupt or cut byte is an error as before."""

    CHUNK = 1 << 16

    def __init__(self, raw: IO[bytes]):
        self.raw = raw
        self.decompressor = bz2.BZ2Decompressor()
        self.pending, self.offset = b"", 0
        self.streams = 0  # complete streams so far
        self.started = self.produced = False  # the current stream has had input / given bytes

    def readable(self) -> bool:
        return True

    def readinto(self, buffer) -> int:
        while self.offset >= len(self.pending):
            if not self._decompress_more():
                return 0
        size = min(len(buffer), len(self.pending) - self.offset)
        buffer[:size] = self.pending[self.offset : self.offset + size]
        self.offset += size
        return size

    def _decompress_more(self) -> bool:
        """Refill `pending`; False at the end of the data."""
        leftover = b""
        if self.decompressor.eof:
            leftover = self.decompressor.unused_data
            self.decompressor = bz2.BZ2Decompressor()
            self.streams += 1
            self.started = self.produced = False
        chunk = b""
        if self.decompressor.needs_input:
            chunk = leftover or self.raw.read(self.CHUNK)
            if not chunk:
                if self.started and self.streams and not self.produced:
                    raise self._trailing("too short for a stream")
                if self.started:
                    raise EOFError("the bz2 data ends inside a stream (the file is cut short)")
                return False
        try:
            self.pending = self.decompressor.decompress(chunk, max_length=self.CHUNK)
        except OSError as error:
            if self.streams and not self.produced:
                raise self._trailing(str(error)) from None
            raise
        self.offset = 0
        self.started, self.produced = True, self.produced or bool(self.pending)
        return True

    def _trailing(self, why: str) -> TrailingBytes:
        return TrailingBytes(
            f"bytes after the last complete bz2 stream are not bz2 data ({why}); every page "
            "before them was read"
        )

    def close(self) -> None:
        self.raw.close()
        super().close()


def open_dump(path: str) -> IO[bytes]:
    """A dump file as a byte stream, decompressing .bz2 on the fly (local or any Beam
    filesystem; see `_Bzip2Streams`)."""
    from apache_beam.io.filesystems import CompressionTypes, FileSystems

    raw = FileSystems.open(path, compression_type=CompressionTypes.UNCOMPRESSED)
    return _Bzip2Streams(raw) if path.endswith(".bz2") else raw


def iter_dump(path: str) -> Iterator[Page]:
    with open_dump(path) as stream:
        yield from iter_pages(stream)


def multistream_ranges(index_path: str, dump_size: int) -> list[tuple[int, int, int]]:
    """(start, end, pages) of each bz2 stream of a multistream dump: byte range [start, end)
    and how many pages its index file (lines `offset:page_id:title`) lists there, so a dump cut
    short is caught (fewer pages read than expected) rather than read short in silence."""
    pages: Counter[int] = Counter()
    with io.BufferedReader(open_dump(index_path)) as index:
        for line in iter(index.readline, b""):
            offset = line.split(b":", 1)[0]
            if offset.isdigit():
                pages[int(offset)] += 1
    starts = sorted(pages)
    ends = [min(end, dump_size) for end in [*starts[1:], dump_size]]  # an offset past the end
    # (a cut dump, or a wrong index line) must not make the stream before it a read of petabytes
    return [(start, max(end, start), pages[start]) for start, end in zip(starts, ends)]


def iter_multistream_range(path: str, start: int, end: int) -> Iterator[Page]:
    """Pages of one bz2 stream of a multistream dump (a run of <page> elements, no root)."""
    from apache_beam.io.filesystems import CompressionTypes, FileSystems

    if end <= start:
        return  # past the end of the dump: nothing to read (its pages are reported short)
    with FileSystems.open(path, compression_type=CompressionTypes.UNCOMPRESSED) as raw:
        raw.seek(start)
        data = bz2.decompress(raw.read(end - start))
    if not data.lstrip().startswith(b"<page"):
        return  # the first stream holds only <mediawiki><siteinfo>
    wrapped = io.BytesIO(b"<pages>" + data.replace(b"</mediawiki>", b"") + b"</pages>")
    yield from iter_pages(wrapped)


def skip_reason(page: Page) -> str:
    """Why a page is not an article we use ('' if it is one)."""
    if page.namespace == BAD_NAMESPACE:
        return "bad_namespace"
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
    wikitext = remove_references(remove_comments(wikitext))  # also where markup is unbalanced
    code = mwparserfromhell.parse(remove_unpaired_markup(wikitext))
    _prune(code, top=True)
    text = LEFTOVER_MARKUP.sub(" ", code.strip_code(normalize=True, collapse=True))
    text = QUOTE_RUN.sub(lambda run: "'" * (len(run.group(0)) % 2), text)
    paragraphs = []
    for block in re.split(r"\n\s*\n", text):
        lines = [line.strip() for line in block.splitlines()]
        lines = [line for line in lines if line and not LIST_OR_MARKUP_LINE.match(line)]
        if lines:
            paragraphs.append(" ".join(lines))
    return "\n\n".join(paragraphs)


def remove_comments(wikitext: str) -> str:
    """Without `<!-- ... -->`; an unclosed comment runs to the end, as MediaWiki reads it. One
    pass: a regex with a lazy `.*?` rescans the rest of the text for each unclosed opening."""
    parts, position = [], 0
    while (opening := wikitext.find("<!--", position)) >= 0:
        parts.append(wikitext[position:opening])
        closing = wikitext.find("-->", opening + 4)
        if closing < 0:
            return "".join(parts)
        position = closing + 3
    parts.append(wikitext[position:])
    return "".join(parts)


def remove_unpaired_markup(wikitext: str) -> str:
    """Without the templates, links, tables and tags opened and never closed (or closed and
    never opened). The parser backtracks over each unclosed construct to the end of the page,
    so thousands of them made one page cost minutes ("<div><span>" x 8,000: 8 s, x4 per
    doubling); paired here in one pass, each kind on its own stack, the rest costs what
    closed markup costs. Void and self-closing tags ("<br>", "<br/>") go too: they carry no
    prose."""
    stacks: dict[str, list[tuple[int, int]]] = {}
    unpaired: list[tuple[int, int]] = []
    for token in PAIRED_MARKUP.finditer(wikitext):
        span = token.span(1) if token.group(1) else token.span()
        text = wikitext[span[0] : span[1]]
        if token.group(3) is not None:  # a tag
            if token.group(4):
                unpaired.append(span)
                continue
            kind, closing = token.group(3).lower(), bool(token.group(2))
        else:
            kind, closing = CLOSING_OF.get(text, text), text in CLOSING_OF
        stack = stacks.setdefault(kind, [])
        if not closing:
            stack.append(span)
        elif stack:
            stack.pop()
        else:
            unpaired.append(span)
    for stack in stacks.values():
        unpaired.extend(stack)
    if not unpaired:
        return wikitext
    parts, position = [], 0
    for start, end in sorted(unpaired):
        parts.append(wikitext[position:start] + " ")
        position = end
    parts.append(wikitext[position:])
    return "".join(parts)


REF_TAG = re.compile(r"<ref\b[^<>]*?(/?)>|</ref\s*>", re.IGNORECASE)


def remove_references(wikitext: str) -> str:
    """Without `<ref .../>` and `<ref>...</ref>`, nested ones included (so no stray "</ref>"
    is left). An opening never closed drops only its own tag, and a closing never opened too.
    One pass over the tags, pairing each closing with the last open opening, so thousands of
    unclosed tags cost no more than closed ones."""
    spans: list[tuple[int, int]] = []
    openings: list[re.Match] = []
    for tag in REF_TAG.finditer(wikitext):
        if tag.group(0).startswith("</"):
            if openings:
                spans.append((openings.pop().start(), tag.end()))
            else:
                spans.append(tag.span())
        elif tag.group(1):  # <ref ... />
            spans.append(tag.span())
        else:
            openings.append(tag)
    spans.extend(opening.span() for opening in openings)
    parts, position = [], 0
    for start, end in sorted(spans):
        if end <= position:
            continue  # inside a span already removed
        parts.append(wikitext[position : max(start, position)] + " ")
        position = end
    parts.append(wikitext[position:])
    return "".join(parts)


def _prune(code: Wikicode, top: bool) -> None:
    """Drop, in place, the templates, headings, comments and file or category links of the
    page's top level, and the tags of `DROPPED_TAGS` at any depth (also inside kept tags:
    "<onlyinclude>"). One pass over the tree: removing nodes one by one through the parser's
    `remove` searched the whole tree for each (quadratic: 7.9 s of the shortened enwiki
    dump's 9 s of reading)."""
    kept = []
    for node in code.nodes:
        if isinstance(node, Tag) and str(node.tag).lower() in DROPPED_TAGS:
            continue
        if top and (
            isinstance(node, (Template, Heading, Comment))
            or isinstance(node, Wikilink)
            and str(node.title).strip().lower().startswith(DROPPED_LINK_PREFIXES)
        ):
            continue
        for child in node.__children__():
            _prune(child, top=False)
        kept.append(node)
    code.nodes = kept


def page_to_document(page: Page, source: str) -> RawDocument | Skipped:
    """An article as a document to annotate, or why it is skipped."""
    doc_id = f"{WIKIPEDIA}:{page.id or page.title}"
    reason = skip_reason(page) or ("too_long" if len(page.text) > MAX_WIKITEXT_CHARS else "")
    if reason:
        return Skipped(doc_id, WIKIPEDIA, reason)
    text = wikitext_to_text(page.text)
    if not text.strip():
        return Skipped(doc_id, WIKIPEDIA, "no_prose")
    return RawDocument(id=doc_id, domain=WIKIPEDIA, text=text, source=source)
