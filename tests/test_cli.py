"""The `litboard` command: one test per subcommand, exit codes and messages, no tracebacks."""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from litboard.cli import main

from .helpers import DEMO, FIXTURES, append_line, copy_root

TINY = FIXTURES / "tiny"
REPO = Path(__file__).resolve().parents[1]


def run(*args: str, cwd: Path = REPO) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "litboard.cli", *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=300,
    )


def test_help_lists_only_existing_subcommands() -> None:
    done = run("--help")
    assert done.returncode == 0
    for command in ("validate", "build", "serve", "import"):
        assert command in done.stdout


def test_validate_ok(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["validate", "--data", str(TINY)]) == 0
    assert "no problems found" in capsys.readouterr().out


def test_validate_repository_demo_data() -> None:
    done = run("validate")
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr


def test_validate_five_planted_defects(tmp_path: Path) -> None:
    """The foundation issue's acceptance case: five defects, all named, exit 1, no traceback."""
    root = copy_root(DEMO, tmp_path / "demo")
    mqm = next((root / "judgments/mqm-students").glob("*.jsonl"))
    broken = append_line(mqm, '{"system": "demo-nmt", "pair": "de-en",')
    record = json.loads(mqm.read_text(encoding="utf-8").splitlines()[0])
    unknown = append_line(mqm, json.dumps({**record, "system": "no-such-system"}))
    far = dict(
        record,
        annotator=record["annotator"],
        errors=[{"start": 0, "end": 100000, "category": "Accuracy", "severity": "minor"}],
    )
    past_end = append_line(
        mqm, json.dumps({**far, "paragraph": record["paragraph"], "annotator": "past-end-check"})
    )
    sqm = next((root / "judgments/sqm").glob("*.jsonl"))
    sqm_record = json.loads(sqm.read_text(encoding="utf-8").splitlines()[0])
    sqm_lines = sqm.read_text(encoding="utf-8").splitlines()
    sqm_lines[0] = json.dumps({**sqm_record, "score": 9}, ensure_ascii=False)
    sqm.write_text("\n".join(sqm_lines) + "\n", encoding="utf-8")
    card = root / "corpus/systems/demo-nmt/system.yaml"
    card.write_text(
        card.read_text(encoding="utf-8").replace("id: demo-nmt", "id: ../x"), encoding="utf-8"
    )
    done = run("validate", "--data", str(root))
    assert done.returncode == 1
    assert "Traceback" not in done.stderr + done.stdout
    out = done.stderr
    assert f"{mqm}:{broken}: json:" in out
    assert f"{mqm}:{unknown}: system: unknown system id 'no-such-system'" in out
    assert f"{mqm}:{past_end}: errors.0.end: offset 100000 is past the end" in out
    assert f"{sqm}:1: score: 9" in out and "outside the scheme's range 0-6" in out
    assert f"{card}:1: id:" in out and "'../x'" in out


def test_validate_json_and_github_formats(tmp_path: Path) -> None:
    root = copy_root(TINY, tmp_path / "r")
    path = root / "judgments/mqm1/a.jsonl"
    line = append_line(path, "{oops")
    done = run("validate", "--data", str(root), "--format", "json")
    assert done.returncode == 1
    [problem] = json.loads(done.stdout)
    assert problem["file"] == str(path) and problem["line"] == line and problem["field"] == "json"
    done = run("validate", "--data", str(root), "--format", "github")
    assert done.returncode == 1
    assert done.stdout.startswith(f"::error file={path},line={line}::json:")


@pytest.mark.parametrize("fmt", ["human", "json", "github"])
def test_escape_codes_in_names_are_printed_escaped(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], fmt: str
) -> None:
    root = copy_root(TINY, tmp_path / "r")
    (root / "corpus/systems/\x1b]0;owned\x07\x1b[2J").mkdir()
    append_line(root / "judgments/mqm1/a.jsonl", '{"system": "mt\\u001b[31m"}')
    assert main(["validate", "--data", str(root), "--format", fmt]) == 1
    captured = capsys.readouterr()
    output = captured.out + captured.err
    assert "\x1b" not in output and "\x07" not in output
    assert "\\x1b]0;owned\\x07" in output.replace("\\\\", "\\")


def test_build_and_failed_build_keeps_previous_output(tmp_path: Path) -> None:
    out = tmp_path / "site"
    done = run("build", "--data", str(TINY), "--out", str(out))
    assert done.returncode == 0, done.stderr
    assert "built" in done.stdout and (out / "index.html").is_file()
    before = (out / "index.html").read_bytes()
    root = copy_root(TINY, tmp_path / "bad")
    append_line(root / "judgments/mqm1/a.jsonl", "{bad json")
    done = run("build", "--data", str(root), "--out", str(out))
    assert done.returncode == 1 and "Traceback" not in done.stderr
    assert "json" in done.stderr
    assert (out / "index.html").read_bytes() == before
    assert not list(tmp_path.glob(".site.*")), "no staging folder is left behind"


def test_import_unknown_format_is_a_usage_error() -> None:
    done = run("import", "no-such-format", "x", "--out", "y")
    assert done.returncode == 2
    assert "invalid choice" in done.stderr


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_serve_serves_the_site() -> None:
    port = _free_port()
    env = dict(os.environ, PYTHONUNBUFFERED="1")
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "litboard.cli",
            "serve",
            "--data",
            str(TINY),
            "--dev-addr",
            f"127.0.0.1:{port}",
        ],
        cwd=REPO,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        deadline = time.monotonic() + 120
        body = ""
        while time.monotonic() < deadline:
            try:
                with urllib.request.urlopen(
                    f"http://127.0.0.1:{port}/tiny/index.html", timeout=5
                ) as response:
                    body = response.read().decode()
                break
            except OSError:
                if proc.poll() is not None:
                    break
                time.sleep(0.5)
        assert "lb-board" in body, "serve did not answer with the leaderboard"
    finally:
        proc.terminate()
        proc.wait(timeout=30)


def test_score_sacrebleu_then_nothing_left(tmp_path: Path) -> None:
    root = copy_root(DEMO, tmp_path / "demo")
    done = run("score", "--data", str(root), "--metric", "bleu", "--metric", "ter")
    assert done.returncode == 0, done.stderr
    assert "record(s) written" in done.stdout
    assert (root / "judgments/bleu/campaign.yaml").is_file()
    again = run("score", "--data", str(root), "--metric", "bleu", "--metric", "ter")
    assert again.returncode == 0
    assert "0 translation(s) to score" in again.stdout
    assert run("validate", "--data", str(root)).returncode == 0


def test_score_out_root_takes_a_folder(tmp_path: Path) -> None:
    """Issue 59 goal 5: ``--out-root DIR`` was read as a float ("invalid float value")."""
    root = copy_root(DEMO, tmp_path / "demo")
    shutil.rmtree(root / "judgments" / "chrf")
    out = tmp_path / "scores"
    done = run("score", "--data", str(root), "--metric", "chrf", "--out-root", str(out))
    assert done.returncode == 0, done.stderr
    assert (out / "judgments/chrf/campaign.yaml").is_file()
    assert not (root / "judgments/chrf").exists()  # written where it was told, not the data root


def test_score_unknown_metric_is_a_usage_error() -> None:
    done = run("score", "--metric", "nonsense")
    assert done.returncode == 2 and "invalid choice" in done.stderr
