"""Post the results comment of a pull request (run by pr-comment.yml; standard library only).

The ``pull_request`` run (the pull request's own code, a read-only token, no secrets) uploads the
artifact ``pr-results``: ``pr-number.txt`` and ``comment.md``. This script, run by the trusted
``workflow_run`` workflow from the default branch, treats both as untrusted data:

* the number must be digits only, and the pull request it names must have as head commit the
  commit the ``pull request`` run built (``--head-sha``, from the workflow_run event, not from
  the artifact), so a run cannot make the bot comment on another pull request;
* the comment must start with ``pr_results.MARKER``, be UTF-8 and at most ``MAX_CHARS``; it is
  posted as Markdown text (GitHub renders it sanitised) and never executed;
* the bot's earlier comment with the marker is updated instead of adding a new one.

``--dry-run`` checks the artifact and prints what would be posted, without network.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
import urllib.request
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Sequence

MARKER = "<!-- litboard-results -->"
MAX_CHARS = 60_000
API = "https://api.github.com"


class ArtifactError(Exception):
    """The artifact is not what the pull request run writes: nothing is posted."""


@dataclass(frozen=True)
class Comment:
    number: int
    body: str


def read_artifact(folder: Path) -> Comment:
    number_file, body_file = folder / "pr-number.txt", folder / "comment.md"
    for path in (number_file, body_file):
        if not path.is_file() or path.is_symlink():
            raise ArtifactError(f"{path.name}: missing or not a regular file")
    number = number_file.read_text(encoding="ascii", errors="replace").strip()
    if not re.fullmatch(r"[1-9][0-9]{0,9}", number):
        raise ArtifactError(f"pr-number.txt: {number[:20]!r} is not a pull request number")
    try:
        body = body_file.read_text(encoding="utf-8")
    except UnicodeError as exc:
        raise ArtifactError(f"comment.md: not UTF-8 ({exc})") from exc
    if not body.startswith(MARKER):
        raise ArtifactError("comment.md: does not start with the litboard results marker")
    if len(body) > MAX_CHARS:
        raise ArtifactError(f"comment.md: {len(body):,} characters; the limit is {MAX_CHARS:,}")
    return Comment(int(number), body)


def _call(method: str, url: str, token: str, data: dict[str, Any] | None = None) -> Any:
    request = urllib.request.Request(url, method=method, data=json.dumps(data).encode() if data else None,
                                     headers={"Authorization": f"Bearer {token}", "User-Agent": "litboard",
                                              "Accept": "application/vnd.github+json"})
    with urllib.request.urlopen(request, timeout=60) as response:  # noqa: S310 (https only)
        return json.loads(response.read() or b"null")


def post(comment: Comment, repo: str, head_sha: str, token: str) -> str:
    pull = _call("GET", f"{API}/repos/{repo}/pulls/{comment.number}", token)
    if pull.get("head", {}).get("sha") != head_sha:
        raise ArtifactError(f"pull request #{comment.number} is not at the commit the run built ({head_sha[:12]})")
    comments = _call("GET", f"{API}/repos/{repo}/issues/{comment.number}/comments?per_page=100", token)
    mine = [c for c in comments if c.get("user", {}).get("type") == "Bot" and MARKER in c.get("body", "")]
    if mine:
        _call("PATCH", f"{API}/repos/{repo}/issues/comments/{mine[0]['id']}", token, {"body": comment.body})
        return f"updated the results comment on #{comment.number}"
    _call("POST", f"{API}/repos/{repo}/issues/{comment.number}/comments", token, {"body": comment.body})
    return f"posted the results comment on #{comment.number}"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m litboard.tracks.pr_comment", description=__doc__.splitlines()[0])
    parser.add_argument("--artifact", type=Path, required=True, help="the unpacked pr-results artifact")
    parser.add_argument("--repo", required=True, help="owner/name")
    parser.add_argument("--head-sha", required=True, help="the commit the pull request run built (workflow_run)")
    parser.add_argument("--dry-run", action="store_true", help="check and print; send nothing")
    args = parser.parse_args(argv)
    try:
        comment = read_artifact(args.artifact)
        if args.dry_run:
            print(f"would post to {args.repo}#{comment.number} (if its head is {args.head_sha}):\n{comment.body}")
            return 0
        print(post(comment, args.repo, args.head_sha, os.environ["GITHUB_TOKEN"]))
    except ArtifactError as exc:
        print(f"litboard: not posted: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
