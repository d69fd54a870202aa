"""What is left to score: translations x metric campaigns with no record yet.

``segments`` turns a loaded ``Corpus`` into scoreable ``Segment`` items (with the human
references and the neighbouring paragraphs); ``missing`` keeps those a campaign lacks.
Only missing scores are computed.
"""

from __future__ import annotations

from typing import Any, Sequence

import pandas as pd

from ..model import Corpus
from .base import Segment


def segments(
    corpus: Corpus, systems: Sequence[str] | None = None, pairs: Sequence[str] | None = None
) -> tuple[list[Segment], list[str]]:
    """Every translation with a full text (filtered), with references and neighbours."""
    t = corpus.tables["translations"]
    paragraphs = corpus.tables["paragraphs"].set_index("paragraph")
    human = set(corpus.tables["systems"].query("is_human")["system"])
    text_of = {
        (r.system, r.pair, r.paragraph): r.text for r in t.itertuples() if isinstance(r.text, str)
    }
    refs: dict[tuple[str, str], list[tuple[str, str]]] = {}
    for (system, pair, paragraph), text in sorted(text_of.items()):
        if system in human:
            refs.setdefault((pair, paragraph), []).append((system, text))
    order = _neighbours(paragraphs)
    out, skipped = [], []
    for r in t.sort_values(["pair", "system", "paragraph"]).itertuples():
        if (systems and r.system not in systems) or (pairs and r.pair not in pairs):
            continue
        if not isinstance(r.text, str):
            skipped.append(
                f"{r.system} {r.pair} {r.paragraph}: text is restricted ({r.restricted})"
            )
            continue
        para = paragraphs.loc[r.paragraph] if r.paragraph in paragraphs.index else None
        prev_id, next_id = order.get(r.paragraph, (None, None))
        work = corpus.works.get(str(para["work"]), {}) if para is not None else {}
        out.append(
            Segment(
                system=r.system,
                pair=r.pair,
                paragraph=r.paragraph,
                text=r.text,
                source=_str(para["text"]) if para is not None else "",
                references=tuple(
                    text for s, text in refs.get((r.pair, r.paragraph), []) if s != r.system
                ),
                work=str(para["work"]) if para is not None else "",
                title=work.get("title", ""),
                author=work.get("author", ""),
                prev_source=_source(paragraphs, prev_id),
                prev_text=text_of.get((r.system, r.pair, prev_id or ""), ""),
                next_source=_source(paragraphs, next_id),
                next_text=text_of.get((r.system, r.pair, next_id or ""), ""),
            )
        )
    return out, skipped


def existing(corpus: Corpus, campaign: str, redo: str = "") -> set[tuple[str, str, str]]:
    """(system, pair, paragraph) keys that already have a segment-level record in the campaign;
    with ``redo``, not those whose ``error`` starts with it (e.g. answers that were cut off)."""
    scores = corpus.tables["metric_scores"]
    rows = scores[(scores["campaign"] == campaign) & (scores["level"] == "segment")]
    return {
        (r.system, r.pair, r.paragraph)
        for r in rows.itertuples()
        if not (redo and isinstance(r.error, str) and r.error.startswith(redo))
    }


def missing(
    corpus: Corpus, campaign: str, items: Sequence[Segment], redo: str = ""
) -> list[Segment]:
    done = existing(corpus, campaign, redo)
    return [s for s in items if s.key not in done]


def _neighbours(paragraphs: pd.DataFrame) -> dict[str, tuple[str | None, str | None]]:
    out: dict[str, tuple[str | None, str | None]] = {}
    frame = paragraphs.reset_index().sort_values(["work", "index"])
    for _, group in frame.groupby("work", sort=True):
        ids = group["paragraph"].tolist()
        for i, pid in enumerate(ids):
            out[pid] = (ids[i - 1] if i > 0 else None, ids[i + 1] if i + 1 < len(ids) else None)
    return out


def _source(paragraphs: pd.DataFrame, pid: str | None) -> str:
    if pid is None or pid not in paragraphs.index:
        return ""
    return _str(paragraphs.loc[pid]["text"])


def _str(value: Any) -> str:
    return value if isinstance(value, str) else ""
