"""``litboard campaign import EXPORT... --plan PLAN --out ROOT``.

Checks the export against the plan (``checks``), fills in what the blind tasks do not carry
(paragraph and system ids, from the plan item each task names), runs the Label Studio importer
with the mapping ``export.mapping`` writes, keeps only the judgments (the track already holds
the texts; their ids and texts are checked against it) and writes them as new campaign folders
under ``ROOT/judgments/``. The main campaign's card names the plan's SHA-256 and says how much
of it is judged: a partial export imports as partial (``plan.complete: false``).
"""

from __future__ import annotations

import json
import shutil
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from ..errors import DataError, Problem
from ..files.ids import slug
from ..model import Corpus
from .checks import Progress, check_export, system_progress
from .export import mapping
from .labels import track_typology


@dataclass
class CampaignImport:
    campaign: str
    written: list[Path] = field(default_factory=list)
    progress: list[dict[str, Any]] = field(default_factory=list)
    items: int = 0
    judged: int = 0
    lines: list[str] = field(default_factory=list)

    def format(self) -> str:
        state = "complete" if self.judged == self.items else "partial"
        rows = [f"{p['system']}: {p['judged']} of {p['planned']} planned paragraphs judged" for p in self.progress]
        return "\n".join(self.lines + rows + [f"campaign {self.campaign}: {self.judged} of {self.items} "
                                             f"planned items judged ({state})"])


def import_campaign(corpus: Corpus, plan: dict[str, Any], plan_path: Path, sha: str, exports: list[Path],
                    out: Path, expertise: str = "professional") -> CampaignImport:
    from ..importers.core.inputs import input_files
    from ..importers.formats.labelstudio import read_export

    _check_root(out, corpus.dataset_id)
    files = input_files(exports, ".json")
    tasks = [(f"{f}: task {t.get('id', n + 1)}", t) for f in files for n, t in enumerate(read_export(f))]
    progress = check_export(tasks, plan, sha)
    _check_texts(corpus, plan, sha, progress)
    result = CampaignImport(plan["campaign"], items=len(plan["items"]))
    result.judged = sum(progress.complete(i) for i in plan["items"])
    result.progress = system_progress(plan, progress)
    result.lines += [f"note: {n}" for n in progress.notes]
    with tempfile.TemporaryDirectory(prefix="litboard-campaign-") as tmp:
        if plan["scheme"] == "bws":
            from .bws_import import bws_campaign

            card, files_, lines = bws_campaign(plan, progress, expertise)
            campaigns = {plan["campaign"]: (card, files_)}
            result.lines += lines
        else:
            stage = Path(tmp)
            report = _run_importer(plan, progress, stage, track_typology(corpus, plan["pair"]), expertise)
            result.lines.append(report.format())
            campaigns = _read_staged(stage / "root", corpus, plan)
        card_plan = {"file": plan_path.name, "sha256": sha, "campaign": plan["campaign"], "pair": plan["pair"],
                     "new_systems": list(plan["new_systems"]), "extends": list(plan["ranking"]["campaigns"])}
        main = card_plan | {"items": result.items, "judged": result.judged,
                            "complete": result.judged == result.items, "progress": result.progress}
        for cid, (card, files_) in sorted(campaigns.items()):
            card["plan"] = main if cid == plan["campaign"] else card_plan
            result.written.append(_write_campaign(out / "judgments" / cid, card, files_, sha))
    return result


def _check_texts(corpus: Corpus, plan: dict[str, Any], sha: str, progress: Progress) -> None:
    """Every task still shows the texts the plan's export wrote (span offsets point into them)."""
    from ..errors import Problems
    from .export import task_data, texts

    sources, translations = texts(corpus, plan)
    items = {i["id"]: i for i in plan["items"]}
    problems = Problems()
    for item_id, task in sorted(progress.tasks.items()):
        expected = task_data(items[item_id], plan, sha, sources, translations)
        for key in sorted(k for k in expected if task["data"].get(k) != expected[k]):
            problems.add(f"task of item {item_id}", 0, f"data.{key}", "differs from the text the export wrote "
                         "(edited in Label Studio, or the track's texts changed)",
                         "export the plan again and annotate the new tasks")
    problems.raise_if_any()


