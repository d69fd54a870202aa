"""Import the LitEval-Corpus public analysis release (paper 000) as a litboard data root.

Reads metric_df.csv (one row per translation with every score), bws_sampled_source.csv
(the source keys of the BWS/professional sample, on which Table 3 is computed) and
book_meta_links.csv (books per pair), plus SOURCE.md for the commit, and writes
``out/corpus`` and ``out/judgments``. Texts stay restricted: only the 20-character
snippets of the release are written. Decisions (documented in the dataset notes):

* a paragraph is (pair, source_) -- source_ is the only paragraph key of the release;
* human rows become systems human-1/2/3 after their release label translatorN/translationN;
* a (pair, paragraph, system) row that occurs twice is a second student annotation of the
  same translation: its mqm_score goes to campaign student-mqm-second, the rest is skipped;
* paragraphs cannot be mapped to books, so each pair gets one work "<pair> paragraphs: <its
  books>" that holds them all and names its books (``liteval_books.pair_work``).
"""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any

from ...files import owned
from ...analysis.adequacy import LITEVAL
from ...errors import Problems
from ...load.datasets import declared_id
from ...files.project import find
from .. import OUT_FIX, ImportReport, write_jsonl, write_outputs, write_yaml
from ..reported import ship
from .liteval_books import UNMAPPED_NOTE, Book, pair_work, read_books
from .liteval_read import Release, read_release
from .liteval_spec import (
    CITATION,
    LICENCE,
    MT_SYSTEMS,
    PAIRS,
    REPOSITORY,
    RESTRICTED,
    SAMPLE,
    SECOND,
    URL,
    human_card,
    score_columns,
    student_annotators,
)


def run(src: Path, out: Path) -> ImportReport:
    """Convert the release folder ``src`` into a litboard data root at ``out``."""
    src, out = Path(src), Path(out)
    _check_out(out)
    report = ImportReport()
    release = read_release(src, report)
    books = read_books(src / "book_meta_links.csv", report)
    owned.write_folder(
        out, "--out", OUT_FIX, lambda stage: _write_root(stage, release, books, report)
    )
    return report


def _write_root(out: Path, release: Release, books: list[Book], report: ImportReport) -> None:
    paragraphs = _paragraph_ids(release)
    _write_works(out, release, books, paragraphs, report)
    systems = _write_systems(out, release, paragraphs, report)
    _write_campaigns(out, release, paragraphs, systems, report)
    _write_dataset(out, release, report)
    # paper 000's published numbers (generator/litboard/importers/reported/)
    ship("liteval", out, report)


def _check_out(out: Path) -> None:
    problems = Problems()
    target = out.resolve()
    # the study's
    for own in (root / part for root in find().roots for part in ("corpus", "judgments")):
        if target == own.resolve() or own.resolve() in target.parents:
            problems.add(
                str(out),
                0,
                "out",
                f"is inside the repository's {own.name}/ folder",
                "import into a separate folder (e.g. data/liteval) and review it first",
            )
    dataset = out / "corpus" / "dataset.yaml"
    declared = declared_id(out)  # read safely: unreadable, a FIFO or a link gives None
    if dataset.exists() and declared != "liteval":
        problems.add(
            str(dataset),
            1,
            "id",
            f"{out} already holds a different data root",
            "choose an empty folder or one holding an earlier LitEval import",
        )
    problems.raise_if_any()
    # any file of the user's: refused, nothing touched
    owned.check_replaceable(out, "--out", OUT_FIX)


def paragraph_id(pair: str, source_key: str) -> str:
    """Stable, safe id of a source paragraph: pair + first 10 hex of SHA-1 of its key."""
    return f"{pair}-{hashlib.sha1(source_key.encode('utf-8')).hexdigest()[:10]}"


def _paragraph_ids(release: Release) -> dict[tuple[str, str], str]:
    return {(row.pair, row.source): paragraph_id(row.pair, row.source) for row in release.rows}


def _write_works(
    out: Path,
    release: Release,
    books: list[Book],
    paragraphs: dict[tuple[str, str], str],
    report: ImportReport,
) -> None:
    works = out / "corpus" / "works"
    for pair in PAIRS:
        keys = list(dict.fromkeys(row.source for row in release.rows if row.pair == pair))
        if not keys:
            continue
        work = pair_work(pair, [b for b in books if b.pair == pair], len(keys))
        write_yaml(works / work["id"] / "work.yaml", work)
        records = []
        for index, key in enumerate(keys):
            record: dict[str, Any] = {
                "id": paragraphs[(pair, key)],
                "index": index,
                "snippet": key,
                "restricted": RESTRICTED,
            }
            if key in release.sample:
                record["subsets"] = [SAMPLE]
            records.append(record)
        write_jsonl(works / work["id"] / "paragraphs.jsonl", records)
        report.count("works (one per pair, naming its books)", table="written")
        report.count("paragraphs", len(records), table="written")
        report.count(
            f"paragraphs in {SAMPLE}", sum(1 for r in records if "subsets" in r), table="written"
        )


