"""Hostile and unlucky inputs (all made here): a bad file is counted with its path and reason
while the rest of the run completes, XML is parsed safely by design, outputs are never stale or
mixed, and the costly steps are bounded."""

from __future__ import annotations

import bz2
import io
import json
import os

import pyarrow.parquet as pq
import pytest
from conftest import REPO

from discofuse.beam_pipeline import plan_shards, read_shard, run
from discofuse.corpus import web, wikipedia
from discofuse.corpus.documents import Skipped
from discofuse.corpus.steps import SPLITS, GenerationConfig
from discofuse.engine import DEFAULT_RULES_DIR
from discofuse.errors import BadInputError

SAMPLE_XML = (REPO / "samples" / "wikipedia" / "sample-pages-articles.xml").read_bytes()
IN_PROCESS = ["--runner=DirectRunner"]
EVERY_PAIR = GenerationConfig(pair_none_rate=1.0)
SECRET = "Zanzibar-Quokka-Secret-7731"
PAGE = (
    "<page><title>{title}</title><ns>{ns}</ns><id>{id}</id><revision><text>"
    "The mill stood by the river for two hundred years. It ground corn for the farms around "
    "the village. {extra}</text></revision></page>"
)


def generate(inputs, fmt, output, **options):
    return run([str(i) for i in inputs], fmt, "wikipedia" if fmt == "wikipedia-xml" else "sports",
               str(output), EVERY_PAIR, str(DEFAULT_RULES_DIR), IN_PROCESS, **options)


def failures(output) -> list[dict]:
    path = output / "failed.jsonl"
    return [json.loads(line) for line in path.read_text().splitlines()] if path.exists() else []


def all_text(output) -> str:
    return " ".join(
        " ".join(str(v) for v in row.values())
        for split in SPLITS
        for row in pq.read_table(output / f"{split}.parquet").to_pylist()
    )


def test_bad_xml_files_are_counted_with_their_path_and_the_rest_runs(tmp_path):
    inputs = tmp_path / "dumps"
    inputs.mkdir()
    (inputs / "a-good.xml").write_bytes(SAMPLE_XML)
    (inputs / "b-truncated.xml.bz2").write_bytes(bz2.compress(SAMPLE_XML)[:-200])
    (inputs / "c-invalid.xml").write_bytes(SAMPLE_XML.replace(b"</title>", b"</titel>", 1))
    (inputs / "d-empty.xml").write_bytes(b"")
    secret = tmp_path / "secret.txt"
    secret.write_text(SECRET)
    (inputs / "e-external.xml").write_text(
        f'<?xml version="1.0"?><!DOCTYPE m [<!ENTITY s SYSTEM "file://{secret}">]><mediawiki>'
        + PAGE.format(title="Leak", ns=0, id=7, extra="&s;")
        + "</mediawiki>"
    )
    bomb = "".join(
        f'<!ENTITY e{i} "{f"&e{i - 1};" * 10 if i else "boom"}">' for i in range(9)
    )
    (inputs / "f-bomb.xml").write_text(
        f"<!DOCTYPE m [{bomb}]><mediawiki>"
        + PAGE.format(title="Bomb", ns=0, id=8, extra="&e8;")
        + "</mediawiki>"
    )
    (inputs / "g-bad-namespace.xml").write_text(
        "<mediawiki>"
        + PAGE.format(title="Odd", ns="main", id=9, extra="")
        + PAGE.format(title="Fine", ns=0, id=10, extra="")
        + "</mediawiki>"
    )
    output = tmp_path / "out"
    summary = generate([inputs / "*.xml*"], "wikipedia-xml", output)

    failed = {record["source"].rsplit("/", 1)[-1]: record for record in failures(output)
              if "source" in record}
    assert set(failed) == {
        "b-truncated.xml.bz2", "c-invalid.xml", "d-empty.xml", "e-external.xml", "f-bomb.xml"
    }
    assert summary["sources_failed"] == 5
    assert "Forbidden" in failed["e-external.xml"]["error"]  # refused, not fetched
    assert "Forbidden" in failed["f-bomb.xml"]["error"]  # refused, not expanded
    assert {"document_id": "wikipedia:9", "skipped": "bad_namespace"} in failures(output)
    assert summary["documents"]["skipped_by_reason"]["bad_namespace"] == 1
    assert summary["documents"]["annotated"] >= 3  # the good file's and the last file's pages
    assert summary["examples"] > 0
    text = all_text(output) + (output / "train.tsv").read_text()
    assert SECRET not in text and "boom" not in text