def _check_root(out: Path, dataset: str) -> None:
    from ..load.datasets import declared_id

    if declared_id(out) != dataset:
        raise DataError([Problem(str(out), 0, "--out", f"is not a data root of the track {dataset!r}",
                                 "pass the track's data root (its corpus/dataset.yaml has id "
                                 f"{dataset}), where the campaign's judgments/ folders go")])


def _run_importer(plan: dict[str, Any], progress: Progress, stage: Path, typology: Any,
                  expertise: str) -> Any:
    """The Label Studio importer on the export, each task completed with its plan item's ids."""
    from ..importers.formats.labelstudio import run

    items = {i["id"]: i for i in plan["items"]}
    tasks = []
    for item_id, task in sorted(progress.tasks.items()):
        item = items[item_id]
        data = dict(task["data"], paragraph_id=item["paragraph"])
        if plan["scheme"] == "pairwise":
            data |= {"system_a": item["systems"][0], "system_b": item["systems"][1]}
        else:
            data["system"] = item["systems"][0]
        tasks.append(dict(task, data=data))
    (stage / "export.json").write_text(json.dumps(tasks, ensure_ascii=False), encoding="utf-8")
    (stage / "mapping.yaml").write_text(yaml.safe_dump(mapping(plan, typology, expertise)), encoding="utf-8")
    return run([stage / "export.json"], stage / "root", mapping=stage / "mapping.yaml")


def _read_staged(root: Path, corpus: Corpus, plan: dict[str, Any]) -> dict[str, tuple[dict[str, Any], dict[str, str]]]:
    """The importer's campaigns (card, file name -> text), ids mapped back to the track's."""
    ids = {slug(s): s for s in plan["systems"]} | {slug(p): p for p in plan["paragraphs"]}
    known = set(corpus.tables["systems"]["system"].astype(str)) | set(corpus.paragraphs["paragraph"].astype(str))
    out = {}
    for folder in sorted((root / "judgments").iterdir()):
        card = yaml.safe_load((folder / "campaign.yaml").read_text(encoding="utf-8"))
        files = {}
        for path in sorted(folder.glob("*.jsonl")):
            lines = [_renamed(json.loads(line), ids, known, path) for line in path.read_text(encoding="utf-8").splitlines()]
            files[path.name] = "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in lines)
        out[folder.name] = (card, files)
    return out


def _renamed(record: dict[str, Any], ids: dict[str, str], known: set[str], path: Path) -> dict[str, Any]:
    for key in ("system", "a", "b", "paragraph"):
        if key in record:
            record[key] = ids.get(record[key], record[key])
            if record[key] not in known:
                raise DataError([Problem(str(path), 0, key, f"{record[key]!r} is not an id of the track",
                                         "export and import with the data roots the plan was made from")])
    return record


def _write_campaign(folder: Path, card: dict[str, Any], files: dict[str, str], sha: str) -> Path:
    """Write one campaign folder; an existing one is replaced only when an import of the same
    plan wrote it (a fuller export of the same campaign), never otherwise."""
    if folder.exists():
        old = yaml.safe_load((folder / "campaign.yaml").read_text(encoding="utf-8")) \
            if (folder / "campaign.yaml").is_file() else None
        if not isinstance(old, dict) or (old.get("plan") or {}).get("sha256") != sha:
            raise DataError([Problem(str(folder), 0, "--out", "exists and was not written by an import of "
                                     "this plan", "choose another campaign id (plan --campaign) or root")])
    stage = folder.parent / f".{folder.name}.importing"
    shutil.rmtree(stage, ignore_errors=True)
    stage.mkdir(parents=True)
    (stage / "campaign.yaml").write_text(yaml.safe_dump(card, allow_unicode=True, sort_keys=False, width=100),
                                         encoding="utf-8")
    for name, text in files.items():
        (stage / name).write_text(text, encoding="utf-8")
    if folder.exists():
        shutil.rmtree(folder)
    stage.rename(folder)
    return folder
