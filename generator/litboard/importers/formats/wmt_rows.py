"""Rows of a WMT MQM TSV: attention checks, and one rating's text agreed across its rows.

**Attention checks.** The annotation tool (Anthea / Marot) adds "hands-on-the-wheel" test
rows beside a rater's real errors: severity ``HOTW-test`` with category ``Found`` or
``Missed`` (a deliberate error was injected into the text shown). Such a row is a control,
not a judgment: it is removed alone and counted; its text (which holds the injected error) is
never compared with the segment. The rating it sits in keeps all its other rows (the tool
writes a ``No-error`` row when the control was the rating's only row).

**Text matching rule.** Each row repeats the segment with its span marked by ``<v>`` tags.
Two rows' tag-free texts are the same segment when they are equal after Unicode NFC and
after removing leading and trailing whitespace (``str.strip``): the tool adds a space when
a span ends at the segment's end, and exports differ in normalisation. The rating's text is
the stripped NFC text most of its rows carry (a tie: the smallest), so file order changes
nothing; spans are moved by the leading whitespace removed and clipped to the text. A row
whose text still differs keeps its error, unlocated (``span located: no``), and is counted.
"""

from __future__ import annotations

import json
import unicodedata
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

CONTROL_SEVERITIES = frozenset({"hotw-test"})
CONTROL_CATEGORIES = frozenset({"hotw-test"})


def is_control(category: str, severity: str) -> bool:
    """An attention-check row of the annotation tool (never a judgment)."""
    return (
        severity.strip().lower() in CONTROL_SEVERITIES
        or category.strip().lower() in CONTROL_CATEGORIES
    )


def norm(text: str) -> str:
    """The text rows are compared by: NFC, without leading and trailing whitespace."""
    return unicodedata.normalize("NFC", text).strip()


def canonical(texts: list[str]) -> str:
    """The text most rows carry (after ``norm``); a tie goes to the smallest."""
    counts = Counter(norm(t) for t in texts)
    return min(counts, key=lambda t: (-counts[t], t))


def shift(row_text: str, text: str) -> int | None:
    """Offset to add to a span of ``row_text`` to land in ``text`` (None: a real mismatch)."""
    nfc = unicodedata.normalize("NFC", row_text)
    if nfc.strip() != text:
        return None
    return -(len(nfc) - len(nfc.lstrip()))


def moved(start: int, end: int, delta: int, length: int) -> tuple[int, int]:
    """A span moved by ``delta`` and clipped to ``[0, length]``."""
    return (min(max(start + delta, 0), length), min(max(end + delta, 0), length))


def error_order(error: dict[str, Any]) -> tuple[Any, ...]:
    """The order of one record's errors: by place, then label (not by the file's row order)."""
    return (
        error["start"],
        error["end"],
        error.get("source_start", -1),
        error.get("source_end", -1),
        error["category"],
        error.get("subcategory", ""),
        error["severity"],
        error.get("comment", ""),
    )


def metadata_note(cells: list[str]) -> str:
    """The rater's note in a Marot metadata cell (JSON with ``note``), else ''."""
    for cell in cells:
        text = cell.strip()
        if text.startswith("{"):
            try:
                data = json.loads(text)
            except ValueError:
                continue
            if isinstance(data, dict) and str(data.get("note", "")).strip():
                return str(data["note"]).strip()
    return ""


@dataclass(slots=True)
class Row:
    """One non-control row, parsed (tag-free NFC texts and spans) but not yet placed."""

    line: int
    target: str
    source: str
    target_spans: list[Any]
    source_spans: list[Any]
    cell: dict[str, str]
    malformed: str = ""
    side: str = "target"
    note: str = ""


@dataclass
class Ledger:
    """Per system: ratings read, skipped (by reason), attention-check rows removed, unlocated."""

    ratings: Counter[str] = field(default_factory=Counter)
    skipped: dict[str, Counter[str]] = field(default_factory=dict)
    controls: Counter[str] = field(default_factory=Counter)
    unlocated: Counter[str] = field(default_factory=Counter)
    variants: list[str] = field(default_factory=list)  # how each file was read
    rows: Counter[str] = field(default_factory=Counter)  # data rows per system
    rows_skipped: dict[str, Counter[str]] = field(default_factory=dict)

    def skip(self, system: str, reason: str) -> None:
        self.skipped.setdefault(system, Counter())[reason] += 1

    def skip_row(self, system: str, reason: str) -> None:
        self.rows_skipped.setdefault(system, Counter())[reason] += 1

    def table(self, flag_above: float = 0.01) -> list[dict[str, Any]]:
        """The same counts as ``notes``, as data (dataset.yaml ``import_skips``)."""
        return _rows_of(self, flag_above)

    def notes(self, flag_above: float = 0.01) -> list[str]:
        """Lines for the dataset card: every skip per system, flagged above ``flag_above``."""
        lines = []
        if self.controls:
            lines.append(
                f"attention checks removed: {sum(self.controls.values())} HOTW-test rows ("
                + ", ".join(f"{s} {n}" for s, n in sorted(self.controls.items()))
                + "); each alone, no rating was dropped for one"
            )
        for what, skipped, of in (
            ("ratings", self.skipped, self.ratings),
            ("rows", self.rows_skipped, self.rows),
        ):
            lines += [
                _skip_line(what, system, skipped[system], of[system], flag_above)
                for system in sorted(skipped)
            ]
        if self.unlocated:
            lines.append(
                "errors kept without a location (their row's text differs from the "
                "segment's): " + ", ".join(f"{s} {n}" for s, n in sorted(self.unlocated.items()))
            )
        return lines + self.variants


def _rows_of(ledger: "Ledger", flag_above: float) -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = []
    for unit, skipped, of in (
        ("ratings", ledger.skipped, ledger.ratings),
        ("rows", ledger.rows_skipped, ledger.rows),
    ):
        for system in sorted(skipped):
            n = sum(skipped[system].values())
            rows.append(
                {
                    "system": system,
                    "unit": unit,
                    "n": n,
                    "of": of[system],
                    "reasons": dict(sorted(skipped[system].items())),
                    "flagged": n / max(of[system], 1) > flag_above,
                }
            )
    for unit, counts in (
        ("attention-check rows", ledger.controls),
        ("unlocated errors", ledger.unlocated),
    ):
        rows += [{"system": s, "unit": unit, "n": n} for s, n in sorted(counts.items())]
    return rows


def _skip_line(what: str, system: str, reasons: Counter[str], total: int, flag_above: float) -> str:
    """'skipped ratings, system X: n of N (p %)[ - FLAGGED]: k reason; ...'."""
    n = sum(reasons.values())
    share = n / max(total, 1)
    flag = f" - more than {flag_above:.0%} of its {what}: FLAGGED" if share > flag_above else ""
    why = "; ".join(f"{k} {r}" for r, k in sorted(reasons.items()))
    return f"skipped {what}, system {system}: {n} of {total} ({100 * share:.1f} %){flag}: {why}"
