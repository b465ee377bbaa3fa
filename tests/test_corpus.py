"""Corpus steps without Beam: Wikipedia and web sources, candidates, filters, sampling, splits."""

from __future__ import annotations

import bz2
import io
import json
from collections import Counter

from conftest import REPO, SHARED, needs_shared

from discofuse.beam_pipeline import plan_shards, read_shard
from discofuse.corpus import sink, web, wikipedia
from discofuse.corpus.documents import RawDocument, Skipped
from discofuse.corpus.steps import (
    GenerationConfig,
    candidates,
    downsample_group,
    filter_reason,
    keep_in_balanced,
    split_of,
    unfuse_document,
    unfuse_documents,
)
from discofuse.engine import Example

SAMPLE_XML = REPO / "samples" / "wikipedia" / "sample-pages-articles.xml"


def test_sample_dump_pages_and_skip_reasons():
    pages = list(wikipedia.iter_dump(str(SAMPLE_XML)))
    assert [p.title for p in pages] == [
        "Tarnbridge",
        "Tarn Bridge",
        "Tarn (disambiguation)",
        "Talk:Tarnbridge",
        "Hollin Moss",
    ]
    assert [wikipedia.skip_reason(p) for p in pages] == [
        "",
        "redirect",
        "disambiguation",
        "non_article_namespace",
        "",
    ]


def test_wikitext_cleaning_keeps_prose_only():
    page = next(wikipedia.iter_dump(str(SAMPLE_XML)))
    text = wikipedia.wikitext_to_text(page.text)
    assert text.startswith("Tarnbridge is a small market town on the river Tarn, and it grew")
    assert "However, a fire destroyed most of its wooden houses in 1561." in text
    for dropped in (
        "Infobox",
        "population =",
        "A local history",
        "History",
        "Tanning\n",
        "wikitable",
        "Population",
        "Category",
        "thumb",
        "==",
        "{{",
        "[[",
    ):
        assert dropped not in text, dropped
    assert "\n\n" in text  # paragraphs stay apart


@needs_shared
def test_real_dump_streams_and_skips_redirects():
    path = str(
        SHARED
        / "data/wikipedia/enwiki-latest-pages-articles1.xml-p000000010p000030302-shortened.bz2"
    )
    results = [wikipedia.page_to_document(page, path) for page in wikipedia.iter_dump(path)]
    assert len(results) == 206
    reasons = Counter(r.reason for r in results if isinstance(r, Skipped))
    assert reasons["redirect"] >= 99
    articles = [r for r in results if isinstance(r, RawDocument)]
    assert 95 <= len(articles) <= 106
    assert all(r.id.startswith("wikipedia:") for r in articles)
    assert not any("{{" in a.text or "[[" in a.text for a in articles)


@needs_shared
def test_table_markup_is_dropped():
    path = str(SHARED / "data/wikipedia/enwiki-table-markup.xml.bz2")
    docs = [wikipedia.page_to_document(p, path) for p in wikipedia.iter_dump(path)]
    texts = [d.text for d in docs if isinstance(d, RawDocument)]
    assert texts and not any("{|" in t or "|-" in t or "||" in t for t in texts)


def test_a_table_inside_onlyinclude_is_dropped_and_its_prose_kept():
    wikitext = (
        "Ashby is a market town.<onlyinclude>\n{| class=\"wikitable\"\n|-\n! Year !! Winner\n"
        "|-\n| 1990 || Tom Hale won the cup\n|}\nThe fair opens in May.</onlyinclude>\n"
    )
    text = wikipedia.wikitext_to_text(wikitext)
    assert "Winner" not in text and "Tom Hale" not in text
    assert "Ashby is a market town." in text and "The fair opens in May." in text


