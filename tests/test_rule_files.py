"""Rule files: validation that fails fast with file, line and rule name; the project's rules and
their embedded examples; adding a discourse rule with YAML only."""

from __future__ import annotations

import textwrap

import pytest
from conftest import document

from discofuse.cli import main
from discofuse.engine import Engine, RuleError, load_rules
from discofuse.engine.rules import DISCOURSE_TYPES
from discofuse.unfusion import check_rule_examples, unfuse_texts

GOOD_RULE = """
rules:
  - name: demo
    type: SINGLE_CONN_INNER
    input: single
    priority: 1
    when:
      - token: i
        text: because
        range: [2, "|Z|-1"]
    do:
      - split: {list: Z, at: i, into: [A, B]}
"""

GOOD_RULE_WITH_WRONG_EXAMPLE = (
    GOOD_RULE
    + """    examples:
      - text: "The game stopped because the lights failed."
        output: ["Wrong .", "Output ."]
"""
)


def write(tmp_path, text: str, name: str = "rules.yaml"):
    (tmp_path / name).write_text(textwrap.dedent(text))
    return tmp_path


@pytest.mark.parametrize(
    "broken, line, message",
    [
        (GOOD_RULE.replace("- split:", "- splt:"), 12, "unknown operation 'splt'"),
        (GOOD_RULE.replace("text: because", "text: $nope"), 8, "unknown list '$nope'"),
        (GOOD_RULE.replace("at: i,", "at: q,"), 12, "uses variable 'q' before it is bound"),
        (GOOD_RULE.replace("text: because", "dep: subject"), 8, "unknown dependency label"),
        (GOOD_RULE.replace("text: because", "tag: VERB"), 8, "unknown PTB tag"),
        (
            GOOD_RULE.replace("type: SINGLE_CONN_INNER", "type: SINGLE_MAGIC"),
            3,
            "unknown discourse type",
        ),
        (
            GOOD_RULE.replace("priority: 1", "priority: 1\n    colour: red"),
            3,
            "unknown key(s) colour",
        ),
        (GOOD_RULE.replace("- token: i", "- tokn: i"), 8, "exactly one of"),
        (GOOD_RULE.replace("at: i,", "at: i+,"), 12, "ends with an operator"),
        (GOOD_RULE.replace("input: single", "input: triple"), 3, "input must be"),
        (GOOD_RULE.replace("text: because", "lemma: [because, false]"), 8, "YAML boolean False"),
        (
            GOOD_RULE + "    anaphora: nothing\n    anaphora_type: PAIR_CONN\n",
            3,
            "is not a PAIR_ANAPHORA rule",
        ),
    ],
)
def test_bad_rules_fail_with_file_line_and_rule(tmp_path, broken, line, message):
    write(tmp_path, broken)
    with pytest.raises(RuleError) as error:
        load_rules(tmp_path)
    text = str(error.value)
    assert text.startswith(f"{tmp_path / 'rules.yaml'}:{line}:"), text
    assert message in text
    if "discourse type" not in message and "input must" not in message:
        assert "rule 'demo'" in text


def test_yaml_syntax_error_names_the_line(tmp_path):
    write(tmp_path, "rules:\n  - name: x\n    when: [\n")
    with pytest.raises(RuleError, match=r"rules.yaml:4: YAML syntax error"):
        load_rules(tmp_path)


def test_duplicate_rule_names_are_refused(tmp_path):
    write(tmp_path, GOOD_RULE)
    write(tmp_path, GOOD_RULE, "more.yaml")
    with pytest.raises(RuleError, match="duplicate rule name"):
        load_rules(tmp_path)


def test_yaml_cannot_run_code(tmp_path):
    write(tmp_path, "rules: !!python/object/apply:os.system ['echo pwned']\n")
    with pytest.raises(RuleError, match="YAML syntax error"):
        load_rules(tmp_path)


def test_cli_reports_a_bad_rule_file_without_traceback(tmp_path, capsys):
    write(tmp_path, GOOD_RULE.replace("- split:", "- splt:"))
    assert main(["debug", "--rules", str(tmp_path), "--text", "It rained because it was May."]) == 1
    err = capsys.readouterr().err
    assert "unknown operation 'splt'" in err and "Traceback" not in err


def test_project_rules_load_and_cover_every_generated_type(rules):
    produced = {rule.type for rule in rules.rules} | {
        rule.anaphora_type for rule in rules.rules if rule.anaphora_type
    }
    assert produced | {"PAIR_NONE"} == set(DISCOURSE_TYPES)


def test_every_embedded_rule_example_holds(rules, annotator):
    checks = check_rule_examples(rules, annotator)
    assert len(checks) >= 2 * len([r for r in rules.rules if r.standalone])
    failures = [c for c in checks if not c.passed]
    assert not failures, "\n".join(
        f"{c.where} {c.rule}: {c.text} expected {c.expected}, got {c.got} ({c.got_type})"
        for c in failures
    )


