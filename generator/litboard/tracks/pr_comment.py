"""Post the results comment of a pull request (pr-comment.yml: base-branch code, ``workflow_run``).

The ``pull request`` run (the pull request's own code, a read-only token, no secrets) uploads the
artifact ``pr-results``. Of it this job reads ONE thing, the pull request's number, and trusts
it only once GitHub says that pull request's head is the commit the run built (``--head-sha``,
from the event). Every number the comment prints is computed here (``pr_trusted``), with the base
branch's code and settings, from the pull request's files read as git data at that commit; the
artifact's scores, rows, system and track are never read. Two steps, each a make target, with the
barrier between them:

* ``verify`` (``make pr-verify``): the number, and the pull request's head; writes ``number`` and
  ``base`` to ``$GITHUB_OUTPUT`` for the barrier step (``make pr-barrier``, the base branch's
  check-pr, which fetches the pull request's head pinned to ``HEAD_SHA``);
* ``post`` (``make pr-comment``): the barrier's problems (and how to fix them) when it did not
  pass; else the recomputed results, or "results unavailable" with the reason when they cannot be
  recomputed. The body is bounded (``pr_render.MAX_BODY``, under GitHub's 65,536 characters). It
  edits this workflow's own earlier comment (author ``BOT``, the identity of ``GITHUB_TOKEN``,
  with the marker), searched across every page of the pull request's comments.

``--dry-run`` prints what would be posted, without network.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import urllib.request
from pathlib import Path
from typing import Any, Sequence

from .pr_render import MARKER, bounded, problems, render, unavailable

MAX_BYTES = 2_000_000
BOT = "github-actions[bot]"  # who posts with the workflow's GITHUB_TOKEN
API = "https://api.github.com"
REF = re.compile(r"[A-Za-z0-9][A-Za-z0-9._/-]{0,200}")
HEAD = re.compile(r"[0-9a-f]{40}|[0-9a-f]{64}")


class ArtifactError(Exception):
    """The artifact is not what the pull request run writes: nothing is posted."""


def read_artifact(folder: Path) -> int:
    """The pull request's number: the one value read from the artifact (checked against GitHub
    before anything is posted); every other field is ignored."""
    path = folder / "results.json"
    if not path.is_file() or path.is_symlink():
        raise ArtifactError("results.json: missing or not a regular file")
    raw = path.read_bytes()
    if len(raw) > MAX_BYTES:
        raise ArtifactError(f"results.json: {len(raw):,} bytes; the limit is {MAX_BYTES:,}")
    try:
        doc = json.loads(raw.decode("utf-8"))
    except (UnicodeError, ValueError) as exc:
        raise ArtifactError(f"results.json: not UTF-8 JSON ({str(exc)[:100]})") from exc
    number = doc.get("pr") if isinstance(doc, dict) else None
    if type(number) is not int or not 1 <= number <= 9_999_999_999:
        raise ArtifactError("results.json: pr: not a pull request number")
    return number


def _call(method: str, url: str, token: str, data: dict[str, Any] | None = None) -> tuple[Any, str]:
    """(JSON answer, the Link header) of one GitHub API call."""
    request = urllib.request.Request(
        url,
        method=method,
        data=json.dumps(data).encode() if data else None,
        headers={
            "Authorization": f"Bearer {token}",
            "User-Agent": "litboard",
            "Accept": "application/vnd.github+json",
        },
    )
    with urllib.request.urlopen(request, timeout=60) as response:  # noqa: S310 (https only)
        return json.loads(response.read() or b"null"), response.headers.get("Link", "")


def pull(number: int, repo: str, head_sha: str, token: str) -> dict[str, Any]:
    """The pull request, if its head is the commit the run built."""
    found, _ = _call("GET", f"{API}/repos/{repo}/pulls/{number}", token)
    if found.get("head", {}).get("sha") != head_sha:
        raise ArtifactError(
            f"pull request #{number} is not at the commit the run built ({head_sha[:12]})"
        )
    base = str(found.get("base", {}).get("ref", ""))
    if not REF.fullmatch(base) or ".." in base:
        raise ArtifactError(f"pull request #{number}: its base {base[:40]!r} is not a branch name")
    return found


def existing(number: int, repo: str, token: str) -> int | None:
    """The id of this workflow's results comment (author ``BOT``, the marker first), searched
    across every page (the oldest is kept): a comment of any other user or bot is never edited."""
    url: str | None = f"{API}/repos/{repo}/issues/{number}/comments?per_page=100"
    while url:
        page, link = _call("GET", url, token)
        for comment in page:
            user = comment.get("user") or {}
            if (
                user.get("login") == BOT
                and user.get("type") == "Bot"
                and str(comment.get("body", "")).startswith(MARKER)
            ):
                return int(comment["id"])
        found = re.search(r'<(https://api\.github\.com/[^>]+)>;\s*rel="next"', link)
        url = found.group(1) if found else None
    return None


def post(body: str, number: int, repo: str, head_sha: str, token: str) -> str:
    pull(number, repo, head_sha, token)  # again: a push since `verify` makes this run stale
    mine = existing(number, repo, token)
    if mine is not None:
        _call("PATCH", f"{API}/repos/{repo}/issues/comments/{mine}", token, {"body": body})
        return f"updated the results comment on #{number}"
    _call("POST", f"{API}/repos/{repo}/issues/{number}/comments", token, {"body": body})
    return f"posted the results comment on #{number}"


def barrier_lines(outcome: str, log: Path | None) -> list[str] | None:
    """None when the barrier passed; else its problems (one line each) or why there are none."""
    if outcome == "success":
        return None
    try:
        found = json.loads(log.read_text(encoding="utf-8")) if log and log.is_file() else None
    except (UnicodeError, ValueError):
        found = None
    if isinstance(found, list) and found and all(isinstance(p, dict) for p in found):
        return [
            f"{p.get('file')}:{p.get('line')}: {p.get('field')}: {p.get('message')} (fix: "
            f"{p.get('fix')})"
            for p in found[:50]
        ]
    return [
        f"the barrier did not pass (outcome: {outcome[:20] or 'not run'}); see its run for the "
        f"reason"
    ]


def card_name(doc: dict[str, Any], head: str, repo: Path) -> str | None:
    """The display name in the pull request's card, read from git (the barrier fetched ``head``)."""
    import yaml

    from ..load.track_decl import TRACKS

    track = next((t for t in TRACKS if t.id == doc["track"]), None)
    if track is None or doc["system"] is None:
        return None
    blob = _git(repo, "show", f"{head}:{track.folder}/{doc['system']}/system.yaml")
    try:
        card = yaml.safe_load(blob.decode("utf-8")[:20_000]) if blob is not None else None
    except (UnicodeError, yaml.YAMLError):
        return None
    name = card.get("name") if isinstance(card, dict) else None
    return name if isinstance(name, str) and name.strip() else None


