"""Rule files -> compiled `Rule`s and a `RuleSet`, validated once with file, line and rule name.

A rules directory holds YAML files with a top-level `lists:` mapping (named lists) and/or `rules:`
list. Every rule is checked when loaded: unknown keys, conditions, operations, lists, labels, tags,
variables used before they are bound. Nothing in a rule file can run code: it is data read with a
safe loader and interpreted by the condition and operation classes.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from discofuse import DEFAULT_RULES_DIR  # noqa: F401  (re-exported by discofuse.engine)
from discofuse.engine.conditions import (
    CURRENT_BUDGET,
    Bindings,
    CompileScope,
    Condition,
    ConditionStats,
    SearchBudget,
    compile_conditions,
    search,
)
from discofuse.engine.language import DISCOURSE_TYPES, EXAMPLE_KEYS, RULE
from discofuse.engine.named_lists import NamedLists
from discofuse.engine.operations import Operation, OperationFailed, compile_operations
from discofuse.engine.state import State
from discofuse.engine.yaml_source import (
    RuleError,
    RuleErrors,
    column_of,
    line_of,
    load_yaml,
    raise_problems,
)

INPUT_LISTS = {"single": ["Z"], "pair": ["A", "B"]}
RULE_KEYS = RULE.key_names
REQUIRED_RULE_KEYS = RULE.required


@dataclass
class RuleExample:
    """Embedded test: `text` (one sentence, or two for a pair) and the expected output, or none."""

    text: list[str]
    output: list[str] | None
    line: int
    type: str = ""


@dataclass
class Rule:
    name: str
    type: str
    input: str
    priority: int
    conditions: list[Condition]
    operations: list[Operation]
    output: tuple[str, str]
    connective: str | None = None
    anaphora: str | None = None  # name of the PAIR_ANAPHORA rule run on this rule's A and B
    anaphora_type: str | None = None
    standalone: bool = True  # False: only used as another rule's anaphora step
    extended: bool = False  # beyond the paper: loaded only for the "extended" rule set
    description: str = ""
    examples: list[RuleExample] = field(default_factory=list)
    file: str = ""
    line: int = 0

    @functools.cached_property
    def inserted_words(self) -> frozenset[str]:
        """Literal words this rule's operations may add (the only new words it may output),
        lower-cased: the sentence's start may capitalize one ("the" -> "The")."""
        return frozenset(
            word.lower() for operation in self.operations for word in operation.literal_words
        )

    @property
    def where(self) -> str:
        return f"{self.file}:{self.line}"

    def match(self, state: State, stats: list[ConditionStats] | None = None) -> Bindings | None:
        """The first binding under which all conditions hold, or None; a search longer than
        MAX_SEARCH_STEPS raises SearchBudgetExceeded."""
        token = CURRENT_BUDGET.set(SearchBudget())
        try:
            for bindings in search(self.conditions, state, {}, stats):
                return bindings
            return None
        finally:
            CURRENT_BUDGET.reset(token)

    def execute(self, state: State, bindings: Bindings, on_step=None) -> None:
        """Run the operations in order; `on_step(operation, state)` after each. Raises
        OperationFailed when the rule declines, RuleCrashed when an operation fails otherwise."""
        for operation in self.operations:
            try:
                operation.apply(state, bindings)
            except OperationFailed:
                raise
            except (IndexError, KeyError, ValueError, TypeError) as error:
                raise RuleCrashed(
                    f"{operation.source}: {error!r}", self.file, self.line, self.name
                ) from error
            if on_step is not None:
                on_step(operation, state)


class CandidateError(RuleError):
    """A rule could not be run to its end on one candidate: the candidate is dropped and
    counted as `reason` (never taken for "no rule applies"), and the document goes on."""

    reason = "rule_error"



class RuleCrashed(CandidateError):
    """An operation raised an error that is no decline (an index out of range, a missing
    binding): a bug of the rule or the engine, counted as `rule_error`, never hidden as a
    rule that did not apply (the shipped rules have none on the dev rows, a test says)."""

    reason = "rule_error"


@dataclass
class RuleSet:
    rules: list[Rule]
    lists: NamedLists
    sources: list[str]

    @property
    def inserted_words(self) -> frozenset[str]:
        """Every literal word any rule may add: what the output audit allows beyond the input."""
        return frozenset(word for rule in self.rules for word in rule.inserted_words)

    def for_input(self, kind: str) -> list[Rule]:
        """Rules tried on their own for 'single' or 'pair' candidates, in priority order."""
        return [rule for rule in self.rules if rule.input == kind and rule.standalone]

    def get(self, name: str) -> Rule:
        for rule in self.rules:
            if rule.name == name:
                return rule
        raise RuleError(f"no rule named '{name}'")

    def only(self, name: str) -> RuleSet:
        """The same set restricted to one rule (plus the anaphora rule it combines with)."""
        chosen = [self.get(name)]
        if chosen[0].anaphora and chosen[0].anaphora != name:
            chosen.append(self.get(chosen[0].anaphora))
        return RuleSet(chosen, self.lists, self.sources)


