"""What a contribution pull request may change: one new folder ``corpus/systems/<id>/``, nothing else.

``litboard check-pr --base origin/main`` asks git for every path the pull request changes
(``git diff --raw --no-renames -z BASE...HEAD``: the changes since the merge base) and fails
with one ``path: field: message (fix: ...)`` line per forbidden change:

* any path outside ``corpus/systems/<id>/``: above all ``llm-cache/`` (answers that the
  maintainers' scoring run paid for: a forged answer would become an LLM-judge score),
  ``judgments/``, the code and the workflows;
* files of a second system folder (one system per pull request);
* a system folder that already exists on the base branch (a pull request adds a new system;
  a maintainer updates existing ones);
* sub-folders, symbolic links and submodules inside the new folder;
* files ``litboard validate`` would refuse there: a name other than ``system.yaml``,
  ``<pair>.jsonl`` (parts ``<pair>.2.jsonl``...) or a ``.md``/``.txt`` note, a hidden name
  (``.gitattributes``), and any file over the loader's size limit (a 60 MB ``notes.txt``).

CI runs it for pull requests from forks (see .github/workflows/pr.yml); the maintainers'
own branches change code and are reviewed as code.
"""

from __future__ import annotations

import subprocess
from dataclasses import dataclass, replace
from pathlib import Path

from .errors import DataError, Problem, Problems
from .ids import ID_HELP, id_problem

SYSTEMS = "corpus/systems/"
REGULAR = {"100644", "100755"}
ONLY = "a pull request may only add files in one new folder corpus/systems/<id>/"
PROTECTED = {
    "llm-cache": "holds the answers the maintainers' LLM scoring run paid for; only that run writes it",
    "judgments": "holds human judgments and stored scores; CI and the maintainers compute them",
}


@dataclass(frozen=True)
class Change:
    status: str      # git's letter: A added, M modified, D deleted, T type changed
    mode: str        # the new file mode ("000000" when deleted)
    path: str
    blob: str = ""   # the new object id (all zeros when deleted)
    size: int = 0    # bytes of the new blob (filled in by ``check_pr``)


def parse_raw(output: str) -> list[Change]:
    """Changes from ``git diff --raw --no-renames -z`` output."""
    fields = output.split("\0")
    changes = []
    for head, path in zip(fields[0::2], fields[1::2]):
        if not head.startswith(":"):
            continue
        parts = head[1:].split()
        changes.append(Change(status=parts[4][:1], mode=parts[1], path=path, blob=parts[3]))
    return changes


def shown(path: str) -> str:
    """A path as one printable line: control characters become escapes."""
    return "".join(c if c.isprintable() else c.encode("unicode_escape").decode("ascii") for c in path)


def check(changes: list[Change], existing: set[str]) -> tuple[Problems, str]:
    """(every forbidden change, the one system id the pull request adds or '')."""
    problems = Problems()
    systems = sorted({c.path[len(SYSTEMS):].split("/", 1)[0] for c in changes
                      if c.path.startswith(SYSTEMS) and c.path.count("/") >= 3})
    chosen = next((s for s in systems if s not in existing), systems[0] if systems else "")
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
    if not path.startswith(SYSTEMS) or path.count("/") < 3:
        return (f"is outside corpus/systems/<id>/: {ONLY}",
                "remove this change from the pull request (revert it to the base branch); "
                "propose other changes in a separate pull request")
    system, _, rest = path[len(SYSTEMS):].partition("/")
    if system in existing:
        return (f"corpus/systems/{system}/ already exists on the base branch: {ONLY}",
                "leave existing systems as they are (a maintainer updates them); add yours under a new id")
    if system != chosen:
        return (f"belongs to a second system folder {system!r}: one pull request adds one system "
                f"(this one adds {chosen!r})", "open one pull request per system")
    why = id_problem(system)
    if why:
        return (f"the folder name {why}", ID_HELP)
    if "/" in rest:
        return ("is in a sub-folder: the system folder holds system.yaml and <pair>.jsonl files "
                "(with their parts <pair>.2.jsonl, ...) only",
                "move the file up into corpus/systems/<id>/")
    if change.status != "A" or change.mode not in REGULAR:
        kind = {"120000": "a symbolic link", "160000": "a submodule"}.get(change.mode, "not a regular file")
        return (f"is {kind}" if change.mode not in REGULAR else "changes a file that is not new",
                "add regular files only")
    return _file_problem(rest, change.size)


