"""Write an import's campaign folders, touching only files an import of the plan wrote.

Files are written into a fresh staging folder (``owned.staging``: a new, randomly named folder,
never an existing one reused or emptied) and moved into ``judgments/<campaign>/`` one by one.
What an earlier import wrote is listed, with its SHA-256, in the main campaign's
``labelstudio-import.json``; a re-import removes exactly the listed files it does not write
again (an emptied folder is removed too), and refuses when a listed file was edited since.
Any other file in the folders (a user's ``NOTES.md``, ``figs/plot.svg``) is never touched.

Resumable: the new state is put in place first, as ``PENDING`` (one atomic rename), then the
files, then the stale files are removed and ``PENDING`` becomes the state. Interrupted before
``PENDING`` exists, nothing has changed; after, the next import reads ``PENDING`` and accepts
each listed file with either state's digest, so it completes the interrupted import (a build
refuses the folder until then: ``load.read``).
"""

from __future__ import annotations

import hashlib
import os
import shutil
from pathlib import Path
from typing import Any, Collection

import yaml

from ..files import owned
from ..errors import DataError, Problem, Problems
from .import_store import PENDING, STATE, state_text

Files = dict[str, str]  # file name -> text


def card_text(card: dict[str, Any]) -> str:
    return yaml.safe_dump(card, allow_unicode=True, sort_keys=False, width=100)


def _digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def check_owned(
    judgments: Path, campaigns: list[str], sha: str, listed: Collection[str] = ()
) -> None:
    """Every existing campaign folder the import writes was written by an import of this plan
    (or is one whose card the state of an interrupted import of it ``listed`` but had not
    written yet)."""
    for cid in campaigns:
        folder = judgments / cid
        path = folder / "campaign.yaml"
        if not folder.exists() or (f"{cid}/campaign.yaml" in listed and not path.exists()):
            continue
        old = yaml.safe_load(path.read_text(encoding="utf-8")) if path.is_file() else None
        if not isinstance(old, dict) or (old.get("plan") or {}).get("sha256") != sha:
            raise DataError(
                [
                    Problem(
                        str(folder),
                        0,
                        "--out",
                        "exists and was not written by an import of this plan",
                        "choose another campaign id (plan --campaign) or root",
                    )
                ]
            )


def _earlier(judgments: Path, campaigns: list[str], state: dict[str, Any]) -> dict[str, set[str]]:
    """Relative path -> digests of the files earlier imports wrote (an interrupted import's
    file may still have the previous import's). An import from before the manifest existed
    wrote campaign.yaml and *.jsonl in its folders: those count as its own."""
    if state.get("written") or state.get("before"):
        found: dict[str, set[str]] = {}
        for written in (state.get("before") or {}, state.get("written") or {}):
            for rel, digest in written.items():
                found.setdefault(rel, set()).add(digest)
        return found
    found = {}
    for cid in campaigns:
        for path in sorted((judgments / cid).glob("*")):
            if path.is_file() and (path.name == "campaign.yaml" or path.suffix == ".jsonl"):
                found[f"{cid}/{path.name}"] = {_digest(path.read_bytes())}
    return found


def _check_unedited(judgments: Path, earlier: dict[str, set[str]], new: dict[str, bytes]) -> None:
    problems = Problems()
    for rel in sorted(set(earlier) | set(new)):
        path = judgments / rel
        if not path.exists():
            continue
        if rel not in earlier:
            problems.add(
                str(path),
                0,
                "file",
                "is in the way of a file the import writes, and no import wrote it",
                "move it out of the campaign folder and import again",
            )
        elif (
            not path.is_file()
            or path.is_symlink()
            or _digest(path.read_bytes()) not in earlier[rel]
        ):
            problems.add(
                str(path),
                0,
                "file",
                "was written by an earlier import and edited since",
                "move your edit out of the campaign folder (an import rewrites or removes "
                "this file), then import again",
            )
    problems.raise_if_any()


def write_campaigns(
    judgments: Path,
    campaigns: dict[str, tuple[dict[str, Any], Files]],
    main: str,
    sha: str,
    state: dict[str, Any],
    tasks: dict[str, Any],
) -> list[Path]:
    """Write every campaign folder; the main one also gets the import state. The folders written."""
    new = {
        f"{cid}/campaign.yaml": card_text(card).encode("utf-8")
        for cid, (card, _) in campaigns.items()
    }
    new |= {
        f"{cid}/{name}": text.encode("utf-8")
        for cid, (_, files) in campaigns.items()
        for name, text in files.items()
    }
    earlier = _earlier(judgments, sorted(campaigns), state)
    check_owned(
        judgments, sorted(campaigns) + sorted({r.split("/")[0] for r in earlier}), sha, earlier
    )
    _check_unedited(judgments, earlier, new)
    # beside judgments/, not in it: a stage left by a killed import is in no folder a build reads
    stage = owned.staging(judgments, f"importing-{main}")
    try:
        for rel, data in new.items():
            (stage / rel).parent.mkdir(parents=True, exist_ok=True)
            (stage / rel).write_bytes(data)
        written = {rel: _digest(data) for rel, data in new.items()}
        (stage / STATE).write_text(state_text(sha, tasks, written), encoding="utf-8")
        (judgments / main).mkdir(parents=True, exist_ok=True)
        os.replace(stage / STATE, judgments / main / PENDING)  # from here on, resumable
        for rel in sorted(new):
            (judgments / rel).parent.mkdir(parents=True, exist_ok=True)
            os.replace(stage / rel, judgments / rel)
    finally:
        shutil.rmtree(stage, ignore_errors=True)
    _remove_stale(judgments, set(earlier) - set(new))
    os.replace(judgments / main / PENDING, judgments / main / STATE)
    return [judgments / cid for cid in sorted(campaigns)]


def _remove_stale(judgments: Path, stale: set[str]) -> None:
    """Delete the files an earlier import wrote and this one did not; then their folders if
    empty."""
    for rel in sorted(stale):
        (judgments / rel).unlink(missing_ok=True)
    for folder in sorted({(judgments / rel).parent for rel in stale}):
        if folder.is_dir() and not any(folder.iterdir()):
            folder.rmdir()
