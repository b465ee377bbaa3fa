"""The rule engine: rule files compiled into matchers, and the unfusion of candidates.

Knows nothing of Beam or of the parser: it works on `discofuse.document.Document`s.
"""

from discofuse.engine.engine import Engine, Example, RuleBudgetExceeded, Trace
from discofuse.engine.rules import (
    DEFAULT_RULES_DIR,
    RULE_SETS,
    CandidateError,
    RuleCrashed,
    RuleSet,
    load_rules,
    rule_files,
    rule_source,
)
from discofuse.engine.yaml_source import RuleError

__all__ = [
    "CandidateError",
    "DEFAULT_RULES_DIR",
    "RULE_SETS",
    "Engine",
    "Example",
    "RuleBudgetExceeded",
    "RuleCrashed",
    "RuleError",
    "RuleSet",
    "Trace",
    "load_rules",
    "rule_files",
    "rule_source",
]
