"""``litboard campaign import EXPORT... --plan PLAN --out ROOT``.

Checks the export against the plan (``checks``), fills in what the blind tasks do not carry
(paragraph and system ids, from the plan item each task names), runs the Label Studio importer
with the mapping ``export.mapping`` writes, keeps only the judgments (the track already holds
the texts; their ids and texts are checked against it) and writes them as campaign folders
under ``ROOT/judgments/``. The main campaign's card names the plan's SHA-256 and says how much
of it is judged: a partial export imports as partial (``plan.complete: false``); an annotation
without the scheme's answer is no judgment (``answers``). A re-import merges with what earlier
imports kept (``import_store``: by annotation id, nothing dropped without ``--replace``) and
touches only the files they wrote (``import_write``).
"""

from __future__ import annotations

import json
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from ..errors import DataError, Problem
from ..files.ids import slug
from ..model import Corpus
from .checks import Progress, annotator_progress, check_export, slot_load, system_progress
from .export import mapping
from .labels import track_typology


@dataclass
class CampaignImport:
    campaign: str
    written: list[Path] = field(default_factory=list)
    progress: list[dict[str, Any]] = field(default_factory=list)
    annotators: list[dict[str, Any]] = field(default_factory=list)
    items: int = 0
    judged: int = 0
    lines: list[str] = field(default_factory=list)
    unanswered: list[str] = field(default_factory=list)

    def format(self) -> str:
        state = "complete" if self.judged == self.items else "partial"
        rows = [
            f"{p['system']}: {p['judged']} of {p['planned']} planned paragraphs judged"
            for p in self.progress
        ]
        rows += [
            f"annotator {a['annotator']}: {a['judged']} items judged ({a['double']} of them "
            "double-annotated)"
            for a in self.annotators
        ]
        return "\n".join(
            self.lines
            + self.unanswered
            + rows
            + [
                f"campaign {self.campaign}: {self.judged} of "
                f"{self.items} planned items judged ({state})"
            ]
        )


# data keys of exports made before the keys were renamed (Label Studio dumped the whole task
# JSON for the key 'source'): read as their current names
LEGACY_KEYS = {"source": "src", "translation": "tgt", "text_a": "tgt_a", "text_b": "tgt_b"}


def _current_keys(task: dict[str, Any]) -> dict[str, Any]:
    data = task.get("data")
    if not isinstance(data, dict):
        return task
    renamed = {}
    for key, value in data.items():
        new = LEGACY_KEYS.get(key) or (
            f"tgt_{key[5:]}" if key[:5] == "text_" and key[5:].isdigit() else key
        )
        renamed[new if new not in data else key] = value
    return dict(task, data=renamed)


def read_exports(exports: list[Path]) -> list[tuple[str, dict[str, Any]]]:
    """(where, task) of every task of the user's exports: ``where`` is file:line: task id."""
    from ..importers.core.inputs import input_files
    from ..importers.formats.labelstudio import read_export

    out = []
    for f in input_files(exports, ".json"):
        for n, task in enumerate(read_export(f)):
            out.append(
                (f"{f}:{task.pop('_line')}: task {task.get('id', n + 1)}", _current_keys(task))
            )
    return out


def import_campaign(
    corpus: Corpus,
    plan: dict[str, Any],
    plan_path: Path,
    sha: str,
    exports: list[Path],
    out: Path,
    expertise: str = "professional",
    replace: bool = False,
) -> CampaignImport:
    from .import_store import STATE, merge, read_state
    from .import_write import write_campaigns

    _check_root(out, corpus.dataset_id)
    judgments = out / "judgments"
    state = read_state(judgments / plan["campaign"], sha)
    from .batches import join

    merged = merge(
        state["tasks"],
        join(plan, sha, read_exports(exports)),
        replace,
        str(judgments / plan["campaign"] / STATE),
    )
    checks, tasks = _split_checks(plan, merged.tasks)
    progress = check_export(tasks, plan, sha)
    _check_texts(corpus, plan, sha, progress)
    result = CampaignImport(plan["campaign"], items=len(plan["items"]))
    result.judged = sum(progress.complete(i) for i in plan["items"])
    result.unanswered = _unanswered(plan, progress, merged.fresh)
    result.progress = system_progress(plan, progress)
    result.annotators = annotator_progress(plan, progress)
    result.lines += merged.lines() + [f"note: {n}" for n in progress.notes]
    result.lines.append(
        f"note: the annotators are recorded as {expertise} (the campaign card's expertise; "
        "--expertise sets another group)"
    )
    attention = _attention(corpus, plan, checks, result)
    campaigns = _campaigns(corpus, plan, progress, expertise, result)
    card_plan = {
        "file": plan_path.name,
        "sha256": sha,
        "campaign": plan["campaign"],
        "pair": plan["pair"],
        "new_systems": list(plan["new_systems"]),
        "extends": list(plan["ranking"]["campaigns"]),
    }
    main = card_plan | {
        "items": result.items,
        "judged": result.judged,
        "complete": result.judged == result.items,
        "progress": result.progress,
        "annotators": result.annotators,
        "slot_load": slot_load(plan),
    }
    if plan.get("attention"):
        main["attention_checks"] = len(plan["attention"])
        main["attention"] = attention
    for cid, (card, _) in campaigns.items():
        card["plan"] = main if cid == plan["campaign"] else card_plan
    kept = {str(t["data"]["item"]): t for _, t in merged.tasks}
    result.written = write_campaigns(judgments, campaigns, plan["campaign"], sha, state, kept)
    return result