def test_the_extended_set_adds_its_rules_and_their_examples_hold(rules, annotator):
    extended = load_rules("extended")
    default_names = {r.name for r in rules.rules}
    added = {r.name for r in extended.rules} - default_names
    assert default_names <= {r.name for r in extended.rules}
    assert added == {r.name for r in extended.rules if r.extended}
    assert all(not r.extended for r in rules.rules)
    checks = check_rule_examples(extended, annotator)
    failures = [c for c in checks if not c.passed]
    assert not failures, [(c.rule, c.text, c.got) for c in failures]


def test_a_sentence_final_relative_clause_is_split_by_default(rules, annotator):
    # Raters writing the correct SINGLE_RELATIVE example split a clause that ends the
    # sentence as readily as one closed by a comma (6 of the 26 dev rows with an example), so
    # final_relative_clause moved from the extended set into the default one.
    sentence = ["The council bought the old cinema, which had stood empty for ten years."]
    example = unfuse_texts(Engine(rules), annotator, sentence)[1]
    assert example.discourse_type == "SINGLE_RELATIVE"
    assert example.incoherent_second_sentence == "The old cinema had stood empty for ten years ."


def test_embedded_examples_cover_all_13_types(rules):
    """Each discourse type has at least one example of our own writing; a pair counter-example
    (no rule fires) is PAIR_NONE."""
    covered = {example.type for rule in rules.rules for example in rule.examples if example.output}
    has_pair_counter_example = any(
        example.output is None and len(example.text) == 2
        for rule in rules.rules
        for example in rule.examples
    )
    assert covered | ({"PAIR_NONE"} if has_pair_counter_example else set()) == set(DISCOURSE_TYPES)


def test_a_failing_embedded_example_is_reported(tmp_path, annotator):
    write(tmp_path, GOOD_RULE_WITH_WRONG_EXAMPLE)
    (check,) = check_rule_examples(load_rules(tmp_path), annotator)
    assert not check.passed and check.got == ["The game stopped .", "Because the lights failed ."]


def test_a_new_discourse_rule_is_pure_yaml(tmp_path, annotator):
    """A linguist adds a 'colon' rule: 'X : Y' becomes two sentences. No Python involved."""
    write(
        tmp_path,
        """
        lists:
          colon_marks: [":", ";"]
        rules:
          - name: colon_split
            type: SINGLE_S_COORD
            input: single
            priority: 1
            when:
              - token: i
                text: $colon_marks
                range: [3, "|Z|-3"]
              - token: k
                dep: [nsubj, nsubjpass]
                range: [i+1, i+4]
            do:
              - split: {list: Z, at: i, into: [A, B]}
              - delete: {list: B, at: 1}
            examples:
              - text: "The plan was simple: the players would press high."
                output: ["The plan was simple .", "The players would press high ."]
    """,
    )
    rules = load_rules(tmp_path)
    assert all(check.passed for check in check_rule_examples(rules, annotator))
    _, example = unfuse_texts(
        Engine(rules), annotator, ["Rain fell all day; the match went ahead anyway."]
    )
    assert example.discourse_type == "SINGLE_S_COORD"
    assert example.incoherent_second_sentence == "The match went ahead anyway ."


def test_check_rules_command(tmp_path, capsys):
    assert main(["check-rules"]) == 0
    out = capsys.readouterr().out
    assert "examples passed, 0 failed" in out and "FAIL" not in out
    write(tmp_path, GOOD_RULE_WITH_WRONG_EXAMPLE)
    assert main(["check-rules", "--rules", str(tmp_path)]) == 1
    out = capsys.readouterr().out
    assert "FAIL" in out and "1 rules: 0 examples passed, 1 failed" in out


@pytest.mark.parametrize(
    "spec, expected",
    [
        (
            "Nina/NNP/nsubj/1 walks/VBZ/ROOT/- to/IN/prep/1 her/PRP$/poss/4 office/NN/pobj/2 "
            ",/,/punct/1 a/DT/det/8 tiny/JJ/amod/8 room/NN/dobj/1 ././punct/1",
            ("Nina walks to her office .", "Her office is a tiny room ."),
        ),
        (
            "Lena/NNP/nsubj/1 meets/VBZ/ROOT/- Oscar/NNP/dobj/1 ,/,/punct/1 a/DT/det/5 "
            "neighbour/NN/dobj/1 of/IN/prep/5 Ruth/NNP/pobj/6 ././punct/1",
            ("Lena meets Oscar .", "Oscar is a neighbour of Ruth ."),
        ),
    ],
)
def test_apposition_reads_the_second_object_misparse(engine, spec, expected):
    """The sm parser's misparse of an appositive as a second dobj (hand-written parses of the
    two shapes seen on the dev set) still gives SINGLE_APPOSITION."""
    example = engine.unfuse(document(spec), (0,))
    assert example is not None and example.discourse_type == "SINGLE_APPOSITION"
    assert (example.incoherent_first_sentence, example.incoherent_second_sentence) == expected