def test_multistream_dump_splits_into_ranges(tmp_path):
    """A multistream dump made here from the sample: one bz2 stream per page after the header."""
    xml = SAMPLE_XML.read_bytes()
    head, rest = xml.split(b"<page>", 1)
    pages = [b"<page>" + chunk for chunk in rest.split(b"<page>")]
    pages[-1] = pages[-1].replace(b"</mediawiki>", b"")
    streams = (
        [bz2.compress(head)] + [bz2.compress(p) for p in pages] + [bz2.compress(b"</mediawiki>\n")]
    )
    dump = tmp_path / "enwiki-test-pages-articles-multistream.xml.bz2"
    dump.write_bytes(b"".join(streams))
    offsets, position, index_lines = [], 0, []
    for number, stream in enumerate(streams):
        if 0 < number < len(streams) - 1:
            index_lines.append(f"{position}:{100 + number}:Page {number}")
        offsets.append(position)
        position += len(stream)
    (tmp_path / "enwiki-test-pages-articles-multistream-index.txt.bz2").write_bytes(
        bz2.compress("\n".join(index_lines).encode())
    )
    shards = plan_shards([str(tmp_path / "*.bz2")], "wikipedia-xml", "wikipedia").shards
    assert len(shards) == 5 and all(s.start >= 0 for s in shards)
    ids = [doc.id for shard in shards for doc in read_shard(shard)]
    assert ids == [
        "wikipedia:101",
        "wikipedia:102",
        "wikipedia:103",
        "wikipedia:104",
        "wikipedia:105",
    ]


@needs_shared
def test_latin1_sports_article_is_decoded():
    path = SHARED / "data/sports/bbc_sport/199.txt"
    doc = web.text_file_document(path.name, path.read_bytes(), source=str(path))
    assert isinstance(doc, RawDocument) and doc.id == "sports:199.txt"
    text, encoding = web.decode(path.read_bytes())
    assert encoding == "cp1252" and "\u00a3" in text  # a pound sign, 0xA3 in the file


def test_jsonl_source_counts_bad_lines():
    lines = [
        json.dumps({"id": "a1", "text": "Rovers won again."}),
        "not json",
        json.dumps({"id": "a2"}),
        json.dumps({"text": "   "}),
        json.dumps({"text": "No id here."}),
    ]
    items = list(web.iter_jsonl("feed.jsonl", io.BytesIO("\n".join(lines).encode())))
    assert [(type(i).__name__, i.id) for i in items] == [
        ("RawDocument", "sports:a1"),
        ("Skipped", "sports:feed.jsonl:2"),
        ("Skipped", "sports:feed.jsonl:3"),
        ("Skipped", "sports:feed.jsonl:4"),
        ("RawDocument", "sports:feed.jsonl:5"),
    ]
    assert [i.reason for i in items if isinstance(i, Skipped)] == [
        "bad_json",
        "no_text_field",
        "empty",
    ]


def test_candidates_and_filters(annotator):
    doc = annotator.annotate(
        "The club was founded in the year 1901 by miners. It won. "
        "Its stadium café holds twelve thousand fans today. "
        "The fans sang the Russian anthem «Гимн» before the game."
    )
    assert list(candidates(doc)) == [(0,), (0, 1), (1,), (1, 2), (2,), (2, 3), (3,)]
    assert filter_reason(doc, (0,), 7) == ""
    assert filter_reason(doc, (0, 1), 7) == "short_sentence"
    # a Latin letter with a diacritic stays unless the paper's ASCII filter is asked for
    assert filter_reason(doc, (2,), 7) == ""
    assert filter_reason(doc, (2,), 7, ascii_only=True) == "non_ascii"
    assert filter_reason(doc, (3,), 7) == "non_ascii"  # another script
    assert filter_reason(doc, (0,), 7, max_tokens=10) == "long_sentence"