def _split_checks(
    plan: dict[str, Any], tasks: list[tuple[str, dict[str, Any]]]
) -> tuple[dict[str, dict[str, Any]], list[tuple[str, dict[str, Any]]]]:
    """(check id -> its task, the plan's own tasks): the attention checks never reach the
    judgments."""
    from .attention import is_check

    checks, rest = {}, []
    for where, task in tasks:
        raw = task.get("data")
        data: dict[str, Any] = raw if isinstance(raw, dict) else {}
        if is_check(plan, data.get("item")) and not isinstance(data.get("item"), list):
            checks[str(data["item"])] = task
        else:
            rest.append((where, task))
    return checks, rest


def _attention(
    corpus: Corpus, plan: dict[str, Any], checks: dict[str, dict[str, Any]], result: CampaignImport
) -> list[dict[str, Any]]:
    """Per annotator, the attention checks answered and caught (``attention.score``), with a
    report line per answer; only annotations that are judgments under the scheme count."""
    from .answers import missing_answer
    from .attention import score
    from .export import texts

    if not plan.get("attention"):
        return []
    answered = {
        cid: dict(
            task,
            annotations=[
                a
                for a in task.get("annotations") or []
                if isinstance(a, dict)
                and not a.get("was_cancelled")
                and not missing_answer(plan["scheme"], a)
            ],
        )
        for cid, task in checks.items()
    }
    rows, lines = score(plan, answered, texts(corpus, plan)[1])
    result.lines += lines
    result.lines += [
        f"attention checks of annotator {r['annotator']}: {r['passed']} of {r['checks']} caught"
        for r in rows
    ]
    return rows


STALLED = (
    "; Label Studio counts it as done and will not serve the task again: delete this "
    "annotation in Label Studio (Data Manager, open the task, the annotation's menu: Delete), "
    "or have its annotator answer and update it, then pull and import again"
)


def _unanswered(plan: dict[str, Any], progress: Progress, fresh: set[tuple[str, str]]) -> list[str]:
    """One line per annotation that is no judgment, in the import that brought it (new or
    changed since the earlier import): whether its item stays pending, what to do when the
    annotation stalls its task in Label Studio."""
    items = {i["id"]: i for i in plan["items"]}
    out = []
    for item, key, text, stalls in progress.unanswered:
        if (item, key) not in fresh:
            continue  # reported by the import that brought it
        state = "judged by others" if progress.complete(items[item]) else "stays pending"
        out.append(f"not a judgment (item {item} {state}): {text}" + (STALLED if stalls else ""))
    return out


def _campaigns(
    corpus: Corpus, plan: dict[str, Any], progress: Progress, expertise: str, result: CampaignImport
) -> dict[str, tuple[dict[str, Any], dict[str, str]]]:
    """Campaign id -> (card, file name -> text) of the judged annotations."""
    if plan["scheme"] in ("bws", "ruler"):  # read here: the Label Studio importer has no such block
        from .bws_import import bws_campaign
        from .ruler_import import ruler_campaign

        read = bws_campaign if plan["scheme"] == "bws" else ruler_campaign
        card, files_, lines = read(plan, progress, expertise)
        result.lines += lines
        return {plan["campaign"]: (card, files_)}
    with tempfile.TemporaryDirectory(prefix="litboard-campaign-") as tmp:
        stage = Path(tmp)
        report = _run_importer(
            plan, progress, stage, track_typology(corpus, plan["pair"]), expertise
        )
        report.notes = [_sentences_note(n) for n in report.notes]
        result.lines.append(report.format())
        return _read_staged(stage / "root", corpus, plan)


