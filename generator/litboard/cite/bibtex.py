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
    """The release a build belongs to and where it was built from (``publish.release_info``:
    from the build's environment, which the litboard plugin fills from mkdocs.yml and git)."""

    version: str  # e.g. "2026.11" or "unreleased"
    date: str  # YYYY-MM-DD (from SOURCE_DATE_EPOCH, so rebuilds agree)
    url: str  # the deployed site's base URL, "" when unknown
    litboard: str  # the package version
    commit: str = ""  # the repository's git commit the site was built from; "": not a checkout
    repo_url: str = ""  # the repository's web address (mkdocs.yml repo_url); "": not configured

    @property
    def path(self) -> str:
        return f"v/{self.version}/"

    @property
    def released(self) -> bool:
        return self.version != UNRELEASED

    def built_from(self) -> str:
        """"https://github.com/o/r at commit 0123…" (the whole commit), or what is missing."""
        where = self.repo_url or "the repository (no repo_url configured)"
        if not self.commit:
            return f"{where}, not a git checkout (no commit recorded)"
        return f"{where} at commit {self.commit}"


UNRELEASED = "unreleased"
# every release entry's title starts so (``release.built_release`` finds the entry by it)
TITLE = "litboard: an open leaderboard for literary machine translation, "
RELEASE_TITLE = TITLE + "release "
SHORT = 12  # characters of a commit in a key or a title


def release_key(info: ReleaseInfo) -> str:
    """``litboard-2026.11``; an unreleased build: ``litboard-0.1.0-<commit>`` (its package version
    and commit; ``litboard-0.1.0-unreleased`` outside a git checkout)."""
    if info.released:
        return "litboard-" + _KEY.sub("-", info.version)
    return "litboard-" + _KEY.sub("-", f"{info.litboard}-{info.commit[:SHORT] or UNRELEASED}")


def pinned(card: dict[str, Any]) -> tuple[str, str, str] | None:
    """(dataset id, repository, commit) of a dataset imported from a release at a git commit
    (its card's ``source``, stamped from releases.yaml); None for any other dataset."""
    source = card.get("source") or {}
    url, commit = str(source.get("url", "")), str(source.get("commit", ""))
    if not re.fullmatch(r"[0-9a-f]{40}", commit) or not url.startswith("https://"):
        return None
    return str(card["id"]), url.removeprefix("https://github.com/"), commit


def release_entry(
    info: ReleaseInfo, data_version: str, releases: tuple[tuple[str, str, str], ...] = ()
) -> Entry:
    """The entry of the litboard build a page belongs to: the release, else the package version
    and commit; the note names the repository commit and each pinned data release (``pinned``)."""
    key = release_key(info)
    url = f"{info.url.rstrip('/')}/{info.path}" if info.url and info.released else info.url
    title = (
        RELEASE_TITLE + info.version
        if info.released
        else TITLE + f"version {info.litboard}"
        + (f", commit {info.commit[:SHORT]}" if info.commit else "")
        + " (unreleased)"
    )
    data = "; ".join(
        [f"data: {data_version}", *(f"release {i}: {r} at commit {c}" for i, r, c in releases)]
    )
    fields = [
        ("title", escape(title)),
        ("author", "{litboard contributors}"),
        ("year", info.date[:4]),
        ("date", info.date),
        ("version", escape(info.version if info.released else info.litboard)),
        ("url", url),
        ("note", escape(f"litboard {info.litboard}; built from {info.built_from()}; {data}")),
    ]
    label = f"litboard release {info.version}" if info.released else f"litboard {info.litboard}"
    return Entry(key, label, entry("misc", key, fields))
