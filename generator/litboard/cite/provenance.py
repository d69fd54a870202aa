"""Where every downloadable number comes from: data versions, signatures, packages, the command.

Pure: built from the loaded corpus and the installed packages; the same data in the same
environment (``requirements/``'s lock) gives the same block (no clock, no paths).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from importlib import metadata
from typing import Any

from .. import __version__
from ..model import Corpus

# The packages whose versions can move a computed number (each is a dependency of litboard).
COMPUTING = ("numpy", "pandas", "scipy", "scikit-learn", "sacrebleu", "choix", "krippendorff")
COMET = "unbabel-comet"  # scores only (``litboard score``): its version is read from the signatures


def installed(names: tuple[str, ...] = COMPUTING) -> tuple[tuple[str, str], ...]:
    """(name, version) of each of ``names`` installed here ("not installed" otherwise)."""

    def version(name: str) -> str:
        try:
            return metadata.version(name)
        except metadata.PackageNotFoundError:
            return "not installed"

    return tuple((name, version(name)) for name in names)


def scored_with(signatures: tuple[dict[str, str], ...]) -> tuple[tuple[str, str], ...]:
    """unbabel-comet when a campaign's scores were computed with it: the version(s) its
    signatures record (``comet:2.2.7|model:...``), which the build itself never runs."""
    versions = sorted(
        {
            part.split(":", 1)[1]
            for s in signatures
            for part in s["signature"].split("|")
            if part.startswith("comet:")
        }
    )
    return ((COMET, ", ".join(versions)),) if versions else ()


@dataclass(frozen=True)
class Provenance:
    data_version: str
    datasets: tuple[dict[str, str], ...]
    signatures: tuple[dict[str, str], ...]
    judges: tuple[dict[str, Any], ...]
    build_command: str
    packages: tuple[tuple[str, str], ...] = field(default_factory=installed)

    def command_for(self, path: str) -> str:
        """The command that recomputes the file at ``path`` (relative to the built site)."""
        return f"{self.build_command} --out public  # then open public/{path}"

    def block(self, path: str) -> dict[str, Any]:
        return {
            "file": path,
            "data_version": self.data_version,
            "datasets": list(self.datasets),
            "metric_signatures": list(self.signatures),
            "judges": list(self.judges),
            "litboard": __version__,
            "packages": dict(self.packages),
            "command": self.command_for(path),
        }

    def computed_with(self) -> str:
        """``numpy 1.26.4, pandas 3.0.6, …``: the packages line of the cite box and LaTeX files."""
        return packages_line(self.block(""))

    def caption(self, path: str) -> str:
        """Data version, signatures, judges and litboard version (the command comes apart)."""
        return caption_of(self.block(path))


def packages_line(block: dict[str, Any]) -> str:
    """The packages of a provenance ``block`` as one line (also written by litboard-tables.js)."""
    return ", ".join(f"{name} {version}" for name, version in block["packages"].items())


def caption_of(block: dict[str, Any]) -> str:
    """The caption text of a provenance ``block``: data version, signatures, judges, litboard
    version (litboard-tables.js writes the same text from a JSON download's block)."""
    signed = "; ".join(f"{s['campaign']}: {s['signature']}" for s in block["metric_signatures"])
    judged = "; ".join(
        f"{j['campaign']}: {j['model']} prompt {j.get('prompt_sha256', 'unhashed')[:12]}"
        for j in block["judges"]
    )
    parts = [f"Data: {block['data_version']}", f"litboard {block['litboard']}"]
    if signed:
        parts.insert(1, f"signatures: {signed}")
    if judged:
        parts.insert(2 if signed else 1, f"judges: {judged}")
    return ". ".join(parts) + "."


def _slug(text: str) -> str:
    """``text`` lower-cased, each run of characters other than letters and digits one ``-``,
    with a ``-`` at both ends: "GEMBA-MQM (Literary)" -> "-gemba-mqm-literary-"."""
    return "-" + "-".join("".join(ch if ch.isalnum() else " " for ch in text.lower()).split()) + "-"


def _names(entry: dict[str, Any], shown: str, key: str) -> bool:
    """Whether the table text ``shown`` (a _slug) names the entry's campaign or its ``key``
    (the metric's name, the judge's model) as a whole word: BLEU is not named by BLEURT."""
    campaign = str(entry.get("campaign", "")).rsplit("/", 1)[-1]
    names = (_slug(campaign), _slug(str(entry.get(key, ""))))
    return any(len(name) > 2 and name in shown for name in names)


def _signature_text(signature: str, shown: str) -> str:
    """A campaign's signature, cut to the language pairs the table names when it is one per pair
    (``de-en: sig; en-de: sig``), each distinct signature once with the pairs it holds for."""
    parts = [part.partition(": ") for part in signature.split("; ")]
    per_pair = len(parts) > 1 and all(sep and len(pair) <= 16 for pair, sep, _ in parts)
    if not per_pair:
        return signature
    named = [(pair, sig) for pair, _, sig in parts if _slug(pair) in shown] or [
        (pair, sig) for pair, _, sig in parts
    ]
    pairs_of: dict[str, list[str]] = {}
    for pair, sig in named:
        pairs_of.setdefault(sig, []).append(pair)
    if len(pairs_of) == 1:
        return next(iter(pairs_of))
    return "; ".join(f"{sig} ({', '.join(pairs)})" for sig, pairs in pairs_of.items())


def footnote_of(block: dict[str, Any], table_text: str) -> str:
    """The note under a LaTeX table: data version, the signature of each measure and the judge
    of each LLM measure the table names (``table_text``: its path, header and cells; each
    signature once), litboard's version."""
    shown = _slug(table_text)
    signed: dict[str, str] = {}
    for s in block["metric_signatures"]:
        if _names(s, shown, "metric"):
            text = _signature_text(str(s["signature"]), shown)
            signed.setdefault(f"{s['metric'] or s['campaign']}: {text}", "")
    judged = {
        f"{j['model']} prompt {str(j.get('prompt_sha256', 'unhashed'))[:12]}": ""
        for j in block["judges"]
        if _names(j, shown, "model")
    }
    parts = [f"Data: {block['data_version']}"]
    if signed:
        parts.append("Signatures: " + "; ".join(signed))
    if judged:
        parts.append("Judges: " + "; ".join(judged))
    parts.append(f"litboard {block['litboard']}")
    return ". ".join(parts) + "."


def provenance(corpus: Corpus) -> Provenance:
    datasets = tuple(
        {
            "id": str(d["id"]),
            "version": str(d["version"]),
            **({"commit": str(d["source"]["commit"])} if d.get("source", {}).get("commit") else {}),
        }
        for d in corpus.datasets
    )
    signatures, judges = [], []
    for cid, campaign in sorted(corpus.campaigns.items()):
        metric = campaign.get("metric") or {}
        if metric.get("signature"):
            signatures.append(
                {
                    "campaign": cid,
                    "metric": str(metric.get("name", "")),
                    "signature": str(metric["signature"]),
                }
            )
        judge = campaign.get("judge") or {}
        if judge.get("model"):
            judges.append(
                {
                    "campaign": cid,
                    **{
                        k: judge[k]
                        for k in ("model", "prompt", "prompt_sha256", "temperature")
                        if k in judge
                    },
                }
            )
    return Provenance(
        corpus.data_version(),
        datasets,
        tuple(signatures),
        tuple(judges),
        " ".join(["litboard build", *_flags(corpus)]),
        installed() + scored_with(tuple(signatures)),
    )


def _flags(corpus: Corpus) -> list[str]:
    """The ``build`` options that bring back each dataset of ``corpus``: none for the
    study's own roots (the CLI's default, from its mkdocs.yml), ``--releases`` for a root imported
    from a pinned release (``<cache>/<id>/<commit>/root``, see releases.prepare), else ``--data
    <id>/``."""
    from pathlib import Path

    from ..files.project import find

    table = corpus.tables.get("datasets")
    roots = (
        {str(r["dataset"]): str(r["root"] or "") for r in table.to_dict("records")}
        if table is not None and "root" in table
        else {}
    )
    commits = {str(d["id"]): str(d.get("source", {}).get("commit", "")) for d in corpus.datasets}
    own = set(find().roots)
    flags: list[str] = []
    for dataset in sorted(commits):
        root = Path(roots[dataset]) if roots.get(dataset) else None
        if root is not None and root.resolve() in own:
            continue
        released = (
            root is not None
            and root.name == "root"
            and commits[dataset]
            and root.parent.name == commits[dataset]
            and root.parent.parent.name == dataset
        )
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
        build_command=" ".join(
            dict.fromkeys(flag for _, p in parts for flag in _split(p.build_command))
        ),
        packages=union_packages([p.packages for _, p in parts]),
    )


def _split(command: str) -> list[str]:
    """``litboard build --data a/ --releases`` -> ["litboard build", "--data a/", "--releases"]."""
    head, *rest = command.split(" --")
    return [head, *(f"--{flag}" for flag in rest)]


def union_packages(lists: list[tuple[tuple[str, str], ...]]) -> tuple[tuple[str, str], ...]:
    """The packages of several provenances: each name once, in first-seen order; a name whose
    versions differ (two datasets scored with two COMET versions) lists them all."""
    versions: dict[str, list[str]] = {}
    for packages in lists:
        for name, version in packages:
            seen = versions.setdefault(name, [])
            seen.extend(v for v in version.split(", ") if v not in seen)
    return tuple((name, ", ".join(sorted(seen))) for name, seen in versions.items())
