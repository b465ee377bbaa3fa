"""The rule debugger: one-shot text and JSON output, and the interactive session's commands."""

from __future__ import annotations

import json
import os
import subprocess
import sys

from discofuse.cli import main

SENTENCE = "Carlos Ruiz ordered his first shot to be retaken because Brazilian players entered the area before his kick."


def test_one_shot_trace_is_readable(capsys):
    assert main(["debug", "--text", SENTENCE]) == 0
    out = capsys.readouterr().out
    assert "i   token" in out and "entered" in out  # parse table
    assert "coreference:" in out
    assert "[MATCH] inner_connective (SINGLE_CONN_INNER" in out
    assert "step 1: split(list=Z, at=i, into=['A', 'B'])" in out
    assert "example: SINGLE_CONN_INNER_ANAPHORA  connective='because'" in out
    assert "2: Brazilian players entered the area before Carlos Ruiz 's kick ." in out


def test_one_shot_json_and_rule_restriction(capsys):
    assert main(["debug", "--text", SENTENCE, "--json", "--rule", "cataphora"]) == 0
    data = json.loads(capsys.readouterr().out)
    (run,) = data["runs"]
    assert run["rules"] == ["cataphora"]
    (record,) = run["trace"]
    assert record["matched"] is False
    assert record["outcome"].startswith("no match: condition 1 fails")
    assert run["example"] is None


def test_pair_marker_and_explain_every_rule(capsys):
    text = "Anna Reid was elected mayor in 1890. || However, she resigned two winters later."
    assert main(["debug", "--text", text, "--all", "--json"]) == 0
    runs = json.loads(capsys.readouterr().out)["runs"]
    by_rule = {run["rules"][0]: run["example"] for run in runs}
    assert by_rule["pair_backward_connective"]["discourse_type"] == "PAIR_CONN_ANAPHORA"
    assert by_rule["pair_anaphora"]["discourse_type"] == "PAIR_ANAPHORA"
    assert by_rule["cataphora"]["discourse_type"] == "PAIR_NONE"  # a single rule on a pair


def test_interactive_session_commands(tmp_path):
    script = ":rules\n:rule cataphora\n:parse\nCiting rain, the club cancelled the game.\n:rule nope\n:reload\n:quit\n"
    env = {**os.environ, "DISCOFUSE_HISTORY": str(tmp_path / "history")}
    result = subprocess.run(
        [sys.executable, "-m", "discofuse.cli", "debug"],
        input=script,
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "relative_clause" in out and "SINGLE_RELATIVE" in out  # :rules
    assert "trying only cataphora" in out
    assert "parse table: off" in out
    assert "example: SINGLE_CATAPHORA" in out and "The club cited rain ." in out
    assert "no rule named 'nope'" in out
    assert "reloaded" in out


def test_ctrl_c_at_the_prompt_clears_the_line(monkeypatch, capsys, tmp_path):
    """A terminal cannot exist here: `input` stands in for one where the user presses Ctrl-C,
    then types a pair with three parts, then :quit."""
    import argparse

    from discofuse.debugger import DebugSession, interactive

    monkeypatch.setenv("DISCOFUSE_HISTORY", str(tmp_path / "history"))
    replies = iter([KeyboardInterrupt, "One . || Two . || Three .", ":quit"])

    def typed(prompt):
        reply = next(replies)
        if reply is KeyboardInterrupt:
            raise KeyboardInterrupt
        return reply

    monkeypatch.setattr("builtins.input", typed)
    args = argparse.Namespace(rules="paper", rule=None, all=False, json=False,
                              pretokenized=True, coref="discofuse")
    assert interactive(DebugSession(args)) == 0
    out = capsys.readouterr().out
    assert "^C" in out and "input error: 3 parts" in out


def test_the_trace_says_why_a_pronoun_was_kept(capsys):
    text = (
        "The Italians attacked all game and the Irish pack struggled to win the ball . || "
        "When they finally did , O'Driscoll scored ."
    )
    assert main(["debug", "--pretokenized", "-q", "--text", text]) == 0
    out = capsys.readouterr().out
    assert "anaphora: 'they' (s1:1) kept: another group is a subject of the first part" in out


def test_the_trace_says_when_the_output_audit_would_drop_the_example(tmp_path, capsys):
    """A rule that splits at "and" and keeps the conjunction makes a second part with no
    subject: the debugger says generate's audit would drop it, as generate does."""
    (tmp_path / "split.yaml").write_text(
        "rules:\n"
        "  - name: bare_split\n"
        "    type: SINGLE_S_COORD\n"
        "    input: single\n"
        "    priority: 1\n"
        "    when:\n"
        "      - token: i\n"
        "        text: and\n"
        "    do:\n"
        "      - split: {list: Z, at: i, into: [A, B]}\n"
    )
    text = "The home team trained hard all week and won the cup on Sunday."
    assert main(["debug", "--rules", str(tmp_path), "--text", text]) == 0
    out = capsys.readouterr().out
    assert "example: SINGLE_S_COORD" in out and "audit: dropped as" in out
    assert main(["debug", "--rules", str(tmp_path), "--text", text, "--json"]) == 0
    (run,) = json.loads(capsys.readouterr().out)["runs"]
    assert run["example"]["discourse_type"] == "SINGLE_S_COORD" and run["audit"]
    assert main(["debug", "--text", SENTENCE, "--json"]) == 0
    (run,) = json.loads(capsys.readouterr().out)["runs"]
    assert run["example"] and run["audit"] == ""


def test_the_interactive_debugger_reads_a_line_that_is_not_utf8(tmp_path):
    env = {**os.environ, "DISCOFUSE_HISTORY": str(tmp_path / "history")}
    result = subprocess.run(
        [sys.executable, "-m", "discofuse.cli", "debug", "--no-coref"],
        input=b"Le caf\xe9 opened at nine but the queue had formed at dawn.\n:quit\n",
        capture_output=True,
        env=env,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr.decode(errors="replace")
    assert "Le café opened at nine" in result.stdout.decode("utf-8")
