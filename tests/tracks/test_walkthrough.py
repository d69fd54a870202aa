"""site/submit.md's five-minute walkthrough, executed line by line in a scratch checkout
(issue 27, must-show 5): the page's commands are the test's commands."""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

from litboard.load import load
from litboard.load.track_decl import get

from ..conftest import REPO
from ..helpers import DEMO, copy_root
from .test_pr_flow import git
from .contribution import spliced

PAGE = REPO / "site/submit.md"


def walkthrough() -> list[str]:
    section = PAGE.read_text(encoding="utf-8").split("## Five-minute walkthrough", 1)[1]
    block = re.search(r"```sh\n(.*?)```", section, re.S)
    assert block, "the walkthrough has a sh block"
    return [line for line in block.group(1).splitlines() if line.strip()]


def checkout(tmp_path: Path) -> Path:
    """A checkout with its own package (so `litboard` resolves the repository to it) and a
    remote."""
    root = copy_root(DEMO, tmp_path / "checkout")
    ignore = shutil.ignore_patterns("__pycache__")
    # templates ship inside the package (generator/litboard/templates)
    for part in ("generator", "site"):
        shutil.copytree(REPO / part, root / part, ignore=ignore)
    for name in ("mkdocs.yml", "releases.yaml"):
        shutil.copy(REPO / name, root / name)
    (root / ".gitignore").write_text("scores/\npublic/\n.cache/\n*.txt\n", encoding="utf-8")
    git(root, "init", "-q", "-b", "main")
    git(root, "add", "-A")
    git(root, "commit", "-qm", "base")
    git(root, "remote", "add", "origin", str(root))
    git(root, "fetch", "-q", "origin")
    return root


def test_the_five_minute_walkthrough_runs_as_written(tmp_path: Path) -> None:
    root = checkout(tmp_path)
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    (bin_dir / "litboard").write_text(
        f"#!/bin/sh\nPYTHONPATH='{root / 'generator'}' exec '{sys.executable}' -m litboard.cli "
        f"\"$@\"\n",
        encoding="utf-8",
    )
    (bin_dir / "litboard").chmod(0o755)
    env = {
        **os.environ,
        "PATH": f"{bin_dir}{os.pathsep}{os.environ['PATH']}",
        "GIT_AUTHOR_NAME": "t",
        "GIT_AUTHOR_EMAIL": "t@example.org",
        "GIT_COMMITTER_NAME": "t",
        "GIT_COMMITTER_EMAIL": "t@example.org",
    }
    outputs = []
    for line in walkthrough():
        if line.startswith("#"):  # the contributor's own step: translate the exported sources
            sources = (root / "de-en.source.txt").read_text(encoding="utf-8").splitlines()
            english = spliced(load([DEMO]), get("demo"), "de-en")  # a generated system's outputs
            assert len(english) == len(sources)
            (root / "de-en.txt").write_text(
                "".join(r["text"] + "\n" for r in english), encoding="utf-8"
            )
            continue
        done = subprocess.run(
            line, shell=True, cwd=root, env=env, capture_output=True, text=True, timeout=600
        )
        assert done.returncode == 0, f"{line}\n{done.stdout}\n{done.stderr}"
        outputs.append(done.stdout)
    assert "literary-translation: " in outputs[0] and "liteval (no track)" in outputs[0]
    assert (root / "corpus/systems/my-mt/system.yaml").is_file()
    assert "adds corpus/systems/my-mt/" in "".join(outputs)
    page = (root / "public/demo/systems/my-mt.html").read_text(encoding="utf-8")
    assert "My MT" in page and "automatic scores only" in page
    assert shlex.split(walkthrough()[-1])[:2] == ["litboard", "build"]
