"""Corpus-level steps of the generator as plain functions: sources, candidates, filters,
sampling and splits. `discofuse/beam_pipeline.py` wraps them in Beam transforms; nothing here imports Beam
except the file-system helpers the sources use to open local or remote files."""
