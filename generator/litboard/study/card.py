"""A new study's dataset card says what was imported, not what a shipped mapping describes.

``litboard init --from-import`` runs an importer whose mapping may describe a whole release
("18 language pairs ... 540 pairwise judgments") while the study holds a few exports of it. The
card's description is rewritten from the imported data root (its pairs, systems, paragraphs
and judgment records, counted from the files), and a card without a citation gets a ``@misc``
entry whose author comes from ``--author`` (which also replaces a mapping's citation) and whose
year and date are those of ``--date`` or of the newest export file: never 1970.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..errors import DataError, Problem


@dataclass(frozen=True)
class Counts:
    pairs: tuple[str, ...]
    systems: int
    paragraphs: int
    judgments: int
    campaigns: int


def _lines(path: Path) -> int:
    with path.open(encoding="utf-8") as handle:
        return sum(1 for line in handle if line.strip())


def counts(root: Path) -> Counts:
    """What a data root holds, counted from its files (see the Data format page's layout)."""
    systems = [p for p in sorted((root / "corpus" / "systems").glob("*")) if p.is_dir()]
    pairs = {f.name.split(".", 1)[0] for s in systems for f in s.glob("*.jsonl")}
    works = root / "corpus" / "works"
    paragraphs = sum(_lines(f) for f in works.glob("*/paragraphs.jsonl"))
    campaigns = [
        p for p in sorted((root / "judgments").glob("*")) if (p / "campaign.yaml").is_file()
    ]
    judgments = sum(_lines(f) for c in campaigns for f in c.rglob("*.jsonl"))
    return Counts(tuple(sorted(pairs)), len(systems), paragraphs, judgments, len(campaigns))


def describe(found: Counts, sources: int, fmt: str) -> str:
    """One paragraph of what the study imported."""

    def n(count: int, word: str) -> str:
        return f"{count} {word}{'' if count == 1 else 's'}"

    pairs = ", ".join(found.pairs) or "none"
    return (
        f"Imported by `litboard init` from {n(sources, 'export')} ({fmt}): "
        f"{n(len(found.pairs), 'language pair')} ({pairs}), {n(found.systems, 'system')}, "
        f"{n(found.paragraphs, 'source paragraph')} and "
        f"{n(found.judgments, 'judgment record')} "
        f"in {n(found.campaigns, 'campaign')}."
    )


def data_date(files: list[Path], explicit: str | None) -> str:
    """YYYY-MM-DD: ``explicit`` (checked), else the newest modification time among ``files``."""
    if explicit:
        try:
            return dt.date.fromisoformat(explicit).isoformat()
        except ValueError:
            raise DataError(
                [
                    Problem(
                        "command line",
                        0,
                        "--date",
                        f"{explicit!r} is not a date",
                        "write it as YYYY-MM-DD, e.g. --date 2026-11-27",
                    )
                ]
            ) from None
    stamps = [
        p.stat().st_mtime
        for f in files
        for p in ([f] if f.is_file() else f.rglob("*"))
        if p.is_file()
    ]
    newest = max(stamps) if stamps else dt.datetime.now(dt.timezone.utc).timestamp()
    return dt.datetime.fromtimestamp(newest, dt.timezone.utc).date().isoformat()


def citation(card: dict[str, Any], author: str, date: str, found: Counts) -> str:
    """A BibTeX ``@misc`` for the study's data (author and date from the study, not a release)."""
    from ..cite.latex import escape_field as escape

    key = re.sub(r"[^A-Za-z0-9_:.-]+", "-", str(card["id"]))
    fields = [
        ("author", escape(author)),
        ("title", escape(str(card.get("title", card["id"])))),
        ("year", date[:4]),
        ("date", date),
        ("version", escape(str(card.get("version", "")))),
        ("note", escape(f"{found.judgments} judgment records, pairs {', '.join(found.pairs)}")),
    ]
    body = ",\n".join(f"  {name} = {{{value}}}" for name, value in fields if value)
    return f"@misc{{{key},\n{body}\n}}"


def restamp(
    root: Path, sources: list[Path], fmt: str, author: str | None, date: str | None
) -> dict[str, Any]:
    """Rewrite ``root``'s card from its data; returns the card written."""
    from ..importers import write_yaml
    from ..load.textfiles import read_yaml
    from ..errors import Problems

    path = root / "corpus" / "dataset.yaml"
    problems = Problems()
    card, _ = read_yaml(path, problems, str(path))
    problems.raise_if_any()
    card = dict(card or {})
    found = counts(root)
    card["description"] = describe(found, len(sources), fmt)
    if author or not str(card.get("citation", "")).strip():
        card["citation"] = citation(card, author or "", data_date(sources, date), found)
    card.pop("track", None)  # a study has the tracks it declares itself (none by default)
    write_yaml(path, card)
    return card