def _file_problem(name: str, size: int) -> tuple[str, str] | None:
    """What ``litboard validate`` would refuse about this file of a system folder, or None."""
    from .ids import output_file
    from .load import ALLOWED_EXTRA
    from .textfiles import MAX_FILE_BYTES

    if name.startswith("."):
        return ("is a hidden file: a system folder holds system.yaml, <pair>.jsonl files and .md/.txt "
                "notes only", "remove it from the pull request")
    if name != "system.yaml" and not name.endswith(".jsonl") and Path(name).suffix not in ALLOWED_EXTRA:
        return ("is not a litboard data file: a system folder holds system.yaml, <pair>.jsonl files "
                "and .md/.txt notes only", "remove it from the pull request")
    if name.endswith(".jsonl") and output_file(name)[2]:
        return (f"is not an output file name: {output_file(name)[2]}", "name it <pair>.jsonl, e.g. de-en.jsonl")
    if size > MAX_FILE_BYTES:
        return (f"is {size:,} bytes, over the {MAX_FILE_BYTES:,}-byte limit of a data file",
                "split the outputs into parts (<pair>.2.jsonl, ...) or shorten the note")
    return None


def _git(repo: Path, *args: str) -> str:
    done = subprocess.run(["git", "-C", str(repo), *args], capture_output=True, text=True, timeout=120,
                          check=False, encoding="utf-8", errors="surrogateescape")
    if done.returncode != 0:
        raise DataError([Problem("git", 0, "base", f"git {' '.join(args[:2])} failed: {done.stderr.strip()}",
                                 "fetch the base branch (actions/checkout with fetch-depth: 0) and pass it "
                                 "as --base, e.g. origin/main")])
    return done.stdout


def _sized(repo: Path, changes: list[Change]) -> list[Change]:
    """The changes with the byte size of each added or changed regular file (read from git's
    object store without checking anything out)."""
    blobs = sorted({c.blob for c in changes if c.mode in REGULAR and c.blob.strip("0")})
    if not blobs:
        return changes
    done = subprocess.run(["git", "-C", str(repo), "cat-file", "--batch-check=%(objectname) %(objectsize)"],
                          input="\n".join(blobs) + "\n", capture_output=True, text=True, timeout=120, check=False)
    sizes = {}
    for line in done.stdout.splitlines():
        name, _, size = line.partition(" ")
        if size.isdigit():
            sizes[name] = int(size)
    return [replace(c, size=sizes.get(c.blob, 0)) for c in changes]


def check_pr(base: str, repo: Path) -> str:
    """Raise ``DataError`` naming every forbidden change; else a one-line summary."""
    merge_base = _git(repo, "merge-base", base, "HEAD").strip()
    changes = _sized(repo, parse_raw(_git(repo, "diff", "--raw", "--no-abbrev", "--no-renames", "-z", f"{merge_base}..HEAD")))
    listed = _git(repo, "ls-tree", "-z", "--name-only", merge_base, SYSTEMS).split("\0")
    existing = {p[len(SYSTEMS):] for p in listed if p.startswith(SYSTEMS)}
    problems, system = check(changes, existing)
    problems.raise_if_any()
    if not changes:
        return "litboard: the pull request changes no file"
    return f"litboard: the pull request adds corpus/systems/{system}/ ({len(changes)} file(s)) and nothing else"