def test_a_file_that_ends_early_keeps_what_was_read_and_says_so(tmp_path):
    import random

    from apache_beam.pvalue import TaggedOutput

    from discofuse.beam_pipeline import ReadDocuments

    # Over a megabyte of pages (several bz2 blocks, the first decodable), cut inside the last.
    words = random.Random(0).choices(["mill", "river", "farm", "stone", "road", "town"], k=400)
    page = PAGE.format(title="{t}", ns=0, id="{i}", extra=" ".join(words))
    body = "".join(page.replace("{t}", f"P{n}").replace("{i}", str(n)) for n in range(1000))
    data = bz2.compress(f"<mediawiki>{body}</mediawiki>".encode())
    path = tmp_path / "cut.xml.bz2"
    path.write_bytes(data[: len(data) * 9 // 10])
    shard = plan_shards([str(path)], "wikipedia-xml", "wikipedia").shards[0]
    items = list(ReadDocuments().process(shard))
    documents = [item for item in items if not isinstance(item, TaggedOutput)]
    record = json.loads(items[-1].value)
    assert isinstance(items[-1], TaggedOutput) and record["source"] == str(path)
    assert record["documents_read_before"] == len(documents) > 100
    assert "cut short" in record["error"]  # the bz2 stream stopped inside a block


def test_bytes_after_the_last_bz2_stream_cost_no_page(tmp_path):
    from apache_beam.pvalue import TaggedOutput

    from discofuse.beam_pipeline import ReadDocuments

    clean = tmp_path / "clean.xml.bz2"
    clean.write_bytes(bz2.compress(SAMPLE_XML))
    expected = list(ReadDocuments().process(plan_shards([str(clean)], "wikipedia-xml",
                                                        "wikipedia").shards[0]))
    assert expected and not any(isinstance(item, TaggedOutput) for item in expected)
    for name, garbage in (("long", b"these bytes are no bz2 stream"), ("short", b"xy")):
        path = tmp_path / f"{name}.xml.bz2"
        path.write_bytes(bz2.compress(SAMPLE_XML) + garbage)
        shard = plan_shards([str(path)], "wikipedia-xml", "wikipedia").shards[0]
        items = list(ReadDocuments().process(shard))
        # every page, then the record of the stray bytes
        assert [(d.id, d.text) for d in items[:-1]] == [(d.id, d.text) for d in expected]
        record = json.loads(items[-1].value)
        pages = list(wikipedia.iter_pages(io.BytesIO(SAMPLE_XML)))
        assert record["documents_read_before"] == len(pages)  # skipped pages are read too
        assert "not bz2 data" in record["error"] and "every page before them" in record["error"]


def test_a_multistream_dump_cut_short_is_caught_by_its_index(tmp_path):
    head, rest = SAMPLE_XML.split(b"<page>", 1)
    pages = [b"<page>" + chunk for chunk in rest.split(b"<page>")]
    pages[-1] = pages[-1].replace(b"</mediawiki>", b"")
    streams = [bz2.compress(head)] + [bz2.compress(p) for p in pages]
    offsets, position = [], 0
    for stream in streams:
        offsets.append(position)
        position += len(stream)
    index = "\n".join(f"{offsets[n]}:{100 + n}:Page {n}" for n in range(1, len(streams)))
    (tmp_path / "enwiki-x-pages-articles-multistream-index.txt.bz2").write_bytes(
        bz2.compress(index.encode())
    )
    cut = offsets[3]  # the dump ends at a stream boundary: pages 3.. are missing
    dump = tmp_path / "enwiki-x-pages-articles-multistream.xml.bz2"
    dump.write_bytes(b"".join(streams)[:cut])
    shards = plan_shards([str(dump)], "wikipedia-xml", "wikipedia").shards
    assert [s.pages for s in shards] == [1] * (len(streams) - 1)
    output = tmp_path / "out"
    summary = generate([dump], "wikipedia-xml", output)
    short = [r for r in failures(output) if "short" in r.get("error", "")]
    assert len(short) == len(streams) - 3 == summary["sources_failed"]
    assert summary["documents"]["read"] == 2


def test_an_output_folder_is_never_mixed_or_stale(tmp_path):
    sports = REPO / "samples" / "sports"
    output = tmp_path / "out"
    generate([sports], "text", output, num_shards=2)
    two = sorted(p.name for p in output.iterdir())
    assert "train-00000-of-00002.parquet" in two
    with pytest.raises(BadInputError, match="--overwrite"):
        generate([sports], "text", output)
    for mine in ("notes.txt", "testing-ideas.md", "train_script.py"):
        (output / mine).write_text("mine")
    generate([sports], "text", output, overwrite=True)
    one = sorted(p.name for p in output.iterdir())
    assert "train.parquet" in one and not any("-of-" in name for name in one)
    assert {"notes.txt", "testing-ideas.md", "train_script.py"} <= set(one)  # the user's
    assert not (tmp_path / "out.incomplete").exists()


def test_an_interrupted_run_leaves_the_output_as_it_was(tmp_path):
    from discofuse.commands.generate import discard_partial_output

    output = tmp_path / "out"
    output.mkdir()
    (output / "summary.json").write_text("{}")  # an earlier, finished run
    staging = tmp_path / "out.incomplete"
    (staging / "beam-temp-train-1234").mkdir(parents=True)
    (staging / "train.parquet").write_text("partial")
    assert discard_partial_output(str(output)) == 1
    assert not staging.exists()
    assert [p.name for p in output.iterdir()] == ["summary.json"]
    assert discard_partial_output(str(output)) == 0


def test_text_sources_bom_binary_and_malformed_lines(tmp_path):
    bom = "\ufeff" + json.dumps({"id": "a", "text": "The match started late. It rained."})
    lines = [bom, "{not json", json.dumps({"id": "c", "text": "\x00\x01\x02 ELF \x00 data"})]
    path = tmp_path / "docs.jsonl"
    path.write_bytes("\n".join(lines).encode("utf-8"))
    with open(path, "rb") as stream:
        items = list(web.iter_jsonl("docs.jsonl", stream))
    assert items[0].id == "sports:a" and not items[0].text.startswith("\ufeff")
    assert items[1] == Skipped("sports:docs.jsonl:2", "sports", "bad_json")
    assert items[2] == Skipped("sports:c", "sports", "binary")
    text = web.text_file_document("x.txt", b"\xef\xbb\xbfThe match started late.")
    assert text.text == "The match started late."
    assert web.text_file_document("y.bin", bytes(range(256)) * 40).reason == "binary"


def test_reference_markup_is_removed_in_linear_time():
    text = "A<ref name=a/>B<ref>x<ref>y</ref>z</ref>C<ref>open D</ref >E <ref>unclosed F"
    assert wikipedia.remove_references(text).split() == ["A", "B", "C", "E", "unclosed", "F"]
    assert wikipedia.remove_comments("a<!-- x -->b<!-- never closed") == "ab"
    # Inputs the quadratic cleaning took minutes on (bench/hostile_inputs.py times them).
    for hostile in ("<ref>" * 50_000 + "</ref>", "word <ref>unclosed " * 20_000, "<!--" * 50_000):
        assert "ref>" not in wikipedia.wikitext_to_text(hostile)


def test_an_oversized_page_is_skipped_before_cleaning():
    page = wikipedia.Page("1", "Huge", 0, False, "x " * (wikipedia.MAX_WIKITEXT_CHARS // 2 + 1))
    assert wikipedia.page_to_document(page, "dump.xml").reason == "too_long"


def test_read_shard_streams_a_good_dump(tmp_path):
    path = tmp_path / "good.xml"
    path.write_bytes(SAMPLE_XML)
    shard = plan_shards([str(path)], "wikipedia-xml", "wikipedia").shards[0]
    assert len(list(read_shard(shard))) == SAMPLE_XML.count(b"<page>")


EXPLODING_RULE = """
rules:
  - name: exploding
    type: SINGLE_S_COORD
    input: single
    priority: 1
    description: three unanchored searches and a test that never holds
    when:
      - token: a
      - token: b
      - token: c
      - test: "a + b + c < 0"
    do:
      - split: {list: Z, at: 2, into: [A, B]}
"""


def test_a_rule_whose_search_explodes_is_stopped_and_counted(tmp_path, annotator):
    from discofuse.corpus.steps import unfuse_document
    from discofuse.engine import Engine, RuleBudgetExceeded, load_rules

    (tmp_path / "exploding.yml").write_text(EXPLODING_RULE)  # .yml files are rule files too
    engine = Engine(load_rules(tmp_path))
    words = " ".join(["the", "river", "rose", "and", "the", "town", "flooded"] * 8) + " ."
    document = annotator.annotate([words.split()])
    with pytest.raises(RuleBudgetExceeded, match="exploding"):
        engine.unfuse(document, (0,))
    counts = []
    assert list(unfuse_document(document, engine, EVERY_PAIR, counts.append)) == []
    assert "filtered:rule_budget" in counts


def test_a_yaml_alias_bomb_fails_fast_with_file_and_line(tmp_path):
    from discofuse.engine import RuleError, load_rules

    levels = ["a: &a [x, x, x, x, x, x, x, x, x, x]"]
    for i in range(1, 9):
        previous = chr(ord("a") + i - 1)
        levels.append(f"{chr(ord('a') + i)}: &{chr(ord('a') + i)} [{', '.join(['*' + previous] * 10)}]")
    (tmp_path / "bomb.yaml").write_text("lists:\n" + "\n".join("  " + line for line in levels))
    with pytest.raises(RuleError, match=r"bomb\.yaml:\d+: .*expands to over"):
        load_rules(tmp_path)


def test_unfuse_refuses_to_write_over_its_input_or_into_a_folder(tmp_path, capsys):
    from discofuse.cli import main

    source = tmp_path / "in.tsv"
    original = (
        "coherent_first_sentence\tcoherent_second_sentence\n"
        "The mill closed in May but the workers stayed in town.\t\tan extra field\n"
    )
    source.write_text(original)
    assert main(["unfuse", str(source), "-o", str(source)]) == 1
    assert "is the input file" in capsys.readouterr().err
    assert source.read_text() == original
    assert main(["unfuse", str(source), "-o", str(tmp_path)]) == 1
    assert "is a folder" in capsys.readouterr().err
    assert main(["unfuse", str(source), "-o", str(tmp_path / "out.tsv")]) == 0
    assert "1 rows had more fields than the header" in capsys.readouterr().err


def test_generate_refuses_a_file_as_its_output_folder(tmp_path):
    output = tmp_path / "taken"
    output.write_text("not a folder")
    with pytest.raises(BadInputError, match="is a file"):
        generate([REPO / "samples" / "sports"], "text", output)


def test_unpaired_markup_is_removed_and_the_prose_kept():
    prose = "\n\nThe keeper saved two penalties in the final."
    # Markup opened and never closed, each of which made the parser backtrack to the end of the
    # page (bench/hostile_inputs.py times them at 20,000 and 50,000 copies).
    for hostile in ("<div><span>", "{{x|", "\n{|\n", "<b>x ", "[[x ", "'''''"):
        text = wikipedia.wikitext_to_text(hostile * 2_000 + prose)
        assert text.endswith("The keeper saved two penalties in the final.")
        assert not any(mark in text for mark in ("<", "{{", "[[", "''", "{|"))
    # A template with an empty last parameter ends with "|}}", which is no table's end.
    assert wikipedia.remove_unpaired_markup("{{Latin alphabet|A|}}") == "{{Latin alphabet|A|}}"
    assert wikipedia.wikitext_to_text("Before {{cite|a|}} after.").split() == ["Before", "after."]
    # Magic words and tags written escaped survive the parser as text; they are removed.
    escaped = wikipedia.wikitext_to_text("__NOTOC__ A &lt;div&gt;word&lt;/div&gt; here.")
    assert escaped.split() == ["A", "word", "here."]
    # An odd run of quotes left over holds an apostrophe.
    assert wikipedia.wikitext_to_text("the ''Iliad'''s plot") == "the Iliad's plot"


def test_exact_copies_are_read_once_and_counted(tmp_path):
    """An article saved twice (re-wrapped, under another name, in another folder) is one
    document: its examples must not sit in two splits."""
    article = next((REPO / "samples" / "sports").glob("*.txt")).read_text(encoding="utf-8")
    inputs = tmp_path / "articles"
    inputs.mkdir()
    (inputs / "a.txt").write_text(article, encoding="utf-8")
    (inputs / "b.txt").write_text("  " + article.replace(" ", "\n", 3) + "\n\n", encoding="utf-8")
    (inputs / "c.txt").write_text(article, encoding="utf-8")
    output = tmp_path / "out"
    generate([inputs], "text", output)
    documents = json.loads((output / "summary.json").read_text())["documents"]
    assert documents["read"] == 3 and documents["annotated"] == 1 and documents["accounted"]
    assert documents["skipped_by_reason"] == {"duplicate": 2}
    ids = {
        row["document_id"]
        for split in SPLITS
        for row in pq.read_table(output / f"{split}.parquet").to_pylist()
    }
    assert ids == {"sports:a.txt"}


def test_inputs_are_read_honestly(tmp_path):
    """Only regular files are read (a FIFO would block forever), a folder's subfolders are
    read with ids relative to it, a literal path that looks like a glob is that file, and
    what is not read is listed with why."""
    article = next((REPO / "samples" / "sports").glob("*.txt")).read_text(encoding="utf-8")
    root = tmp_path / "bbc"
    for folder in ("football", "tennis"):
        (root / folder).mkdir(parents=True)
    (root / "football" / "001.txt").write_text(article, encoding="utf-8")
    (root / "tennis" / "001.txt").write_text(article.replace("the", "a"), encoding="utf-8")
    (root / "tennis" / "002.TXT").write_text(article.upper(), encoding="utf-8")
    (root / "notes.md").write_text("not an article", encoding="utf-8")
    os.mkfifo(root / "pipe.txt")
    (root / "gone.txt").symlink_to(root / "nowhere.txt")
    (root / "linked").symlink_to(root / "football")  # not followed (no loops), but listed
    plan = plan_shards([str(root)], "text", "sports")
    assert [shard.name for shard in plan.shards] == [
        "football/001.txt", "tennis/001.txt", "tennis/002.TXT"
    ]
    assert sorted((os.path.basename(p), why) for p, why in plan.ignored) == [
        ("gone.txt", "broken_link"), ("linked", "linked_folder_not_followed"),
        ("notes.md", "other_file_type"), ("pipe.txt", "not_a_regular_file"),
    ]
    ids = [read_shard(shard).__next__().id for shard in plan.shards]
    assert ids == ["sports:football/001.txt", "sports:tennis/001.txt", "sports:tennis/002.TXT"]
    literal = tmp_path / "match[1].txt"
    literal.write_text(article, encoding="utf-8")
    assert [s.path for s in plan_shards([str(literal)], "text", "sports").shards] == [
        str(literal)
    ]
    output = tmp_path / "out"
    generate([root], "text", output)
    summary = json.loads((output / "summary.json").read_text())
    assert summary["inputs_ignored"]["count"] == 4
    assert summary["documents"]["read"] == 3 and summary["documents"]["accounted"]


def test_a_text_file_longer_than_the_limit_is_skipped_not_cut(tmp_path):
    path = tmp_path / "long.txt"
    path.write_text("The match started late. " * 1000, encoding="utf-8")
    shard = plan_shards([str(path)], "text", "sports").shards[0]
    assert next(read_shard(shard, max_chars=1000)).reason == "too_long"
    assert next(read_shard(shard, max_chars=100_000)).text == path.read_text()


def test_jsonl_lines_that_break_the_parser_are_skipped_and_the_rest_read(tmp_path):
    lines = [
        b'{"id": "a", "text": "The first match was played in the rain."}',
        b"[" * 100_000,  # past Python's recursion limit
        b'{"id": ' + b"9" * 5_000 + b', "text": "x"}',  # past the int digit limit
        b'{"id": "s", "text": "A lone \\ud800 surrogate stays one character."}',
        b'{"id": "z", "text": "The last match was played in the sun."}',
    ]
    items = list(web.iter_jsonl("feed.jsonl", io.BytesIO(b"\n".join(lines))))
    assert [item.id for item in items] == [
        "sports:a", "sports:feed.jsonl:2", "sports:feed.jsonl:3", "sports:s", "sports:z"
    ]
    assert [getattr(item, "reason", "") for item in items][1:3] == ["bad_json", "bad_json"]
    assert items[3].text == "A lone \ufffd surrogate stays one character."
    items[3].text.encode("utf-8")


def test_a_decompression_bomb_page_is_refused_while_read():
    page = (
        "<page><title>{}</title><ns>0</ns><id>1</id><revision><text>The mill stood by the "
        "river.</text></revision></page>"
    )
    data = (
        "<mediawiki>" + page.format("A") + "<page><title>B</title><ns>0</ns><id>2</id>"
        "<revision><text>" + "a" * 300_000 + "</text></revision></page></mediawiki>"
    ).encode()
    stream = bz2.BZ2File(io.BytesIO(bz2.compress(data)))
    titles = []
    with pytest.raises(wikipedia.PageTooLarge):
        for page_read in wikipedia.iter_pages(stream, max_page_bytes=100_000):
            titles.append(page_read.title)
    assert titles == ["A"]


def test_a_second_run_into_one_output_is_refused_and_a_stale_lock_taken_over(tmp_path):
    from discofuse.beam_pipeline import OutputLock

    output = tmp_path / "out"
    with OutputLock(str(output)):
        with pytest.raises(BadInputError, match="another discofuse run"):
            generate([REPO / "samples" / "sports"], "text", output)
    assert not (tmp_path / "out.lock").exists()
    (tmp_path / "out.lock").write_text("999999999")  # a killed run's
    generate([REPO / "samples" / "sports"], "text", output)
    assert (output / "summary.json").exists() and not (tmp_path / "out.lock").exists()


def test_overwrite_replaces_only_what_a_run_wrote(tmp_path):
    sports = REPO / "samples" / "sports"
    output = tmp_path / "out"
    output.mkdir()
    (output / "README.md").write_text("my notes")
    with pytest.raises(BadInputError, match="README.md, which no discofuse run wrote"):
        generate([sports], "text", output)
    (output / "README.md").unlink()
    (output / "train.tsv").write_text("my own file, before any run")
    with pytest.raises(BadInputError, match="no discofuse run wrote"):
        generate([sports], "text", output)
    (output / "train.tsv").unlink()
    summary = generate([sports], "text", output)
    assert "train.parquet" in summary["files"] and "summary.json" in summary["files"]
    (output / "dev.csv").write_text("mine")
    generate([sports], "text", output, overwrite=True)
    assert (output / "dev.csv").read_text() == "mine"


@pytest.mark.parametrize(
    ("option", "message"),
    [
        (["--pair-none-rate", "2"], "not a share from 0 to 1"),
        (["--max-document-chars", "-1"], "less than 1"),
        (["--num-shards", "-2"], "less than 0"),
        (["--max-document-seconds", "0"], "above 0"),
        (["--max-document-seconds", "nan"], "above 0"),
        (["--max-document-chars", str(10**12)], "is more than 100,000,000"),
        (["--direct_num_workers=-1"], "is not from 1 to"),
        (["--direct_num_workers", "999"], "is not from 1 to"),
        (["--runner=PortableRunner"], "needs --job_endpoint"),
        (["--runner=DataflowRunner"], "needs more options: Missing GCS path option"),
        (["--runner=DirectRuner"], "did you mean DirectRunner?"),
    ],
)
def test_bad_options_are_one_line_errors(option, message, tmp_path, capsys):
    from discofuse.cli import main

    try:
        code = main(["generate", "--output", str(tmp_path / "out"), *option])
    except SystemExit as stop:  # argparse's own exit, after its usage lines
        code = stop.code
    assert code != 0
    error = capsys.readouterr().err
    assert message in error.strip().splitlines()[-1] and "Traceback" not in error
    assert not (tmp_path / "out").exists() and not (tmp_path / "out.incomplete").exists()


def test_a_run_that_reads_nothing_writes_nothing(tmp_path):
    inputs = tmp_path / "in"
    inputs.mkdir()
    (inputs / "notes.md").write_text("not an article")
    with pytest.raises(BadInputError, match="no document was read"):
        generate([inputs], "text", tmp_path / "out")
    assert not (tmp_path / "out").exists() and not (tmp_path / "out.incomplete").exists()
    with pytest.raises(BadInputError, match="inside the input folder"):
        generate([inputs], "text", inputs / "out")


def test_stats_counts_texts_that_stand_in_two_splits():
    from discofuse.corpus.statistics import shared_across_splits

    def row(text):
        return {"coherent_first_sentence": text, "coherent_second_sentence": ""}

    rows = {
        "train": [row("The match was played at night ."), row("Leeds won 2 - 0 .")],
        "dev": [row("the match was  played at night ."), row("York lost .")],
        "test": [row("York lost .")],
    }
    files = {name: [name] for name in rows}
    shared = shared_across_splits(files, lambda name: rows[name])
    assert shared == {"train&dev": 1, "train&test": 0, "dev&test": 1}


def test_unfuse_reads_every_row_of_an_unlucky_tsv(tmp_path, capsys):
    """A byte order mark, a Windows-1252 line, a carriage return inside a field and a field
    over the character limit: every row is written, in order, and each case is reported."""
    from discofuse.cli import main
    from discofuse.tsv import read_rows

    header = b"coherent_first_sentence\tcoherent_second_sentence\n"
    rows = [
        b"The team won the cup , and the fans cheered .\t\n",
        "Jos\u00e9 scored twice , and the crowd sang in M\u00fcnchen .\t\n".encode("cp1252"),
        b"The coach left early ,\r but the players stayed .\t\n",
        b"word " * 250_000 + b".\t\n",
        b"The keeper saved a penalty , and the striker scored .\t\n",
    ]
    source = tmp_path / "in.tsv"
    source.write_bytes(b"\xef\xbb\xbf" + header + b"".join(rows))
    assert len(list(read_rows(source))) == 5
    output = tmp_path / "out.tsv"
    assert main(["unfuse", str(source), "-o", str(output), "--pretokenized"]) == 0
    written = list(read_rows(output))
    assert len(written) == 5
    assert written[1]["incoherent_first_sentence"] == "Jos\u00e9 scored twice ."
    assert written[2]["incoherent_second_sentence"] == "The players stayed ."
    assert written[3]["discourse_type"] == "" and written[4]["discourse_type"] == "SINGLE_S_COORD"
    err = capsys.readouterr().err
    assert "1 rows were over the annotator's character limit" in err
    assert "1 rows were not UTF-8" in err
    assert not (tmp_path / "out.tsv.incomplete").exists()


def test_the_api_takes_a_pair_as_two_arguments_and_refuses_three_parts():
    import discofuse
    from discofuse.unfusion import split_pair

    example = discofuse.unfuse("The ferry left at dawn.", "However, the storm delayed it.")
    assert example is not None and example.discourse_type.startswith("PAIR_CONN")
    with pytest.raises(BadInputError, match="3 parts"):
        split_pair("One . || Two . || Three .")


@pytest.mark.parametrize(
    ("index", "reason"),
    [
        (bz2.compress(b"no offsets here\njust words\n"), "index_lists_no_stream"),
        (b"this is not bz2 at all", "index_unreadable"),
        (bz2.compress(b"5:100:Page 1\n77:101:Page 2\n"), "index_offset_not_a_stream"),
    ],
)
def test_a_bad_multistream_index_falls_back_to_reading_the_dump_whole(tmp_path, index, reason):
    head, rest = SAMPLE_XML.split(b"<page>", 1)
    pages = [b"<page>" + chunk for chunk in rest.split(b"<page>")]
    pages[-1] = pages[-1].replace(b"</mediawiki>", b"")
    dump = tmp_path / "enwiki-x-pages-articles-multistream.xml.bz2"
    dump.write_bytes(bz2.compress(head) + b"".join(bz2.compress(p) for p in pages))
    (tmp_path / "enwiki-x-pages-articles-multistream-index.txt.bz2").write_bytes(index)
    plan = plan_shards([str(dump)], "wikipedia-xml", "wikipedia")
    assert [(s.start, s.end) for s in plan.shards] == [(-1, -1)]
    assert plan.ignored[0][1].startswith(reason)
    summary = generate([dump], "wikipedia-xml", tmp_path / "out")
    assert summary["documents"]["read"] == len(pages)
    assert summary["inputs_ignored"]["count"] == 1


def test_a_long_paragraph_reaches_the_parser_in_bounded_pieces():
    """A text with no blank line (a 996 KB page held 8.3 GB in one parse) is cut at sentence
    ends, else at spaces, else at the limit; no word is lost or changed."""
    from discofuse.annotate.spacy_backend import paragraphs

    prose = "The match was played in the rain. Leeds won it easily. " * 400
    pieces = paragraphs(prose, max_piece=1_000)
    assert all(len(piece) <= 1_000 for piece in pieces) and len(pieces) > 20
    assert all(piece.endswith(".") for piece in pieces)  # cut at sentence ends
    assert " ".join(pieces).split() == prose.split()
    unpunctuated = "word " * 5_000
    assert " ".join(paragraphs(unpunctuated, max_piece=1_000)).split() == unpunctuated.split()
    solid = "a-b." * 2_000
    assert "".join(paragraphs(solid, max_piece=1_000)) == solid


def test_a_yml_rule_file_reaches_the_workers_and_the_provenance_hash(tmp_path):
    """One reader of rule sources: `.yml` files load, travel to Beam workers and count in the
    provenance hash, as `.yaml` files do."""
    import shutil

    from discofuse.beam_pipeline import provenance, rule_texts
    from discofuse.engine import load_rules

    folder = tmp_path / "rules"
    shutil.copytree(DEFAULT_RULES_DIR, folder)
    (folder / "coordination.yaml").rename(folder / "coordination.yml")
    assert "coordination.yml" in rule_texts(str(folder))
    assert len(load_rules(folder).rules) == len(load_rules("paper").rules)
    before = provenance(str(folder), True)["rules_sha256"]
    (folder / "coordination.yml").write_text(
        (folder / "coordination.yml").read_text() + "\n# a comment\n"
    )
    assert provenance(str(folder), True)["rules_sha256"] != before
    summary = generate([REPO / "samples" / "sports"], "text", tmp_path / "out")
    mine = run([str(REPO / "samples" / "sports")], "text", "sports", str(tmp_path / "mine"),
               EVERY_PAIR, str(folder), IN_PROCESS)
    assert mine["examples_by_type"] == summary["examples_by_type"]


def test_an_operation_that_crashes_is_counted_never_a_decline(monkeypatch):
    """Failure injection: the split operation is made to raise IndexError (a bug, not a
    decline). The candidate is dropped as `rule_error` with the rule's file, line and name,
    and the document's other candidates go on."""
    from discofuse.annotate.spacy_backend import SpacyAnnotator
    from discofuse.corpus.steps import GenerationConfig, unfuse_document
    from discofuse.engine import Engine, RuleCrashed, load_rules, operations

    def broken(self, state, bindings):
        raise IndexError("list index out of range")

    annotator = SpacyAnnotator(coref="none")
    document = annotator.annotate(
        "The club won the cup and the fans cheered loudly. The coach , who retired in May , "
        "still watches every game from the stand."
    )
    engine = Engine(load_rules("paper"))
    monkeypatch.setattr(operations.Split, "apply", broken)
    with pytest.raises(RuleCrashed, match="sentence_coordination"):
        engine.unfuse(document, (0,))
    counts = {}
    list(unfuse_document(document, engine, GenerationConfig(),
                         lambda name: counts.update({name: counts.get(name, 0) + 1})))
    assert counts.get("filtered:rule_error", 0) >= 1


@pytest.mark.parametrize(
    "option",
    [["--runner=DataflowRunner"], ["--input", "gs://bucket/articles", "--format", "text"]],
)
def test_cloud_runs_without_the_cloud_libraries_name_the_extra(option, tmp_path, capsys,
                                                               monkeypatch):
    # The test venv has the dataflow extra (its Dataflow dry run needs it), so a machine with
    # the main job's install only is imitated: the Google Cloud libraries are not found.
    import importlib.util

    from discofuse.cli import main

    real = importlib.util.find_spec
    monkeypatch.setattr(
        importlib.util, "find_spec",
        lambda name, *rest: None if name.startswith("google") else real(name, *rest),
    )
    code = main(["generate", "--output", str(tmp_path / "out"), *option])
    assert code != 0
    last = capsys.readouterr().err.strip().splitlines()[-1]
    assert "pip install 'discofuse[dataflow]'" in last
    assert not (tmp_path / "out").exists()


def test_a_runner_that_cannot_fetch_its_job_server_is_a_one_line_error(tmp_path, capsys):
    """Prism fetches its binary from the internet on first use. Offline (as here and in CI)
    that is a one-line error naming what to do and nothing is left behind; online the run
    simply works, so the test holds either way and fails only on a traceback."""
    from discofuse.cli import main

    (tmp_path / "in").mkdir()
    (tmp_path / "in" / "a.txt").write_text(
        "Rovers beat Town 2-1 on Saturday, and the result lifts them into the top four.\n"
    )
    output = tmp_path / "out"
    code = main(["generate", "--input", str(tmp_path / "in"), "--format", "text", "-q",
                 "--output", str(output), "--runner=PrismRunner"])
    err = capsys.readouterr().err.strip()
    if code == 0:
        assert (output / "summary.json").is_file()
        return
    assert code == 1 and "Traceback" not in err and len(err.splitlines()) == 1, err
    assert "--runner=PrismRunner could not start" in err and "DirectRunner" in err
    assert not output.exists() and not (tmp_path / "out.incomplete").exists()


def test_a_full_disk_is_one_line_and_leaves_nothing_behind(tmp_path, capsys):
    """A 12 KB tmpfs as the output's disk (mounting needs root; skipped where it is not
    allowed): the run stops with one line at the end, exit 1, and no staging left on the
    full disk."""
    import shutil
    import subprocess

    from discofuse.cli import main

    disk = tmp_path / "disk"
    disk.mkdir()
    if shutil.which("mount") is None or subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "size=12k", "tmpfs", str(disk)], capture_output=True
    ).returncode != 0:
        pytest.skip("cannot mount a small tmpfs here")
    try:
        code = main(["generate", "--input", str(REPO / "samples" / "sports"), "--format",
                     "text", "--output", str(disk / "out"), "-q"])
        err = capsys.readouterr().err.strip().splitlines()
        if code == 0:  # the samples' output fitted after all
            pytest.skip("the output fitted in 12 KB")
        assert code == 1
        assert err[-1].startswith("discofuse: the disk holding")
        assert "No space left on device" in err[-1]
        assert sorted(p.name for p in disk.iterdir()) == []
    finally:
        subprocess.run(["umount", str(disk)], capture_output=True)


def test_gs_paths_whose_host_cannot_be_found_fail_at_once():
    """A real lookup of a name that never resolves (RFC 2606 .invalid) stands for an offline
    machine: one line before anything runs, not the client library's minutes of retries."""
    from discofuse.commands.generate import require_cloud_storage
    from discofuse.errors import BadInputError

    with pytest.raises(BadInputError, match="storage.invalid, which this machine cannot reach"):
        require_cloud_storage("storage.invalid")


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("rules: " + "[" * 5000 + "]" * 5000 + "\n", "nested too deeply"),
        ("rules:\n  - name: x\n    priority: " + "9" * 5000 + "\n", "a value no rule uses"),
    ],
)
def test_a_pathological_rule_file_is_one_line(tmp_path, capsys, content, message):
    from discofuse.cli import main

    (tmp_path / "bad.yaml").write_text(content)
    assert main(["check-rules", "--rules", str(tmp_path)]) == 1
    err = capsys.readouterr().err
    assert message in err and "bad.yaml" in err and "Traceback" not in err


