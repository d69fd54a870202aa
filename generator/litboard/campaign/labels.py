"""The error labels a campaign shows: the track's typology, each label with the category it
maps to through the importer mapping (so every label shown can be imported)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..model import Corpus
from ..typology import TYPOLOGIES

CATCH_ALL = {"paper000": "Others", "wmt": "Other"}  # ESA spans carry a severity, no category


@dataclass(frozen=True)
class Label:
    value: str  # what the annotator sees
    category: str
    subcategory: str = ""
    severity: str = ""


@dataclass(frozen=True)
class Typology:
    name: str  # paper000 | wmt | custom
    categories: tuple[str, ...]  # for custom: 'Main' or 'Main/Sub' entries
    campaign: str  # the campaign it was read from ('' = default)


def track_typology(corpus: Corpus, pair: str = "") -> Typology:
    """The typology of the track's MQM campaigns (the first judged on ``pair``); paper000 when
    the track has none. A custom typology lists the categories its campaign found."""
    mqm = corpus.tables["mqm"]
    judged = mqm.loc[mqm["pair"] == pair, "campaign"] if pair else mqm["campaign"]
    for cid in sorted(set(judged.astype(str))) + sorted(corpus.campaigns):
        card: dict[str, Any] = corpus.campaigns.get(cid, {})
        settings = card.get("mqm") or {}
        if card.get("scheme") == "mqm" and settings.get("typology"):
            return Typology(settings["typology"], tuple(settings.get("categories") or ()), cid)
    return Typology("paper000", (), "")


def error_labels(typology: Typology) -> list[Label]:
    """One label per category (and subcategory) of the typology."""
    if typology.name == "custom":
        return [Label(entry, *entry.partition("/")[::2]) for entry in typology.categories]
    out = []
    for main, subs in TYPOLOGIES[typology.name].items():
        out += [Label(f"{main}/{sub}", main, sub) for sub in subs] or [Label(main, main)]
    return out


def esa_labels(typology: Typology) -> list[Label]:
    """ESA marks error spans by severity only; they map to the typology's catch-all category."""
    if typology.name == "custom":
        category = typology.categories[0].partition("/")[0] if typology.categories else "Error"
    else:
        category = CATCH_ALL[typology.name]
    return [
        Label("Minor error", category, "", "minor"),
        Label("Major error", category, "", "major"),
    ]


def mapping_labels(labels: list[Label]) -> dict[str, dict[str, Any]]:
    out: dict[str, dict[str, Any]] = {}
    for label in labels:
        entry: dict[str, Any] = {"category": label.category}
        if label.subcategory:
            entry["subcategory"] = label.subcategory
        if label.severity:
            entry["severity"] = label.severity
        if label.category == "Non-translation":
            entry["non_translation"] = True
        out[label.value] = entry
    return out
