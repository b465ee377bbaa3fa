"""discofuse: an open, rule-based generator of DiscoFuse-style sentence-fusion data."""

import importlib.resources
from pathlib import Path

__version__ = "0.1.0"

DEFAULT_RULES_DIR = Path(str(importlib.resources.files(__name__) / "rules"))
"""The shipped rule set: package data of discofuse (the repository's `rules/` links to it)."""


def unfuse(text, second=None):
    """One sentence, or a pair (`unfuse("First.", "Second.")` or "First. || Second."),
    unfused with the shipped rules and the output audit: a `discofuse.engine.Example`, or
    None. See `discofuse.api`."""
    from discofuse.api import unfuse as unfuse_text

    return unfuse_text(text, second)


def __getattr__(name):
    if name == "Unfuser":  # imported on first use: `import discofuse` stays light
        from discofuse.api import Unfuser

        return Unfuser
    raise AttributeError(f"module 'discofuse' has no attribute {name!r}")