def test_a_fifo_among_rule_files_is_an_error_not_a_hang(tmp_path, capsys):
    from discofuse.cli import main

    os.mkfifo(tmp_path / "pipe.yaml")
    assert main(["check-rules", "--rules", str(tmp_path)]) == 1
    assert "pipe.yaml: not a regular file" in capsys.readouterr().err


@pytest.mark.parametrize("name", ["out [1]", "out*", "dangling"])
def test_an_output_name_beam_would_misread_is_one_line(tmp_path, capsys, name):
    from discofuse.cli import main

    output = tmp_path / name
    if name == "dangling":
        output.symlink_to(tmp_path / "nowhere")
    assert main(["generate", "--input", str(REPO / "samples" / "sports"), "--format", "text",
                 "--output", str(output), "-q"]) == 1
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and ("pattern" in err or "broken symbolic link" in err)


def test_export_into_a_file_and_odd_bytes_on_the_command_line(tmp_path, capsys):
    import subprocess
    import sys

    from discofuse.cli import main

    (tmp_path / "gen").mkdir()
    (tmp_path / "file.txt").write_text("mine")
    assert main(["export", str(tmp_path / "gen"), "--format", "jsonl",
                 "--output", str(tmp_path / "file.txt")]) == 1
    assert "is a file" in capsys.readouterr().err
    # a Latin-1 byte in --text (not UTF-8) is read as Windows-1252, not a traceback
    done = subprocess.run(
        [sys.executable, "-m", "discofuse.cli", "debug", "--no-coref", "--text",
         b"Le caf\xe9 opened at nine but the queue had formed at dawn."],
        capture_output=True,
    )
    assert done.returncode == 0, done.stderr.decode(errors="replace")
    assert "café" in done.stdout.decode("utf-8")


