"""What a contribution pull request may change: one new system folder of a track, nothing else.

A track's system folders are ``corpus/systems/<id>/`` (the demo) and
``tracks/<track>/corpus/systems/<id>/`` (a release's track; see ``litboard.load.track_decl``).

``litboard check-pr --base origin/main`` asks git for every path the pull request changes
(``git diff --raw --no-renames -z BASE...HEAD``: the changes since the merge base) and fails
with one ``path: field: message (fix: ...)`` line per forbidden change:

* any path outside ``corpus/systems/<id>/``: above all ``llm-cache/`` (answers that the
  maintainers' scoring run paid for: a forged answer would become an LLM-judge score),
  ``judgments/``, the code and the workflows;
* files of a second system folder (one system per pull request);
* a system folder that already exists on the base branch (a pull request adds a new system;
  a maintainer updates existing ones);
* sub-folders, symbolic links and submodules inside the new folder.

CI runs it for pull requests from forks (see .github/workflows/pr.yml); the maintainers'
own branches change code and are reviewed as code.
"""

from __future__ import annotations

import subprocess
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..errors import DataError, Problem, Problems
from ..files.ids import ID_HELP, id_problem, output_file

SYSTEMS = "corpus/systems/"
REGULAR = {"100644", "100755"}
ONLY = "a pull request may only add files in one new folder corpus/systems/<id>/"
PROTECTED = {
    "llm-cache": (
        "holds the answers the maintainers' LLM scoring run paid for; only that run writes it"
    ),
    "judgments": "holds human judgments and stored scores; CI and the maintainers compute them",
}


@dataclass(frozen=True)
class Change:
    status: str  # git's letter: A added, M modified, D deleted, T type changed
    mode: str  # the new file mode ("000000" when deleted)
    path: str


def parse_raw(output: str) -> list[Change]:
    """Changes from ``git diff --raw --no-renames -z`` output."""
    fields = output.split("\0")
    changes = []
    for head, path in zip(fields[0::2], fields[1::2]):
        if not head.startswith(":"):
            continue
        parts = head[1:].split()
        changes.append(Change(status=parts[4][:1], mode=parts[1], path=path))
    return changes


def shown(path: str) -> str:
    """A path as one printable line: control characters become escapes."""
    return "".join(
        c if c.isprintable() else c.encode("unicode_escape").decode("ascii") for c in path
    )


def prefixes() -> tuple[str, ...]:
    """The folders that hold a track's system folders, longest first."""
    from ..load.track_decl import TRACKS

    return tuple(sorted({t.folder + "/" for t in TRACKS}, key=len, reverse=True))


def split(path: str) -> tuple[str, str, str] | None:
    """(track folder, system id, rest) of a path inside a track's system folder, else None."""
    for prefix in prefixes():
        if path.startswith(prefix) and "/" in path[len(prefix) :]:
            system, _, rest = path[len(prefix) :].partition("/")
            return prefix, system, rest
    return None


def check(changes: list[Change], existing: set[str]) -> tuple[Problems, str]:
    """(every forbidden change, the one system folder the pull request adds, as 'prefix+id', or '').

    ``existing``: the system folders of the base branch, as 'prefix+id'."""
    problems = Problems()
    folders = sorted({s[0] + s[1] for s in map(split, (c.path for c in changes)) if s is not None})
    chosen = next((s for s in folders if s not in existing), folders[0] if folders else "")
    for change in changes:
        problem = _problem(change, chosen, existing)
        if problem is not None:
            problems.add(shown(change.path), 0, "pull request", *problem)
    return problems, chosen


def _problem(change: Change, chosen: str, existing: set[str]) -> tuple[str, str] | None:
    path = change.path
    top = path.split("/", 1)[0]
    if top in PROTECTED:
        return (f"{top}/ {PROTECTED[top]}; {ONLY}", f"remove {shown(path)} from the pull request")
    parts = split(path)
    if parts is None:
        return (
            f"is outside the tracks' system folders "
            f"({', '.join(p + '<id>/' for p in prefixes())}): {ONLY}",
            "remove this change from the pull request (revert it to the base branch); "
            "propose other changes in a separate pull request",
        )
    prefix, system, rest = parts
    if prefix + system in existing:
        return (
            f"{prefix}{system}/ already exists on the base branch: {ONLY}",
            "leave existing systems as they are (a maintainer updates them); add yours under a "
            "new id",
        )
    if prefix + system != chosen:
        return (
            f"belongs to a second system folder {prefix + system!r}: one pull request adds one "
            f"system "
            f"(this one adds {chosen!r})",
            "open one pull request per system",
        )
    why = id_problem(system)
    if why:
        return (f"the folder name {why}", ID_HELP)
    if "/" in rest:
        return (
            "is in a sub-folder: the system folder holds system.yaml and <pair>.jsonl files "
            "(with their parts <pair>.2.jsonl, ...) only",
            "move the file up into corpus/systems/<id>/",
        )
    if change.status != "A" or change.mode not in REGULAR:
        kind = {"120000": "a symbolic link", "160000": "a submodule"}.get(
            change.mode, "not a regular file"
        )
        return (
            f"is {kind}" if change.mode not in REGULAR else "changes a file that is not new",
            "add regular files only",
        )
    notes = rest.endswith((".md", ".txt")) and not rest.startswith(".")
    if (
        rest != "system.yaml"
        and not notes
        and (not rest.endswith(".jsonl") or output_file(rest)[2])
    ):
        return (
            f"{rest!r} is not a file of a system folder: it holds system.yaml, <pair>.jsonl files "
            "(with their parts <pair>.2.jsonl, ...) and optional notes (*.md, *.txt) only",
            "remove it (hidden files and .gitattributes included)",
        )
    return None


