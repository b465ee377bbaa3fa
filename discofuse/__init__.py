"""discofuse: an open, rule-based generator of DiscoFuse-style sentence-fusion data."""

import importlib.resources
from pathlib import Path

__version__ = "0.1.0"

DEFAULT_RULES_DIR = Path(str(importlib.resources.files(__name__) / "rules"))
"""The shipped rule set: package data of discofuse (the repository's `rules/` links to it)."""
