"""What makes a WMT MQM TSV hard to build, measured the same way on real files and on the
bench's synthetic set (``bench/make_synthetic.py``), so the bench can show it is at least as hard.

Per file: rows; items (system x segment x rater) and their error spans (mean, max, share of
items with an error); the share of ``No-error`` rows; target and source length in characters
(mean, 95th percentile, max, tags removed); span length in characters; raters per translation
(system x segment) — the overlap agreement pages are drawn from; segments and systems.

Measured at the time of writing (``python bench/mqm_stats.py FILE``):

* ../shared/data/wmt-mqm-sample/mqm_ted_zhen.head300.tsv (google/wmt-mqm-human-evaluation,
  ted/zhen, first 300 rows): 0.85 errors per item (max 5), 48 % of items with an error, 38 %
  No-error rows, target 140 characters (source 45 Chinese characters), spans 14 characters
  (max 160), one rater per translation.
* The public ted/ende file of that repository (first 16,000 characters read, same format):
  one rater per translation, a similar span density, targets of 40-200 characters.

Usage: python bench/mqm_stats.py FILE [FILE ...]
"""

from __future__ import annotations

import argparse
import csv
import re
import statistics
import sys
from collections import defaultdict
from pathlib import Path

TAG = re.compile(r"</?v>")
SPAN = re.compile(r"<v>(.*?)</v>", re.S)
NO_ERROR = {"", "no-error"}


def _p95(values: list[int]) -> float:
    ordered = sorted(values)
    return float(ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]) if ordered else 0.0


def measure(path: Path) -> dict[str, float]:
    """The statistics of one TSV (header ``system doc doc_id seg_id rater source target category
    severity``)."""
    csv.field_size_limit(sys.maxsize)
    with open(path, encoding="utf-8", newline="") as handle:
        rows = list(csv.DictReader(handle, delimiter="\t", quoting=csv.QUOTE_NONE))
    errors: dict[tuple[str, str, str], int] = defaultdict(int)
    raters: dict[tuple[str, str], set[str]] = defaultdict(set)
    spans: list[int] = []
    for row in rows:
        item = (row["system"], row["seg_id"], row["rater"])
        raters[item[:2]].add(row["rater"])
        error = row["category"].strip().lower() not in NO_ERROR
        errors[item] += error
        if error:
            spans += [len(s) for s in SPAN.findall(row["target"] + row["source"])]
    per_item = list(errors.values())
    targets = [len(TAG.sub("", r["target"])) for r in rows]
    sources = [len(TAG.sub("", r["source"])) for r in rows]
    return {
        "rows": len(rows),
        "segments": len({r["seg_id"] for r in rows}),
        "systems": len({r["system"] for r in rows}),
        "items": len(per_item),
        "errors per item": statistics.fmean(per_item) if per_item else 0.0,
        "max errors per item": max(per_item, default=0),
        "items with an error": sum(1 for n in per_item if n) / len(per_item) if per_item else 0.0,
        "No-error rows": sum(1 for r in rows if r["category"].strip().lower() in NO_ERROR)
        / max(1, len(rows)),
        "target chars": statistics.fmean(targets) if targets else 0.0,
        "target chars p95": _p95(targets),
        "target chars max": max(targets, default=0),
        "source chars": statistics.fmean(sources) if sources else 0.0,
        "span chars": statistics.fmean(spans) if spans else 0.0,
        "span chars max": max(spans, default=0),
        "raters per translation": statistics.fmean(len(v) for v in raters.values())
        if raters
        else 0.0,
    }


def table(measured: dict[str, dict[str, float]]) -> str:
    """A Markdown table: one row per statistic, one column per file."""
    names = list(measured)
    keys = list(next(iter(measured.values()))) if measured else []
    lines = ["| statistic | " + " | ".join(names) + " |", "| --- |" + " --- |" * len(names)]
    for key in keys:
        cells = [
            f"{measured[n][key]:,.2f}"
            if isinstance(measured[n][key], float)
            else f"{measured[n][key]:,}"
            for n in names
        ]
        lines.append(f"| {key} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", type=Path, nargs="+")
    args = parser.parse_args()
    print(table({f.name: measure(f) for f in args.files}))


if __name__ == "__main__":
    main()