def test_stats_on_a_summary_or_parquet_generate_did_not_write_is_one_line(tmp_path, capsys):
    import pyarrow as pa

    from discofuse.cli import main

    folder = tmp_path / "gen"
    folder.mkdir()
    pq.write_table(pa.table({"text": ["a"]}), folder / "train.parquet")
    assert main(["stats", str(folder), "--no-plots"]) == 1
    assert "without the column 'coherent_first_sentence'" in capsys.readouterr().err


def test_eval_reads_a_null_second_sentence_as_empty():
    from discofuse.evaluation.fusion_metrics import source_and_reference

    row = {"incoherent_first_sentence": "A .", "incoherent_second_sentence": None,
           "coherent_first_sentence": "A .", "coherent_second_sentence": None}
    assert source_and_reference(row) == ("A .", "A .")


def test_annotate_on_a_broken_conllu_file_is_one_line(tmp_path, capsys):
    from discofuse.cli import main

    broken = tmp_path / "broken.conllu"
    broken.write_text("1\tRovers\trover\tNOUN\tNNS\t_\tnine\tnsubj\t_\t_\n"
                      "2\twon\twin\tVERB\tVBD\t_\t0\troot\t_\t_\n\n")
    assert main(["annotate", str(broken)]) == 1
    err = capsys.readouterr().err
    assert "is not a readable CoNLL-U file" in err and "Traceback" not in err


