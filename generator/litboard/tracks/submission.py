"""Submission checks over translation rows: coverage, copies, wrong language, length ratio.

These run inside ``checks.check`` (so ``litboard validate``, ``load`` and the build all see
them) over schema-valid rows whose paragraph id and source language were already checked.

*The pair's paragraph set.* For a system S with an output file ``<pair>.jsonl`` in data root R,
the reference set is every paragraph that the **human** systems other than S translate for that
pair in R; when R has no other human system for the pair, it is every paragraph any other system
of R translates for the pair; when S is the pair's only system there is nothing to compare and
coverage is not checked. S must translate each paragraph of that set exactly once (duplicates
are reported by ``checks``); when the set comes from human translations, S must translate nothing
outside it (a paragraph that only other machine systems translate is not "extra").

Text checks need the full texts: rights-restricted records (snippet/sha256 only), on either the
translation or the source side, are exempt from every check but coverage. Texts shorter than
``min_chars`` are exempt from the copy, language and length checks (a short line such as a
poem's title can be identical in two languages, or to a human translation).

A track root (``tracks/<track>/``, see ``litboard.load.track_decl``) takes its paragraph set from
every root of its dataset, the release's human translations included. Data roots whose
``dataset.yaml`` has a ``source`` block (imported research releases) are not submissions and are
exempt from all of these checks: they keep the release's gaps, its untranslated outputs (which
annotators marked as such) and its outputs identical to the human translation, which the importers
report.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field, fields
from functools import lru_cache
from typing import Any

from ..errors import Problems
from ..load.rows import RawData, Row

MAX_LISTED = 10  # missing paragraph ids named in one message


def _opt(default: Any, help: str) -> Any:
    return field(default=default, metadata={"help": help})


@dataclass(frozen=True)
class SubmissionSettings:
    """Thresholds of the submission heuristics, declared once (docs table and tests read them)."""

    min_chars: int = _opt(
        30,
        "Texts shorter than this many characters (after collapsing whitespace) skip "
        "the copy, language and length-ratio checks: too short to judge.",
    )
    max_source_overlap: float = _opt(
        0.6,
        "An output whose distinct character trigrams come from the source "
        "paragraph at this share or more is reported as untranslated.",
    )
    min_script_share: float = _opt(
        0.5,
        "For a target language with a known script, at least this share of "
        "the output's letters must be in that script.",
    )
    min_length_ratio: float = _opt(0.3, "Lowest allowed length(output) / length(source).")
    max_length_ratio: float = _opt(3.0, "Highest allowed length(output) / length(source).")
    wide_char_weight: float = _opt(
        3.0,
        "Han, kana and Hangul characters count this many characters in "
        "the length ratio (one CJK character carries about a word).",
    )


SETTINGS = SubmissionSettings()


def settings_help() -> list[tuple[str, object, str]]:
    """(name, default, help) of every setting, for the docs."""
    return [
        (f.name, getattr(SETTINGS, f.name), f.metadata["help"]) for f in fields(SubmissionSettings)
    ]


LATIN = frozenset({"Latin"})
LANGUAGE_SCRIPTS: dict[str, frozenset[str]] = {
    **{
        lang: LATIN
        for lang in (
            "af ca cs cy da de en es et eu fi fr ga gl hr hu id is it lb lt lv ms mt nb nl nn no "
            "pl pt "
            "ro sk sl sq sv sw tl tr vi"
        ).split()
    },
    **{lang: frozenset({"Cyrillic"}) for lang in "be bg kk mk ru uk".split()},
    "zh": frozenset({"Han"}),
    "ja": frozenset({"Han", "Kana"}),
    "ko": frozenset({"Hangul", "Han"}),
    "el": frozenset({"Greek"}),
    "he": frozenset({"Hebrew"}),
    "yi": frozenset({"Hebrew"}),
    "ar": frozenset({"Arabic"}),
    "fa": frozenset({"Arabic"}),
    "ur": frozenset({"Arabic"}),
    "hi": frozenset({"Devanagari"}),
    "mr": frozenset({"Devanagari"}),
    "th": frozenset({"Thai"}),
    "hy": frozenset({"Armenian"}),
    "ka": frozenset({"Georgian"}),
}
WIDE_SCRIPTS = frozenset({"Han", "Kana", "Hangul"})
_SPACE = re.compile(r"\s+")


@lru_cache(maxsize=8192)
def script_of(char: str) -> str:
    """The script of a letter from its Unicode name ('Latin', 'Han', ...); '' for non-letters."""
    if not unicodedata.category(char).startswith("L"):
        return ""
    name = unicodedata.name(char, "")
    for prefix in ("FULLWIDTH ", "HALFWIDTH "):
        name = name.removeprefix(prefix)
    if name.startswith(("CJK UNIFIED IDEOGRAPH", "CJK COMPATIBILITY IDEOGRAPH")):
        return "Han"
    if name.startswith(("HIRAGANA", "KATAKANA")):
        return "Kana"
    return name.split(" ", 1)[0].capitalize()


def script_share(text: str, scripts: frozenset[str]) -> float | None:
    """Share of the letters of ``text`` written in ``scripts``; None when it has no letter."""
    letters = [s for s in map(script_of, text) if s]
    return sum(s in scripts for s in letters) / len(letters) if letters else None


def normalise(text: str) -> str:
    """Whitespace runs collapsed to one space, ends stripped (for copy detection)."""
    return _SPACE.sub(" ", text).strip()


def trigrams(text: str) -> set[str]:
    folded = normalise(text).casefold()
    return {folded[i : i + 3] for i in range(len(folded) - 2)}


def source_overlap(output: str, source: str) -> float:
    """Share of the output's distinct character trigrams that also occur in the source."""
    mine = trigrams(output)
    return len(mine & trigrams(source)) / len(mine) if mine else 0.0