def _git(repo: Path, *args: str) -> str:
    done = subprocess.run(
        ["git", "-C", str(repo), *args],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        encoding="utf-8",
        errors="surrogateescape",
    )
    if done.returncode != 0:
        raise DataError(
            [
                Problem(
                    "git",
                    0,
                    "base",
                    f"git {' '.join(args[:2])} failed: {done.stderr.strip()}",
                    "fetch the base branch (actions/checkout with fetch-depth: 0) and pass it "
                    "as --base, e.g. origin/main",
                )
            ]
        )
    return done.stdout


def check_pr(base: str, repo: Path, head: str = "HEAD", release_roots: Any = None) -> str:
    """Raise ``DataError`` naming every forbidden change between ``base`` and ``head``; else a
    one-line summary. Reads git objects only: ``head`` need not be checked out (pr-barrier.yml
    fetches it). Then the content: ``pr_content`` validates the added files with the current base's
    track data (``release_roots(track, repo)``: the imported release of a release track)."""
    from .git_refs import check_refs

    check_refs(repo, base, head)  # a bad --head is named as --head, not blamed on --base
    merge_base = _git(repo, "merge-base", base, head).strip()
    changes = parse_raw(_git(repo, "diff", "--raw", "--no-renames", "-z", f"{merge_base}..{head}"))
    existing = set()
    for prefix in prefixes():
        listed = _git(repo, "ls-tree", "-z", "--name-only", merge_base, prefix).split("\0")
        existing |= {p for p in listed if p.startswith(prefix)}
    problems, folder = check(changes, existing)
    if not problems.items:
        check_contents(repo, changes, problems, head)
    if not problems.items:
        from .pr_content import check_contents as validate_contents

        validate_contents(
            repo, base, head, [c.path for c in changes], folder, problems, release_roots
        )
    problems.raise_if_any()
    if not changes:
        return "litboard: the pull request changes no file"
    done = f"litboard: the pull request adds {folder}/ ({len(changes)} file(s)) and nothing else"
    return done + skipped(folder, base, release_roots is not None)


def skipped(folder: str, base: str, releases: bool) -> str:
    """What ``check-pr`` did not check of a release track's folder without ``--releases``, and the
    command that checks it ('' when nothing was skipped)."""
    from ..load.track_decl import TRACKS

    track = next((t for t in TRACKS if folder.startswith(t.folder + "/")), None)
    if releases or track is None or track.release is None:
        return ""
    return (
        f"\nlitboard: NOT checked without the release of track {track.id!r}: coverage of its "
        "paragraphs, copies of the reference or of other systems (in any order), shifted lines, "
        "length ratios, target language, display names; run "
        f"`litboard check-pr --base {base} --releases` (add `--mirror DIR` for local release "
        "files) to check them"
    )


def check_contents(
    repo: Path, changes: list[Change], problems: Problems, head: str = "HEAD"
) -> None:
    """The added files read as data from git (never checked out, never run): sizes, the card."""
    import yaml

    from .contribution import MAX_DATA_BYTES, MAX_OTHER_BYTES, check_card

    for change in changes:
        size = int(_git(repo, "cat-file", "-s", f"{head}:{change.path}").strip())
        limit = MAX_DATA_BYTES if change.path.endswith(".jsonl") else MAX_OTHER_BYTES
        if size > limit:
            problems.add(
                shown(change.path),
                0,
                "file size",
                f"is {size:,} bytes; the limit is {limit:,}",
                "split outputs into <pair>.jsonl, <pair>.2.jsonl, ...; keep system.yaml short",
            )
        elif change.path.endswith("/system.yaml"):
            text = _git(repo, "show", f"{head}:{change.path}")
            try:
                card = yaml.safe_load(text)
            except yaml.YAMLError as exc:
                problems.add(
                    shown(change.path), 0, "yaml", f"cannot be read: {exc}", "fix the YAML syntax"
                )
                continue
            check_card(shown(change.path), card if isinstance(card, dict) else {}, problems, text)