def test_no_apposition_after_a_fronted_according_to(rules):
    """"According to John Young , a redesign of the LM had not been followed ...": in a
    document the parser hung the main clause's subject on the name as an appositive and found
    the main verb a subject elsewhere; after "According to X ," the phrase opens the main
    clause. After any fronted phrase a phrase that runs into a verb is a clause's subject (a
    comma splice); one a comma closes is an appositive, after "According to X ," too."""
    apposition = Engine(rules.only("apposition"))

    def parse(first: str) -> str:
        return (
            f"{first}/VBG/prep/13 to/IN/prep/0 John/NNP/compound/3 Young/NNP/pobj/1 "
            ",/,/punct/3 a/DT/det/6 redesign/NN/appos/3 had/VBD/aux/9 not/RB/neg/9 "
            "stalled/VBN/ccomp/13 ,/,/punct/13 so/IN/cc/13 rates/NNS/nsubj/13 rose/VBD/ROOT/- "
            "././punct/13"
        )

    def closed(first: str) -> str:
        return (
            f"{first}/VBG/prep/10 to/IN/prep/0 John/NNP/compound/3 Young/NNP/pobj/1 "
            ",/,/punct/3 a/DT/det/7 lead/JJ/amod/7 designer/NN/appos/3 ,/,/punct/10 "
            "rates/NNS/nsubj/10 rose/VBD/ROOT/- ././punct/10"
        )

    assert apposition.unfuse(document(parse("According")), (0,)) is None
    assert apposition.unfuse(document(parse("Thanks")), (0,)) is None
    for first in ("According", "Thanks"):
        example = apposition.unfuse(document(closed(first)), (0,))
        assert example is not None and example.discourse_type == "SINGLE_APPOSITION"


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("        pos: VERBB", "unknown universal POS tag(s) ['VERBB'] (did you mean VERB?)"),
        ("        ent: PERSNO", "unknown entity type(s) ['PERSNO'] (did you mean PERSON?)"),
    ],
)
def test_a_misspelled_pos_or_entity_type_fails_with_file_line_and_rule(tmp_path, line, message):
    (tmp_path / "typo.yaml").write_text(
        "rules:\n"
        "  - name: typo_rule\n"
        "    type: SINGLE_S_COORD\n"
        "    input: single\n"
        "    priority: 50\n"
        "    when:\n"
        "      - token: i\n"
        f"{line}\n"
        "    do:\n"
        "      - split: {list: Z, at: i, into: [A, B]}\n"
    )
    with pytest.raises(RuleError) as raised:
        load_rules(tmp_path)
    text = str(raised.value)
    assert "typo.yaml:7" in text and "typo_rule" in text and message in text


def test_a_yes_no_key_must_be_a_boolean(tmp_path):
    (tmp_path / "flag.yaml").write_text(
        "rules:\n"
        "  - name: quoted_flag\n"
        "    type: PAIR_ANAPHORA\n"
        "    input: pair\n"
        "    priority: 50\n"
        '    standalone: "false"\n'
        "    when:\n"
        "      - coref: M\n"
        "        from: B\n"
        "        to: A\n"
        "    do:\n"
        "      - replace_mentions: {list: B, pairs: M}\n"
    )
    with pytest.raises(RuleError, match="'standalone' must be true or false, not 'false'"):
        load_rules(tmp_path)


