"""pipelines/: the launcher's options for each deployment, checked by the generator's own Beam
option parser, and the portable launch run for real in this process (Dataflow and Flink need a
cloud project or a cluster, which do not exist here: their command lines are checked, and the
Dataflow translation is covered by test_pipeline's dry run)."""

from __future__ import annotations

import importlib.util
import shlex
from pathlib import Path

import pyarrow.parquet as pq

from discofuse.commands.generate import default_beam_args

REPO = Path(__file__).resolve().parent.parent
PIPELINES = REPO / "pipelines"


def load(name: str):
    spec = importlib.util.spec_from_file_location(f"pipelines_{name}", PIPELINES / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_dataflow_launch_gives_the_worker_image_and_the_bucket(capsys):
    launch = load("launch")
    assert launch.main(["--print", "dataflow", "--project", "demo", "--region", "europe-west1",
                        "--bucket", "gs://demo-bucket/", "--image", "eu.pkg.dev/demo/r/w:1",
                        "--max-workers", "8", "--input", "gs://demo-bucket/dump.xml.bz2",
                        "--format", "wikipedia-xml", "--output", "gs://demo-bucket/out"]) == 0
    words = shlex.split(capsys.readouterr().out)
    assert words[:2] == ["discofuse", "generate"]
    assert words[words.index("--output") + 1] == "gs://demo-bucket/out"
    for option in ("--runner=DataflowRunner", "--temp_location=gs://demo-bucket/tmp",
                   "--sdk_container_image=eu.pkg.dev/demo/r/w:1", "--sdk_location=container",
                   "--max_num_workers=8", "--experiments=use_runner_v2"):
        assert option in words, option


def test_flink_launch_options_pass_the_generators_option_check():
    launch = load("launch")
    arguments, print_only = launch.command(["flink", "--job-endpoint", "flink-host:8099",
                                            "--parallelism", "16", "--output", "/data/out"])
    assert not print_only
    options = arguments[arguments.index("/data/out") + 1 :]  # what the launcher added
    assert "--runner=PortableRunner" in options and "--parallelism=16" in options
    assert default_beam_args(options)[: len(options)] == options  # Beam knows every one


def test_portable_launch_runs_the_samples(tmp_path):
    launch = load("launch")
    output = tmp_path / "portable"
    assert launch.main(["portable-local", "--input", str(REPO / "samples" / "sports"),
                        "--format", "text", "--output", str(output), "-q"]) == 0
    rows = pq.read_table(output / "train.parquet").num_rows
    assert rows > 0
    assert (output / "README.md").is_file() and (output / "summary.json").is_file()


def test_the_worker_image_installs_the_package_and_its_pinned_dependencies():
    dockerfile = (PIPELINES / "dataflow" / "Dockerfile").read_text()
    import apache_beam

    assert f"apache/beam_python3.11_sdk:{apache_beam.__version__}" in dockerfile
    assert '-c constraints.txt ".[${EXTRAS}]"' in dockerfile
    assert "coreferee_model_en" in dockerfile
