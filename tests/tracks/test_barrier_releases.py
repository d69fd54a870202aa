"""Issue 43: the barrier gives release-track submissions (LiteraryTranslation, Creativity Bias) the
content checks: the commands CI runs pass check-pr the pinned releases (``--releases``)."""

from __future__ import annotations

import subprocess

from .test_workflow_security import REPO


def _dry_run(*args: str) -> str:
    done = subprocess.run(
        ["make", "-n", "-o", "install", *args],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    return done.stdout.replace("\\\n", " ")  # continuation lines as one


def test_make_pr_barrier_passes_the_pinned_releases_and_the_mirror() -> None:
    [line] = [x for x in _dry_run("pr-barrier", "PR=7").splitlines() if "check-pr" in x]
    # CI: the files pinned in releases.yaml, from GitHub
    assert "--releases" in line and "--mirror" not in line
    [line] = [
        x
        for x in _dry_run("pr-barrier", "PR=7", "MIRROR=../shared/data").splitlines()
        if "check-pr" in x
    ]
    assert "--releases --mirror '../shared/data'" in line


def test_make_check_pr_passes_the_releases_of_the_checkout() -> None:
    text = _dry_run("check-pr", "BASE=origin/main")
    assert (
        f'--releases "{REPO}/releases.yaml"' in text and f'--cache "{REPO}/.cache/releases"' in text
    )


def test_check_pr_help_documents_the_release_options() -> None:
    from litboard.cli import build_parser

    parser = build_parser()
    sub = next(a for a in parser._actions if a.dest == "command").choices["check-pr"]  # type: ignore[union-attr]
    options = {o for a in sub._actions for o in a.option_strings}
    assert {"--releases", "--mirror", "--cache"} <= options
