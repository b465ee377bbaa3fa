"""The rule language, declared once: every rule key, condition and operation with its keys,
each with a title, a description and an example.

The compiler takes its key sets from here (`keys`, `required`), `discofuse check-rules
--schema` prints the JSON Schema made from it, `--reference` the Markdown reference kept in
docs/rule-language.md (a test fails when that file is stale), and the debugger's `:help` reads
it. A plain dataclass table rather than pydantic: the compiler already checks values against
the label inventories with file and line, and the table has to drive docs and schema, not
parse; it adds no dependency to the light install.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from discofuse.document import MENTION_KINDS
from discofuse.labels import CANONICAL_LABELS, ENTITY_TYPES, PTB_TAGS, UPOS_TAGS

DISCOURSE_TYPES = (
    "PAIR_ANAPHORA",
    "PAIR_CONN",
    "PAIR_CONN_ANAPHORA",
    "PAIR_NONE",
    "SINGLE_APPOSITION",
    "SINGLE_CATAPHORA",
    "SINGLE_CONN_INNER",
    "SINGLE_CONN_INNER_ANAPHORA",
    "SINGLE_CONN_START",
    "SINGLE_RELATIVE",
    "SINGLE_S_COORD",
    "SINGLE_S_COORD_ANAPHORA",
    "SINGLE_VP_COORD",
)
"""The 13 discourse types of the released data."""

COMMA_MODES = ("forbidden", "optional", "required")

# -- JSON Schema fragments of values --------------------------------------------------------

EXPRESSION = {"type": ["string", "integer"],
              "description": "a position: a number, a variable, |L| (length of list or phrase "
                             "L), or sums and differences of these (i+|S|-1)"}
VARIABLE = {"type": "string", "pattern": r"^[A-Za-z_][A-Za-z0-9_]*$"}
LIST_NAME = {"type": "string", "description": "a token list: Z (single), A and B (pair), or "
                                             "one an operation made"}
NAMED_LIST = {"type": "string", "pattern": r"^\$[A-Za-z_][A-Za-z0-9_]*$",
              "description": "$name: a list under 'lists:' in any rule file"}


def _labels(values: Any) -> dict:
    """One label or a list of labels from an inventory, or $named lists of them."""
    one = {"anyOf": [{"enum": sorted(values)}, NAMED_LIST]}
    return {"anyOf": [one, {"type": "array", "items": one, "minItems": 1}]}


WORDS = {"anyOf": [{"type": "string"}, {"type": "array", "items": {"type": "string"}}]}
RANGE = {"type": "array", "items": EXPRESSION, "minItems": 2, "maxItems": 2,
         "description": "[from, to], both included"}
COPY = {"type": "object", "required": ["list", "from", "to"], "additionalProperties": False,
        "properties": {"list": LIST_NAME, "from": EXPRESSION, "to": EXPRESSION}}
TOKEN_REFERENCE = {"type": "object", "required": ["list", "at"], "additionalProperties": False,
                   "properties": {"list": LIST_NAME, "at": EXPRESSION}}
KINDS = {"anyOf": [{"enum": list(MENTION_KINDS)},
                   {"type": "array", "items": {"enum": list(MENTION_KINDS)}}]}
INFLECT_TENSES = ("past", "auto")  # the first is the default
BE_TENSES = ("present", "past", "auto")


@dataclass(frozen=True)
class Key:
    """One key of a rule, a condition or an operation."""

    name: str
    title: str
    description: str
    example: Any
    value: dict
    required: bool = False
    binds: bool = False  # the value names a variable this key binds (else: refers to)
    makes_lists: bool = False  # the value names token lists this operation makes


@dataclass(frozen=True)
class Construct:
    """A rule, a condition (an entry of `when`) or an operation (an entry of `do`); its first
    key names it."""

    name: str
    kind: str  # "rule", "condition" or "operation"
    title: str
    description: str
    keys: tuple[Key, ...]
    example: Any

    @property
    def key_names(self) -> frozenset[str]:
        return frozenset(key.name for key in self.keys)

    @property
    def required(self) -> frozenset[str]:
        return frozenset(key.name for key in self.keys if key.required)

    @property
    def optional(self) -> frozenset[str]:
        return self.key_names - self.required

    def key(self, name: str) -> Key:
        return next(key for key in self.keys if key.name == name)


def _of(default: str = "Z or B") -> Key:
    return Key("of", "token list", f"The list the positions are in (default {default}: the "
               "sentence of a single rule, the second sentence of a pair rule).", "A",
               LIST_NAME)


def _range_key(what: str) -> Key:
    return Key("range", "search range", f"Where to search for {what} when its position is "
               "not bound yet: [from, to], 1-based, both ends included.", [2, "|Z|-3"], RANGE)


TOKEN_FIELD_KEYS = (
    Key("text", "word", "The token's word, any case; one or a list, or $named lists.",
        [",", ";"], WORDS),
    Key("lemma", "lemma", "The token's lemma, any case.", ["say", "add"], WORDS),
    Key("tag", "PTB tag", "The fine-grained part-of-speech tag (Penn Treebank).",
        ["VBD", "VBZ"], _labels(PTB_TAGS)),
    Key("pos", "universal POS", "The universal part-of-speech tag.", "VERB",
        _labels(UPOS_TAGS)),
    Key("dep", "dependency label", "The dependency label, in the canonical (spaCy English) "
        "scheme; Stanza's UD labels are mapped to it.", ["nsubj", "nsubjpass"],
        _labels(CANONICAL_LABELS)),
    Key("ent", "entity type", "The named-entity type (empty string: none).", "PERSON",
        _labels(ENTITY_TYPES | {""})),
)
TOKEN_FIELDS = frozenset(key.name for key in TOKEN_FIELD_KEYS)

CONDITIONS = {construct.name: construct for construct in (
    Construct(
        "token", "condition", "a token with these properties",
        "Tests the token at a position, or, when `token` names a variable not bound yet, "
        "searches `range` (the whole list without one) and binds it to each token that has "
        "every listed property. A name searched for in the whole list and never used after "
        "is an error (a misspelled variable, not a new search).",
        (Key("token", "position or new variable", "A position expression (test) or an unbound "
             "name (search and bind).", "i+1", EXPRESSION, required=True, binds=True),
         _of(), _range_key("the token"), *TOKEN_FIELD_KEYS),
        {"token": "i+1", "text": ["who", "which"], "dep": "$subject_labels"},
    ),
    Construct(
        "test", "condition", "a comparison",
        "Holds when the chain of comparisons (<, <=, ==, !=, >=, >) over bound variables and "
        "lengths holds.", (Key("test", "comparison", "The comparisons.", "1 < k < i",
                               {"type": "string"}, required=True),),
        {"test": "1 < k < i"},
    ),
    Construct(
        "let", "condition", "a name for a value",
        "Binds a new variable to the value of an expression; always holds.",
        (Key("let", "name: expression", "One new name and its expression.", {"c": "i+|S|-1"},
             {"type": "object", "minProperties": 1, "maxProperties": 1,
              "additionalProperties": EXPRESSION}, required=True, binds=True),),
        {"let": {"c": "i+|S|-1"}},
    ),
    Construct(
        "phrase", "condition", "a phrase from a named list",
        "Binds a phrase variable to the longest entry of a named list found at `at` (or "
        "searched in `range`); a comma before or after it may belong to it.",
        (Key("phrase", "new phrase variable", "The phrase's name; |S| is its length.", "S",
             VARIABLE, required=True, binds=True),
         Key("list", "named list", "The list of phrases (a $name of 'lists:').",
             "$backward_connectives", NAMED_LIST, required=True),
         _of(),
         Key("at", "position or new variable", "Where the phrase starts: a position, or an "
             "unbound name to search for it and bind its start.", 1, EXPRESSION, binds=True),
         _range_key("the phrase"),
         Key("comma_before", "comma before", "Whether a comma before the phrase is part of it.",
             "optional", {"enum": list(COMMA_MODES)}),
         Key("comma_after", "comma after", "Whether a comma after the phrase is part of it.",
             "optional", {"enum": list(COMMA_MODES)})),
        {"phrase": "S", "list": "$backward_connectives", "of": "B", "at": 1,
         "comma_after": "optional"},
    ),
    Construct(
        "edge", "condition", "a dependency edge",
        "Holds for a dependency edge head -> child; the side not bound yet is bound (one side "
        "must be).",
        (Key("edge", "head and child", "{head: ..., child: ...}: positions or one new name.",
             {"head": "v", "child": "i+1"},
             {"type": "object", "required": ["head", "child"], "additionalProperties": False,
              "properties": {"head": EXPRESSION, "child": EXPRESSION}},
             required=True, binds=True),
         _of()),
        {"edge": {"head": "v", "child": "i+1"}},
    ),
    Construct(
        "subtree", "condition", "a token's subtree",
        "Binds the leftmost and/or rightmost position of the subtree under a token (a bracket "
        "closing inside it included), or tests or searches `contains`.",
        (Key("subtree", "root", "The position of the subtree's root.", "v", EXPRESSION,
             required=True),
         _of(),
         Key("leftmost", "new variable", "Bound to the subtree's first position.", "l",
             VARIABLE, binds=True),
         Key("rightmost", "new variable", "Bound to the subtree's last position.", "e",
             VARIABLE, binds=True),
         Key("contains", "position or new variable", "A position the subtree must contain, "
             "or a new name bound to each of its positions.", "k", EXPRESSION, binds=True)),
        {"subtree": "v", "rightmost": "e"},
    ),
    Construct(
        "coref", "condition", "coreferent mentions",
        "Binds the pairs (anaphor in `from`, replacement in `to`) of the document's "
        "coreference that the anaphora policy allows; holds when there is one.",
        (Key("coref", "new variable", "The pairs' name, for replace_mentions.", "M", VARIABLE,
             required=True, binds=True),
         Key("from", "anaphor list", "Where the anaphors are.", "B", LIST_NAME),
         Key("to", "antecedent list", "Where the replacements are.", "A", LIST_NAME),
         Key("kinds", "anaphor kinds", "Which anaphors count (default pronoun and nominal).",
             ["pronoun"], KINDS),
         Key("antecedent_kinds", "antecedent kinds", "Which mentions may show the entity "
             "(default all).", ["proper", "nominal"], KINDS),
         Key("min_confidence", "least probability", "The least resolver probability for a "
             "pronoun (0 to 1).", 0.5, {"type": "number", "minimum": 0, "maximum": 1})),
        {"coref": "M", "from": "B", "to": "A", "kinds": ["pronoun"], "min_confidence": 0.5},
    ),
    Construct(
        "not", "condition", "none of these",
        "Holds when the conditions inside have no solution; binds nothing outside. A name "
        "first used inside is searched for there.",
        (Key("not", "conditions", "One condition or a list.", [{"token": "i-1", "text": ","}],
             {"anyOf": [{"$ref": "#/$defs/condition"},
                        {"type": "array", "items": {"$ref": "#/$defs/condition"}}]},
             required=True),),
        {"not": {"token": "k", "lemma": ["time", "day"]}},
    ),
    Construct(
        "any", "condition", "one of these groups",
        "Holds when one of the alternatives (each a list of conditions) holds; the first that "
        "does binds its names.",
        (Key("any", "alternatives", "A list of condition lists.",
             [[{"token": "j", "tag": "VBD"}], [{"token": "j", "tag": "VBZ"}]],
             {"type": "array", "items": {"type": "array",
                                         "items": {"$ref": "#/$defs/condition"}}},
             required=True),),
        {"any": [[{"token": "j", "tag": "VBD"}], [{"token": "j", "tag": "VBZ"}]]},
    ),
)}

_LIST = Key("list", "token list", "The list the operation changes.", "B", LIST_NAME,
            required=True)
_AT = Key("at", "position", "A 1-based position in the list.", 1, EXPRESSION, required=True)
_WORDS = Key("words", "literal words", "Words to add (the output audit allows them).",
             ["was"], WORDS)
_COPY = Key("copy", "copied tokens",
            "Tokens copied from a list: {list, from, to}; to = from - 1 copies nothing.",
            {"list": "Z", "from": "l", "to": "m"}, COPY)
def _tense(choices: tuple[str, ...]) -> Key:
    return Key("tense", "tense", f"{' or '.join(choices)} (default {choices[0]}; auto: that "
               "of tense_of).", "auto", {"enum": list(choices)})



_TENSE_OF = Key("tense_of", "tense source", "The token whose tense to take: {list, at}.",
                {"list": "Z", "at": "f"}, TOKEN_REFERENCE)

OPERATIONS = {construct.name: construct for construct in (
    Construct("split", "operation", "split a list in two",
              "Splits the list before `at` into two new lists.",
              (_LIST, _AT, Key("into", "new lists", "The names of the two parts.", ["A", "B"],
                               {"type": "array", "items": VARIABLE, "minItems": 2,
                                "maxItems": 2}, required=True, makes_lists=True)),
              {"split": {"list": "Z", "at": "i", "into": ["A", "B"]}}),
    Construct("delete", "operation", "delete tokens",
              "Deletes `count` tokens (default 1) from `at`.",
              (_LIST, _AT, Key("count", "how many", "The number of tokens.", "|S|",
                               EXPRESSION)),
              {"delete": {"list": "B", "at": 1, "count": "|S|"}}),
    Construct("prepend", "operation", "add tokens at the start",
              "Puts words or copied tokens before the list's first token.",
              (_LIST, _WORDS, _COPY),
              {"prepend": {"list": "B", "copy": {"list": "Z", "from": "p", "to": "f"}}}),
    Construct("new_list", "operation", "make a list",
              "Makes a new list of words or copied tokens.",
              (Key("list", "new list", "The name of the list it makes.", "B", LIST_NAME,
                   required=True, makes_lists=True), _WORDS, _COPY),
              {"new_list": {"list": "B", "copy": {"list": "Z", "from": "r", "to": "i-1"}}}),
    Construct("insert", "operation", "insert tokens",
              "Inserts words or copied tokens before `at` (|L|+1: at the end).",
              (_LIST, _AT, _WORDS, _COPY),
              {"insert": {"list": "B", "at": "|B|+1", "words": ["'s"]}}),
    Construct("trim", "operation", "end a clause at its punctuation",
              "Cuts the list at its first punctuation mark after a finite verb (not a list's "
              "comma), unless only the sentence's end, a parenthesis closing before it, or "
              "words that all hang on that verb follow.", (_LIST,),
              {"trim": {"list": "B"}}),
    Construct("replace", "operation", "replace a word",
              "Replaces each occurrence of a word (or the one at `at`) by others.",
              (_LIST, Key("find", "word", "The word to replace.", "who", WORDS, required=True),
               Key("with", "words", "What replaces it.", ["he"], WORDS, required=True),
               Key("at", "position", "Only an occurrence that starts at this 1-based "
                   "position (default: every one).", 1, EXPRESSION)),
              {"replace": {"list": "B", "find": "it", "with": ["the", "club"]}}),
    Construct("replace_mentions", "operation", "replace anaphors",
              "Replaces each anaphor of a coref pair by its replacement (the article and case "
              "adjusted; a possessive keeps 's).",
              (_LIST, Key("pairs", "coref pairs", "The variable a coref condition bound.", "M",
                          VARIABLE, required=True)),
              {"replace_mentions": {"list": "B", "pairs": "M"}}),
    Construct("inflect", "operation", "inflect a verb",
              "Puts the verb at `at` in a finite tense (past, present, or that of tense_of).",
              (_LIST, _AT, _tense(INFLECT_TENSES), _TENSE_OF),
              {"inflect": {"list": "A", "at": 2, "tense": "auto",
                           "tense_of": {"list": "Z", "at": "f"}}}),
    Construct("insert_be", "operation", "insert a form of 'be'",
              "Inserts is/are/was/were before `at`, agreeing with the token at number_of.",
              (_LIST, _AT, Key("number_of", "agreement source", "The token whose number 'be' "
                               "takes: {list, at}.", {"list": "B", "at": 1}, TOKEN_REFERENCE,
                               required=True), _tense(BE_TENSES), _TENSE_OF),
              {"insert_be": {"list": "B", "at": 2, "number_of": {"list": "B", "at": 1},
                             "tense_of": {"list": "Z", "at": "v"}}}),
)}

EXAMPLE_KEYS = (
    Key("text", "input", "One sentence (single rule) or two (pair rule).",
        "The team lost but recovered.", WORDS, required=True),
    Key("output", "expected output", "The two sentences the rule must produce.",
        ["The team lost .", "The team recovered ."],
        {"type": "array", "items": {"type": "string"}, "minItems": 2, "maxItems": 2},
        required=True),
    Key("type", "expected type", "The example's type when not the rule's (an anaphora "
        "variant).", "SINGLE_S_COORD_ANAPHORA", {"enum": list(DISCOURSE_TYPES)}),
)

RULE = Construct(
    "rule", "rule", "a rule",
    "A rule finds a discourse phenomenon (`when`) and unfuses it (`do`); rules run by priority "
    "and the first that applies gives the example.",
    (
        Key("name", "name", "Unique across the rule folder.", "sentence_coordination",
            VARIABLE, required=True),
        Key("type", "discourse type", "The type of the examples it makes.", "SINGLE_S_COORD",
            {"enum": list(DISCOURSE_TYPES)}, required=True),
        Key("input", "candidate", "single: one sentence (list Z); pair: two (A and B).",
            "single", {"enum": ["single", "pair"]}, required=True),
        Key("priority", "priority", "Lower runs first.", 60, {"type": "integer"},
            required=True),
        Key("when", "conditions", "The conditions, all of which must hold.",
            [CONDITIONS["token"].example],
            {"type": "array", "items": {"$ref": "#/$defs/condition"}}, required=True),
        Key("do", "operations", "The operations, run in order.",
            [OPERATIONS["split"].example],
            {"type": "array", "items": {"$ref": "#/$defs/operation"}}, required=True),
        Key("output", "output lists", "The two lists that are the example (default A, B).",
            ["A", "B"], {"type": "array", "items": LIST_NAME, "minItems": 2, "maxItems": 2}),
        Key("connective", "connective phrase", "The phrase variable recorded as the "
            "example's connective.", "S", VARIABLE),
        Key("anaphora", "anaphora rule", "The PAIR_ANAPHORA rule run on this rule's A and B.",
            "clause_anaphora", VARIABLE),
        Key("anaphora_type", "anaphora type", "The type when that rule replaced something.",
            "SINGLE_S_COORD_ANAPHORA", {"enum": list(DISCOURSE_TYPES)}),
        Key("standalone", "runs alone", "false: only another rule's anaphora step.", True,
            {"type": "boolean"}),
        Key("extended", "extended set", "true: beyond the paper, loaded with --rules "
            "extended only.", False, {"type": "boolean"}),
        Key("description", "description", "Why the rule is as it is.", "Table 14, ...",
            {"type": "string"}),
        Key("examples", "examples", "Embedded tests: text and expected output.",
            [{"text": "The team lost but recovered.",
              "output": ["The team lost .", "The team recovered ."]}],
            {"type": "array", "items": {"$ref": "#/$defs/example"}}),
        Key("counter_examples", "counter-examples", "Texts the rule must not unfuse.",
            ["The team lost and drew."],
            {"type": "array", "items": WORDS}),
    ),
    {"name": "sentence_coordination", "type": "SINGLE_S_COORD", "input": "single",
     "priority": 60, "when": ["..."], "do": ["..."]},
)

RULE_FILE_KEYS = ("lists", "rules")


def construct(name: str) -> Construct | None:
    """The rule, condition or operation called `name`, or None."""
    if name == "rule":
        return RULE
    return CONDITIONS.get(name) or OPERATIONS.get(name)


def _construct_schema(item: Construct) -> dict:
    return {
        "type": "object",
        "title": item.title,
        "description": item.description,
        "required": sorted(item.required),
        "additionalProperties": False,
        "properties": {
            key.name: {**key.value, "title": key.title, "description": key.description,
                       "examples": [key.example]}
            for key in item.keys
        },
    }


def json_schema() -> dict:
    """A JSON Schema (draft 2020-12) of a rule file, for editors."""
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": "discofuse rule file",
        "type": "object",
        "additionalProperties": False,
        "properties": {
            "lists": {"type": "object", "description": "Named word and phrase lists ($name).",
                      "additionalProperties": {"type": "array",
                                               "items": {"type": ["string", "array"]}}},
            "rules": {"type": "array", "items": _construct_schema(RULE)},
        },
        "$defs": {
            "condition": {"oneOf": [_construct_schema(c) for c in CONDITIONS.values()]},
            "operation": {"oneOf": [{"type": "object", "required": [o.name],
                                     "additionalProperties": False,
                                     "properties": {o.name: _construct_schema(o)}}
                                    for o in OPERATIONS.values()]},
            "example": {"type": "object", "required": ["text", "output"],
                        "additionalProperties": False,
                        "properties": {k.name: {**k.value, "title": k.title,
                                                "description": k.description}
                                       for k in EXAMPLE_KEYS}},
        },
    }


def _yaml(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)


def help_text(item: Construct) -> str:
    """A construct's help: what it does, its keys, an example."""
    lines = [f"{item.name}: {item.title}", f"  {item.description}", "  keys:"]
    for key in item.keys:
        flags = ", ".join(f for f, on in (("required", key.required), ("binds", key.binds)) if on)
        lines.append(f"    {key.name} ({key.title}{'; ' + flags if flags else ''}): "
                     f"{key.description} e.g. {_yaml(key.example)}")
    lines.append(f"  example: {_yaml(item.example)}")
    return "\n".join(lines)


