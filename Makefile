# Two entry points (see README): `make run` and `make test`. `run` installs the package alone in
# .venv-run (no torch, no Google Cloud libraries); `test` installs it with every extra in .venv.
# Both install the pinned dependencies first; nothing is downloaded at run time.
VENV ?= .venv
RUN_VENV ?= .venv-run
PYTHON ?= python3
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
RUN_STAMP := $(RUN_VENV)/.installed

.PHONY: setup run test lint bench clean

setup: $(STAMP)

$(STAMP): pyproject.toml constraints.txt
	$(PYTHON) -m venv $(VENV)
	# CPU torch first (Stanza imports torch); a bare "torch" requirement would pull a CUDA build.
	$(BIN)/python -m pip install --quiet "torch==2.13.0"
	$(BIN)/python -m pip install --quiet -c constraints.txt -e ".[dev,stanza,plots,dataflow,coreferee]"
	# The coreferee backend's English model, trained here (scripts/train_coreferee.py).
	$(BIN)/python -m pip install --quiet --no-deps ./models/coreferee_model_en
	touch $(STAMP)

$(RUN_STAMP): pyproject.toml constraints.txt
	$(PYTHON) -m venv $(RUN_VENV)
	$(RUN_VENV)/bin/python -m pip install --quiet -c constraints.txt -e .
	touch $(RUN_STAMP)

run: $(RUN_STAMP)
	$(RUN_VENV)/bin/discofuse generate --overwrite

test: setup
	$(BIN)/ruff check discofuse tests scripts bench pipelines
	$(BIN)/pytest -q

bench: setup
	$(BIN)/python bench/throughput.py
	$(BIN)/python bench/hostile_inputs.py
	$(BIN)/python bench/engine_speed.py
	$(BIN)/python bench/pipeline_speed.py

clean:
	rm -rf $(VENV) $(RUN_VENV) build *.egg-info
