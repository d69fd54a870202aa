"""The two refs ``check-pr`` compares, checked before git is asked anything else: a ref git does
not know is named by its own option (``--base`` or ``--head``) with the fix for it (issue 55: a
bad ``--head`` used to be blamed on ``--base``)."""

from __future__ import annotations

import subprocess
from pathlib import Path

from ..errors import DataError, Problem

FIXES = {
    "--base": "fetch the base branch (actions/checkout with fetch-depth: 0) and pass it as "
    "--base, e.g. origin/main",
    "--head": "pass the pull request's commit or branch (default HEAD); pr-barrier.yml fetches "
    "it as refs/litboard/pr-head",
}


def check_refs(repo: Path, base: str, head: str) -> None:
    """DataError naming each of ``base`` / ``head`` that is not a commit of ``repo``."""
    problems = [
        Problem(
            "command line",
            0,
            option,
            f"{ref!r} is not a commit of {repo} (git rev-parse --verify {ref!r} failed)",
            FIXES[option],
        )
        for option, ref in (("--base", base), ("--head", head))
        if not _is_commit(repo, ref)
    ]
    if problems:
        raise DataError(problems)


def _is_commit(repo: Path, ref: str) -> bool:
    if ref.startswith("-"):  # never an option of git's
        return False
    done = subprocess.run(
        ["git", "-C", str(repo), "rev-parse", "--verify", "--quiet", f"{ref}^{{commit}}"],
        capture_output=True,
        timeout=60,
        check=False,
    )
    return done.returncode == 0