def _cell(text: str) -> str:
    return text.replace("|", "\\|")


def reference_markdown() -> str:
    """docs/rule-language.md, generated (`discofuse check-rules --reference`)."""
    out = [
        "# The rule language",
        "",
        "Generated from `discofuse/engine/language.py` by `discofuse check-rules --reference`;"
        " do not edit (a test fails when this file is stale). `discofuse check-rules --schema`"
        " prints the same as a JSON Schema for editors.",
        "",
        "A rule file has the top-level keys `lists` (named word and phrase lists, used as "
        "`$name`) and `rules`. Positions are 1-based; an expression is a number, a bound "
        "variable, `|L|` (the length of a list or phrase) or a sum or difference of these. A "
        "key marked *binds* names a new variable when its value is not bound yet; every other "
        "name must be bound by an earlier condition. Only `true` and `false` are booleans:"
        " `no`, `yes`, `on` and `off` are the words (YAML 1.1 would read them as booleans).",
        "",
    ]
    sections = (("Rule keys", [RULE]), ("Conditions (`when`)", list(CONDITIONS.values())),
                ("Operations (`do`)", list(OPERATIONS.values())))
    for heading, items in sections:
        out += [f"## {heading}", ""]
        for item in items:
            if item.kind != "rule":
                out += [f"### `{item.name}`: {item.title}", ""]
            out += [item.description, "", "| key | | required | description | example |",
                    "|---|---|---|---|---|"]
            for key in item.keys:
                mark = "yes" if key.required else ""
                binds = " (*binds*)" if key.binds else ""
                out.append(f"| `{key.name}` | {key.title}{binds} | {mark} | "
                           f"{_cell(key.description)} | `{_cell(_yaml(key.example))}` |")
            out += ["", f"Example: `{_yaml(item.example)}`", ""]
    out += ["## Examples of a rule (`examples`)", "", "| key | | required | description |",
            "|---|---|---|---|"]
    for key in EXAMPLE_KEYS:
        out.append(f"| `{key.name}` | {key.title} | {'yes' if key.required else ''} | "
                   f"{_cell(key.description)} |")
    return "\n".join(out) + "\n"
