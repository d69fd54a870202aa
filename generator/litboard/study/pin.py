"""Which litboard a study's workflow installs: exactly the one ``litboard init`` ran.

A study created by litboard installed from git (pip's ``direct_url.json`` names the repository
and commit) or run from a git checkout (its ``origin`` and ``HEAD``) installs that commit
(``git+URL@COMMIT``: the package may not be published); otherwise the released version
(``litboard==VERSION``). ``init --litboard SPEC`` says it outright. Its dependencies come from the
lock ``init`` writes beside it (``requirements/litboard-site.txt``: litboard's site lock, every
package pinned with its SHA-256, compiled for CPython ``PYTHON``).
"""

from __future__ import annotations

import json
from importlib import metadata
from pathlib import Path

from .. import __version__
from ..files.project import PACKAGE, STUDY
from ..runtime.process import git

PYTHON = "3.11"  # the Python the locks are compiled for (requirements/README.md)
LOCK = STUDY / "site-lock.txt"  # = requirements/site.txt (tests/study/test_pin.py keeps them equal)
LOCK_NAME = "requirements/litboard-site.txt"  # where init writes it in the study


def requirement() -> str:
    """The pip requirement of the running litboard."""
    return _from_direct_url() or _from_checkout(PACKAGE.parents[1]) or f"litboard=={__version__}"


def _from_direct_url() -> str:
    try:
        text = metadata.distribution("litboard").read_text("direct_url.json")
    except metadata.PackageNotFoundError:
        return ""
    info = json.loads(text) if text else {}
    vcs = info.get("vcs_info") or {}
    https = str(info.get("url", "")).startswith("https://")
    if vcs.get("vcs") == "git" and vcs.get("commit_id") and https:
        return f"litboard @ git+{info['url']}@{vcs['commit_id']}"
    return ""


def _from_checkout(checkout: Path) -> str:
    """``git+ORIGIN@HEAD`` when litboard runs from a git checkout with an https origin."""
    if not (checkout / "pyproject.toml").is_file() or not (checkout / ".git").exists():
        return ""
    url, commit = git(checkout, "remote", "get-url", "origin"), git(checkout, "rev-parse", "HEAD")
    if url.startswith("git@github.com:"):
        url = "https://github.com/" + url.split(":", 1)[1]
    usable = url.startswith("https://") and len(commit) == 40
    return f"litboard @ git+{url}@{commit}" if usable else ""
