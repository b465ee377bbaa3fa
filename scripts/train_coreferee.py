"""Train coreferee's English model for en_core_web_sm 3.8 on LitBank and package it.

Usage: python scripts/train_coreferee.py [--litbank DIR] [--workdir DIR] [--output models/]

discofuse no longer runs coreferee (its rule-based chains and pronoun resolver score higher on
OntoGUM and run three times faster); the model stays as the reference `bench/throughput.py`
measures the speed target against (`pip install -e ".[bench]"` and this model).

Why a script: coreferee 1.5.0 ships no reachable English weights and `python -m coreferee train` is
broken ("'__main__' is not a package"). This script
  1. copies the installed coreferee package into a work directory and reduces its
     lang/en/config.cfg to the `sm_3_8_0` entry (the only spaCy model we have);
  2. routes coreferee's `spacy.load("en_core_web_sm")` through discofuse's loader, so the PyPI
     mirror of the model is used, renamed `core_web_sm` (the only name coreferee accepts);
  3. calls `TrainingManager(...).train_models()` with the LitBank brat loader;
  4. copies the resulting `coreferee_model_en` package (setup.cfg, pyproject.toml, weights) to
     --output, with a README naming the data, its licence and how it was made.
Takes about 8 minutes and 3.7 GB of memory on 2 cores.
"""

from __future__ import annotations

import argparse
import importlib
import shutil
import sys
import time
from pathlib import Path

import coreferee
import spacy

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from discofuse.annotate.spacy_loader import load_pipeline  # noqa: E402

CONFIG_ENTRY = """[sm_3_8_0]
model:                  core_web_sm
from_version:           3.8.0
to_version:             3.8.11
train_version:          3.8.0
"""

MODEL_README = """# coreferee_model_en (trained for discofuse)

Coreferee 1.5.0's English coreference model for spaCy `en_core_web_sm` 3.8.x (config entry
`sm_3_8_0`), trained by `scripts/train_coreferee.py` in the discofuse repository.

- Training data: LitBank coreference annotations (brat format), 100 literary texts, by David
  Bamman, Olivia Lewke and Anya Mansoor, "An Annotated Dataset of Coreference in English
  Literature", LREC 2020. Licence: CC BY 4.0. The weights here are a derivative of that data and
  are distributed under CC BY 4.0 with this attribution.
- Software: coreferee 1.5.0 (MIT), `coreferee.training.train.TrainingManager` with
  `LitBankANNLoader`, spaCy {spacy_version}, model package `{model_package}` {model_version}.
- Training time on this machine: {minutes:.1f} minutes.
- ParCorFull was not used: its licence forbids derivatives.

Install with `pip install ./models/coreferee_model_en` (the project's `make setup` does this).
"""


def prepare_workdir(workdir: Path) -> Path:
    """Copy coreferee into `workdir/src` with a config that lists only sm_3_8_0."""
    source = workdir / "src"
    if source.exists():
        shutil.rmtree(source)
    source.mkdir(parents=True)
    package_copy = source / "coreferee"
    shutil.copytree(Path(coreferee.__file__).parent, package_copy)
    (package_copy / "lang" / "en" / "config.cfg").write_text(CONFIG_ENTRY)
    (source / "models").mkdir()
    return source


def load_base_pipeline() -> spacy.language.Language:
    """The spaCy pipeline under the name coreferee checks for (the mirror has another)."""
    nlp = load_pipeline()
    nlp.meta["name"] = "core_web_sm"
    return nlp


def route_spacy_load_through_loader() -> None:
    """coreferee calls spacy.load("en_core_web_sm"); answer with our (possibly mirror) loader."""
    original_load = spacy.load

    def load(name, *args, **kwargs):
        if name == "en_core_web_sm":
            return load_base_pipeline()
        return original_load(name, *args, **kwargs)

    spacy.load = load


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--litbank", type=Path, default=REPO.parent / "shared/data/litbank/brat")
    parser.add_argument("--workdir", type=Path, default=Path("/tmp/discofuse-coreferee-train"))
    parser.add_argument("--output", type=Path, default=REPO / "models")
    args = parser.parse_args()

    started = time.monotonic()
    source = prepare_workdir(args.workdir)
    for name in [m for m in sys.modules if m == "coreferee" or m.startswith("coreferee.")]:
        del sys.modules[name]
    sys.path.insert(0, str(source))
    route_spacy_load_through_loader()
    train = importlib.import_module("coreferee.training.train")
    assert Path(train.__file__).is_relative_to(source), "coreferee working copy not imported"

    manager = train.TrainingManager(
        "coreferee",
        "en",
        "LitBankANNLoader",
        str(args.litbank.resolve()),
        str(args.workdir / "logs"),
        train_not_check=True,
    )
    manager.train_models()

    trained = source / "models" / "en"
    target = args.output / "coreferee_model_en"
    if target.exists():
        shutil.rmtree(target)
    shutil.copytree(trained, target, ignore=shutil.ignore_patterns("build", "*.egg-info"))
    nlp = load_base_pipeline()
    (target / "README.md").write_text(
        MODEL_README.format(
            spacy_version=spacy.__version__,
            model_package=nlp.meta.get("name"),
            model_version=nlp.meta.get("version"),
            minutes=(time.monotonic() - started) / 60,
        )
    )
    print(f"Trained model package written to {target}")


if __name__ == "__main__":
    main()
