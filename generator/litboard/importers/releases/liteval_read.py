"""Read and check the LitEval release files: metric_df.csv, bws_sampled_source.csv, SOURCE.md.

Every defect becomes a ``Problem`` naming the file, line and column; the reader raises one
``DataError`` at the end. Rows that are readable but cannot be stored are skipped and
reported with the reason (``ImportReport.skip``).
"""

from __future__ import annotations

import csv
import hashlib
import re
from dataclasses import dataclass, field, replace
from pathlib import Path

from ...errors import Problems
from .. import ImportReport
from .liteval_spec import (
    GEMBA_CATEGORIES,
    HUMAN_VALUE,
    MT_SYSTEMS,
    PAIRS,
    SAMPLE,
    STUDENT_CATEGORIES,
)

METRIC_FILE = "metric_df.csv"
SAMPLE_FILE = "bws_sampled_source.csv"
BOOKS_FILE = "book_meta_links.csv"
KEY_COLUMNS = ("source_", "tgt_", "model_id", "model_human", "pair")
SCORE_NAMES = (
    "mqm_score",
    "comet_xl",
    "comet_xxl",
    "prometheus",
    "gemba_all_orig",
    "gemba_all_literary",
) + tuple(c for c, _, _ in STUDENT_CATEGORIES + GEMBA_CATEGORIES)
REPEATED = "gemba_all_literary"
HUMAN_LABEL = re.compile(r"^translat(?:or|ion)(\d+)$")


@dataclass(frozen=True)
class Row:
    """One translation row of metric_df.csv."""

    line: int
    pair: str
    source: str
    target: str
    label: str
    system: str
    scores: dict[str, float]
    occurrence: int
    row_id: str = ""  # the number after // in model_id: orders two annotations, not the file


@dataclass
class Release:
    rows: list[Row] = field(default_factory=list)
    sample: set[str] = field(default_factory=set)
    files: list[tuple[str, str]] = field(default_factory=list)
    commit: str = ""
    notes: list[str] = field(default_factory=list)

    def first_rows(self) -> list[Row]:
        return [r for r in self.rows if r.occurrence == 0]

    def second_rows(self) -> list[Row]:
        return [r for r in self.rows if r.occurrence == 1]


def read_release(src: Path, report: ImportReport) -> Release:
    problems = Problems()
    release = Release()
    for name in (METRIC_FILE, SAMPLE_FILE, BOOKS_FILE):
        if not (src / name).is_file():
            problems.add(
                str(src / name),
                0,
                "file",
                "is missing",
                f"pass the release folder holding {METRIC_FILE}, {SAMPLE_FILE} and {BOOKS_FILE}",
            )
    problems.raise_if_any()
    release.commit = _commit(src / "SOURCE.md")
    for name in ("SOURCE.md", METRIC_FILE, SAMPLE_FILE, BOOKS_FILE):
        if (src / name).is_file():
            release.files.append((name, hashlib.sha256((src / name).read_bytes()).hexdigest()))
    _read_metric(src / METRIC_FILE, release, report, problems)
    _read_sample(src / SAMPLE_FILE, release, report, problems)
    problems.raise_if_any()
    return release


def _commit(path: Path) -> str:
    if not path.is_file():
        return ""
    match = re.search(r"at commit\s+([0-9a-f]{7,40})\b", path.read_text(encoding="utf-8"))
    return match.group(1) if match else ""


def _read_metric(path: Path, release: Release, report: ImportReport, problems: Problems) -> None:
    with path.open(encoding="utf-8", newline="") as handle:
        reader = csv.reader(handle)
        header = next(reader, [])
        where = _columns(header, str(path), problems)
        if where is None:
            return
        seen: dict[tuple[str, str, str], Row] = {}
        counts: dict[tuple[str, str, str], int] = {}
        mismatched = 0
        for values in reader:
            line = reader.line_num
            report.count("metric_df.csv rows")
            row = _row(values, where, line, str(path), problems, counts)
            if row is None:
                continue
            twin = [float(values[i]) for i in where[REPEATED]]
            mismatched += len(set(twin)) > 1
            _keep(row, release, report, seen, str(path))
    release.notes.append(
        f"metric_df.csv repeats the column {REPEATED} twice; the two columns differ "
        f"in {mismatched} of {report.read.get('metric_df.csv rows', 0)} rows"
        + (" (the first one is used)." if mismatched else " (identical; one is used).")
    )
    release.rows = order_annotations(release.rows)
    _note_duplicates(release, report, str(path))


