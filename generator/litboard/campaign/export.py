"""``litboard campaign export PLAN --format labelstudio|tsv --out DIR``.

Label Studio: ``config.xml`` (the labelling configuration), ``tasks.json`` (the import file:
blind texts only, no system ids, in an order shuffled by the plan's seed), ``project.json``
(the project settings the plan needs: annotations per task, overlap, blindness) and
``mapping.yaml`` (the Label Studio importer mapping ``campaign import`` uses). TSV: one
``tasks.tsv`` row per item for other tools (texts quoted as CSV does, so tabs and line breaks
survive; the blind translations in ``tgt_1``..., or ``tgt_a``/``tgt_b`` for pairs). Every task names
its plan item and the plan's hash, so the import can check an export against the plan.
"""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path
from typing import Any, Sequence

import numpy as np

from ..errors import DataError, Problem
from ..model import Corpus
from .labelconfig import PAIR_CHOICES, SOURCE, TARGET, config, shown
from .labels import Typology, error_labels, esa_labels, mapping_labels, track_typology
from .planfile import write_new
from .schemes import ESA_SCALE

FORMATS = ("labelstudio", "tsv")


def texts(
    corpus: Corpus, plan: dict[str, Any]
) -> tuple[dict[str, str], dict[tuple[str, str], str]]:
    """(paragraph -> source, (system, paragraph) -> translation) for the plan's items."""
    paras = corpus.paragraphs.set_index("paragraph")["text"]
    tr = corpus.translations[corpus.translations["pair"] == plan["pair"]]
    out = {(str(r.system), str(r.paragraph)): str(r.text) for r in tr.itertuples()}
    sources = {}
    for item in plan["items"]:
        sources[item["paragraph"]] = str(paras.get(item["paragraph"], ""))
        for system in item["systems"]:
            if (system, item["paragraph"]) not in out or not sources[item["paragraph"]]:
                raise DataError(
                    [
                        Problem(
                            "campaign export",
                            0,
                            "items",
                            f"{system} has no translation of "
                            f"{item['paragraph']} on {plan['pair']} in the data roots given",
                            "export with the --data roots the plan was made from",
                        )
                    ]
                )
    return sources, out


CONTEXT = ("context_before", "context_after")  # data keys of the neighbouring paragraphs
NO_CONTEXT = "(none: the paragraph {} the work)"


def context(corpus: Corpus, plan: dict[str, Any]) -> dict[str, tuple[str, str]]:
    """Paragraph -> (the source paragraph before it, the one after it) in its work, as Appraise
    shows document context; when there is none (or its text is restricted), a note says so."""
    paras = corpus.paragraphs
    by_place = {
        (str(r.work), int(r.index)): (r.text if isinstance(r.text, str) else "")
        for r in paras.itertuples()
    }
    place = {str(r.paragraph): (str(r.work), int(r.index)) for r in paras.itertuples()}
    out = {}
    for paragraph in sorted({i["paragraph"] for i in plan["items"]}):
        work, index = place[paragraph]
        before = by_place.get((work, index - 1)) or NO_CONTEXT.format("opens")
        after = by_place.get((work, index + 1)) or NO_CONTEXT.format("closes")
        out[paragraph] = (before, after)
    return out


def task_data(
    item: dict[str, Any],
    plan: dict[str, Any],
    sha: str,
    sources: dict[str, str],
    translations: dict[tuple[str, str], str],
    around: dict[str, tuple[str, str]] | None = None,
) -> dict[str, Any]:
    """A task's data: the plan item and hash, the source and the blind translations, and
    (``around``, from ``context``) the neighbouring source paragraphs."""
    shown_texts = [translations[(s, item["paragraph"])] for s in item["systems"]]
    data: dict[str, Any] = {
        "item": item["id"],
        "plan": sha[:16],
        "annotations_wanted": len(item["slots"]),
        SOURCE: sources[item["paragraph"]],
    }
    if around is not None:
        data |= dict(zip(CONTEXT, around[item["paragraph"]]))
    if plan["scheme"] in ("mqm", "esa", "ruler"):
        data[TARGET] = shown_texts[0]
    elif plan["scheme"] == "pairwise":
        data[f"{TARGET}_a"], data[f"{TARGET}_b"] = shown_texts
        data["merged"] = f"{shown(1)}\n\n{shown_texts[0]}\n\n{shown(2)}\n\n{shown_texts[1]}"
    else:
        data |= {f"{TARGET}_{n}": text for n, text in enumerate(shown_texts, start=1)}
    return data


