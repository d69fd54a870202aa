"""Issue 30 must-show 3: every form of the "recompute" command printed on the public site runs as
printed in a fresh clone, and the file it names comes back byte for byte."""

from __future__ import annotations

import json
import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from litboard.importers.pinned import prepare

from ..combined_site import combined_site
from ..conftest import REPO, SHARED_DATA

COMMAND = re.compile(
    r"^(litboard build(?: --[a-z]+(?: [^ #]+)?)*) --out public  # then open public/(\S+)$"
)


def printed_commands(site: Path) -> dict[str, str]:
    """Each distinct command form (without its file) -> one file it names, from every download."""
    forms: dict[str, str] = {}
    for path in sorted(site.rglob("*.json")):
        try:
            block = json.loads(path.read_text(encoding="utf-8")).get("provenance")
        except (ValueError, AttributeError):
            continue
        if isinstance(block, dict) and "command" in block:
            found = COMMAND.match(block["command"])
            assert found, f"{path}: unexpected command form {block['command']!r}"
            forms.setdefault(found.group(1), found.group(2))
    return forms


@pytest.mark.shared
def test_every_printed_recompute_command_runs_in_a_fresh_clone(
    tmp_path_factory: pytest.TempPathFactory, tmp_path: Path
) -> None:
    site = combined_site(tmp_path_factory)
    forms = printed_commands(site.out)
    assert "litboard build --releases" in forms and "litboard build" in forms, forms
    clone = tmp_path / "clone"
    subprocess.run(["git", "clone", "-q", str(REPO), str(clone)], check=True, timeout=300)
    # a machine without network: the pinned files are put in the clone's release cache first
    # (what `make public MIRROR=...` leaves behind); the command then runs exactly as printed
    prepare(clone / "releases.yaml", clone / ".cache" / "releases", SHARED_DATA)
    env = {**os.environ, "PYTHONPATH": str(clone / "generator")}
    for form, opened in sorted(forms.items()):
        argv = [sys.executable, "-m", "litboard.cli", *shlex.split(form)[1:], "--out", "public"]
        done = subprocess.run(
            argv, cwd=clone, env=env, capture_output=True, text=True, timeout=1200
        )
        assert done.returncode == 0, f"{form}: {done.stdout[-2000:]}{done.stderr[-2000:]}"
        again = clone / "public" / opened
        assert again.is_file(), f"{form} did not write {opened}"
        if form == "litboard build --releases":  # the whole public site: the very same bytes
            assert again.read_bytes() == (site.out / opened).read_bytes(), opened
