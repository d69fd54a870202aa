"""Issue 30 must-show 3: every form of the "recompute" command printed on the public site runs as
printed in a fresh clone, and the file it names comes back byte for byte; the public site's form
gives back the whole site, every file, built there without the bulk-page shortcuts (one build
checks both: the clone, and that the shortcuts change no byte)."""

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
from litboard.pipeline.mkdocs_plugin import PLAIN_SWITCH

from ..combined_site import combined_site
from ..conftest import REPO, SHARED_DATA

COMMAND = re.compile(
    r"^(litboard build(?: --[a-z]+(?: [^ #]+)?)*) --out public  # then open public/(\S+)$"
)


def tree(root: Path) -> dict[str, bytes]:
    """Every file under ``root``, by its path relative to it."""
    return {
        str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()
    }


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
    # a working tree with uncommitted edits (a developer's run; CI's clone has none) is the
    # clone plus those edits: the session's site was built from them
    edits = subprocess.run(
        ["git", "-C", str(REPO), "diff", "HEAD", "--binary"], capture_output=True, check=True
    ).stdout
    if edits:
        subprocess.run(["git", "-C", str(clone), "apply"], input=edits, check=True, timeout=60)
    # a machine without network: the pinned files are put in the clone's release cache first
    # (what `make public MIRROR=...` leaves behind); the command then runs exactly as printed
    prepare(clone / "releases.yaml", clone / ".cache" / "releases", SHARED_DATA)
    env = {**os.environ, "PYTHONPATH": str(clone / "generator")}
    for form, opened in sorted(forms.items()):
        argv = [sys.executable, "-m", "litboard.cli", *shlex.split(form)[1:], "--out", "public"]
        whole = form == "litboard build --releases"
        # the whole public site, built in the clone as printed and with mkdocs' plain page
        # writing (no bulk shortcuts, as tests/pipeline/test_bulk_pages.py checks): the very
        # same bytes as the session's site, every file
        plain = {PLAIN_SWITCH: "1"} if whole else {}
        done = subprocess.run(
            argv, cwd=clone, env=env | plain, capture_output=True, text=True, timeout=1200
        )
        assert done.returncode == 0, f"{form}: {done.stdout[-2000:]}{done.stderr[-2000:]}"
        again = clone / "public" / opened
        assert again.is_file(), f"{form} did not write {opened}"
        assert again.read_bytes() == (site.out / opened).read_bytes() or not whole, opened
        if whole:
            built, kept = tree(clone / "public"), tree(site.out)
            assert sorted(built) == sorted(kept)
            assert [name for name in kept if kept[name] != built[name]] == []