def _rule_error(message: str, file: str, node: Any, rule: str = "") -> RuleError:
    return RuleError(message, file=file, line=line_of(node), rule=rule, column=column_of(node))


def compile_rule(node: Mapping, lists: NamedLists, file: str) -> Rule:
    """One rule, compiled; every problem in it is reported together (RuleErrors), each with
    its file, line and column."""
    name = str(node.get("name", "")) if isinstance(node, Mapping) else ""
    if not isinstance(node, Mapping):
        raise _rule_error("each entry of 'rules' must be a mapping", file, node)
    problems: list[RuleError] = []

    def problem(message: str) -> None:
        problems.append(_rule_error(message, file, node, name))

    unknown = sorted(set(node) - RULE_KEYS)
    if unknown:
        problem(f"unknown key(s) {', '.join(unknown)}")
    missing = sorted(REQUIRED_RULE_KEYS - set(node))
    if missing:
        problem(f"missing key(s) {', '.join(missing)}")
    if "type" in node and node["type"] not in DISCOURSE_TYPES:
        problem(f"unknown discourse type '{node['type']}'")
    kind = str(node.get("input", "single"))
    if kind not in INPUT_LISTS:
        problem("input must be 'single' or 'pair'")
        kind = "single"  # to go on checking the conditions
    if "priority" in node and not isinstance(node["priority"], int):
        problem("priority must be an integer")
    scope = CompileScope(
        lists=lists,
        list_names=set(INPUT_LISTS[kind]),
        default_list="Z" if kind == "single" else "B",
        file=file,
        rule=name,
    )
    for key in ("when", "do"):
        if key in node and not isinstance(node[key], list):
            problem(f"'{key}' must be a list")
    with scope.at("when"):
        conditions = compile_conditions(_list(node.get("when")), scope)
    with scope.at("do"):
        operations = compile_operations(_list(node.get("do")), scope)
    output = node.get("output", ["A", "B"])
    if not isinstance(output, list) or len(output) != 2:
        problem("'output' must name two lists")
    elif not scope.problems:  # (an operation that failed may have made the lists)
        for list_name in output:
            try:
                scope.list_name(node, list_name)
            except RuleError as error:
                problems.append(error)
    connective = node.get("connective")
    if connective is not None:
        scope.used.add(str(connective))
    if connective is not None and connective not in scope.bound and not scope.problems:
        problem(f"connective '{connective}' is not a bound phrase")
    anaphora = node.get("anaphora")
    if anaphora is not None and not isinstance(anaphora, str):
        problem("'anaphora' names the PAIR_ANAPHORA rule to combine with")
    anaphora_type = node.get("anaphora_type")
    if anaphora and anaphora_type not in DISCOURSE_TYPES:
        problem("a rule with 'anaphora' needs a valid anaphora_type")
    if anaphora and list(output) != ["A", "B"]:
        problem("a rule combined with anaphora must output [A, B]")
    flags = {}
    for key, default in (("standalone", True), ("extended", False)):
        try:
            flags[key] = _flag(node, key, default, file)
        except RuleError as error:
            problems.append(error)
    try:
        examples = _examples(node, kind, file, name)
    except RuleError as error:
        problems.append(error)
    problems += scope.problems
    if not problems:
        problems += scope.unused_searches()
    raise_problems(sorted(problems, key=lambda e: (e.line, e.column)))
    return Rule(
        name=name,
        type=str(node["type"]),
        input=kind,
        priority=node["priority"],
        conditions=conditions,
        operations=operations,
        output=(str(output[0]), str(output[1])),
        connective=connective,
        anaphora=anaphora,
        anaphora_type=anaphora_type,
        standalone=flags["standalone"],
        extended=flags["extended"],
        description=str(node.get("description", "")),
        examples=examples,
        file=file,
        line=line_of(node),
    )


def _list(value: Any) -> list:
    return value if isinstance(value, list) else []


def _examples(node: Mapping, kind: str, file: str, name: str) -> list[RuleExample]:
    examples = []
    expected_parts = 1 if kind == "single" else 2
    for entry in node.get("examples", []) or []:
        keys = {key.name for key in EXAMPLE_KEYS}
        required = {key.name for key in EXAMPLE_KEYS if key.required}
        if not isinstance(entry, Mapping) or not required <= set(entry) or set(entry) - keys:
            raise _rule_error(
                "an example has 'text', 'output' and optionally 'type'", file, entry, name
            )
        text = entry["text"] if isinstance(entry["text"], list) else [entry["text"]]
        output = entry["output"]
        if len(text) != expected_parts or not isinstance(output, list) or len(output) != 2:
            raise _rule_error(
                f"an example of a {kind} rule has {expected_parts} text(s) and a 2-sentence output",
                file,
                entry,
                name,
            )
        example_type = str(entry.get("type", node["type"]))
        if example_type not in DISCOURSE_TYPES:
            raise _rule_error(f"example type '{example_type}' is unknown", file, entry, name)
        examples.append(
            RuleExample(
                [str(t) for t in text], [str(o) for o in output], line_of(entry), example_type
            )
        )
    for entry in node.get("counter_examples", []) or []:
        text = entry if isinstance(entry, list) else [entry]
        if len(text) != expected_parts:
            raise _rule_error(
                f"a counter-example of a {kind} rule has {expected_parts} text(s)", file, node, name
            )
        examples.append(RuleExample([str(t) for t in text], None, line_of(node)))
    return examples