def test_check_rules_shows_an_example_another_rule_claims_first(tmp_path, annotator, capsys):
    """Each rule's examples run alone (they pass) and with every rule, in priority order (the
    lowest number first), as generate runs them: the later rule's example is claimed first."""
    keeps = GOOD_RULE.replace("name: demo", "name: keeps_because").replace(
        "priority: 1", "priority: 90") + """    examples:
      - text: "The game stopped because the lights failed."
        output: ["The game stopped .", "Because the lights failed ."]
"""
    drops = GOOD_RULE.replace("name: demo", "name: drops_because").replace(
        "rules:\n", "").replace(
        "into: [A, B]}", "into: [A, B]}\n      - delete: {list: B, at: 1}") + """    examples:
      - text: "The match ended early because the rain came."
        output: ["The match ended early .", "The rain came ."]
"""
    write(tmp_path, keeps + drops)
    checks = {c.rule: c for c in check_rule_examples(load_rules(tmp_path), annotator)}
    assert checks["keeps_because"].passed and checks["keeps_because"].whole_set == "drops_because"
    assert checks["drops_because"].passed and checks["drops_because"].whole_set == ""
    assert main(["check-rules", "--rules", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "with every rule: drops_because gives a different result first" in out
    assert "1 examples another rule claims first" in out


def test_every_problem_of_a_rule_folder_is_reported_at_once(tmp_path, capsys):
    two_bad = GOOD_RULE.replace("- split:", "- splt:") + GOOD_RULE.replace(
        "name: demo", "name: other").replace("text: because", "pos: VERBB").split("rules:\n")[1]
    write(tmp_path, two_bad)
    write(tmp_path, GOOD_RULE.replace("name: demo", "name: third").replace("at: i,", "at: q,"),
          "more.yaml")
    assert main(["check-rules", "--rules", str(tmp_path)]) == 1
    err = capsys.readouterr().err.splitlines()
    assert err[0] == "discofuse: 3 problems in the rule files:"
    rules_file, more_file = tmp_path / "rules.yaml", tmp_path / "more.yaml"
    assert err[1].startswith(f"  {more_file}:12:9: rule 'third':") and "'q'" in err[1]
    assert err[2].startswith(f"  {rules_file}:12:9: rule 'demo':") and "splt" in err[2]
    assert err[3].startswith(f"  {rules_file}:18:9: rule 'other':") and "VERBB" in err[3]


def test_the_rule_language_reference_is_generated_and_current():
    from conftest import REPO

    from discofuse.engine.language import reference_markdown

    shipped = (REPO / "docs" / "rule-language.md").read_text(encoding="utf-8")
    assert shipped == reference_markdown(), (
        "docs/rule-language.md is stale: discofuse check-rules --reference > docs/rule-language.md"
    )


def test_the_shipped_rule_files_hold_to_the_json_schema(capsys):
    import json

    import jsonschema
    import yaml

    from discofuse.engine import rule_files
    from discofuse.engine.rules import DEFAULT_RULES_DIR

    assert main(["check-rules", "--schema"]) == 0
    schema = json.loads(capsys.readouterr().out)
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    for path in rule_files(DEFAULT_RULES_DIR):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        problems = [f"{list(e.absolute_path)}: {e.message}" for e in validator.iter_errors(data)]
        assert not problems, (path.name, problems[:3])
    typo = yaml.safe_load(GOOD_RULE.replace("text: because", "pos: VERBB"))
    assert list(validator.iter_errors(typo))  # what the compiler refuses, an editor flags


def test_the_compiler_reads_the_language_declaration():
    from discofuse.engine.conditions import CONDITION_KINDS, TokenCondition
    from discofuse.engine.language import CONDITIONS, OPERATIONS, RULE
    from discofuse.engine.operations import OPERATION_KINDS
    from discofuse.engine.rules import REQUIRED_RULE_KEYS, RULE_KEYS

    assert set(CONDITION_KINDS) == set(CONDITIONS)
    assert set(OPERATION_KINDS) == set(OPERATIONS)
    assert RULE_KEYS == RULE.key_names and REQUIRED_RULE_KEYS == RULE.required
    assert TokenCondition.KEYS == CONDITIONS["token"].key_names
    for item in [*CONDITIONS.values(), *OPERATIONS.values(), RULE]:
        for key in item.keys:
            assert key.title and key.description and key.example is not None, (item.name, key)


def test_the_debugger_explains_a_rule_and_the_language():
    import argparse

    from discofuse.debugger import DebugSession

    session = DebugSession(argparse.Namespace(
        rules="paper", rule=None, all=False, json=False, pretokenized=False, coref="discofuse"
    ))
    token = session.command(":help token")
    assert token.startswith("token: a token with these properties")
    assert "range (search range)" in token and "dep (dependency label)" in token
    assert "split a list in two" in session.command(":help split")
    assert "known: rule, token" in session.command(":help tokn")
    explained = session.command(":explain sentence_coordination")
    assert explained.startswith("sentence_coordination (SINGLE_S_COORD, single, priority 60)")
    assert "coordination.yaml" in explained.splitlines()[0]
    assert "  when:" in explained and "  do:" in explained and "  counter-example:" in explained
    assert "no rule named" in session.command(":explain nothing")


SIX_MISTAKES = """
rules:
  - name: six
    type: SINGLE_CONN_INNER
    input: single
    priority: high
    colour: red
    when:
      - token: i
        text: because
        range: [2, "|Z|-1"]
      - token: i+1
        pos: VERBB
      - token: i-1
        ent: PERSNO
      - token: i+2
        dep: subject
    do:
      - splt: {list: Z, at: i, into: [A, B]}
"""


def test_a_file_with_six_mistakes_reports_all_six_and_the_schema_rejects_it(tmp_path, capsys):
    import jsonschema
    import yaml

    from discofuse.engine.language import json_schema

    write(tmp_path, SIX_MISTAKES)
    assert main(["check-rules", "--rules", str(tmp_path)]) == 1
    err = capsys.readouterr().err.splitlines()
    assert err[0] == "discofuse: 6 problems in the rule files:"
    where = f"  {tmp_path / 'rules.yaml'}:"
    expected = [(3, 5, "unknown key(s) colour"), (3, 5, "priority must be an integer"),
                (12, 9, "VERBB"), (14, 9, "PERSNO"), (16, 9, "subject"), (19, 9, "splt")]
    for line, (row, column, words) in zip(err[1:], expected):
        assert line.startswith(f"{where}{row}:{column}: rule 'six':") and words in line, line
    assert err[3].endswith("(at when -> 2 -> token)") and err[6].endswith("(at do -> 1)")
    validator = jsonschema.Draft202012Validator(json_schema())
    assert list(validator.iter_errors(yaml.safe_load(SIX_MISTAKES)))


def test_a_misspelled_variable_is_an_error_not_a_new_search(tmp_path):
    write(tmp_path, GOOD_RULE.replace("    do:", "      - token: ii\n        text: the\n    do:"))
    with pytest.raises(RuleError, match=r"rules.yaml:11:9: rule 'demo': 'ii' is searched for "
                       r"in the whole list and never used \(a misspelled variable\?"):
        load_rules(tmp_path)


def test_a_forward_connective_beyond_table_12_is_split_by_the_extended_rules_only(
    rules, annotator
):
    # "While", "because", "though" opening a clause: raters remove them as readily as
    # "although", but Table 12 does not list them, so only `--rules extended` splits there.
    sentence = ["While the river rose quickly, the village on the hill stayed dry."]
    default = unfuse_texts(Engine(rules), annotator, sentence)[1]
    assert default is None or default.discourse_type != "SINGLE_CONN_START"
    extended = unfuse_texts(Engine(load_rules("extended")), annotator, sentence)[1]
    assert (extended.discourse_type, extended.incoherent_first_sentence) == (
        "SINGLE_CONN_START", "The river rose quickly .")


def test_a_final_which_with_a_subject_of_its_own_after_it_is_no_relative_subject(rules):
    """"Heat flows through copper , which lithium has a link with": in a document the parser
    made both "which" and "lithium" subjects of "has"; "which" is the clause's object then, and
    the clause is not split off as if it were its subject. Alone, it is."""
    relative = Engine(rules.only("final_relative_clause"))
    head = "Heat/NN/nsubj/1 flows/VBZ/ROOT/- through/IN/prep/1 copper/NN/pobj/2 ,/,/punct/3 "
    second = relative.unfuse(document(
        head + "which/WDT/nsubj/7 lithium/NN/nsubj/7 has/VBZ/relcl/3 a/DT/det/9 link/NN/dobj/7 "
        "with/IN/prep/9 ././punct/1"
    ), (0,))
    assert second is None
    alone = relative.unfuse(document(
        head + "which/WDT/nsubj/6 has/VBZ/relcl/3 a/DT/det/8 link/NN/dobj/6 ././punct/1"
    ), (0,))
    assert alone is not None
    assert (alone.incoherent_first_sentence, alone.incoherent_second_sentence) == (
        "Heat flows through copper .", "Copper has a link ."
    )


def test_no_inner_split_inside_a_that_clause_an_or_that_goes_on_with(rules):
    """"Plans are debated , with some maintaining that there is no need because either critics
    are wrong , or that they train": in a document the parser read "maintaining" as a noun, so
    no reporting verb stands before the "that" clause; the "or that" after the connective says
    the clause goes on, and the reason is not split off as a fact. Without it, it is."""
    inner = Engine(rules.only("inner_connective"))
    start = ("Plans/NNS/nsubjpass/2 are/VBP/auxpass/2 debated/VBN/ROOT/- ,/,/punct/2 "
             "with/IN/prep/2 some/DT/det/6 maintaining/NN/pobj/4 that/IN/mark/9 there/EX/expl/9 "
             "is/VBZ/acl/6 no/DT/det/11 need/NN/attr/9 because/IN/mark/15 ")
    either = ("either/CC/preconj/14 critics/NNS/nsubj/15 are/VBP/advcl/2 wrong/JJ/acomp/15 "
              ",/,/punct/15 or/CC/cc/15 that/IN/mark/21 they/PRP/nsubj/21 train/VBP/conj/15 "
              "././punct/2")
    assert inner.unfuse(document(start + either), (0,)) is None
    plain = "critics/NNS/nsubj/14 are/VBP/advcl/2 wrong/JJ/acomp/14 ././punct/2"
    example = inner.unfuse(document(start + plain), (0,))
    assert example is not None and example.incoherent_second_sentence == "Critics are wrong ."


def test_no_sentence_coordination_inside_an_opening_as_long_as_clause(rules):
    """"' As long as I keep up my training but not do too much I think there is a chance":
    the parser hung the "as" clause on "long", which it hung on the main verb; the "but" joins
    two verbs of that clause, and splitting there leaves two fragments."""
    coordination = Engine(rules.only("sentence_coordination"))
    spec = ("'/``/punct/15 As/RB/advmod/2 long/RB/advmod/15 as/IN/mark/5 I/PRP/nsubj/5 "
            "keep/VBP/advcl/{keep_head} up/RP/prt/5 my/PRP$/poss/8 training/NN/dobj/5 "
            "but/CC/cc/5 not/RB/neg/11 do/VB/conj/5 too/RB/advmod/13 much/RB/advmod/11 "
            "I/PRP/nsubj/15 think/VBP/ROOT/- there/EX/expl/17 is/VBZ/ccomp/15 a/DT/det/19 "
            "chance/NN/attr/17 ././punct/15")
    assert coordination.unfuse(document(spec.format(keep_head=2)), (0,)) is None
    assert coordination.unfuse(document(spec.format(keep_head=15)), (0,)) is None


def test_a_final_clause_said_of_every_member_of_a_coordination_is_not_the_last_ones(rules):
    """"... beat Tom Hale and Sam Price , who both scored": "both" (or a plural verb after a
    singular name) says the clause is about the whole coordination, which the split would
    give to its last member. A clause about the last member alone is split off."""
    relative = Engine(rules.only("final_relative_clause"))
    start = ("The/DT/det/1 winner/NN/nsubj/2 beat/VBD/ROOT/- Tom/NNP/compound/4 Hale/NNP/dobj/2 "
             "and/CC/cc/4 Sam/NNP/compound/7 Price/NNP/conj/4 ,/,/punct/7 who/WP/nsubj/{verb} ")
    both = start.format(verb=11) + "both/DT/advmod/11 scored/VBD/relcl/7 ././punct/2"
    assert relative.unfuse(document(both), (0,)) is None
    plain = start.format(verb=10) + "scored/VBD/relcl/7 ././punct/2"
    example = relative.unfuse(document(plain), (0,))
    assert example is not None and example.incoherent_second_sentence == "Sam Price scored ."


def test_a_quotation_opening_before_the_subject_stays_with_the_first_verb_phrase(rules):
    """"' We played well and deserved to win . '": the subject after the opening quote is
    copied without it, and the quotation closes in the second part. A conjunction between
    words before the one between the verbs ("at home and abroad and would like") is no place
    to split."""
    coordination = Engine(rules.only("verb_phrase_coordination"))
    played = coordination.unfuse(document(
        "'/``/punct/2 We/PRP/nsubj/2 played/VBD/ROOT/- well/RB/advmod/2 and/CC/cc/2 "
        "deserved/VBD/conj/2 to/TO/aux/7 win/VB/xcomp/5 ././punct/2 '/''/punct/2"
    ), (0,))
    assert played is not None
    assert (played.incoherent_first_sentence, played.incoherent_second_sentence) == (
        "' We played well .", "We deserved to win . '")
    abroad = coordination.unfuse(document(
        "I/PRP/nsubj/1 played/VBD/ROOT/- at/IN/prep/1 home/RB/advmod/1 and/CC/cc/3 "
        "abroad/RB/conj/3 and/CC/cc/1 would/MD/aux/8 like/VB/conj/1 it/PRP/dobj/8 ././punct/1"
    ), (0,))
    assert abroad is not None
    assert abroad.incoherent_first_sentence == "I played at home and abroad ."


def test_no_verb_phrase_split_at_an_except_but_or_a_participle_after_present_be(rules):
    """"You ca n't do anything but play them" is no "You ca n't play them", and "I am ready
    and prepared to go" no "I prepared to go"; "I was ready and prepared to go" may be."""
    coordination = Engine(rules.only("verb_phrase_coordination"))
    assert coordination.unfuse(document(
        "You/PRP/nsubj/3 ca/MD/aux/3 n't/RB/neg/3 do/VB/ROOT/- anything/NN/dobj/3 "
        "but/CC/cc/3 play/VB/conj/3 them/PRP/dobj/6 ././punct/3"
    ), (0,)) is None

    def ready(be: str, tag: str):
        doc = document(
            f"I/PRP/nsubj/1 {be}/{tag}/ROOT/- ready/JJ/acomp/1 and/CC/cc/1 "
            "prepared/VBD/conj/1 to/TO/aux/6 go/VB/xcomp/4 ././punct/1"
        )
        doc.sentences[0].tokens[1].lemma = "be"
        return coordination.unfuse(doc, (0,))

    assert ready("am", "VBP") is None
    assert ready("was", "VBD") is not None


def test_inner_connective_trim_keeps_the_quote_that_closes_the_sentence(rules):
    """"' I was surprised because I hardly play doubles . '": the final mark and the quote
    after it are the sentence's end, kept so the quotation closes."""
    inner = Engine(rules.only("inner_connective"))
    example = inner.unfuse(document(
        "'/``/punct/2 I/PRP/nsubj/2 was/VBD/ROOT/- surprised/JJ/acomp/2 because/IN/mark/8 "
        "I/PRP/nsubj/8 hardly/RB/advmod/8 play/VBP/advcl/2 doubles/NNS/dobj/8 ././punct/2 "
        "'/''/punct/2"
    ), (0,))
    assert example is not None
    assert example.incoherent_second_sentence == "I hardly play doubles . '"


def test_a_shared_negation_and_a_participle_after_do_in_verb_phrase_coordination(rules):
    """"He ca n't go and accuse me" is not "He ca n't accuse me": the negation is over both
    together. "He did n't play but trained" (the tagger reading "trained" as a participle)
    gives "He trained", with no "did" to share."""
    coordination = Engine(rules.only("verb_phrase_coordination"))
    go = document(
        "He/PRP/nsubj/3 ca/MD/aux/3 n't/RB/neg/3 go/VB/ROOT/- there/RB/advmod/3 and/CC/cc/3 "
        "accuse/VB/conj/3 me/PRP/dobj/6 ././punct/3"
    )
    assert coordination.unfuse(go, (0,)) is None
    played = document(
        "He/PRP/nsubj/3 did/VBD/aux/3 n't/RB/neg/3 play/VB/ROOT/- but/CC/cc/3 "
        "trained/VBN/conj/3 ././punct/3"
    )
    played.sentences[0].tokens[1].lemma = "do"
    example = coordination.unfuse(played, (0,))
    assert example is not None and example.incoherent_second_sentence == "He trained ."


def test_yaml_reads_no_on_and_off_as_the_words(tmp_path, annotator):
    # YAML 1.1 would read the variable "no" and the words "no", "on" and "off" as booleans;
    # rule files read them as written (only true and false are booleans).
    write(
        tmp_path,
        """
        rules:
          - name: comma_no
            type: SINGLE_S_COORD
            input: single
            priority: 1
            when:
              - token: no
                text: [no, on, off]
                range: [3, "|Z|-1"]
              - token: no-1
                text: ","
            do:
              - split: {list: Z, at: no-1, into: [A, B]}
              - delete: {list: B, at: 1}
        """,
    )
    _, example = unfuse_texts(
        Engine(load_rules(tmp_path)), annotator, ["It rained all day , no fans came ."],
        pretokenized=True,
    )
    assert (example.incoherent_first_sentence, example.incoherent_second_sentence) == (
        "It rained all day .", "No fans came ."
    )


def test_no_clause_coordination_at_a_noun_member_set_off_by_commas(engine):
    # "... up for grabs and Jones , or even Brown , could start": hand-parsed as the small
    # model reads such a sentence, "Brown" the subject of "start" and "or" on "be". The
    # comma between the one-word subject and its verb marks a member of "Jones , or even
    # Brown ,", which "could start" shares: no split. Without that comma it is a clause.
    def unfused(after_brown: str):
        spec = (
            "The/DT/det/1 shirt/NN/nsubj/3 could/MD/aux/3 be/VB/ROOT/- up/IN/prep/3 "
            "for/IN/prep/4 grabs/NNS/pobj/5 and/CC/cc/6 Jones/NNP/conj/6 ,/,/punct/3 "
            f"or/CC/cc/3 even/RB/advmod/12 Brown/NNP/nsubj/{after_brown} "
            "././punct/3"
        )
        example = engine.unfuse(document(spec), (0,))
        return example and example.discourse_type

    assert unfused("15 ,/,/punct/15 could/MD/aux/15 start/VB/conj/3") is None
    assert unfused("14 could/MD/aux/14 start/VB/conj/3") == "SINGLE_S_COORD"
    assert unfused("15 ,/,/punct/12 could/MD/aux/15 start/VB/conj/3") is None  # (the comma
    # hung on the subject, as in the document's parse)


def test_a_but_clause_hung_on_a_subordinate_clause_contrasts_with_the_main_one(engine):
    # "France have been criticised ... as they have ground their way to victory but captain
    # Pelous sees hope": hand-parsed as the small model read it in its document, "sees" a
    # conjunct of the "as" clause's verb. A "but" clause there is the main clause's contrast;
    # an "and" clause may go on with the "as" clause, and stays.
    def unfused(conjunction: str):
        spec = (
            "Leeds/NNP/nsubjpass/2 were/VBD/auxpass/2 criticised/VBN/ROOT/- as/IN/mark/5 "
            "they/PRP/nsubj/5 lost/VBD/advcl/2 twice/RB/advmod/5 "
            f"{conjunction}/CC/cc/5 the/DT/det/9 captain/NN/nsubj/10 sees/VBZ/conj/5 "
            "hope/NN/dobj/10 ././punct/2"
        )
        return engine.unfuse(document(spec), (0,))

    example = unfused("but")
    assert example.discourse_type == "SINGLE_S_COORD"
    assert example.incoherent_first_sentence == "Leeds were criticised as they lost twice ."
    assert example.incoherent_second_sentence == "The captain sees hope ."
    assert unfused("and") is None


def _kind(engine, spec: str):
    example = engine.unfuse(document(spec), (0,))
    return example and example.discourse_type


def test_no_verb_phrase_coordination_at_a_bare_verb_joined_to_a_finite_one(engine):
    # "had genuine hopes ... but come August , ... Paul Brizzel was ...": hand-parsed as the
    # small model read it, "come" a bare conjunct of "had". A finite conjunct is one.
    def spec(verb: str) -> str:
        return (
            f"Many/JJ/amod/1 fans/NNS/nsubj/2 had/VBD/ROOT/- hopes/NNS/dobj/2 but/CC/cc/2 "
            f"{verb}/conj/2 May/NNP/npadvmod/5 ././punct/2"
        )

    assert _kind(engine, spec("lost/VBD")) == "SINGLE_VP_COORD"
    assert _kind(engine, spec("come/VB")) is None
    assert _kind(engine, spec("quit/VB")) == "SINGLE_VP_COORD"  # a past spelled as the base


def test_no_verb_phrase_coordination_past_a_clause_hung_on_a_noun(engine):
    # "the male deposits a bundle , and the female picks it up and inserts it": the parser
    # hung "picks" on the noun before it; "inserts" is the female's, not the root subject's
    plain = (
        "The/DT/det/1 male/NN/nsubj/2 drops/VBZ/ROOT/- a/DT/det/4 packet/NN/dobj/2 "
        "and/CC/cc/2 stores/VBZ/conj/2 it/PRP/dobj/6 ././punct/2"
    )
    assert _kind(engine, plain) == "SINGLE_VP_COORD"
    misparsed = (
        "The/DT/det/1 male/NN/nsubj/2 drops/VBZ/ROOT/- a/DT/det/4 packet/NN/dobj/2 "
        ",/,/punct/4 and/CC/cc/4 the/DT/det/9 female/JJ/amod/9 picks/VBZ/conj/4 "
        "it/PRP/dobj/9 and/CC/cc/2 stores/VBZ/conj/2 it/PRP/dobj/12 ././punct/2"
    )
    assert _kind(engine, misparsed) is None


def test_no_apposition_for_a_name_right_after_a_fronted_phrase(engine):
    # "According to the Angolan Minister of Economy , Abraao Gourgel , the financial market
    # of the country grew": the name is the minister's appositive, not the market's head
    # (after another fronted phrase the apposition stands: "In 2002 , Anna Berg , the mayor")
    def spec(opening: str) -> str:
        size = len(opening.split())
        return (
            f"{opening} Anna/NNP/compound/{size + 1} Berg/NNP/nsubj/{size + 6} "
            f",/,/punct/{size + 1} the/DT/det/{size + 4} market/NN/appos/{size + 1} "
            f",/,/punct/{size + 1} grew/VBD/ROOT/- ././punct/{size + 6}"
        )

    assert _kind(engine, spec("In/IN/prep/9 2002/CD/pobj/0 ,/,/punct/9")) == "SINGLE_APPOSITION"
    opening = "According/VBG/prep/11 to/IN/prep/0 the/DT/det/3 mayor/NN/pobj/1 ,/,/punct/11"
    assert _kind(engine, spec(opening)) is None


def test_no_sentence_coordination_after_a_root_participle_with_its_doer(engine):
    # "the International Gendarmerie joined by Isa Boletini and his men , ... , and northern
    # Mirdita Catholics were defeated": "joined by" modifies the first subject, which the
    # parser made a clause's; a finite "joined" with a "by" phrase of place is a clause
    def spec(verb: str, by: str) -> str:
        return (
            f"The/DT/det/1 army/NN/nsubj/2 {verb}/ROOT/- by/IN/{by}/2 Hale/NNP/pobj/3 "
            "and/CC/cc/2 the/DT/det/7 rebels/NNS/nsubjpass/9 were/VBD/auxpass/9 "
            "beaten/VBN/conj/2 ././punct/2"
        )

    assert _kind(engine, spec("stood/VBD", "prep")) == "SINGLE_S_COORD"
    assert _kind(engine, spec("joined/VBN", "agent")) is None


def test_no_sentence_coordination_cut_from_a_list_of_three_clauses(engine):
    # "the cornea becomes more dome - shaped , the lens becomes flatter , and eyelids develop":
    # hand-parsed as the small model read it. Cut at "and", the first part would join two
    # clauses by a comma alone, whatever the second subject opens with ("the lens"); a
    # fronted "when" clause the parser hung on its own second verb is no such clause.
    def spec(opening: str) -> str:
        return (
            f"{opening} ,/,/punct/11 the/DT/det/10 town/NN/nsubj/11 lost/VBD/ROOT/- "
            "its/PRP$/poss/13 trade/NN/dobj/11 ,/,/punct/11 and/CC/cc/11 many/JJ/amod/17 "
            "families/NNS/nsubj/18 moved/VBD/conj/11 away/RB/advmod/18 ././punct/18"
        )

    clause = (
        "The/DT/det/2 old/JJ/amod/2 roads/NNS/nsubj/3 flooded/VBD/ccomp/11 in/IN/prep/3 "
        "the/DT/det/7 spring/NN/compound/7 rains/NNS/pobj/4"
    )
    assert _kind(engine, spec(clause)) is None
    fronted = (
        "When/WRB/advmod/3 the/DT/det/2 roads/NNS/nsubj/3 flooded/VBD/advcl/7 and/CC/cc/3 "
        "the/DT/det/6 bridges/NNS/nsubj/7 failed/VBD/ccomp/11"
    )
    assert _kind(engine, spec(fronted)) == "SINGLE_S_COORD"
