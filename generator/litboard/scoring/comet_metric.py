"""COMET / XCOMET / COMETKiwi through unbabel-comet (optional extra, imported lazily).

``pip install 'litboard[comet]'`` installs it (with torch). The model is a local checkpoint
(``…/checkpoints/model.ckpt`` or the folder holding ``checkpoints/``; nothing is downloaded)
or a Hugging Face name, which comet downloads on first use. Two metric keys:

- ``comet``: with a reference, the first other human translation of the paragraph by system
  id (a human system is scored against another human, never itself);
- ``comet-qe``: reference-free (COMETKiwi, or XCOMET in quality-estimation mode).

XCOMET models also return error spans; they become metric spans on code points of the
translation, trimmed of surrounding white space, with the model's confidence as comment.
"""

from __future__ import annotations

import hashlib
import logging
import warnings
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path
from typing import Any, Sequence

from ..errors import DataError, Problem
from .base import Segment, Signature

METRICS = {"comet": False, "comet-qe": True}  # key -> reference-free
SEVERITIES = {"minor", "major", "critical"}
KINDS = {
    "xcomet_metric": "XCOMET",
    "unified_metric": "UniTE",
    "regression_metric": "COMET",
    "referenceless_regression_metric": "COMETKiwi",
    "ranking_metric": "COMET-rank",
}
REFERENCE_RULE = "the first other human translation of the paragraph, by system id"
_DEPRECATIONS = (r".*pkg_resources is deprecated", r".*isinstance\(treespec, LeafSpec\)")
_QUIET = ("pytorch_lightning", "lightning.pytorch", "lightning_fabric", "lightning", "comet")


def _comet() -> Any:
    try:
        with _quiet():
            import comet
    except ImportError as exc:
        raise DataError(
            [
                Problem(
                    "settings",
                    0,
                    "comet_model",
                    "the COMET extra is not installed",
                    "pip install 'litboard[comet]' (installs unbabel-comet and torch)",
                )
            ]
        ) from exc
    return comet


@dataclass(frozen=True)
class Checkpoint:
    """Where a model's weights are and what to call them on pages."""

    path: Path
    label: str  # the name as given, or the checkpoint's folder name for a local path
    kind: str  # hparams class_identifier, e.g. xcomet_metric
    digest: str  # sha256 of model.ckpt (first 16 hex digits)

    def title(self) -> str:
        return f"{KINDS.get(self.kind, 'COMET')} ({self.label})"


def is_local(model: str) -> bool:
    return model.startswith((".", "/", "~")) or Path(model).expanduser().exists()


def label(model: str) -> str:
    """What pages call the model: the name as given, or a local checkpoint's folder name."""
    if not is_local(model):
        return model
    path = Path(model).expanduser()
    if path.is_dir() or path.name != "model.ckpt":
        return path.name if path.is_dir() else path.stem
    return path.parents[1].name if path.parent.name == "checkpoints" else path.stem


def locate(model: str) -> Checkpoint:
    """The checkpoint of a local path or a model name (comet downloads names it has not cached)."""
    if is_local(model):
        path = Path(model).expanduser()
        ckpt = path / "checkpoints" / "model.ckpt" if path.is_dir() else path
        if not ckpt.is_file():
            raise DataError(
                [
                    Problem(
                        model,
                        0,
                        "comet_model",
                        "no COMET checkpoint here",
                        "give …/checkpoints/model.ckpt or the folder holding checkpoints/",
                    )
                ]
            )
    else:
        comet = _comet()
        try:
            ckpt = Path(comet.download_model(model))
        except KeyError as exc:
            raise DataError(
                [
                    Problem(
                        model,
                        0,
                        "comet_model",
                        "comet could not find or download this model",
                        "give a Hugging Face model name (e.g. Unbabel/XCOMET-XL) or a local "
                        "checkpoint path",
                    )
                ]
            ) from exc
    return Checkpoint(ckpt, label(model), _kind(ckpt), _sha256(ckpt)[:16])


def _kind(ckpt: Path) -> str:
    import yaml

    hparams = ckpt.parents[1] / "hparams.yaml"
    if not hparams.is_file():
        raise DataError(
            [
                Problem(
                    str(hparams),
                    0,
                    "comet_model",
                    "hparams.yaml is missing next to checkpoints/",
                    "a COMET model folder holds hparams.yaml and checkpoints/model.ckpt",
                )
            ]
        )
    data = yaml.safe_load(hparams.read_text(encoding="utf-8")) or {}
    kind = str(data.get("class_identifier", "")) if isinstance(data, dict) else ""
    if kind not in KINDS:
        raise DataError(
            [
                Problem(
                    str(hparams),
                    0,
                    "class_identifier",
                    f"unknown COMET model class {kind!r}",
                    f"use one of: {', '.join(sorted(KINDS))}",
                )
            ]
        )
    return kind


def _sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def signature(ckpt: Checkpoint, reference_free: bool) -> Signature:
    """comet version, model, checkpoint hash and reference mode, sacreBLEU style."""
    _comet()
    return Signature.of(
        comet=metadata.version("unbabel-comet"),
        model=ckpt.label,
        kind=ckpt.kind,
        ckpt_sha256=ckpt.digest,
        ref="none" if reference_free else "human-first",
    )