def _write_systems(
    out: Path, release: Release, paragraphs: dict[tuple[str, str], str], report: ImportReport
) -> dict[str, list[str]]:
    outputs: dict[str, dict[str, list[dict[str, Any]]]] = {}
    labels: dict[str, list[str]] = {}
    for row in release.first_rows():
        sid = row.system
        labels.setdefault(sid, [])
        if row.label not in labels[sid]:
            labels[sid].append(row.label)
        outputs.setdefault(sid, {}).setdefault(row.pair, []).append(
            {
                "paragraph": paragraphs[(row.pair, row.source)],
                "snippet": row.target,
                "restricted": RESTRICTED,
            }
        )
    cards = {c.id: c for c in MT_SYSTEMS.values()}
    for sid in sorted(outputs):
        card = cards.get(sid) or human_card(int(sid.split("-")[1]))
        folder = out / "corpus" / "systems" / sid
        write_yaml(folder / "system.yaml", card.card(sorted(labels[sid])))
        for pair, records in sorted(outputs[sid].items()):
            write_outputs(folder, pair, records)
            report.count("translations", len(records), table="written")
        report.count("systems", table="written")
    return labels


def _write_campaigns(
    out: Path,
    release: Release,
    paragraphs: dict[tuple[str, str], str],
    systems: dict[str, list[str]],
    report: ImportReport,
) -> None:
    pairs = [p for p in PAIRS if any(r.pair == p for r in release.rows)]
    for spec in score_columns():
        folder = out / "judgments" / spec.id
        write_yaml(folder / "campaign.yaml", spec.campaign(student_annotators(pairs)))
        _write_scores(
            folder,
            spec.column,
            release.first_rows(),
            paragraphs,
            report,
            "student-{pair}" if spec.student else "",
        )
        report.count("campaigns", table="written")
    second = release.second_rows()
    if second:
        folder = out / "judgments" / SECOND.id
        write_yaml(
            folder / "campaign.yaml", SECOND.campaign(student_annotators(pairs, second=True))
        )
        _write_scores(folder, SECOND.column, second, paragraphs, report, "student-second")
        report.count("campaigns", table="written")


def _write_scores(
    folder: Path,
    column: str,
    rows: list[Any],
    paragraphs: dict[tuple[str, str], str],
    report: ImportReport,
    annotator: str = "",
) -> None:
    """One record per row; ``annotator`` (a template over {pair}) marks human scores."""
    by_pair: dict[str, list[dict[str, Any]]] = {}
    for row in rows:
        record = {
            "system": row.system,
            "pair": row.pair,
            "paragraph": paragraphs[(row.pair, row.source)],
        }
        if annotator:
            record["annotator"] = annotator.format(pair=row.pair)
        record["score"] = row.scores[column]
        by_pair.setdefault(row.pair, []).append(record)
    for pair, records in sorted(by_pair.items()):
        write_jsonl(folder / f"{pair}.jsonl", records)
        report.count("scores", len(records), table="written")


def _write_dataset(out: Path, release: Release, report: ImportReport) -> None:
    commit = release.commit or "unknown"
    hashes = " ".join(f"{path}:sha256:{digest[:12]}" for path, digest in release.files)
    data = {
        "id": "liteval",
        "title": "LitEval-Corpus (public analysis release)",
        "version": f"{REPOSITORY}@{commit} + {hashes}",
        "description": (
            "Scores of 12 systems (9 MT systems and 3 published human translations) on "
            "188 literary source paragraphs in De-En, En-De, De-Zh and En-Zh: student "
            "MQM, XCOMET-XL/XXL, Prometheus 2 and GEMBA-MQM (paper 000). Texts are "
            "rights-restricted; only 20-character snippets are public."
        ),
        "licence": LICENCE,
        "citation": CITATION,
        # paper 000's human evaluation: the students' MQM ranks the board by default
        "primary": {"campaign": "student-mqm", "measure": "score"},
        "source": {
            "url": URL,
            "commit": release.commit or "commit not recorded in the release copy",
            "files": [{"path": p, "sha256": d} for p, d in release.files],
        },
        "notes": release.notes + [UNMAPPED_NOTE],
        # paper 000 Table 3: humans vs the top systems, on the BWS-sampled paragraphs
        "adequacy": {"top": sorted(LITEVAL.top), "sample": LITEVAL.sample},
    }
    write_yaml(out / "corpus" / "dataset.yaml", data)
    report.notes.extend(data["notes"])


__all__ = ["run", "paragraph_id"]