def test_typography_is_made_ascii_before_annotation(annotator):
    doc = annotator.annotate("Kerr\u2019s side won 24\u201310 \u2026 a \u201cgreat\u201d day\u00a0out.")
    assert doc.sentences[0].tokenized == "Kerr 's side won 24 - 10 ... a \" great \" day out ."
    assert filter_reason(doc, (0,), 7, ascii_only=True) == ""
    pretokenized = annotator.annotate([["It", "ended", "24\u201310", "on", "Sunday", "."]])
    assert pretokenized.sentences[0].words == ["It", "ended", "24-10", "on", "Sunday", "."]


def test_unfuse_document_counts_everything(annotator, engine):
    doc = annotator.annotate(
        "The bridge over the river was finished in 1890. However, the railway "
        "did not reach the town until 1902. Ok."
    )
    counts: Counter[str] = Counter()
    results = list(
        unfuse_document(doc, engine, GenerationConfig(), lambda name: counts.update([name]))
    )
    assert [s for s, _ in results] == [(0, 1)]
    assert results[0][1].discourse_type == "PAIR_CONN"
    assert counts["candidates"] == 5
    assert counts["filtered:short_sentence"] == 2  # both candidates with "Ok."
    assert counts["filtered:no_rule"] == 2  # the two single sentences
    assert counts["examples:PAIR_CONN"] == 1 and counts["connective:however ,"] == 1


def test_a_document_past_its_time_budget_stops_with_a_reason(annotator, engine, monkeypatch):
    """A clock that ticks one second per reading (a fake: a document that really runs for
    minutes would make the test as slow): with a 2.5 s budget the third candidate is never
    tried, and the error says where the document stopped."""
    import pytest

    from discofuse.corpus import steps

    doc = annotator.annotate(
        "The bridge over the river was finished in 1890. However, the railway "
        "did not reach the town until 1902. The station opened a year later."
    )
    ticks = iter(range(1000))
    monkeypatch.setattr(steps.time, "monotonic", lambda: next(ticks))
    counts: Counter[str] = Counter()
    with pytest.raises(steps.DocumentTimeout, match=r"past 2.5 s after 2 of 5 candidates"):
        list(unfuse_document(doc, engine, GenerationConfig(max_document_seconds=2.5),
                             lambda name: counts.update([name])))
    assert counts["candidates"] == 2


def test_documents_unfused_together_as_each_alone_and_a_failure_stays_its_own(
    annotator, engine, rules
):
    """One audit for the batch's examples gives each document what it gets alone; a document
    whose audit raises fails alone, its batch's others keep their examples."""
    from discofuse.audit import Auditor

    texts = [
        "The bridge over the river was finished in 1890. However, the railway did not reach "
        "the town until 1902.",
        "Jones scored twice and the home side won the cup. He was named man of the match.",
        "Ruth Ames won the race in 1901 and was given a medal by the village.",
    ]
    docs = [annotator.annotate(text, str(i)) for i, text in enumerate(texts)]
    auditor = Auditor(annotator.parse_many, rules.inserted_words)
    alone = [list(unfuse_document(doc, engine, GenerationConfig(), auditor=auditor))
             for doc in docs]
    counts: list[Counter[str]] = [Counter() for _ in docs]
    together = unfuse_documents(docs, engine, GenerationConfig(),
                                [lambda name, c=c: c.update([name]) for c in counts], auditor)
    assert together == alone and sum(map(len, alone)) >= 3
    assert counts[0]["examples:PAIR_CONN"] == 1

    def parse_failing_on_village(groups):  # (a verb phrase with its copied subject: a
        # split's runs and replaced pronouns are read on the original's parse,
        # `reading_of_first_parse`)
        if any("village" in words for group in groups for words in group):
            raise ValueError("the parser broke")
        return annotator.parse_many(groups)

    results = unfuse_documents(docs, engine, GenerationConfig(), [lambda name: None] * 3,
                               Auditor(parse_failing_on_village, rules.inserted_words))
    assert results[:2] == alone[:2] and isinstance(results[2], ValueError)