def _git(repo: Path, *args: str) -> bytes | None:
    done = subprocess.run(
        ["git", "-C", str(repo), *args], capture_output=True, timeout=60, check=False
    )
    return done.stdout if done.returncode == 0 else None


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    try:
        number = read_artifact(args.artifact)
        if args.step == "verify":
            return _verify(number, args)
        body = comment(number, args)
        if args.dry_run:
            print(f"would post to {args.repo}#{number} (if its head is {args.head_sha}):\n{body}")
            return 0
        print(post(body, number, args.repo, args.head_sha, os.environ["GITHUB_TOKEN"]))
    except ArtifactError as exc:
        print(f"litboard: not posted: {exc}", file=sys.stderr)
        return 1
    return 0


def comment(number: int, args: argparse.Namespace) -> str:
    """The body: the barrier's refusal, or the results recomputed here, or why they are not."""
    from .pr_results import empty
    from .pr_trusted import Unavailable, recompute

    barrier = barrier_lines(args.barrier, args.barrier_log)
    if barrier:
        return bounded(render(empty(number), None, barrier, args.run_url))
    if not HEAD.fullmatch(args.head_sha):
        raise ArtifactError(f"--head-sha {args.head_sha[:50]!r} is not a commit id")
    try:
        doc = recompute(
            args.checkout, args.base, args.head_sha, number, _release_roots(args), None, args.pairs
        )
        refused = problems(doc)  # the recomputed data has the shape the renderer expects
        if refused:
            raise Unavailable("; ".join(refused[:3]))
    except Unavailable as exc:
        return bounded(unavailable(str(exc), args.run_url))
    name = card_name(doc, args.head_sha, args.checkout)
    return bounded(render(doc, name, None, args.run_url))


def _release_roots(args: argparse.Namespace) -> Any:
    """The imported pinned release of a release track (the base checkout's releases.yaml; the
    barrier step fetched and checked it into the same cache)."""
    from ..importers.pinned import prepare

    def found(track: Any, repo: Path) -> list[Path]:
        return prepare(repo / "releases.yaml", args.cache, args.mirror, only=[track.release])

    return found


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m litboard.tracks.pr_comment", description=__doc__.splitlines()[0]
    )
    add = parser.add_argument
    add("step", choices=["verify", "post"])
    add("--artifact", type=Path, required=True, help="the unpacked pr-results artifact")
    add("--repo", required=True, help="owner/name")
    add("--head-sha", required=True, help="the commit the pull request run built (workflow_run)")
    add("--output", type=Path, help="verify: the $GITHUB_OUTPUT file")
    add("--barrier", default="", help="post: the barrier step's outcome (success, failure, ...)")
    add("--barrier-log", type=Path, help="post: check-pr --format json's output")
    add("--base", default="origin/main", help="post: the base branch the results are computed on")
    add("--checkout", type=Path, default=Path("."), help="post: the base branch's checkout")
    add("--mirror", type=Path, help="post: read release files from DIR/<mirror>/<name>")
    add("--cache", type=Path, default=Path(".cache/releases"), help="post: the release cache")
    add("--pairs", nargs="+", help="post: score only these pairs (a quick local check)")
    add("--run-url", default="", help="post: the pull request run's page (the preview)")
    add("--dry-run", action="store_true", help="check and print; send nothing")
    return parser


def _verify(number: int, args: argparse.Namespace) -> int:
    base = (
        "main"
        if args.dry_run
        else pull(number, args.repo, args.head_sha, os.environ["GITHUB_TOKEN"])["base"]["ref"]
    )
    text = f"number={number}\nbase={base}\n"
    if args.output:
        with args.output.open("a", encoding="utf-8") as out:
            out.write(text)
    print(text, end="")
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
