"""Where every downloadable number comes from: data versions, signatures, the command.

Pure: built from the loaded corpus; the same data gives the same block (no clock, no paths).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .. import __version__
from ..model import Corpus


@dataclass(frozen=True)
class Provenance:
    data_version: str
    datasets: tuple[dict[str, str], ...]
    signatures: tuple[dict[str, str], ...]
    judges: tuple[dict[str, Any], ...]
    build_command: str

    def command_for(self, path: str) -> str:
        """The command that recomputes the file at ``path`` (relative to the built site)."""
        return f"{self.build_command} --out public  # then open public/{path}"

    def block(self, path: str) -> dict[str, Any]:
        return {"file": path, "data_version": self.data_version, "datasets": list(self.datasets),
                "metric_signatures": list(self.signatures), "judges": list(self.judges),
                "litboard": __version__, "command": self.command_for(path)}

    def caption(self, path: str) -> str:
        """Data version, signatures, judges and litboard version (the command comes apart)."""
        signed = "; ".join(f"{s['campaign']}: {s['signature']}" for s in self.signatures)
        judged = "; ".join(f"{j['campaign']}: {j['model']} prompt {j.get('prompt_sha256', 'unhashed')[:12]}"
                           for j in self.judges)
        parts = [f"Data: {self.data_version}", f"litboard {__version__}"]
        if signed:
            parts.insert(1, f"signatures: {signed}")
        if judged:
            parts.insert(2 if signed else 1, f"judges: {judged}")
        return ". ".join(parts) + "."


def provenance(corpus: Corpus) -> Provenance:
    datasets = tuple({"id": str(d["id"]), "version": str(d["version"]),
                      **({"commit": str(d["source"]["commit"])} if d.get("source", {}).get("commit") else {})}
                     for d in corpus.datasets)
    signatures, judges = [], []
    for cid, campaign in sorted(corpus.campaigns.items()):
        metric = campaign.get("metric") or {}
        if metric.get("signature"):
            signatures.append({"campaign": cid, "metric": str(metric.get("name", "")),
                               "signature": str(metric["signature"])})
        judge = campaign.get("judge") or {}
        if judge.get("model"):
            judges.append({"campaign": cid, **{k: judge[k] for k in
                                               ("model", "prompt", "prompt_sha256", "temperature")
                                               if k in judge}})
    return Provenance(corpus.data_version(), datasets, tuple(signatures), tuple(judges),
                      " ".join(["litboard build", *_flags(corpus)]))


def _flags(corpus: Corpus) -> list[str]:
    """The ``build`` options that bring back each dataset of ``corpus``: none for the
    study's own roots (the CLI's default, from its mkdocs.yml), ``--releases`` for a root imported from a pinned
    release (``<cache>/<id>/<commit>/root``, see releases.prepare), else ``--data <id>/``."""
    from pathlib import Path

    from ..project import find

    table = corpus.tables.get("datasets")
    roots = ({str(r["dataset"]): str(r["root"] or "") for r in table.to_dict("records")}
             if table is not None and "root" in table else {})
    commits = {str(d["id"]): str(d.get("source", {}).get("commit", "")) for d in corpus.datasets}
    own = set(find().roots)
    flags: list[str] = []
    for dataset in sorted(commits):
        root = Path(roots[dataset]) if roots.get(dataset) else None
        if root is not None and root.resolve() in own:
            continue
        released = (root is not None and root.name == "root" and commits[dataset]
                    and root.parent.name == commits[dataset] and root.parent.parent.name == dataset)
        flag = "--releases" if released else f"--data {dataset}/"
        if flag not in flags:
            flags.append(flag)
    return flags


def merged(parts: list[tuple[str, Provenance]]) -> Provenance:
    """One provenance for a page across datasets (the judge-bias panel): every dataset's versions,
    signatures and judges, campaigns named ``<dataset>/<campaign>``."""
    def tagged(ds: str, items: tuple[dict[str, Any], ...]) -> list[dict[str, Any]]:
        return [{**item, "campaign": f"{ds}/{item['campaign']}"} for item in items]

    return Provenance(
        data_version="; ".join(p.data_version for _, p in parts),
        datasets=tuple(d for _, p in parts for d in p.datasets),
        signatures=tuple(s for ds, p in parts for s in tagged(ds, p.signatures)),
        judges=tuple(j for ds, p in parts for j in tagged(ds, p.judges)),
        build_command=" ".join(dict.fromkeys(flag for _, p in parts for flag in _split(p.build_command))))


def _split(command: str) -> list[str]:
    """``litboard build --data a/ --releases`` -> ["litboard build", "--data a/", "--releases"]."""
    head, *rest = command.split(" --")
    return [head, *(f"--{flag}" for flag in rest)]