def test_splits_are_deterministic_and_98_1_1():
    ids = [f"wikipedia:{n}" for n in range(20000)]
    splits = Counter(split_of(i) for i in ids)
    assert splits["train"] / 20000 > 0.975 and 0.005 < splits["dev"] / 20000 < 0.015
    assert [split_of(i) for i in ids[:50]] == [split_of(i) for i in ids[:50]]
    assert [split_of(i, seed=1) for i in ids[:300]] != [split_of(i) for i in ids[:300]]


def _example(discourse_type: str, connective: str = "") -> Example:
    return Example("a", "b", "a", "b", discourse_type, connective)


def test_balanced_sampling_is_deterministic_at_the_rate():
    config = GenerationConfig(seed=3, and_but_rate=0.25, anaphora_rate=0.5)
    and_example = _example("SINGLE_S_COORD", ", and")
    kept = [keep_in_balanced(and_example, f"d{n}", (0,), config) for n in range(4000)]
    assert 0.22 < sum(kept) / 4000 < 0.28
    assert kept == [keep_in_balanced(and_example, f"d{n}", (0,), config) for n in range(4000)]
    anaphora = [
        keep_in_balanced(_example("PAIR_ANAPHORA"), f"d{n}", (0, 1), config) for n in range(4000)
    ]
    assert 0.46 < sum(anaphora) / 4000 < 0.54
    assert keep_in_balanced(_example("SINGLE_RELATIVE"), "d1", (0,), config)
    assert downsample_group(_example("PAIR_CONN", "but ,")) == "and_but"
    assert downsample_group(_example("PAIR_CONN", "however ,")) == ""


def test_the_card_takes_the_license_the_user_states_for_their_own_text():
    # A summary as a run writes it (only the keys the card reads); the Hub's card reader parses
    # the metadata.
    from huggingface_hub import DatasetCard

    from discofuse.corpus.dataset_card import dataset_card

    def license_of(domains: list[str], stated: str) -> tuple[str, str]:
        summary = {"rows_by_file": {"train": 3}, "domains": domains,
                   "config": {"source_license": stated}, "documents": {}}
        card = dataset_card(summary)
        return DatasetCard(card).data.to_dict()["license"], card

    assert license_of(["sports"], "cc-by-4.0")[0] == "cc-by-4.0"
    assert "as the user of this run stated it" in license_of(["sports"], "cc-by-4.0")[1]
    assert license_of(["sports"], "")[0] == "unknown"
    assert license_of(["wikipedia"], "mit")[0] == "cc-by-sa-4.0"  # Wikipedia's own, always
    assert license_of(["sports", "wikipedia"], "mit")[0] == "other"


def test_a_license_option_must_be_an_identifier(tmp_path, capsys):
    from discofuse.cli import main

    try:
        code = main(["generate", "--output", str(tmp_path / "out"), "--license", "My License!"])
    except SystemExit as stop:  # argparse's own exit, after its usage lines
        code = stop.code
    assert code != 0
    assert "is not a license identifier" in capsys.readouterr().err


def _row(document: str, first: int, text: str, split: str = "train") -> dict:
    return {
        "coherent_first_sentence": text, "coherent_second_sentence": "",
        "incoherent_first_sentence": text, "incoherent_second_sentence": "",
        "discourse_type": "SINGLE_S_COORD", "connective_string": "and",
        "has_coref_type_pronoun": 0.0, "has_coref_type_nominal": 0.0, "domain": "sports",
        "document_id": document, "first_sentence_index": first, "second_sentence_index": -1,
        "rules": ["sentence_coordination"], "anaphora_kinds": [], "split": split,
        "balanced": first % 2 == 0,
    }


