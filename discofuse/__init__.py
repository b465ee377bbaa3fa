"""discofuse: an open, rule-based generator of DiscoFuse-style sentence-fusion data."""

__version__ = "0.1.0"