def load(ckpt: Checkpoint) -> Any:
    """The model. Its encoder's config and tokenizer come from the folder or name in hparams.yaml
    (``pretrained_model``): a local folder is read as is; a hub name is read from the Hugging Face
    cache, or fetched once unless HF_HUB_OFFLINE=1 forbids it. The weights are the checkpoint's."""
    comet = _comet()
    with _quiet():
        return comet.load_from_checkpoint(str(ckpt.path))


class Lazy:
    """A model spec whose checkpoint is located and loaded on the first ``get``, then reused."""

    def __init__(self, model: str) -> None:
        self.model = model
        self._loaded: tuple[Checkpoint, Any] | None = None

    def get(self) -> tuple[Checkpoint, Any]:
        if self._loaded is None:
            checkpoint = locate(self.model)
            self._loaded = (checkpoint, load(checkpoint))
        return self._loaded


def usable(segments: Sequence[Segment], reference_free: bool) -> tuple[list[Segment], list[str]]:
    """Segments COMET can score (a source, and a reference unless QE) and why the others cannot."""
    out, skipped = [], []
    for seg in segments:
        if not seg.source:
            skipped.append(
                f"{seg.system} {seg.pair} {seg.paragraph}: the source text is restricted"
            )
        elif not reference_free and not seg.references:
            skipped.append(
                f"{seg.system} {seg.pair} {seg.paragraph}: no human reference translation"
            )
        else:
            out.append(seg)
    return out, skipped


def predict(
    model: Any,
    segments: Sequence[Segment],
    reference_free: bool,
    batch_size: int = 8,
    gpus: int = 0,
) -> tuple[list[float], list[list[dict[str, Any]]]]:
    """(segment scores, metric spans per segment), in the order of ``segments``."""
    data = []
    for seg in segments:
        item = {"src": seg.source, "mt": seg.text}
        if not reference_free:
            item["ref"] = seg.references[0]
        data.append(item)
    with _quiet():
        output = model.predict(data, batch_size=batch_size, gpus=gpus, progress_bar=False)
    meta = output.get("metadata") if hasattr(output, "get") else None
    raw_spans = meta.get("error_spans") if meta is not None and hasattr(meta, "get") else None
    spans = (
        [to_spans(s, seg.text) for s, seg in zip(raw_spans, segments)]
        if raw_spans
        else [[] for _ in segments]
    )
    return [float(x) for x in output.scores], spans


def truncated(model: Any, segments: Sequence[Segment], reference_free: bool) -> int:
    """How many inputs exceed the encoder's length, so that COMET scored a truncated text."""
    encoder = getattr(model, "encoder", None)
    limit = getattr(encoder, "max_positions", None)
    tokenizer = getattr(encoder, "tokenizer", None)
    if not limit or tokenizer is None:
        return 0
    count = 0
    for seg in segments:
        texts = [seg.text, seg.source] + ([] if reference_free else [seg.references[0]])
        lengths = [len(tokenizer(t, add_special_tokens=False)["input_ids"]) for t in texts]
        count += max(lengths) > limit - 2 or sum(lengths) + 2 * len(texts) > limit
    return count


def to_spans(error_spans: Sequence[dict[str, Any]], translation: str) -> list[dict[str, Any]]:
    """XCOMET spans ({text, start, end, severity, confidence}) -> metric spans, checked against the
    text.

    Offsets outside the translation and unknown severities are dropped; white space at either end
    is trimmed (sub-word offsets often start at the preceding space) and a span of white space only
    is dropped. XCOMET has no error categories, so none is stored.
    """
    out = []
    for span in error_spans:
        start, end, severity = (
            int(span["start"]),
            int(span["end"]),
            str(span.get("severity", "")).lower(),
        )
        if not 0 <= start < end <= len(translation) or severity not in SEVERITIES:
            continue
        while start < end and translation[start].isspace():
            start += 1
        while end > start and translation[end - 1].isspace():
            end -= 1
        if start == end:
            continue
        item: dict[str, Any] = {"start": start, "end": end, "severity": severity}
        if "confidence" in span:
            item["comment"] = f"XCOMET confidence {float(span['confidence']):.3f}"
        out.append(item)
    return out


class _quiet:
    """Lightning and comet log banners and tips at INFO, and their dependencies warn about their own
    deprecated imports (pkg_resources, pytree); keep the CLI's report readable."""

    def __enter__(self) -> None:
        self.levels = {name: logging.getLogger(name).level for name in _QUIET}
        for name in _QUIET:
            logging.getLogger(name).setLevel(logging.WARNING)
        self.warnings = warnings.catch_warnings()
        self.warnings.__enter__()
        for pattern in _DEPRECATIONS:
            warnings.filterwarnings("ignore", message=pattern)

    def __exit__(self, *exc: Any) -> None:
        self.warnings.__exit__(*exc)
        for name, level in self.levels.items():
            logging.getLogger(name).setLevel(level)
