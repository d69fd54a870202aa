"""COMET / XCOMET / COMETKiwi through unbabel-comet (optional extra, imported lazily).

``pip install 'litboard[comet]'`` installs it (with torch). The model is a name
(downloaded by comet on first use) or a local checkpoint path (no network). XCOMET models
also return error spans; they become metric spans (code points of the translation).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Sequence

from ..errors import DataError, Problem
from .base import Segment, Signature

SEVERITIES = {"minor", "major", "critical"}


def _comet() -> Any:
    try:
        import comet
    except ImportError as exc:
        raise DataError([Problem("settings", 0, "comet", "the COMET extra is not installed",
                                 "pip install 'litboard[comet]' (installs unbabel-comet and torch)")]) from exc
    return comet


def load_model(model: str) -> Any:
    """A COMET model from a local checkpoint path (…/checkpoints/model.ckpt) or a model name."""
    comet = _comet()
    path = Path(model)
    if path.exists():
        return comet.load_from_checkpoint(str(path))
    return comet.load_from_checkpoint(comet.download_model(model))


def predict(model: Any, segments: Sequence[Segment], reference_free: bool, batch_size: int = 8,
            gpus: int = 0) -> tuple[list[float], float, list[list[dict[str, Any]]]]:
    """(segment scores, system score, spans per segment) for segments (with a reference unless QE)."""
    data = []
    for seg in segments:
        item = {"src": seg.source, "mt": seg.text}
        if not reference_free:
            item["ref"] = seg.references[0]
        data.append(item)
    output = model.predict(data, batch_size=batch_size, gpus=gpus, progress_bar=False)
    metadata = getattr(output, "metadata", None)
    raw_spans = getattr(metadata, "error_spans", None) if metadata is not None else None
    spans = [to_spans(s, seg.text) for s, seg in zip(raw_spans, segments)] if raw_spans else [[] for _ in segments]
    return [float(x) for x in output.scores], float(output.system_score), spans


def to_spans(error_spans: Sequence[dict[str, Any]], translation: str) -> list[dict[str, Any]]:
    """XCOMET spans ({text, start, end, severity, confidence}) -> metric spans, checked against the text."""
    out = []
    for span in error_spans:
        start, end, severity = int(span["start"]), int(span["end"]), str(span.get("severity", "")).lower()
        if not 0 <= start <= end <= len(translation) or severity not in SEVERITIES:
            continue
        item: dict[str, Any] = {"start": start, "end": end, "category": "Other", "severity": severity}
        if "confidence" in span:
            item["comment"] = f"confidence {float(span['confidence']):.3f}"
        out.append(item)
    return out


def signature(model: str) -> Signature:
    comet = _comet()
    return Signature.of(comet=getattr(comet, "__version__", "?"), model=model)


def score(segments: Sequence[Segment], model_name: str, reference_free: bool = False,
          batch_size: int = 8, gpus: int = 0) -> tuple[list[dict[str, Any]], list[str]]:
    """Metric records (segment + system level per system/pair) and skipped reasons."""
    usable = [s for s in segments if reference_free or s.references]
    skipped = [f"{s.system} {s.pair} {s.paragraph}: no human reference translation"
               for s in segments if s not in usable]
    if not usable:
        return [], skipped
    model = load_model(model_name)
    records: list[dict[str, Any]] = []
    groups: dict[tuple[str, str], list[Segment]] = {}
    for seg in usable:
        groups.setdefault((seg.system, seg.pair), []).append(seg)
    for (system, pair), group in sorted(groups.items()):
        values, total, spans = predict(model, group, reference_free, batch_size, gpus)
        for seg, value, seg_spans in zip(group, values, spans):
            record = {"system": system, "pair": pair, "paragraph": seg.paragraph, "level": "segment",
                      "score": round(value, 6)}
            if seg_spans:
                record["spans"] = seg_spans
            records.append(record)
        records.append({"system": system, "pair": pair, "level": "system", "score": round(total, 6)})
    return records, skipped
