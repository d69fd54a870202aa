"""Is a cache file an answer litboard's own scoring run wrote? (``litboard validate`` and ``score``)

A cached answer is trusted only with its request and its provenance: the file name, ``key`` and
``provenance.request_sha256`` must all equal the SHA-256 of the stored request (model, prompt,
messages, temperature); ``provenance.prompt_sha256`` must be the hash of that prompt file; the
endpoint host (never credentials), the time received, the usage and the endpoint's response id
must be there. Anything else is refused: reported as ``file:line: field: message`` by validate,
and never used (so never counted as "cached") by a scoring run.

These checks make a hand-edited or copied answer visible; they are not a signature. What keeps
forged answers out is that pull requests may not touch ``llm-cache/`` (``litboard check-pr``).
"""

from __future__ import annotations

import json
import re
from datetime import datetime
from pathlib import Path
from typing import Any

from ...errors import Problems
from ...load.rows import RawData
from .endpoint import has_credentials
from .request import prompt_sha256, request_key

HEX64 = re.compile(r"^[0-9a-f]{64}$")
FILE = re.compile(r"^[0-9a-f]{2}/[0-9a-f]{64}\.json$")
FIX = (
    "delete the file: only `litboard score` writes llm-cache/, and it asks the endpoint again "
    "for an answer it does not have"
)
JOURNAL = "journal.jsonl"


def entry_problems(data: Any, name: str | None = None) -> list[tuple[str, str]]:
    """(field, message) for everything wrong with one cache entry; [] when it can be trusted.

    ``name``: the file name (``<key>.json``) the entry was read from, when there is one."""
    if not isinstance(data, dict):
        return [("file", "is not a JSON object")]
    out = _request_problems(data)
    usage = data.get("usage")
    if not isinstance(usage, dict):
        out.append(("usage", "is missing: a cached answer records the tokens it used"))
    else:
        for count in ("prompt_tokens", "completion_tokens"):
            value = usage.get(count)
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                out.append((f"usage.{count}", f"must be a count of tokens, not {value!r}"))
        if usage.get("reported", False) is not False:
            out.append(
                (
                    "usage.reported",
                    "may only be false (the endpoint sent no usage); leave it out otherwise",
                )
            )
    if "refusal" in data and not isinstance(data["refusal"], str):
        out.append(("refusal", "must be the model's refusal message (text)"))
    limit = data.get("max_tokens", 1)
    if isinstance(limit, bool) or not isinstance(limit, int) or limit < 1:
        out.append(
            ("max_tokens", f"must be the max_tokens the request was sent with, not {limit!r}")
        )
    if not isinstance(data.get("answer"), str):
        out.append(("answer", "is missing or not text"))
    out += _provenance_problems(data)
    key = data.get("key")
    if name is not None and isinstance(key, str) and name != f"{key}.json":
        out.append(("key", f"{key!r} does not match the file name {name!r}"))
    return out


def _request_problems(data: dict[str, Any]) -> list[tuple[str, str]]:
    out = []
    messages = data.get("messages")
    fine = (
        isinstance(messages, list)
        and messages
        and all(
            isinstance(m, dict)
            and set(m) == {"role", "content"}
            and all(isinstance(v, str) for v in m.values())
            for m in messages
        )
    )
    if not fine:
        out.append(("messages", "must be the request's list of {role, content} messages"))
    for name in ("model", "prompt"):
        if not isinstance(data.get(name), str) or not data.get(name):
            out.append((name, "is missing"))
    temperature = data.get("temperature")
    if isinstance(temperature, bool) or not isinstance(temperature, (int, float)):
        out.append(("temperature", "is missing or not a number"))
    key = data.get("key")
    if not isinstance(key, str) or not HEX64.match(key):
        out.append(("key", "must be the request's SHA-256 (64 hex digits)"))
    elif not out:
        real = request_key(data["model"], data["prompt"], messages, temperature)  # type: ignore[arg-type]
        if real != key:
            out.append(
                (
                    "key",
                    f"is not the SHA-256 of the stored request (that is {real[:16]}…): the "
                    "request or the key was changed after the answer was received",
                )
            )
    return out