RULE_SETS = ("paper", "extended")
"""The shipped rule sets: the paper's rules (Table 14), and those plus the rules marked
`extended: true` (phenomena beyond the paper)."""


def rule_source(value: str | Path | None) -> tuple[Path, bool]:
    """A `--rules` value as (folder, extended): "paper" (the default) or "extended" for the
    shipped rules, else a folder of the user's own rules (its extended rules are off)."""
    if value is None or str(value) == "paper":
        return DEFAULT_RULES_DIR, False
    if str(value) == "extended":
        return DEFAULT_RULES_DIR, True
    return Path(value), False


def _flag(node: Mapping, key: str, default: bool, file: str) -> bool:
    """A yes/no rule key: a YAML boolean, never a string ("false" would read as true)."""
    value = node.get(key, default)
    if not isinstance(value, bool):
        raise RuleError(
            f"'{key}' must be true or false, not {value!r}", file, line_of(node), node.get("name")
        )
    return value


RULE_FILE_SUFFIXES = (".yaml", ".yml")


def rule_files(directory: Path) -> list[Path]:
    """A rule folder's files (`.yaml` or `.yml`, in any case: "LISTS.YAML" too), in load
    order: the one reader of rule sources, used by `load_rules`, by the pipeline that ships
    them to its workers and by the provenance hash. A name that is no regular file (a FIFO
    would block every reader) is an error."""
    files = sorted(
        path for path in directory.glob("*") if path.suffix.lower() in RULE_FILE_SUFFIXES
    )
    for path in files:
        if not path.is_file():
            raise RuleError("not a regular file", file=str(path))
    return files


def load_rules(directory: str | Path = "paper", extended: bool | None = None) -> RuleSet:
    """Load and compile every `*.yaml` (or `*.yml`) file of a rule folder (lists first, then rules); also
    takes a rule set's name (`rule_source`). Rules marked `extended` load only when
    `extended` (or the "extended" set) asks for them."""
    directory, named_extended = rule_source(directory)
    extended = named_extended if extended is None else extended
    files = rule_files(directory)
    if not files:
        raise RuleError(f"no *.yaml or *.yml rule files in {directory}")
    errors: list[RuleError] = []  # every problem, reported together at the end
    parsed = []
    for path in files:
        try:
            parsed.append((str(path), load_yaml(path)))
        except RuleError as error:
            errors.append(error)
    lists = NamedLists()
    for file, data in parsed:
        if data is None:
            continue
        if not isinstance(data, Mapping) or set(data) - {"lists", "rules"}:
            errors.append(RuleError(
                "a rule file has top-level keys 'lists' and/or 'rules'", file, line_of(data)
            ))
            continue
        if "lists" in data:
            if not isinstance(data["lists"], Mapping):
                errors.append(RuleError("'lists' must be a mapping of name: [entries]", file,
                                        line_of(data)))
                continue
            try:
                lists.add_file(data["lists"], file)
            except RuleError as error:
                errors.append(error)
    rules: list[Rule] = []
    seen: dict[str, Rule] = {}
    for file, data in parsed:
        if not isinstance(data, Mapping):
            continue
        for node in data.get("rules", []) or []:
            try:
                rule = compile_rule(node, lists, file)
            except RuleErrors as problems:
                errors += problems.errors
                continue
            except RuleError as error:
                errors.append(error)
                continue
            if rule.name in seen:
                errors.append(RuleError(
                    f"duplicate rule name (first defined at {seen[rule.name].where})",
                    file,
                    rule.line,
                    rule.name,
                ))
                continue
            seen[rule.name] = rule
            rules.append(rule)
    for rule in rules:
        target = seen.get(rule.anaphora) if rule.anaphora else None
        if rule.anaphora and (target is None or target.type != "PAIR_ANAPHORA"):
            errors.append(RuleError(
                f"anaphora: '{rule.anaphora}' is not a PAIR_ANAPHORA rule",
                rule.file,
                rule.line,
                rule.name,
            ))
    raise_problems(errors)
    rules = [rule for rule in rules if extended or not rule.extended]
    rules.sort(key=lambda rule: rule.priority)
    return RuleSet(rules=rules, lists=lists, sources=[str(path) for path in files])



