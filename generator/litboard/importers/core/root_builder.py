"""Collect what a generic importer found and write it as one litboard data root.

The Label Studio, CSV and WMT importers all produce the same things: works with source
paragraphs, systems with one translation per paragraph, and campaigns with judgment
records. ``RootBuilder`` deduplicates paragraphs and translations, refuses conflicting
texts and duplicate judgments (the caller reports them), and ``write`` lays out the files.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ...files import owned
from ...errors import DataError, Problem
from ...files.ids import slug
from .. import (
    OUT_FIX,
    ImportReport,
    json_size,
    size_chunks,
    write_jsonl,
    write_lines,
    write_outputs,
    write_yaml,
)
from .inputs import skip_problem
from .mapping_common import SystemSettings


def judgment_key(scheme: str, record: dict[str, Any]) -> tuple[Any, ...]:
    """What makes two records the same judgment (mirrors the loader's duplicate check)."""
    if scheme == "pairwise":
        return (record["pair"], record["paragraph"], record["annotator"], record["a"], record["b"])
    if scheme == "metric":
        return (record["system"], record["pair"], record["paragraph"])
    return (record["system"], record["pair"], record["paragraph"], record["annotator"])


@dataclass
class RootBuilder:
    """An in-memory data root: add paragraphs, translations and records, then ``write``."""

    pair: str
    works: dict[str, dict[str, Any]] = field(default_factory=dict)
    paragraphs: dict[str, list[dict[str, Any]]] = field(default_factory=dict)
    systems: dict[str, dict[str, Any]] = field(default_factory=dict)
    # (system, pair, paragraph)
    translations: dict[tuple[str, str, str], str] = field(default_factory=dict)
    campaigns: dict[str, dict[str, Any]] = field(default_factory=dict)
    records: dict[str, list[dict[str, Any]]] = field(default_factory=dict)
    annotators: dict[str, dict[str, dict[str, Any]]] = field(default_factory=dict)
    prefix: str = ""  # id namespace applied on write to work, paragraph and system ids
    annotator_notes: dict[str, str] = field(default_factory=dict)  # id -> note (e.g. the full name)
    _by_key: dict[tuple[str, str], str] = field(default_factory=dict)
    _texts: dict[str, str] = field(default_factory=dict)
    _seen: dict[str, set[tuple[Any, ...]]] = field(default_factory=dict)

    def work(self, work_id: str, card: dict[str, Any]) -> None:
        self.works.setdefault(work_id, card)

    def paragraph(
        self, work: str, text: str, key: str = "", sentences: int | None = None
    ) -> str | None:
        """Paragraph id for this source text (new or existing); None if ``key`` has another text.

        Without ``key`` the id is derived from the text, so equal sources share a paragraph.
        """
        pid = self.paragraph_id(work, text, key)
        known = self._texts.get(pid)
        if known is not None:
            return pid if known == text else None
        self._texts[pid] = text
        record: dict[str, Any] = {
            "id": pid,
            "index": len(self.paragraphs.get(work, [])),
            "text": text,
        }
        if sentences is not None:
            record["sentences"] = sentences
        self.paragraphs.setdefault(work, []).append(record)
        return pid

    @staticmethod
    def paragraph_id(work: str, text: str, key: str = "") -> str:
        return slug(key) if key else f"{work[:66].rstrip('.-_')}-{_digest(text)}"

    def conflict(
        self, system: str, paragraph: str, source: str, translation: str, pair: str = ""
    ) -> str:
        """Why this source/translation cannot be added (an earlier task had other texts), or ''."""
        if self._texts.get(paragraph, source) != source:
            return f"paragraph {paragraph!r} has a different source text in an earlier item"
        if (
            self.translations.get((system, pair or self.pair, paragraph), translation)
            != translation
        ):
            return (
                f"{system} has a different translation of paragraph {paragraph!r} in an earlier "
                f"item"
            )
        return ""

    def system(
        self,
        system_id: str,
        settings: SystemSettings | None,
        default_kind: str = "llm",
        default_modality: str = "MT",
    ) -> None:
        if system_id in self.systems:
            return
        s = settings or SystemSettings(kind=default_kind, modality=default_modality)
        card = {
            "id": system_id,
            "name": s.name or system_id,
            "kind": s.kind,
            "modality": s.modality,
        }
        card |= {k: v for k, v in (("model", s.model), ("description", s.description)) if v}
        self.systems[system_id] = card

    def translation(self, system: str, paragraph: str, text: str, pair: str = "") -> bool:
        """Store a translation; False if the system already has a different one of the paragraph."""
        known = self.translations.setdefault((system, pair or self.pair, paragraph), text)
        return known == text

    def campaign(self, campaign_id: str, card: dict[str, Any]) -> None:
        self.campaigns.setdefault(campaign_id, {"id": campaign_id, **card})
        self.records.setdefault(campaign_id, [])

    def record(self, campaign_id: str, record: dict[str, Any], expertise: str = "") -> bool:
        """Add a judgment; False (not added) when the same judgment is already there."""
        scheme = self.campaigns[campaign_id]["scheme"]
        key = judgment_key(scheme, record)
        seen = self._seen.setdefault(campaign_id, set())
        if key in seen:
            return False
        seen.add(key)
        self.records[campaign_id].append(record)
        if "annotator" in record:
            self.annotators.setdefault(campaign_id, {}).setdefault(
                record["annotator"], {"id": record["annotator"], "expertise": expertise}
            )
        return True

    def declare_normalisation(self, report: ImportReport) -> None:
        """An MQM campaign scored with paper 000's formula needs sentence counts; when the input
        has none for some record, declare the per-word normalisation (error points per 100 source
        words) instead of writing a root whose scores cannot be computed, and say so."""
        counted = {r["id"] for rows in self.paragraphs.values() for r in rows if r.get("sentences")}
        for cid, card in self.campaigns.items():
            mqm = card.setdefault("mqm", {}) if card["scheme"] == "mqm" else None
            if mqm is None or mqm.get("variant", "paper000") != "paper000" or mqm.get("normalise"):
                continue
            if any(
                not r.get("sentences") and r.get("paragraph") not in counted
                for r in self.records[cid]
            ):
                mqm["normalise"] = "words"
                report.notes.append(
                    f"{cid}: the input has no sentence counts, so MQM scores are error points per "
                    "100 source words (campaign.yaml mqm.normalise: words); map a sentences "
                    "column to use paper 000's per-sentence formula"
                )

    def count_read(self, report: ImportReport) -> None:
        """Distinct translations, paragraphs, systems and annotators found (kept items only)."""
        report.count("distinct translations", len(self.translations))
        report.count("distinct source paragraphs", sum(len(r) for r in self.paragraphs.values()))
        report.count("systems", len(self.systems))
        people = {a for campaign in self.annotators.values() for a in campaign}
        if people:
            report.count("annotators", len(people))

    def write(
        self,
        out: Path,
        dataset: dict[str, Any],
        report: ImportReport,
        inputs: list[Path] | None = None,
    ) -> None:
        """Write the data root into ``out``, which must not exist or be empty (no stale files).

        The root is written into a staging folder beside ``out`` and validated there; only a
        root the loader accepts is moved into place, so an import never leaves a root that
        ``litboard validate`` rejects."""
        if out.exists() and (not out.is_dir() or any(out.iterdir())):
            raise DataError(
                [
                    Problem(
                        str(out),
                        0,
                        "--out",
                        "exists and is not empty",
                        "choose a new folder, or delete this one first",
                    )
                ]
            )
        self._drop_empty_campaigns(
            report, str(inputs[0]) if inputs else str(dataset.get("id", out.name))
        )
        if self.prefix:
            self._apply_prefix()
        self.declare_normalisation(report)
        self.check_sizes()

        def write(stage: Path) -> None:
            self._write_files(stage, dataset, report)
            _check_written(stage, out)

        owned.write_folder(out, "--out", OUT_FIX, write)

    def _drop_empty_campaigns(self, report: ImportReport, where: str) -> None:
        """A campaign none of whose records could be imported is left out (and said so); when no
        campaign keeps a record the import stops, listing the first problems with their lines."""
        empty = sorted(cid for cid, records in self.records.items() if not records)
        for cid in empty:
            del self.campaigns[cid], self.records[cid]
            report.notes.append(
                f"campaign {cid!r}: no record could be imported, so it was not written"
            )
        if self.records:
            return
        shown = [skip_problem(s, where) for s in report.skipped[:5]] or [
            Problem(
                where,
                1,
                "input",
                "holds no judgment to import (no data row after this line)",
                "check the mapping and the input files",
            )
        ]
        more = len(report.skipped) - len(shown)
        if more > 0:
            shown.append(
                Problem(
                    where,
                    0,
                    "input",
                    f"and {more} more skipped item(s)",
                    "fix the lines above and import again",
                )
            )
        raise DataError(
            [
                Problem(
                    p.file,
                    p.line,
                    p.field,
                    f"{p.message} (no judgment could be imported: nothing was written)"
                    if i == 0
                    else p.message,
                    p.fix,
                )
                for i, p in enumerate(shown)
            ]
        )

    def _write_files(self, out: Path, dataset: dict[str, Any], report: ImportReport) -> None:
        write_yaml(out / "corpus" / "dataset.yaml", dataset)
        for work, card in sorted(self.works.items()):
            rows = self.paragraphs.get(work, [])
            write_yaml(out / "corpus" / "works" / work / "work.yaml", {"id": work, **card})
            write_jsonl(out / "corpus" / "works" / work / "paragraphs.jsonl", rows)
            report.count("works", 1, "written")
            report.count("paragraphs", len(rows), "written")
        outputs: dict[tuple[str, str], list[dict[str, Any]]] = {}
        for (system, pair, paragraph), text in self.translations.items():
            outputs.setdefault((system, pair), []).append({"paragraph": paragraph, "text": text})
        for system, card in sorted(self.systems.items()):
            write_yaml(out / "corpus" / "systems" / system / "system.yaml", card)
            report.count("systems", 1, "written")
            for pair in sorted(p for (s, p) in outputs if s == system):
                rows = outputs[(system, pair)]
                write_outputs(out / "corpus" / "systems" / system, pair, rows)
                report.count("translations", len(rows), "written")
        for cid, card in sorted(self.campaigns.items()):
            people = [
                {**a, "note": self.annotator_notes[a["id"]]}
                if a["id"] in self.annotator_notes
                else a
                for a in sorted(self.annotators.get(cid, {}).values(), key=lambda a: a["id"])
            ]
            write_yaml(
                out / "judgments" / cid / "campaign.yaml",
                {**card, **({"annotators": people} if people else {})},
            )
            for name, lines in split_records(cid, self.records[cid]):
                write_lines(out / "judgments" / cid / name, lines)
            report.count(f"{cid} records", len(self.records[cid]), "written")

    def _apply_prefix(self) -> None:
        """Rename every work, paragraph and system id to ``<prefix>-<id>`` (ids stay safe)."""
        ns = self.prefix

        def new(old: str) -> str:
            return namespaced(ns, old)

        self.works = {new(w): card for w, card in self.works.items()}
        self.paragraphs = {
            new(w): [{**r, "id": new(r["id"])} for r in rows] for w, rows in self.paragraphs.items()
        }
        self.systems = {new(s): {**card, "id": new(s)} for s, card in self.systems.items()}
        self.translations = {(new(s), p, new(g)): t for (s, p, g), t in self.translations.items()}
        for records in self.records.values():
            for r in records:
                for k in ("system", "paragraph", "a", "b", "best", "worst"):
                    if isinstance(r.get(k), str):
                        r[k] = new(r[k])
                if isinstance(r.get("systems"), list):
                    r["systems"] = [new(s) for s in r["systems"]]
        self.prefix = ""

    def check_sizes(self) -> None:
        """DataError before writing when a corpus file would exceed the loader's size limit (system
        outputs and judgments are split into numbered files; a work's paragraphs are not)."""
        from ...load.textfiles import MAX_FILE_BYTES

        sizes: dict[str, int] = {}
        for work, rows in self.paragraphs.items():
            sizes[f"corpus/works/{work}/paragraphs.jsonl"] = sum(map(json_size, rows))
        big = [
            Problem(
                name,
                0,
                "file",
                f"would be {size:,} bytes, over the loader's {MAX_FILE_BYTES:,}-byte limit",
                "split the import, e.g. one work per task "
                "(task.work) or one import per language pair",
            )
            for name, size in sorted(sizes.items())
            if size > MAX_FILE_BYTES
        ]
        if big:
            raise DataError(big)

    def check_system_cards(self, cards: dict[str, Any], where: str, report: ImportReport) -> None:
        """A ``systems:`` card keyed by a name that slugging changes (so it can never match) is an
        error naming the slugged id; a card for an id absent from this data is a note."""
        problems = []
        for key in cards:
            if key in self.systems:
                continue
            slugged = slug(key)
            if slugged != key:
                found = (
                    ""
                    if slugged in self.systems
                    else " (no system has that id in this data either)"
                )
                problems.append(
                    Problem(
                        where,
                        0,
                        f"systems.{key}",
                        f"matches no system: system ids are slugged{found}",
                        f"key the card by {slugged!r}",
                    )
                )
            else:
                report.notes.append(f"the systems card {key!r} matches no system in this data")
        if problems:
            raise DataError(problems)


def _check_written(stage: Path, out: Path) -> None:
    """DataError (naming the files as they would be in ``out``) when the loader rejects the root."""
    from ...load.read import validate

    problems = validate([stage]).items
    if problems:
        raise DataError(
            [
                Problem(
                    p.file.replace(str(stage), str(out)),
                    p.line,
                    p.field,
                    f"the importer produced data the loader rejects: {p.message}",
                    "nothing was written; please report this with the input file",
                )
                for p in problems
            ]
        )


def namespaced(prefix: str, old: str) -> str:
    """``<prefix>-<old>``, shortened with a digest to stay within the 80-character id limit."""
    joined = f"{prefix}-{old}"
    return joined if len(joined) <= 80 else f"{joined[:69].rstrip('.-_')}-{_digest(joined)}"


def split_records(cid: str, records: list[dict[str, Any]]) -> list[tuple[str, list[str]]]:
    """``<cid>.jsonl``, or numbered ``<cid>-001.jsonl``... files each under the loader's size limit
    (file name, JSONL lines)."""
    chunks = size_chunks(records)
    if len(chunks) == 1:
        return [(f"{cid}.jsonl", chunks[0])]
    return [(f"{cid}-{i:03d}.jsonl", chunk) for i, chunk in enumerate(chunks, start=1)]


def category_names(records: list[dict[str, Any]]) -> list[str]:
    """The distinct 'Main' / 'Main/Sub' categories of MQM records (a custom typology)."""
    return sorted(
        {
            e["category"] + (f"/{e['subcategory']}" if e.get("subcategory") else "")
            for r in records
            for e in r["errors"]
        }
    )


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:10]