def check_data(
    check: dict[str, Any],
    plan: dict[str, Any],
    sha: str,
    sources: dict[str, str],
    translations: dict[tuple[str, str], str],
    around: dict[str, tuple[str, str]] | None = None,
) -> dict[str, Any]:
    """The check's task data: its item's source and context, the degraded translation (pairwise:
    the intact one on the other side), shaped as every other task of the plan."""
    from .attention import check_text, pseudo_item

    item = next(i for i in plan["items"] if i["id"] == check["item"])
    degraded, _ = check_text(check, item, translations)
    pseudo = pseudo_item(check, item, plan["scheme"])
    texts = dict(translations)
    texts[(check["system"], item["paragraph"])] = degraded
    data = task_data(pseudo, plan, sha, sources, texts, around)
    if plan["scheme"] == "pairwise":
        intact = translations[(check["system"], item["paragraph"])]
        sides = [intact, intact]
        sides[int(check["side"])] = degraded
        data = _pairwise_sides(data, sides)
    return data


def _pairwise_sides(data: dict[str, Any], sides: list[str]) -> dict[str, Any]:
    merged = f"{shown(1)}\n\n{sides[0]}\n\n{shown(2)}\n\n{sides[1]}"
    return data | {f"{TARGET}_a": sides[0], f"{TARGET}_b": sides[1], "merged": merged}


def shuffled(plan: dict[str, Any]) -> list[dict[str, Any]]:
    """The plan's items in the order the tasks are shown, drawn from the plan's seed."""
    order = np.random.default_rng([int(plan["seed"]), 1]).permutation(len(plan["items"]))
    return [plan["items"][int(i)] for i in order]


def labels_for(plan: dict[str, Any], typology: Typology) -> list:
    return esa_labels(typology) if plan["scheme"] == "esa" else error_labels(typology)


def mapping(
    plan: dict[str, Any], typology: Typology, expertise: str = "professional"
) -> dict[str, Any]:
    """The Label Studio importer mapping of the exported project."""
    cid, scheme = plan["campaign"], plan["scheme"]
    m: dict[str, Any] = {
        "pair": plan["pair"],
        "dataset": {"id": cid, "title": f"Campaign {cid}"},
        "annotators": {"expertise": expertise},
        "task": {"source": SOURCE, "paragraph": "paragraph_id"},
    }
    spans = {
        "from_name": "errors",
        "typology": typology.name,
        "label_is_category": False,
        "variant": "wmt" if typology.name == "wmt" else "paper000",
        "labels": mapping_labels(labels_for(plan, typology)),
        "campaign": f"{cid}-spans",
        "title": f"Error spans of {cid}",
    }
    if scheme == "mqm":
        m["translations"] = [
            {"name": "mt", "field": TARGET, "to_name": "translation", "system_field": "system"}
        ]
        m["mqm"] = spans | {
            "campaign": cid,
            "title": f"MQM ({cid})",
            "severity_from": "severity",
            "comment_from": "comment",
        }
    elif scheme == "esa":
        m["translations"] = [
            {"name": "mt", "field": TARGET, "to_name": "translation", "system_field": "system"}
        ]
        m["mqm"] = spans
        m["sqm"] = {
            "ratings": {"score": "mt"},
            "min": ESA_SCALE[0],
            "max": ESA_SCALE[1],
            "campaign": cid,
            "title": f"ESA score ({cid})",
        }
    elif scheme == "pairwise":
        m["translations"] = [
            {"name": "a", "field": f"{TARGET}_a", "system_field": "system_a"},
            {"name": "b", "field": f"{TARGET}_b", "system_field": "system_b"},
        ]
        m["merged"] = [{"to_name": "merged", "parts": ["a", "b"]}]
        m["pairwise"] = {
            "from_name": "better",
            "a": "a",
            "b": "b",
            "campaign": cid,
            "choices": {PAIR_CHOICES[0]: "a", PAIR_CHOICES[1]: "b"},
            "comment_from": "rationale",
            "title": f"Pairwise preference ({cid})",
        }
        m["mqm"] = spans | {"per_comparison": True}
    return m


def project_settings(
    plan: dict[str, Any], labels: Sequence[Any] = (), slot: int = 0
) -> dict[str, Any]:
    """Label Studio project settings the plan needs, by their API names: the one declaration
    (``project.json``; ``campaign push`` sends exactly these, with the labelling config).

    Label Studio ignores a task's ``annotations_wanted``: ``maximum_annotations`` is the most
    annotator slots an item has, and the overlap cohort is 100 % so that by hand every task asks
    for that many (a smaller cohort doubles a random share of tasks, and an item planned double
    but served once stays pending); ``push`` then gives each task its own item's ``overlap``.
    ``show_overlap_first`` serves the double-annotated items first; sampling follows the shuffled
    ``tasks.json``. Blindness: title, description and instructions name the campaign by a
    digest, never by its id (which names the new system); no annotation history, no other
    annotator's predictions, no empty annotation and no skip. The instructions
    (``instructions``: the scheme's question, the task's categories, each severity with its
    weight) are shown before the tasks.

    ``slot``: the project of one annotator slot (``batches``, ``--per-annotator``): every task
    asks for one annotation, and title and description name the slot (``push --names`` adds
    the annotator it is for)."""
    from .instructions import blind_name, instruction_html

    digest, items = blind_name(plan), len(plan["items"])
    most = max((len(i["slots"]) for i in plan["items"]), default=1)
    title = f"litboard {digest} {plan['scheme']} {plan['pair']}"
    about = f"litboard campaign {digest}: {plan['scheme']}, {plan['pair']}, {items} items"
    if slot:
        most, title = 1, f"{title} slot {slot}"
        about = f"{about}; the tasks of annotator slot {slot} of {plan['annotators']}"
    return {
        # Label Studio's limit: 50 characters; annotators see title and description, so neither
        # names the campaign (its default id names the new system): blind_name's digest does
        "title": title[:50],
        "description": about,
        "maximum_annotations": most,
        "overlap_cohort_percentage": 100,
        "show_overlap_first": True,
        "show_annotation_history": False,
        "show_collab_predictions": False,
        "enable_empty_annotation": False,
        "show_skip_button": False,
        "sampling": "Sequential sampling",
        "expert_instruction": instruction_html(plan, labels),
        "show_instruction": True,
    }


