"""Does a pull request change code, or only add data? (pr.yml runs the code tests only for code.)

``python -m litboard.tracks.pr_changes --base origin/main`` prints ``code=true`` when a path the
pull request changes (the merge-base diff, as ``check-pr`` reads it) is outside the tracks'
system folders (``pr_scope.split``), else ``code=false``, and appends the line to
``$GITHUB_OUTPUT`` when that is set. A contribution that adds one system folder is data only:
its run goes validate -> score -> results, and the trusted workflows do the rest. This is a
speed-up of the pull request's own run, not a check: the barrier (pr-barrier.yml) refuses a
contribution that changes anything else.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import Iterable, Sequence


def changes_code(paths: Iterable[str]) -> bool:
    """True when any path is outside the tracks' system folders (or nothing was changed)."""
    from .pr_scope import split

    listed = [p for p in paths if p.strip()]
    return not listed or any(split(p) is None for p in listed)


def main(argv: Sequence[str] | None = None) -> int:
    from .ci_summary import git_changed_paths_all

    parser = argparse.ArgumentParser(
        prog="python -m litboard.tracks.pr_changes", description=__doc__.splitlines()[0]
    )
    parser.add_argument("--base", default="origin/main", help="the pull request's base branch")
    parser.add_argument("--repo", type=Path, default=Path("."), help="the checkout")
    args = parser.parse_args(argv)
    try:
        code = changes_code(git_changed_paths_all(args.base, args.repo))
    except RuntimeError as exc:  # no base to compare with: run everything
        print(f"litboard: {exc}; the code tests run", file=sys.stderr)
        code = True
    line = f"code={'true' if code else 'false'}\n"
    if os.environ.get("GITHUB_OUTPUT"):
        with open(os.environ["GITHUB_OUTPUT"], "a", encoding="utf-8") as out:
            out.write(line)
    print(line, end="")
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
