# Two entry points (see README): `make run` and `make test`. Both create .venv and install the
# pinned dependencies first; nothing is downloaded at run time.
VENV ?= .venv
PYTHON ?= python3
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: setup run test lint bench clean

setup: $(STAMP)

$(STAMP): pyproject.toml constraints.txt
	$(PYTHON) -m venv $(VENV)
	# CPU torch first (Stanza imports torch); a bare "torch" requirement would pull a CUDA build.
	$(BIN)/python -m pip install --quiet "torch==2.13.0"
	$(BIN)/python -m pip install --quiet -c constraints.txt -e ".[dev,stanza,plots]"
	touch $(STAMP)

run: setup
	$(BIN)/discofuse generate --overwrite

test: setup
	$(BIN)/ruff check discofuse tests scripts bench
	$(BIN)/pytest -q

bench: setup
	# coreferee and its model (trained here on LitBank): the reference of the speed target.
	$(BIN)/python -m pip install --quiet -c constraints.txt -e ".[bench]"
	$(BIN)/python -m pip install --quiet --no-deps ./models/coreferee_model_en
	$(BIN)/python bench/throughput.py
	$(BIN)/python bench/hostile_inputs.py
	$(BIN)/python bench/engine_speed.py
	$(BIN)/python bench/pipeline_speed.py

clean:
	rm -rf $(VENV) build *.egg-info