def _id_key(row: Row) -> tuple[int, int, str, str]:
    digits = row.row_id.isdigit()
    return (
        0 if digits else 1,
        int(row.row_id) if digits else 0,
        row.row_id,
        repr(sorted(row.scores.items())),
    )


def order_annotations(rows: list[Row]) -> list[Row]:
    """The rows (in file order: it is the paragraphs' reading order) with ``occurrence``
    recomputed so that it does not depend on the file's order: of the two annotations of one
    translation, the one with the lower model_id row number (then: the scores) is the first
    (it feeds every campaign). Shuffling the lines of metric_df.csv changes no number."""
    ordered = sorted(
        range(len(rows)),
        key=lambda i: (rows[i].pair, rows[i].source, rows[i].system, _id_key(rows[i])),
    )
    occurrence: dict[int, int] = {}
    for position, index in enumerate(ordered):
        previous = ordered[position - 1] if position else None
        same = previous is not None and (
            rows[previous].pair,
            rows[previous].source,
            rows[previous].system,
        ) == (rows[index].pair, rows[index].source, rows[index].system)
        occurrence[index] = occurrence[previous] + 1 if same and previous is not None else 0
    return [replace(row, occurrence=occurrence[i]) for i, row in enumerate(rows)]


def _columns(header: list[str], shown: str, problems: Problems) -> dict[str, list[int]] | None:
    where: dict[str, list[int]] = {}
    for index, name in enumerate(header):
        where.setdefault(name.strip(), []).append(index)
    missing = [c for c in KEY_COLUMNS + SCORE_NAMES if c not in where]
    repeated = [c for c, i in where.items() if len(i) > 1 and c != REPEATED]
    if missing:
        problems.add(
            shown,
            1,
            "header",
            f"misses the columns {', '.join(missing)}",
            "use the metric_df.csv of the LitEval release",
        )
    if repeated:
        problems.add(
            shown,
            1,
            "header",
            f"repeats the columns {', '.join(repeated)}",
            "use the metric_df.csv of the LitEval release",
        )
    return None if missing or repeated else where


def _row(
    values: list[str],
    where: dict[str, list[int]],
    line: int,
    shown: str,
    problems: Problems,
    counts: dict[tuple[str, str, str], int],
) -> Row | None:
    get = {
        name: values[index[0]] if index[0] < len(values) else "" for name, index in where.items()
    }
    pair, human = get["pair"].strip(), get["model_human"].strip()
    label = get["model_id"].split("//")[0].strip()
    if pair not in PAIRS:
        problems.add(
            shown,
            line,
            "pair",
            f"{pair!r} is not one of {', '.join(PAIRS)}",
            "check the release file",
        )
        return None
    system = _system(human, label)
    if system is None:
        problems.add(
            shown,
            line,
            "model_human",
            f"unknown system {human!r} (model_id {label!r})",
            "add a system card for it in generator/litboard/importers/liteval_spec.py",
        )
        return None
    scores: dict[str, float] = {}
    for name in SCORE_NAMES:
        try:
            scores[name] = float(get[name])
        except ValueError:
            problems.add(
                shown, line, name, f"{get[name]!r} is not a number", "check the release file"
            )
            return None
    key = (pair, get["source_"], system)
    occurrence = counts.get(key, 0)
    counts[key] = occurrence + 1
    row_id = get["model_id"].split("//", 1)[1].strip() if "//" in get["model_id"] else ""
    return Row(line, pair, get["source_"], get["tgt_"], label, system, scores, occurrence, row_id)