def test_unfuse_never_replaces_a_device_or_link_and_eval_drops_a_bom(tmp_path, capsys):
    from discofuse.cli import main
    from discofuse.commands.eval_fusion import prediction_lines

    source = tmp_path / "in.tsv"
    source.write_text("coherent_first_sentence\tcoherent_second_sentence\nA b c d e f g .\t\n")
    fifo = tmp_path / "pipe.tsv"
    os.mkfifo(fifo)
    link = tmp_path / "out.tsv"
    link.symlink_to(tmp_path / "elsewhere.tsv")
    for target in (fifo, link):
        assert main(["unfuse", str(source), "-o", str(target), "-q"]) == 1
        assert "link, device or pipe" in capsys.readouterr().err
    assert link.is_symlink() and fifo.is_fifo()
    predictions = tmp_path / "p.txt"
    predictions.write_bytes(b"\xef\xbb\xbfFirst .\nSecond .\n")
    assert list(prediction_lines(predictions)) == ["First .", "Second ."]


def test_text_in_windows_encodings_is_read_as_typed(tmp_path):
    """Windows-1252 curly quotes and dashes (Latin-1 made them control characters), a UTF-16
    file with its byte-order mark (read as 8-bit text it was skipped as binary), and a byte
    Windows-1252 leaves undefined (Latin-1 then)."""
    quoted = web.text_file_document("q.txt", b"\x93Yes,\x94 he said \x96 twice.")
    assert quoted.text == "\u201cYes,\u201d he said \u2013 twice."
    wide = web.text_file_document("w.txt", "The match ended 2-1.".encode("utf-16"))
    assert isinstance(wide, web.RawDocument) and wide.text == "The match ended 2-1."
    assert web.decode(b"caf\xe9 \x81")[1] == "latin-1"


