"""The hostile-submission corpus: every attack is rejected naming the file, or rendered inert.

Rejected cases go through the real CLI in a subprocess (human and JSON formats): exit code 1,
no traceback, a problem naming the planted file; the build refuses them with a DataError.
The XSS case is valid text: it validates, builds, and appears only escaped in the HTML
(tests/browser/test_hostile_submission.py checks that no dialog fires in a real browser).
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from litboard.load.datasets import declared_id
from markupsafe import escape

from litboard.pipeline.build import build_site
from litboard.errors import DataError
from litboard.load.read import validate
from litboard.tracks.checks import POLICY

from .conftest import REPO
from .hostile import REJECTED, XSS, Case, build_case, build_inert


def validate_cli(root: Path, fmt: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "litboard.cli", "validate", "--data", str(root), "--format", fmt],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=120,
    )


@pytest.mark.parametrize("case", REJECTED, ids=[c.name for c in REJECTED])
def test_rejected_with_a_message_naming_the_file(case: Case, tmp_path: Path) -> None:
    root, outside = build_case(case, tmp_path)
    human = validate_cli(root, "human")
    assert human.returncode == 1, human.stdout + human.stderr
    assert "Traceback" not in human.stdout + human.stderr
    named = [line for line in human.stderr.splitlines() if case.fragment in line]
    assert named and f": {case.field}: " in named[0], human.stderr
    as_json = validate_cli(root, "json")
    assert as_json.returncode == 1 and "Traceback" not in as_json.stderr
    problems = json.loads(as_json.stdout)
    assert any(case.fragment in p["file"] and p["field"] == case.field for p in problems), problems
    with pytest.raises(DataError):
        build_site([root], tmp_path / "site")
    assert not (tmp_path / "site").exists(), "a refused build writes nothing"
    assert not (outside / "PWNED").exists(), "a YAML tag must never run code"


def test_lookalike_ids_name_the_character(tmp_path: Path) -> None:
    by_name = {c.name: c for c in REJECTED}
    expected = {
        "id-cyrillic-folder": "U+0430 CYRILLIC SMALL LETTER A",
        "id-fullwidth-folder": "U+FF4D FULLWIDTH LATIN SMALL LETTER M",
        "id-cyrillic-record": "U+0440 CYRILLIC SMALL LETTER ER",
        "id-nul-record": "U+0000 a control character",
        "id-invalid-utf8-folder": "the byte 0xFF, which is not UTF-8",
    }
    for name, text in expected.items():
        root, _ = build_case(by_name[name], tmp_path / name)
        messages = [p.message for p in validate([root], POLICY).items]
        assert any(text in m for m in messages), (name, messages)


def test_github_annotations_escape_hostile_file_names(tmp_path: Path) -> None:
    """A folder named like an annotation cannot forge a line number or a second annotation."""
    root, _ = build_case(REJECTED[0], tmp_path)
    (root / "corpus/systems/x,line=7::forged").mkdir()
    done = validate_cli(root, "github")
    assert done.returncode == 1 and "Traceback" not in done.stderr
    forged = [line for line in done.stdout.splitlines() if "forged" in line]
    assert (
        forged and forged[0].startswith("::error file=") and "x%2Cline=7%3A%3Aforged::" in forged[0]
    )
    assert all(line.startswith("::error file=") for line in done.stdout.splitlines())


def test_non_utf8_file_name_never_crashes_the_output(tmp_path: Path) -> None:
    root, _ = build_case(next(c for c in REJECTED if c.name == "id-invalid-utf8-folder"), tmp_path)
    done = subprocess.run(
        [sys.executable, "-m", "litboard.cli", "validate", "--data", str(root), "--format", "json"],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=120,
        env={"PYTHONIOENCODING": "utf-8", "PATH": "/usr/bin:/bin"},
    )
    assert done.returncode == 1 and "Traceback" not in done.stderr
    assert any(p["file"].endswith("\\xffsys") for p in json.loads(done.stdout))


@pytest.fixture(scope="module")
def inert_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = build_inert(tmp_path_factory.mktemp("inert"))
    return build_site([root], root.parent / "public").out / declared_id(root)


def test_xss_submission_validates(tmp_path: Path) -> None:
    root = build_inert(tmp_path)
    done = validate_cli(root, "human")
    assert done.returncode == 0, done.stderr
    assert "no problems found" in done.stdout


@pytest.mark.parametrize("where", sorted(XSS))
def test_xss_is_escaped_in_every_page(inert_site: Path, where: str) -> None:
    vector = XSS[where]
    pages = {p: p.read_text(encoding="utf-8") for p in inert_site.rglob("*.html")}
    raw = [str(p.relative_to(inert_site)) for p, text in pages.items() if vector in text]
    assert raw == [], f"the raw {where} vector reaches {raw}"
    shown = [p for p, text in pages.items() if str(escape(vector)) in text]
    assert shown, f"the {where} text is not shown (escaped) on any page"


def test_template_syntax_in_outputs_is_not_evaluated(inert_site: Path) -> None:
    text = "\n".join(p.read_text(encoding="utf-8") for p in inert_site.rglob("*.html"))
    assert "{{ 7*7 }}" in text and "xss-jinja{% endif %}" in text
    assert "> 49 <" not in text