def export(
    corpus: Corpus,
    plan: dict[str, Any],
    sha: str,
    fmt: str,
    out: Path,
    per_annotator: bool = False,
) -> list[Path]:
    """Write the project files into ``out`` (a new or empty folder); the paths written.
    ``per_annotator`` (Label Studio only): a project folder ``slot-K/`` (``config.xml``,
    ``tasks.json``, ``project.json``) per annotator slot K instead of one (``batches``)."""
    import yaml

    if fmt not in FORMATS:
        raise DataError(
            [
                Problem(
                    "campaign export",
                    0,
                    "--format",
                    f"unknown format {fmt!r}",
                    f"use one of: {', '.join(FORMATS)}",
                )
            ]
        )
    if out.is_symlink():  # the files would land wherever the link points (issue 55)
        raise DataError(
            [
                Problem(
                    str(out),
                    0,
                    "--out",
                    "is a symbolic link: the project files would be written where it points",
                    "pass a new folder (not a link)",
                )
            ]
        )
    if out.exists() and (not out.is_dir() or any(out.iterdir())):
        raise DataError(
            [Problem(str(out), 0, "--out", "exists and is not empty", "choose a new folder")]
        )
    from .attention import mixed

    sources, translations = texts(corpus, plan)
    around = context(corpus, plan)
    tasks = mixed(
        plan,
        [{"data": task_data(i, plan, sha, sources, translations, around)} for i in shuffled(plan)],
        [
            {"data": check_data(c, plan, sha, sources, translations, around)}
            for c in plan.get("attention") or []
        ],
    )
    typology = track_typology(corpus, plan["pair"])
    files: dict[str, str] = {}
    if fmt == "labelstudio":
        size = max(len(i["systems"]) for i in plan["items"])
        labels = labels_for(plan, typology)
        xml = config(plan["scheme"], labels, size)
        if per_annotator:  # each slot folder a whole project: its config, tasks and settings
            from .batches import split

            for slot, batch in split(plan, tasks).items():
                files[f"slot-{slot}/config.xml"] = xml
                files[f"slot-{slot}/tasks.json"] = _json(batch)
                settings = project_settings(plan, labels, slot)
                files[f"slot-{slot}/project.json"] = json.dumps(settings, indent=1) + "\n"
        else:
            files["config.xml"] = xml
            files["tasks.json"] = _json(tasks)
            settings = project_settings(plan, labels)
            files["project.json"] = json.dumps(settings, indent=1) + "\n"
        if plan["scheme"] not in ("bws", "ruler"):  # read by campaign.bws_import / ruler_import
            files["mapping.yaml"] = yaml.safe_dump(
                mapping(plan, typology), allow_unicode=True, sort_keys=False
            )
    elif per_annotator:
        raise DataError(
            [
                Problem(
                    "campaign export",
                    0,
                    "--per-annotator",
                    "makes Label Studio projects: it has no TSV form",
                    "export --format labelstudio, or without --per-annotator",
                )
            ]
        )
    else:
        files["tasks.tsv"] = tsv(tasks)
    written = []
    for name, text in files.items():
        write_new(out / name, text)
        written.append(out / name)
    return written


def _json(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, indent=1) + "\n"


def tsv(tasks: list[dict[str, Any]]) -> str:
    """One row per task; texts quoted by the csv module (tabs and newlines survive)."""
    # merged: Label Studio's display
    keys = sorted(
        {k for t in tasks for k in t["data"]} - {"merged"},
        key=lambda k: (k not in ("item", "plan"), k),
    )
    buffer = io.StringIO()
    writer = csv.writer(buffer, delimiter="\t", lineterminator="\n")
    writer.writerow(keys)
    for task in tasks:
        writer.writerow([task["data"].get(k, "") for k in keys])
    return buffer.getvalue()
