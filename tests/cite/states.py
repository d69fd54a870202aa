"""Two data states of the tiny fixture for the release tests.

State A: the tiny fixture with six paragraphs and four systems judged by MQM (minor errors
only, one sentence per paragraph, so a system's paragraph score is minus its error count).
State B: system ``llm`` added and the scores of ``s`` changed (it climbs past ``t1``, which
stays in its cluster, and past ``t2``, which does not).
"""

from __future__ import annotations

import json
from pathlib import Path

import yaml

from ..helpers import FIXTURES, copy_root

PARAGRAPHS = [f"p{i}" for i in range(1, 7)]
# minor errors per paragraph (score = -errors). With six paragraphs the exact sign-flip test
# separates two systems (p = 2/64) only when one is better on every paragraph: s and t1 tie on
# four paragraphs (one cluster), every other neighbour differs everywhere.
STATE_A = {
    "ht": [0, 0, 0, 0, 0, 0],
    "t1": [1, 2, 1, 2, 1, 3],
    "t2": [4, 4, 4, 4, 4, 4],
    "s": [5, 5, 5, 5, 5, 5],
    "mt": [8, 8, 8, 8, 8, 8],
}
STATE_B = {**STATE_A, "s": [1, 2, 1, 1, 1, 2], "llm": [6, 6, 6, 6, 6, 6]}
CARDS = {
    "t1": ("T1 & co_%", "nmt", "MT"),
    "t2": ("T2", "nmt", "MT"),
    "s": ("S", "llm", "MT"),
    "llm": ("LLM {new}", "llm", "MT"),
}


def write_state(dst: Path, errors: dict[str, list[int]]) -> Path:
    root = copy_root(FIXTURES / "tiny", dst)
    work = root / "corpus" / "works" / "w1" / "paragraphs.jsonl"
    work.write_text(
        "".join(
            json.dumps({"id": p, "index": i, "text": f"Satz {i}.", "sentences": 1}) + "\n"
            for i, p in enumerate(PARAGRAPHS)
        ),
        encoding="utf-8",
    )
    records = []
    for system in sorted(errors):
        folder = root / "corpus" / "systems" / system
        folder.mkdir(parents=True, exist_ok=True)
        if system in CARDS:
            name, kind, modality = CARDS[system]
            (folder / "system.yaml").write_text(
                yaml.safe_dump({"id": system, "name": name, "kind": kind, "modality": modality}),
                encoding="utf-8",
            )
        (folder / "de-en.jsonl").write_text(
            "".join(
                json.dumps({"paragraph": p, "text": f"Sentence {i} by {system}."}) + "\n"
                for i, p in enumerate(PARAGRAPHS)
            ),
            encoding="utf-8",
        )
        for p, count in zip(PARAGRAPHS, errors[system]):
            spans = [
                {
                    "start": k,
                    "end": k + 1,
                    "category": "Fluency",
                    "subcategory": "Grammar",
                    "severity": "minor",
                    "comment": "",
                }
                for k in range(count)
            ]
            records.append(
                {
                    "system": system,
                    "pair": "de-en",
                    "paragraph": p,
                    "annotator": "s1",
                    "errors": spans,
                }
            )
    (root / "judgments" / "mqm1" / "a.jsonl").write_text(
        "".join(json.dumps(r) + "\n" for r in records), encoding="utf-8"
    )
    return root
