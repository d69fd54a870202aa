"""Plan files: written as diffable YAML (same plan -> same bytes), read back with checks,
and named by the SHA-256 of their bytes (the campaign's provenance)."""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any

from ..errors import DataError, Problem
from ..files.ids import is_safe_id
from .plan import FORMAT
from .schemes import SCHEMES

HEADER = (
    "# litboard human-evaluation plan: written by `litboard campaign plan`; the import checks\n"
    "# exports against it and names its SHA-256. Do not edit by hand after exporting.\n"
)
REQUIRED = (
    "campaign",
    "track",
    "pair",
    "scheme",
    "seed",
    "new_systems",
    "anchors",
    "systems",
    "paragraphs",
    "items",
    "cost",
)


def dump(plan: dict[str, Any]) -> str:
    import yaml

    body = yaml.safe_dump(
        plan, allow_unicode=True, sort_keys=False, width=100, default_flow_style=None
    )
    return HEADER + body


def refuse_existing(path: Path, suggest: bool = False) -> None:
    """No command overwrites a file it did not write (``suggest``: name a free one)."""
    if path.exists():
        fix = "choose a new file name, or delete the old file first"
        if suggest:
            free = next(
                p
                for n in range(2, 10_000)
                if not (p := path.with_name(f"{path.stem}-{n}{path.suffix}")).exists()
            )
            fix = f"choose a new file name (e.g. --out {free}: import reads several exports)"
        raise DataError([Problem(str(path), 0, "--out", "exists already", fix)])


def write_new(path: Path, text: str) -> None:
    """Write ``text`` to ``path``, which must not exist."""
    refuse_existing(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(text.encode("utf-8"))


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def read_plan(path: Path) -> dict[str, Any]:
    """The plan in ``path``; DataError naming the key when it is not one."""
    from ..errors import Problems
    from ..load.textfiles import line_for, read_yaml

    data = _fast_yaml(path)
    if data is not None and _plan_ok(data):
        return data
    problems = Problems()  # read again, with line numbers, for the message
    data, lines = read_yaml(path, problems, str(path))
    problems.raise_if_any()
    if not isinstance(data, dict) or data.get("litboard_plan") != FORMAT:
        raise _bad(
            path,
            1,
            "litboard_plan",
            f"not a litboard plan (format {FORMAT})",
            "pass the file `litboard campaign plan` wrote",
        )
    for key in REQUIRED:
        if key not in data:
            raise _bad(path, 0, key, "is missing", "plan again with `litboard campaign plan`")
    if data["scheme"] not in SCHEMES or not is_safe_id(data["campaign"]):
        raise _bad(
            path,
            line_for(lines, ("scheme",)),
            "scheme/campaign",
            "unknown scheme or unsafe campaign id",
            f"schemes: {', '.join(SCHEMES)}; ids: lower-case letters, digits, '-'",
        )
    systems, paragraphs = set(data["systems"]), set(data["paragraphs"])
    for n, item in enumerate(data["items"]):
        if not _item_ok(item, systems, paragraphs):
            raise _bad(
                path,
                line_for(lines, ("items", n)),
                f"items[{n}]",
                "needs id, a planned paragraph, planned systems and annotator slots",
                "plan again with `litboard campaign plan`",
            )
    if not _checks_ok(data):
        raise _bad(
            path,
            line_for(lines, ("attention",)),
            "attention",
            "each attention check needs an id, a plan item, its system, a kind "
            "(swap, delete, replace), a word and slots",
            "plan again with `litboard campaign plan`",
        )
    return data


def _checks_ok(data: dict[str, Any]) -> bool:
    from .attention import KINDS

    checks = data.get("attention") or []
    if not isinstance(checks, list):
        return False
    items = {i["id"]: i for i in data["items"]}
    for c in checks:
        if not isinstance(c, dict) or not isinstance(c.get("id"), str) or c["id"] in items:
            return False
        item = items.get(c.get("item"))
        if item is None or c.get("system") not in item["systems"] or c.get("kind") not in KINDS:
            return False
        if not isinstance(c.get("word"), int) or not isinstance(c.get("slots"), list):
            return False
        if c.get("donor") not in data["paragraphs"] or c.get("side") not in (0, 1):
            return False
    return True


def _fast_yaml(path: Path) -> Any:
    """The plan read with libyaml when it is there (a 50,000-item plan: seconds, not a minute);
    None when it cannot be read so (then ``read_yaml`` says why, with the line)."""
    import yaml

    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    try:
        return yaml.load(path.read_text(encoding="utf-8"), Loader=loader)  # noqa: S506 (a safe loader)
    except (yaml.YAMLError, UnicodeDecodeError, OSError):
        return None


def _plan_ok(data: Any) -> bool:
    if (
        not isinstance(data, dict)
        or data.get("litboard_plan") != FORMAT
        or any(k not in data for k in REQUIRED)
    ):
        return False
    if data["scheme"] not in SCHEMES or not is_safe_id(data["campaign"]):
        return False
    try:
        systems, paragraphs = set(data["systems"]), set(data["paragraphs"])
        items_ok = all(_item_ok(item, systems, paragraphs) for item in data["items"])
        return items_ok and _checks_ok(data)
    except TypeError:  # not lists of ids
        return False


def _item_ok(item: Any, systems: set[str], paragraphs: set[str]) -> bool:
    return (
        isinstance(item, dict)
        and isinstance(item.get("id"), str)
        and set(item.get("systems") or []) <= systems
        and item.get("paragraph") in paragraphs
        and isinstance(item.get("slots"), list)
        and bool(item["slots"])
    )


def _bad(path: Path, line: int, key: str, message: str, fix: str) -> DataError:
    return DataError([Problem(str(path), line, key, message, fix)])
