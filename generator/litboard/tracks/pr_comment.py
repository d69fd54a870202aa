"""Post the results comment of a pull request (pr-comment.yml: base-branch code, ``workflow_run``).

The ``pull request`` run (the pull request's own code, a read-only token, no secrets) uploads the
artifact ``pr-results`` holding ``results.json`` only: data, never Markdown. Two steps, each a
make target, with the barrier between them:

* ``verify`` (``make pr-verify``): results.json is UTF-8 JSON within ``MAX_BYTES`` that
  ``pr_render.problems`` accepts, and the pull request it names has as head the commit the run
  built (``--head-sha``, from the event, not from the artifact); writes ``number`` and ``base`` to
  ``$GITHUB_OUTPUT`` for the barrier step (``make pr-barrier``, the base branch's check-pr);
* ``post`` (``make pr-comment``): renders the comment with the base branch's ``pr_render`` — the
  barrier's problems instead of any result when the barrier did not pass — and edits the bot's one
  earlier comment with the marker, searched across every page of the pull request's comments.

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

from .pr_render import MARKER, problems, render

MAX_BYTES = 2_000_000
API = "https://api.github.com"
REF = re.compile(r"[A-Za-z0-9][A-Za-z0-9._/-]{0,200}")


class ArtifactError(Exception):
    """The artifact is not what the pull request run writes: nothing is posted."""


def read_artifact(folder: Path) -> dict[str, Any]:
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
    refused = problems(doc)
    if refused:
        raise ArtifactError("results.json: " + "; ".join(refused[:5]))
    return doc


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
    """The id of the bot's results comment, searched across every page (the oldest is kept)."""
    url: str | None = f"{API}/repos/{repo}/issues/{number}/comments?per_page=100"
    while url:
        page, link = _call("GET", url, token)
        for comment in page:
            if comment.get("user", {}).get("type") == "Bot" and str(
                comment.get("body", "")
            ).startswith(MARKER):
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


def screened_count(doc: dict[str, Any], head: str, repo: Path) -> int | None:
    """How many of the pull request's outputs the LLM-judge screen flags, counted here from git
    (the barrier fetched ``head``), never taken from the artifact; None when they cannot be read."""
    from ..load.track_decl import TRACKS
    from ..scoring.llm.screen import screen

    track = next((t for t in TRACKS if t.id == doc["track"]), None)
    if track is None or doc["system"] is None:
        return None
    folder = f"{track.folder}/{doc['system']}/"
    listed = _git(repo, "ls-tree", "-r", "--name-only", head, "--", folder)
    if listed is None:
        return None
    count = 0
    for path in listed.decode("utf-8", "replace").splitlines():
        blob = _git(repo, "show", f"{head}:{path}") if path.endswith(".jsonl") else None
        for line in (blob or b"").decode("utf-8", "replace").splitlines():
            try:
                text = json.loads(line).get("text")
            except (ValueError, AttributeError):
                continue  # the barrier refuses such lines; nothing to screen
            count += bool(isinstance(text, str) and screen(text))
    return count


def _git(repo: Path, *args: str) -> bytes | None:
    done = subprocess.run(
        ["git", "-C", str(repo), *args], capture_output=True, timeout=60, check=False
    )
    return done.stdout if done.returncode == 0 else None


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m litboard.tracks.pr_comment", description=__doc__.splitlines()[0]
    )
    parser.add_argument("step", choices=["verify", "post"])
    parser.add_argument(
        "--artifact", type=Path, required=True, help="the unpacked pr-results artifact"
    )
    parser.add_argument("--repo", required=True, help="owner/name")
    parser.add_argument(
        "--head-sha", required=True, help="the commit the pull request run built (workflow_run)"
    )
    parser.add_argument("--output", type=Path, help="verify: the $GITHUB_OUTPUT file")
    parser.add_argument(
        "--barrier", default="", help="post: the barrier step's outcome (success, failure, ...)"
    )
    parser.add_argument("--barrier-log", type=Path, help="post: check-pr --format json's output")
    parser.add_argument(
        "--head", default="refs/litboard/pr-head", help="post: the fetched pull request head"
    )
    parser.add_argument(
        "--run-url", default="", help="post: the pull request run's page (the preview)"
    )
    parser.add_argument("--dry-run", action="store_true", help="check and print; send nothing")
    args = parser.parse_args(argv)
    try:
        doc = read_artifact(args.artifact)
        if args.step == "verify":
            return _verify(doc, args)
        barrier = barrier_lines(args.barrier, args.barrier_log)
        if not barrier:  # the screen count is this job's, from the pull request's files
            doc = {**doc, "screened": screened_count(doc, args.head, Path("."))}
        body = render(
            doc, None if barrier else card_name(doc, args.head, Path(".")), barrier, args.run_url
        )
        if args.dry_run:
            print(
                f"would post to {args.repo}#{doc['pr']} (if its head is {args.head_sha}):\n{body}"
            )
            return 0
        print(post(body, doc["pr"], args.repo, args.head_sha, os.environ["GITHUB_TOKEN"]))
    except ArtifactError as exc:
        print(f"litboard: not posted: {exc}", file=sys.stderr)
        return 1
    return 0


def _verify(doc: dict[str, Any], args: argparse.Namespace) -> int:
    found = (
        {"base": "main"}
        if args.dry_run
        else {
            "base": pull(doc["pr"], args.repo, args.head_sha, os.environ["GITHUB_TOKEN"])["base"][
                "ref"
            ]
        }
    )
    text = f"number={doc['pr']}\nbase={found['base']}\n"
    if args.output:
        with args.output.open("a", encoding="utf-8") as out:
            out.write(text)
    print(text, end="")
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