def weighted_length(text: str, weight: float) -> float:
    """Length in code points, with Han/kana/Hangul characters counted ``weight`` times."""
    wide = sum(script_of(c) in WIDE_SCRIPTS for c in text)
    return len(text) - wide + wide * weight


@dataclass
class _Index:
    """What the checks look up: source texts and languages, system kinds, outputs per pair."""

    sources: dict[str, Row]
    languages: dict[str, str]
    kinds: dict[str, str]
    imported: set[str]
    outputs: dict[tuple[str, str], list[Row]]  # (pair, paragraph) -> translation rows


def check_submissions(
    raw: RawData, problems: Problems, settings: SubmissionSettings = SETTINGS
) -> None:
    """Add every submission problem of the translation rows in ``raw`` to ``problems``."""
    index = _index(raw)
    _check_coverage(raw, index, problems)
    for row in raw.of("translation"):
        if row.root in index.imported:
            continue
        source = index.sources.get(row.data["paragraph"])
        if (
            source is None
            or index.languages.get(row.data["paragraph"]) != row.context["pair"].split("-")[0]
        ):
            continue  # unknown paragraph or wrong file: checks.py reports it
        _check_text(row, source, index, settings, problems)


def _index(raw: RawData) -> _Index:
    works = {r.data["id"]: r.data for r in raw.of("work")}
    sources = {r.data["id"]: r for r in raw.of("paragraph")}
    languages = {
        pid: works[r.context["work"]]["source_lang"]
        for pid, r in sources.items()
        if r.context.get("work") in works
    }
    kinds = {r.data["id"]: r.data["kind"] for r in raw.of("system")}
    imported = {r.root for r in raw.of("dataset") if r.data.get("source")}
    outputs: dict[tuple[str, str], list[Row]] = {}
    for row in raw.of("translation"):
        outputs.setdefault((row.context["pair"], row.data["paragraph"]), []).append(row)
    return _Index(sources, languages, kinds, imported, outputs)


def _check_coverage(raw: RawData, index: _Index, problems: Problems) -> None:
    files: dict[tuple[str, str, str], list[Row]] = {}  # (root, pair, system) -> rows
    for row in raw.of("translation"):
        files.setdefault((row.root, row.context["pair"], row.context["system"]), []).append(row)
    # all parts of each output
    translated = {key: {r.data["paragraph"] for r in rs} for key, rs in files.items()}
    for (root, pair, system), rows in sorted(files.items()):
        if root in index.imported:
            continue
        # a track root adds systems to a release: its reference is the whole dataset's
        others = {
            s: ids
            for (rt, p, s), ids in translated.items()
            if (rt == root or root in raw.track_roots) and p == pair and s != system
        }
        humans = [ids for s, ids in others.items() if index.kinds.get(s) == "human"]
        reference = set().union(*(humans or list(others.values())))
        if not reference:
            continue
        _report_coverage(
            rows,
            reference,
            "human translations" if humans else "other systems",
            pair,
            index,
            problems,
        )