def _provenance_problems(data: dict[str, Any]) -> list[tuple[str, str]]:
    prov = data.get("provenance")
    if not isinstance(prov, dict):
        return [
            (
                "provenance",
                "is missing: nothing shows that litboard's scoring run received this answer",
            )
        ]
    out = []
    if prov.get("request_sha256") != data.get("key"):
        out.append(("provenance.request_sha256", "differs from key"))
    prompt = data.get("prompt")
    wanted = prompt_sha256(prompt) if isinstance(prompt, str) else ""
    if not wanted:
        out.append(("prompt", f"{prompt!r} is not a prompt litboard knows"))
    elif prov.get("prompt_sha256") != wanted:
        out.append(
            ("provenance.prompt_sha256", f"is not the SHA-256 of prompt {prompt} ({wanted[:16]}…)")
        )
    endpoint = prov.get("endpoint")
    if not isinstance(endpoint, str) or not endpoint.strip():
        out.append(("provenance.endpoint", "is missing (the endpoint's host)"))
    elif has_credentials(endpoint) or "/" in endpoint:
        out.append(
            ("provenance.endpoint", "must be a bare host[:port], without credentials or path")
        )
    if not _is_time(prov.get("received")):
        out.append(("provenance.received", "must be the UTC time the answer arrived (ISO 8601)"))
    if not isinstance(prov.get("response_id"), str) or not prov.get("response_id", "").strip():
        out.append(("provenance.response_id", "is missing (the endpoint's id of this completion)"))
    return out


def _is_time(value: Any) -> bool:
    if not isinstance(value, str):
        return False
    try:
        return datetime.fromisoformat(value).tzinfo is not None
    except ValueError:
        return False


def line_of(text: str, field: str) -> int:
    """Line of ``field``'s top-level key (``a.b`` -> ``b`` inside ``a``) in an indented JSON
    file."""
    lines = text.splitlines()
    start = 0
    for part in field.split("."):
        for number in range(start, len(lines)):
            if lines[number].lstrip().startswith(f'"{part}":'):
                start = number
                break
        else:
            return start + 1 if start else 1
    return start + 1


def check_folder(folder: Path, problems: Problems, shown: str | None = None) -> None:
    """Add a problem for every file under ``folder`` that is not a trusted cache entry."""
    label = shown or str(folder)
    if folder.is_symlink():
        problems.add(
            label,
            0,
            "folder",
            "is a symbolic link",
            "make llm-cache/ a real folder inside the data root",
        )
        return
    if not folder.is_dir():
        return
    for path in sorted(p for p in folder.rglob("*") if not p.is_dir() or p.is_symlink()):
        relative = path.relative_to(folder).as_posix()
        where = f"{label}/{relative}"
        if relative == JOURNAL:
            problems.add(
                where,
                0,
                "file",
                "is the journal of a scoring run that did not finish",
                "rerun `litboard score` to fold it into the cache (or delete it); never commit it",
            )
        elif path.is_symlink() or not path.is_file() or not FILE.match(relative):
            problems.add(
                where, 0, "file", "is not a cache file (a regular file <2 hex>/<sha256>.json)", FIX
            )
        else:
            check_file(path, problems, where)


def check_file(path: Path, problems: Problems, where: str | None = None) -> bool:
    """Check one cache file; True when it can be trusted."""
    where = where or str(path)
    try:
        text = path.read_text(encoding="utf-8")
        data = json.loads(text)
    except UnicodeDecodeError:
        problems.add(where, 0, "file", "is not UTF-8", FIX)
        return False
    except ValueError as exc:
        problems.add(where, getattr(exc, "lineno", 0), "file", f"is not valid JSON: {exc}", FIX)
        return False
    found = entry_problems(data, path.name)
    for field, message in found:
        problems.add(where, line_of(text, field), field, message, FIX)
    return not found


def check_caches(raw: RawData, problems: Problems) -> None:
    """Every file under <root>/llm-cache/ of the loaded roots must be an answer litboard's scoring
    run wrote (a ``load.rows.RootCheck``: callers pass it to ``load``/``validate``)."""
    roots = sorted({row.root for rows in raw.rows.values() for row in rows if row.root})
    for root in roots:
        check_folder(Path(root) / "llm-cache", problems)


ROOT_CHECKS = (check_caches,)  # what every load of data roots checks besides load's own
