"""The wheel a user installs: built from this checkout, installed into a fresh venv, it carries
its rules (package data) and runs `check-rules` and a one-line `unfuse`, with no source tree.

The fresh venv gets its dependencies from this test environment through a plain path entry (a
.pth line), not by downloading them again; that entry does not load this checkout's editable
install, so `discofuse` is imported from the installed wheel (checked below)."""

from __future__ import annotations

import subprocess
import sys
import sysconfig
import venv
import zipfile

from conftest import REPO


def test_wheel_installs_and_runs_without_the_source_tree(tmp_path):
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--no-build-isolation",
         "-w", str(tmp_path / "dist"), str(REPO)],
        check=True,
    )
    wheel = next((tmp_path / "dist").glob("discofuse-*.whl"))
    names = zipfile.ZipFile(wheel).namelist()
    assert "discofuse/rules/relative_clause.yaml" in names
    assert "discofuse/annotate/pronoun_resolver.json" in names
    assert not [name for name in names if name.split("/")[0] in ("pipelines", "tests", "rules")]

    target = tmp_path / "venv"
    venv.create(target, with_pip=False)
    python = target / "bin" / "python"
    subprocess.run(
        [sys.executable, "-m", "pip", "--python", str(python), "install", "--quiet", "--no-deps",
         str(wheel)],
        check=True,
    )
    site = subprocess.run(
        [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        check=True, capture_output=True, text=True,
    ).stdout.strip()
    (tmp_path / "venv" / site.split(str(target) + "/", 1)[1] / "dependencies.pth").write_text(
        sysconfig.get_paths()["purelib"] + "\n", encoding="utf-8"
    )
    work = tmp_path / "elsewhere"  # not the checkout, so nothing is found through the cwd
    work.mkdir()
    located = subprocess.run(
        [str(python), "-c", "import discofuse; print(discofuse.__file__)"],
        check=True, capture_output=True, text=True, cwd=work,
    ).stdout
    assert located.startswith(str(target))

    checked = subprocess.run(
        [str(target / "bin" / "discofuse"), "check-rules"],
        capture_output=True, text=True, cwd=work,
    )
    assert checked.returncode == 0, checked.stderr
    assert "0 failed" in checked.stdout

    (work / "in.tsv").write_text(
        "coherent_first_sentence\tcoherent_second_sentence\n"
        "The shop opened at nine but the queue had formed at dawn.\t\n",
        encoding="utf-8",
    )
    unfused = subprocess.run(
        [str(target / "bin" / "discofuse"), "unfuse", "in.tsv", "-o", "out.tsv"],
        capture_output=True, text=True, cwd=work,
    )
    assert unfused.returncode == 0, unfused.stderr
    row = (work / "out.tsv").read_text(encoding="utf-8").splitlines()[1].split("\t")
    assert row[2:5] == ["The shop opened at nine .", "The queue had formed at dawn .",
                        "SINGLE_S_COORD"]