def _sentences_note(note: str) -> str:
    """The importer's note on sentence counts, true of a campaign import: the records name no
    sentence count, so the build divides by the track's (``analysis.mqm``)."""
    if not note.startswith("no sentences field in the mapping"):
        return note
    return (
        "MQM scores divide each paragraph's error points by its sentence count in the track's "
        "corpus (paragraphs.jsonl 'sentences'), as paper 000's MQM does"
    )


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
            problems.add(
                f"{progress.where[item_id]} (item {item_id})",
                0,
                f"data.{key}",
                "differs from the text the export wrote (edited in Label Studio, or the "
                "track's texts changed)",
                "export the plan again and annotate the new tasks",
            )
    problems.raise_if_any()


def _check_root(out: Path, dataset: str) -> None:
    from ..load.datasets import declared_id

    if declared_id(out) != dataset:
        raise DataError(
            [
                Problem(
                    str(out),
                    0,
                    "--out",
                    f"is not a data root of the track {dataset!r}",
                    "pass the track's data root (its corpus/dataset.yaml has id "
                    f"{dataset}), where the campaign's judgments/ folders go",
                )
            ]
        )


def _run_importer(
    plan: dict[str, Any], progress: Progress, stage: Path, typology: Any, expertise: str
) -> Any:
    """The Label Studio importer on the judged tasks, each completed with its plan item's ids;
    its messages name the user's export files (``progress.where``)."""
    from ..importers import ImportReport
    from ..importers.core.mapping import LabelStudioMapping
    from ..importers.core.mapping_io import load_mapping
    from ..importers.core.root_builder import RootBuilder
    from ..importers.core.run_steps import Started, finish
    from ..importers.formats.labelstudio import collect_tasks

    items = {i["id"]: i for i in plan["items"]}
    tasks = []
    for item_id, task in sorted(progress.tasks.items()):
        item = items[item_id]
        data = dict(task["data"], paragraph_id=item["paragraph"])
        if plan["scheme"] == "pairwise":
            data |= {"system_a": item["systems"][0], "system_b": item["systems"][1]}
        else:
            data["system"] = item["systems"][0]
        tasks.append((progress.where[item_id], dict(task, data=data)))
    (stage / "mapping.yaml").write_text(
        yaml.safe_dump(mapping(plan, typology, expertise)), encoding="utf-8"
    )
    m = load_mapping(stage / "mapping.yaml", LabelStudioMapping)
    files = sorted({Path(w.split(":")[0]) for w, _ in tasks}) or [stage / "mapping.yaml"]
    run = Started(
        files, stage / "mapping.yaml", m, ImportReport(), str(m.dataset.id), RootBuilder(m.pair)
    )
    collect_tasks(tasks, m, run.dataset_id, run.builder, run.report)
    return finish(run, stage / "root", f"Label Studio export of {plan['campaign']}")


def _read_staged(
    root: Path, corpus: Corpus, plan: dict[str, Any]
) -> dict[str, tuple[dict[str, Any], dict[str, str]]]:
    """The importer's campaigns (card, file name -> text), ids mapped back to the track's."""
    ids = {slug(s): s for s in plan["systems"]} | {slug(p): p for p in plan["paragraphs"]}
    known = set(corpus.tables["systems"]["system"].astype(str)) | set(
        corpus.paragraphs["paragraph"].astype(str)
    )
    out = {}
    for folder in sorted((root / "judgments").iterdir()):
        card = yaml.safe_load((folder / "campaign.yaml").read_text(encoding="utf-8"))
        files = {}
        for path in sorted(folder.glob("*.jsonl")):
            lines = [
                _renamed(json.loads(line), ids, known, path)
                for line in path.read_text(encoding="utf-8").splitlines()
            ]
            files[path.name] = "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in lines)
        out[folder.name] = (card, files)
    return out


def _renamed(
    record: dict[str, Any], ids: dict[str, str], known: set[str], path: Path
) -> dict[str, Any]:
    for key in ("system", "a", "b", "paragraph"):
        if key in record:
            record[key] = ids.get(record[key], record[key])
            if record[key] not in known:
                raise DataError(
                    [
                        Problem(
                            str(path),
                            0,
                            key,
                            f"{record[key]!r} is not an id of the track",
                            "export and import with the data roots the plan was made from",
                        )
                    ]
                )
    return record
