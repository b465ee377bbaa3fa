"""The rule debugger behind `discofuse debug`, one-shot (`--text`) or interactive with history.

Type one sentence, or a pair as `First sentence. || Second sentence.`; lines starting with ":" are
commands (`:help`).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import textwrap
from dataclasses import asdict
from pathlib import Path

from discofuse.annotate.spacy_backend import SpacyAnnotator
from discofuse.annotate.text_input import PAIR_MARKER
from discofuse.audit import REASONS, Auditor
from discofuse.engine import Engine, RuleError, RuleSet, Trace, load_rules
from discofuse.engine.language import CONDITIONS, OPERATIONS, construct, help_text
from discofuse.errors import BadInputError
from discofuse.render import example_text, parse_table, trace_text
from discofuse.unfusion import annotate_candidate, split_pair, unfuse_candidate

HISTORY_FILE = Path(os.environ.get("DISCOFUSE_HISTORY", Path.home() / ".discofuse_history"))
HELP = f"""Type a sentence, or a pair as: First sentence. {PAIR_MARKER} Second sentence.
Commands:
  :rules            list the rules in priority order
  :rule NAME        try only rule NAME (with anaphora if it combines); ':rule' alone: all rules
  :all              toggle explaining every rule, not only those tried before the match
  :reload           re-read the rule files
  :parse            toggle the parse table
  :json             toggle JSON output
  :explain NAME     a rule's description, conditions, operations and examples
  :help             this text; ':help KEY' for a condition or operation (token, edge, split,
                    ...) or 'rule' for a rule's keys (docs/rule-language.md has them all)
  :quit             leave (or Ctrl-D)"""


def explain_rule(rule) -> str:
    """`:explain NAME`: what the rule is, where, and its conditions, operations and examples."""
    lines = [f"{rule.name} ({rule.type}, {rule.input}, priority {rule.priority}) at {rule.where}"]
    if rule.description:
        lines.append(textwrap.fill(" ".join(rule.description.split()), 92,
                                   initial_indent="  ", subsequent_indent="  "))
    lines.append("  when:")
    lines += [f"    {n}. {condition.source}" for n, condition in enumerate(rule.conditions, 1)]
    lines.append("  do:")
    lines += [f"    {n}. {operation.source}" for n, operation in enumerate(rule.operations, 1)]
    for example in rule.examples:
        text = " || ".join(example.text)
        if example.output is None:
            lines.append(f"  counter-example: {text}")
        else:
            lines.append(f"  example: {text}\n        -> {' || '.join(example.output)}")
    return "\n".join(lines)


def command_line_text(text: str) -> str:
    """Text from the command line as it was meant: bytes that were not UTF-8 (kept by Python as
    lone surrogates, which the parser cannot take) are read as Windows-1252, as `unfuse` reads
    such lines ("caf\xe9" -> "café")."""
    try:
        raw = text.encode("utf-8", "surrogateescape")
    except UnicodeEncodeError:  # a surrogate no byte stands for: replaced
        return text.encode("utf-8", "replace").decode("utf-8")
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return raw.decode("cp1252", "replace")


class DebugSession:
    """State of one debugging session: rules (reloadable), the annotator and display options."""

    def __init__(self, args: argparse.Namespace):
        self.rules_dir = args.rules
        self.only = args.rule
        self.explain_all = args.all
        self.as_json = args.json
        self.show_parse = True
        self.pretokenized = args.pretokenized
        self.annotator = SpacyAnnotator(coref=args.coref)
        self.rules: RuleSet = load_rules(self.rules_dir)
        self.auditor = Auditor(self.annotator.parse_many, self.rules.inserted_words)
        self._check_only()

    def _check_only(self) -> None:
        if self.only:
            self.rules.only(self.only)  # raises RuleError for an unknown name

    def active_rules(self) -> RuleSet:
        return self.rules.only(self.only) if self.only else self.rules

    def reload(self) -> str:
        self.rules = load_rules(self.rules_dir)
        self.auditor = Auditor(self.annotator.parse_many, self.rules.inserted_words)
        return f"reloaded {len(self.rules.rules)} rules from {len(self.rules.sources)} files"

    def explain(self, text: str) -> str:
        texts = split_pair(text)
        rule_sets = [self.active_rules()]
        if self.explain_all:
            rule_sets = [self.rules.only(rule.name) for rule in self.active_rules().rules]
        document = annotate_candidate(self.annotator, texts, self.pretokenized)
        runs = []
        for rules in rule_sets:
            trace = Trace()
            example = unfuse_candidate(Engine(rules), document, texts, trace)
            runs.append((rules, trace, example, self.audit(example, document)))
        if self.as_json:
            return json.dumps(
                {
                    "document": document.to_dict(),
                    "runs": [
                        {
                            "rules": [rule.name for rule in rules.rules],
                            "trace": [_trace_record(record) for record in trace.rules],
                            "example": asdict(example) if example else None,
                            "audit": audit,
                        }
                        for rules, trace, example, audit in runs
                    ],
                },
                ensure_ascii=False,
            )
        parts = []
        if self.show_parse:
            parts.append(parse_table(document))
        if len(document.sentences) != len(texts):
            parts.append(
                f"note: the parser read {len(document.sentences)} sentence(s) where "
                f"{len(texts)} were given; use {PAIR_MARKER} between the two sentences of a pair"
            )
        for rules, trace, example, audit in runs:
            parts.append(trace_text(trace, rules))
            parts.append(example_text(example))
            if audit:
                parts.append(f"audit: dropped as {audit} ({REASONS[audit]}): generate would not "
                             "write this example")
        return "\n\n".join(parts)

    def audit(self, example, document) -> str:
        """What `generate`'s output audit says of the example: '' when it keeps it (or there
        is nothing to audit: no example, or the original pair itself)."""
        if example is None or example.discourse_type == "PAIR_NONE":
            return ""
        return self.auditor.reasons([(example, document.sentences)])[0]

    def command(self, line: str) -> str | None:
        """Handle a ':' command; None means quit."""
        name, _, argument = line[1:].strip().partition(" ")
        if name in ("q", "quit", "exit"):
            return None
        if name == "help":
            if not argument.strip():
                return HELP
            item = construct(argument.strip())
            if item is None:
                known = ", ".join(["rule", *CONDITIONS, *OPERATIONS])
                return f"no condition or operation '{argument.strip()}' (known: {known})"
            return help_text(item)
        if name == "explain":
            try:
                rule = self.rules.get(argument.strip())
            except RuleError as error:
                return str(error)
            return explain_rule(rule)
        if name == "rules":
            return "\n".join(
                f"{rule.priority:>4}  {rule.name:<28} {rule.type:<20} {rule.where}"
                for rule in self.rules.rules
            )
        if name == "rule":
            previous, self.only = self.only, argument.strip() or None
            try:
                self._check_only()
            except RuleError as error:
                self.only = previous
                return str(error)
            return f"trying only {self.only}" if self.only else "trying all rules"
        if name == "all":
            self.explain_all = not self.explain_all
            return f"explain every rule: {'on' if self.explain_all else 'off'}"
        if name == "reload":
            return self.reload()
        if name == "parse":
            self.show_parse = not self.show_parse
            return f"parse table: {'on' if self.show_parse else 'off'}"
        if name == "json":
            self.as_json = not self.as_json
            return f"JSON output: {'on' if self.as_json else 'off'}"
        return f"unknown command :{name} (try :help)"


def _trace_record(record) -> dict:
    return {
        "rule": record.rule,
        "type": record.type,
        "matched": record.matched,
        "outcome": record.outcome,
        "anaphora_declines": list(dict.fromkeys(record.anaphora_declines)),
        "conditions": [
            {"condition": source, "tried": stats.tried, "held": stats.passed}
            for source, stats in record.conditions
        ],
        "bindings": record.bindings,
        "steps": [{"operation": source, "lists": lists} for source, lists in record.steps],
    }


def run_debugger(args: argparse.Namespace) -> int:
    session = DebugSession(args)
    if args.text is not None:
        print(session.explain(command_line_text(args.text)))
        return 0
    return interactive(session)


def interactive(session: DebugSession) -> int:
    try:
        import readline

        if HISTORY_FILE.exists():
            readline.read_history_file(HISTORY_FILE)
    except (ImportError, OSError):
        readline = None  # type: ignore[assignment]
    print(f"discofuse rule debugger: {len(session.rules.rules)} rules. :help for commands.")
    if hasattr(sys.stdin, "reconfigure"):  # a line that is not UTF-8 is read, not fatal
        sys.stdin.reconfigure(errors="surrogateescape")
    try:
        while True:
            try:
                line = input("discofuse> ").strip()
            except EOFError:
                print()
                break
            except KeyboardInterrupt:  # Ctrl-C clears the line, as in a shell; Ctrl-D leaves
                print("^C")
                continue
            if not line:
                continue
            if line.startswith(":"):
                reply = session.command(line)
                if reply is None:
                    break
                print(reply)
                continue
            try:
                print(session.explain(command_line_text(line)))
            except RuleError as error:
                print(f"rule error: {error}")
            except BadInputError as error:
                print(f"input error: {error}")
            except KeyboardInterrupt:
                print("^C (interrupted)")
    finally:
        if readline is not None:
            try:
                readline.write_history_file(HISTORY_FILE)
            except OSError:
                pass
    return 0
