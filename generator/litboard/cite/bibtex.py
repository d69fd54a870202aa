"""BibTeX entries: one per dataset (from its card) and one for the litboard release.

A dataset card's ``citation`` is used as written when it is a complete entry; cards without
one get a ``@misc`` built from their title, version and source URL. Field values built here
are LaTeX-escaped, so a version like ``LitMT_eval@abc`` stays valid BibTeX.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from .latex import escape_field as escape

_KEY = re.compile(r"[^A-Za-z0-9_:.-]+")


@dataclass(frozen=True)
class Entry:
    key: str
    label: str  # what the entry cites, for the box heading
    text: str


def entry(kind: str, key: str, fields: list[tuple[str, str]]) -> str:
    body = ",\n".join(f"  {name} = {{{value}}}" for name, value in fields if value)
    return f"@{kind}{{{key},\n{body}\n}}"


def dataset_entry(card: dict[str, Any]) -> Entry:
    label = str(card.get("title", card["id"]))
    written = str(card.get("citation", "")).strip()
    if written.startswith("@"):
        match = re.match(r"@\w+\s*\{\s*([^,\s]+)", written)
        return Entry(match.group(1) if match else str(card["id"]), label, written)
    source = card.get("source") or {}
    fields = [
        ("title", escape(label)),
        ("author", "{litboard contributors}" if card.get("demo") else ""),
        ("note", escape(f"Data version {card['version']}")),
        ("url", _web(str(source.get("url", "")))),
    ]
    return Entry(
        _KEY.sub("-", str(card["id"])), label, entry("misc", _KEY.sub("-", str(card["id"])), fields)
    )


def _web(url: str) -> str:
    """A url for BibTeX: only http(s) addresses (older imports stored a file or folder name)."""
    return url if url.startswith(("https://", "http://")) else ""


@dataclass(frozen=True)
class ReleaseInfo:
    """The release a build belongs to (from the environment the Pages workflow sets)."""

    version: str  # e.g. "2026.11" or "unreleased"
    date: str  # YYYY-MM-DD (from SOURCE_DATE_EPOCH, so rebuilds agree)
    url: str  # the deployed site's base URL, "" when unknown
    litboard: str

    @property
    def path(self) -> str:
        return f"v/{self.version}/"


RELEASE_TITLE = "litboard: an open leaderboard for literary machine translation, release "


def release_entry(info: ReleaseInfo, data_version: str) -> Entry:
    key = "litboard-" + _KEY.sub("-", info.version)
    url = f"{info.url.rstrip('/')}/{info.path}" if info.url else ""
    fields = [
        ("title", escape(RELEASE_TITLE + info.version)),
        ("author", "{litboard contributors}"),
        ("year", info.date[:4]),
        ("date", info.date),
        ("version", escape(info.version)),
        ("url", url),
        ("note", escape(f"litboard {info.litboard}; data: {data_version}")),
    ]
    return Entry(key, f"litboard release {info.version}", entry("misc", key, fields))