def test_the_sink_sorts_in_bounded_runs_to_the_same_order():
    """Spilled and merged runs give exactly the in-memory sort, whatever the input order."""
    import random

    rows = [_row(f"sports:{d}.txt", s, f"Sentence {s} of {d} .") for d in range(30)
            for s in range(7)]
    key = sink.order_key(3)
    expected = sorted(rows, key=key)
    for seed in range(3):
        shuffled = rows[:]
        random.Random(seed).shuffle(shuffled)
        assert list(sink.sorted_rows(shuffled, key, run_rows=16)) == expected
    assert list(sink.sorted_rows(rows, key)) == expected
    other = sorted(rows, key=sink.order_key(4))  # another seed, another shuffle
    assert [r["document_id"] for r in other] != [r["document_id"] for r in expected]


def test_the_sink_shards_by_document_and_sizes_files_when_asked():
    rows = [_row(f"wikipedia:{d}", 0, "A .") for d in range(400)]
    shards = Counter(sink.shard_of(row, 4, 0) for row in rows)
    assert set(shards) == {0, 1, 2, 3} and min(shards.values()) > 60
    assert sink.shard_of(_row("wikipedia:9", 5, "B ."), 4, 0) == sink.shard_of(rows[9], 4, 0)
    assert sink.shard_count(3, 10**9) == 3
    assert sink.shard_count(0, 0) == 1
    assert sink.shard_count(0, sink.ROWS_PER_FILE + 1) == 2
    assert sink.file_name("train", 0, 1, ".tsv") == "train.tsv"
    assert sink.file_name("dev_balanced", 1, 2, ".parquet") == "dev_balanced-00001-of-00002.parquet"
    assert sink.outputs_of(_row("x", 0, "A .")) == ["train", "train_balanced"]
    assert sink.outputs_of(_row("x", 1, "A .", "test")) == ["test"]


def test_the_sink_writes_parquet_and_the_released_tsv_in_one_order(tmp_path):
    import pyarrow.parquet as pq

    from discofuse.tsv import read_rows

    rows = [_row("sports:a.txt", s, f"Tab\there {s} .") for s in range(25)]
    with open(tmp_path / "t.parquet", "wb") as parquet, open(tmp_path / "t.tsv", "wb") as tsv:
        assert sink.write_files(rows, parquet, tsv) == 25
    assert pq.read_table(tmp_path / "t.parquet").to_pylist() == rows
    read = list(read_rows(tmp_path / "t.tsv"))
    assert [r["coherent_first_sentence"] for r in read] == [f"Tab here {s} ." for s in range(25)]
    with open(tmp_path / "e.parquet", "wb") as parquet, open(tmp_path / "e.tsv", "wb") as tsv:
        assert sink.write_files([], parquet, tsv) == 0
    assert pq.read_table(tmp_path / "e.parquet").num_rows == 0
    assert (tmp_path / "e.tsv").read_text().startswith("coherent_first_sentence\t")


def test_multistream_index_offsets_past_the_end_do_not_lose_the_dump(tmp_path):
    """An index line with an offset past the dump's end (a wrong index, or a dump cut short)
    must not make a read of petabytes (the stream before it ends at the dump's end), and an
    index whose every offset is past the end is set aside so the dump is read whole."""
    from discofuse.beam_pipeline import _checked_ranges
    from discofuse.corpus.wikipedia import multistream_ranges

    dump = tmp_path / "enwiki-x-pages-articles-multistream.xml.bz2"
    dump.write_bytes(bz2.compress(b"<mediawiki></mediawiki>"))
    size = dump.stat().st_size
    index = tmp_path / "index.txt.bz2"
    index.write_bytes(bz2.compress(b"0:1:A\n" + str(10**12).encode() + b":2:B\n"))
    assert multistream_ranges(str(index), size) == [(0, size, 1), (10**12, 10**12, 1)]
    wrong = tmp_path / "wrong.txt.bz2"
    wrong.write_bytes(bz2.compress(b"junk\n" + str(10**23).encode() + b":2:B\n"))
    ignored: list = []
    assert _checked_ranges(str(dump), str(wrong), ignored) is None
    assert ignored[0][1].startswith("index_offset_past_end")