def _report_coverage(
    rows: list[Row], reference: set[str], basis: str, pair: str, index: _Index, problems: Problems
) -> None:
    mine = {r.data["paragraph"] for r in rows}
    missing = sorted(reference - mine)
    if missing:
        listed = ", ".join(missing[:MAX_LISTED]) + (
            f" and {len(missing) - MAX_LISTED} more" if len(missing) > MAX_LISTED else ""
        )
        problems.add(
            rows[0].file,
            0,
            "paragraph",
            f"misses {len(missing)} of the {len(reference)} {pair} paragraphs that the {basis} "
            f"of this data root translate: {listed}",
            "add one line per missing paragraph ({\"paragraph\": id, \"text\": ...})",
        )
    if basis != "human translations":
        return  # without a human reference, a paragraph no other system has is not "extra"
    source_lang = pair.split("-")[0]
    for row in rows:
        pid = row.data["paragraph"]
        if (
            pid not in reference
            and pid in index.sources
            and index.languages.get(pid) == source_lang
        ):
            problems.add(
                row.file,
                row.line,
                "paragraph",
                f"{pid!r} is not among the {pair} paragraphs that the {basis} of this data root "
                f"translate",
                "remove the line: submissions translate exactly the pair's paragraphs",
            )


def _check_text(
    row: Row, source: Row, index: _Index, settings: SubmissionSettings, problems: Problems
) -> None:
    text, source_text = row.data.get("text"), source.data.get("text")
    if text is None or source_text is None or not text.strip():
        return  # restricted (no full text) or empty (checks.py reports empty texts)
    flat = normalise(text)
    if len(flat) < settings.min_chars:
        return
    if flat == normalise(source_text):
        problems.add(
            row.file,
            row.line,
            "text",
            f"is an exact copy of the source paragraph {source.data['id']!r}",
            "translate the paragraph; an untranslated copy of the source is not a translation",
        )
        return
    if _copies_human(row, flat, index, problems):
        return
    pair = row.context["pair"]
    _check_language(row, flat, source_text, pair.split("-")[1], settings, problems)
    _check_ratio(row, flat, normalise(source_text), settings, problems)


def _copies_human(row: Row, flat: str, index: _Index, problems: Problems) -> bool:
    me = row.context["system"]
    for other in index.outputs.get((row.context["pair"], row.data["paragraph"]), []):
        system = other.context["system"]
        if system == me or index.kinds.get(system) != "human" or "text" not in other.data:
            continue
        if normalise(other.data["text"]) == flat:
            problems.add(
                row.file,
                row.line,
                "text",
                f"is an exact copy of the human translation by {system!r} "
                f"({other.file}:{other.line})",
                "submit your system's own output; copies of a human translation are not allowed",
            )
            return True
    return False


def _check_language(
    row: Row,
    flat: str,
    source_text: str,
    target: str,
    settings: SubmissionSettings,
    problems: Problems,
) -> None:
    scripts = LANGUAGE_SCRIPTS.get(target)
    share = script_share(flat, scripts) if scripts else None
    if share is not None and scripts is not None and share < settings.min_script_share:
        problems.add(
            row.file,
            row.line,
            "text",
            f"looks untranslated or in the wrong language: only {share:.0%} of its letters are "
            f"{'/'.join(sorted(scripts))} (expected at least {settings.min_script_share:.0%} for "
            f"{target!r})",
            f"replace it by the {target} translation of the paragraph",
        )
        return
    overlap = source_overlap(flat, source_text)
    if overlap >= settings.max_source_overlap:
        problems.add(
            row.file,
            row.line,
            "text",
            f"looks untranslated: {overlap:.0%} of its character trigrams occur in the source "
            f"paragraph (limit {settings.max_source_overlap:.0%})",
            f"replace it by the {target} translation of the paragraph",
        )


def _check_ratio(
    row: Row, flat: str, source: str, settings: SubmissionSettings, problems: Problems
) -> None:
    if len(source) < settings.min_chars:
        return
    weight = settings.wide_char_weight
    ratio = weighted_length(flat, weight) / weighted_length(source, weight)
    if not settings.min_length_ratio <= ratio <= settings.max_length_ratio:
        side = "short" if ratio < settings.min_length_ratio else "long"
        problems.add(
            row.file,
            row.line,
            "text",
            f"is too {side} for its source: length ratio {ratio:.2f} is outside "
            f"[{settings.min_length_ratio:g}, {settings.max_length_ratio:g}]",
            "check that the output is the whole paragraph, once, and nothing else "
            "(no truncation, repetition, or prompt echo)",
        )
