"""Measuring tools: coreference benchmarks."""