def _system(human: str, label: str) -> str | None:
    if human == HUMAN_VALUE:
        match = HUMAN_LABEL.match(label)
        return f"human-{int(match.group(1))}" if match else None
    card = MT_SYSTEMS.get(human)
    return card.id if card else None


def _keep(
    row: Row,
    release: Release,
    report: ImportReport,
    seen: dict[tuple[str, str, str], Row],
    shown: str,
) -> None:
    key = (row.pair, row.source, row.system)
    first = seen.get(key)
    if first is None:
        seen[key] = row
    elif row.occurrence > 1:
        report.skip(f"{shown}:{row.line}", f"third row for {key}; only two annotations are stored")
        return
    elif row.target != first.target:
        report.skip(f"{shown}:{row.line}", f"{key} repeats with a different tgt_ {row.target!r}")
        return
    release.rows.append(row)


def _note_duplicates(release: Release, report: ImportReport, shown: str) -> None:
    second = release.second_rows()
    if not second:
        return
    lines = ", ".join(_ranges([r.line for r in second]))
    report.skip(
        f"{shown} lines {lines}",
        f"{len(second)} second rows of an already imported translation "
        "(second student annotation): mqm_score kept in student-mqm-second, the other "
        "scores not stored",
    )
    firsts = {(r.pair, r.source, r.system): r for r in release.first_rows()}
    per_pair = {p: len({r.source for r in second if r.pair == p}) for p in PAIRS}
    diffs = {
        name: max(
            abs(r.scores[name] - firsts[(r.pair, r.source, r.system)].scores[name]) for r in second
        )
        for name in ("comet_xl", "comet_xxl", "prometheus", "gemba_all_orig", "gemba_all_literary")
    }
    shown = ", ".join(f"{n} in {p}" for p, n in per_pair.items() if n)
    release.notes.append(
        f"{len(second)} rows of metric_df.csv repeat the (pair, paragraph, system) of another row "
        f"with the same tgt_ ({shown} paragraphs, every system): a second student MQM annotation. "
        "Of the two rows, the one with the lower model_id row number (not the one the file lists "
        "first, so that the order of the file's lines changes nothing) is the translation and "
        "feeds "
        "every campaign; the repeat's mqm_score is stored "
        "in campaign student-mqm-second; its other scores are not stored (largest differences to "
        "the "
        "first row: " + ", ".join(f"{k} {v:.3g}" for k, v in diffs.items()) + ")."
    )


def _ranges(numbers: list[int]) -> list[str]:
    spans: list[list[int]] = []
    for n in sorted(numbers):
        if spans and n == spans[-1][1] + 1:
            spans[-1][1] = n
        else:
            spans.append([n, n])
    return [f"{a}-{b}" if a != b else str(a) for a, b in spans]


def _read_sample(path: Path, release: Release, report: ImportReport, problems: Problems) -> None:
    with path.open(encoding="utf-8", newline="") as handle:
        reader = csv.reader(handle)
        header = next(reader, [])
        if [h.strip() for h in header] != ["source_"]:
            problems.add(
                str(path),
                1,
                "header",
                f"expected the single column source_, got {header}",
                "use the bws_sampled_source.csv of the LitEval release",
            )
            return
        keys = [values[0] for values in reader if values]
    report.count("bws_sampled_source.csv keys", len(keys))
    release.sample = set(keys)
    known = {r.source for r in release.rows}
    for key in sorted(release.sample - known):
        report.skip(str(path), f"sample key {key!r} matches no paragraph of metric_df.csv")
    pairs = {(r.pair, r.source) for r in release.rows if r.source in release.sample}
    counts = ", ".join(f"{p} {sum(1 for q, _ in pairs if q == p)}" for p in PAIRS)
    release.notes.append(
        f"bws_sampled_source.csv lists {len(keys)} keys ({len(release.sample)} distinct) without a "
        f"pair; a key marks the paragraph in every pair that has it (subset '{SAMPLE}': "
        f"{counts}), which gives paper 000 Table 3's denominators."
    )