def test_a_lock_left_by_a_killed_run_is_taken_over_even_when_its_id_was_reused(tmp_path):
    """The lock's process id now belongs to another program (here `sleep`): no run is writing,
    so a new run takes the lock instead of waiting for a process that will never finish it."""
    import subprocess

    from discofuse.beam_pipeline import OutputLock

    output = tmp_path / "out"
    other = subprocess.Popen(["sleep", "30"])
    try:
        (tmp_path / "out.lock").write_text(str(other.pid))
        with OutputLock(str(output)) as lock:
            assert lock.held and (tmp_path / "out.lock").read_text() == str(os.getpid())
        (tmp_path / "out.lock").write_text(str(os.getpid()))  # a live run (this one): refused
        with pytest.raises(BadInputError, match="another discofuse run"):
            OutputLock(str(output)).__enter__()
    finally:
        other.kill()
        other.wait()


def test_rule_files_are_found_whatever_the_case_of_their_suffix(tmp_path):
    from discofuse.engine import load_rules, rule_files

    for path in rule_files(DEFAULT_RULES_DIR):
        (tmp_path / path.name.upper()).write_bytes(path.read_bytes())
    assert len(load_rules(tmp_path).rules) == len(load_rules(DEFAULT_RULES_DIR).rules)


def test_a_near_copy_is_dropped_and_counted(tmp_path):
    """The same article re-filed with a word changed: one document (MinHash, 0.8)."""
    article = next((REPO / "samples" / "sports").glob("*.txt")).read_text(encoding="utf-8")
    inputs = tmp_path / "articles"
    inputs.mkdir()
    (inputs / "a.txt").write_text(article, encoding="utf-8")
    words = article.split(" ")
    words[len(words) // 2] = "remarkably"
    (inputs / "b.txt").write_text(" ".join(words), encoding="utf-8")
    output = tmp_path / "out"
    generate([inputs], "text", output)
    documents = json.loads((output / "summary.json").read_text())["documents"]
    assert documents["read"] == 2 and documents["annotated"] == 1
    assert documents["skipped_by_reason"] == {"near_duplicate": 1}


def test_a_dot_text_file_is_read(tmp_path):
    inputs = tmp_path / "articles"
    inputs.mkdir()
    article = next((REPO / "samples" / "sports").glob("*.txt")).read_text(encoding="utf-8")
    (inputs / "match.text").write_text(article, encoding="utf-8")
    output = tmp_path / "out"
    generate([inputs], "text", output)
    summary = json.loads((output / "summary.json").read_text())
    assert summary["documents"]["annotated"] == 1 and summary["inputs_ignored"]["count"] == 0


def test_a_run_whose_every_document_is_skipped_exits_1_and_says_why(tmp_path, capsys):
    from discofuse.cli import main

    inputs = tmp_path / "articles"
    inputs.mkdir()
    (inputs / "a.txt").write_text("   \n")
    (inputs / "b.txt").write_bytes(b"\x00\x01 binary \x00" * 50)
    output = tmp_path / "out"
    assert main(["generate", "--input", str(inputs), "--format", "text", "--output",
                 str(output), "--direct_running_mode=in_memory", "-q"]) == 1
    err = capsys.readouterr().err
    assert "none of the 2 documents read" in err and "could be used" in err
    assert "1 empty" in err and "1 binary" in err and "Traceback" not in err


@pytest.mark.parametrize("case", ["no_incoherent_columns", "zero_rows", "not_utf8",
                                  "corrupt_parquet"])
def test_eval_on_unusable_input_is_one_line(tmp_path, capsys, case):
    from discofuse.cli import main

    header = "coherent_first_sentence\tcoherent_second_sentence\tdiscourse_type\n"
    gold, predictions = tmp_path / "gold.tsv", tmp_path / "predictions.txt"
    full = ("coherent_first_sentence\tcoherent_second_sentence\tincoherent_first_sentence\t"
            "incoherent_second_sentence\tdiscourse_type\tconnective_string\n")
    row = "It rained .\tWe stayed in .\tIt rained .\tWe stayed in .\tPAIR_NONE\t\n"
    predictions.write_text("It rained . We stayed in .\n")
    expected = {
        "no_incoherent_columns": "make its rows first with `discofuse unfuse`",
        "zero_rows": "the gold file has no rows",
        "not_utf8": "not UTF-8",
        "corrupt_parquet": "is not a readable Parquet file",
    }[case]
    if case == "no_incoherent_columns":
        gold.write_text(header + "It rained .\tWe stayed in .\tPAIR_NONE\n")
    elif case == "zero_rows":
        gold.write_text(full)
        predictions.write_text("")
    elif case == "not_utf8":
        gold.write_text(full + row)
        predictions.write_bytes(b"It rained \xff .\n")
    else:
        gold = tmp_path / "gold.parquet"
        gold.write_bytes(b"PAR1 these bytes are no Parquet file PAR1")
    assert main(["eval", "--gold", str(gold), "--predictions", str(predictions)]) == 1
    err = capsys.readouterr().err
    assert expected in err and "Traceback" not in err and len(err.strip().splitlines()) == 1


def test_stats_on_a_corrupt_summary_is_one_line(tmp_path, capsys):
    from discofuse.cli import main

    article = next((REPO / "samples" / "sports").glob("*.txt"))
    output = tmp_path / "out"
    generate([article], "text", output)
    (output / "summary.json").write_text('{"documents": {"read": 3,')
    assert main(["stats", str(output), "--no-plots"]) == 1
    err = capsys.readouterr().err
    assert "summary.json" in err and "Traceback" not in err and len(err.strip().splitlines()) == 1


def test_a_page_of_unclosed_markup_costs_its_neighbour_nothing(tmp_path):
    """End to end: a page of 20,000 unclosed `<div><span>` and `{{` beside a good page in one
    dump; the good page's examples come out (the probe's run never wrote it)."""
    hostile = PAGE.format(title="Markup", ns=0, id=1, extra="&lt;div&gt;&lt;span&gt;{{x|" * 20_000)
    good = PAGE.format(title="Mill", ns=0, id=2, extra="It was rebuilt in 1890.")
    dump = tmp_path / "dump.xml"
    dump.write_text(f"<mediawiki>{hostile}{good}</mediawiki>", encoding="utf-8")
    output = tmp_path / "out"
    generate([dump], "wikipedia-xml", output)
    ids = {row["document_id"] for split in SPLITS
           for row in pq.read_table(output / f"{split}.parquet").to_pylist()}
    assert "wikipedia:2" in ids
    assert "<div" not in all_text(output) and "{{" not in all_text(output)


@pytest.mark.parametrize("command", ["stats", "export"])
def test_a_corrupt_parquet_file_is_one_line(tmp_path, capsys, command):
    from discofuse.cli import main

    article = next((REPO / "samples" / "sports").glob("*.txt"))
    output = tmp_path / "out"
    generate([article], "text", output)
    (output / "train.parquet").write_bytes(b"PAR1 these bytes are no Parquet file PAR1")
    argv = (["stats", str(output), "--no-plots"] if command == "stats" else
            ["export", str(output), "--format", "jsonl", "--output", str(tmp_path / "ex")])
    assert main(argv) == 1
    err = capsys.readouterr().err
    assert "is not a readable Parquet file" in err and "Traceback" not in err
    assert len(err.strip().splitlines()) == 1
