"""The results table: every number a page shows, as one typed record (issue 54).

A ``Record`` says what was computed (``definition``: an id of ``DEFINITIONS``, which says how),
over what (dataset, pair, measure, subject, ``qualifiers``), which ``statistic`` of it, its
``value``, ``n`` (how many ``unit`` s it rests on), its ``interval`` and the interval's method,
and where it came from (``provenance``: data version, the measure's signature -- metric signature
or judge model + prompt hash --, the resampling seed).

Records with the same key (definition, dataset, pair, measure, subject, statistic, qualifiers)
are one record: ``ResultsTable.add`` keeps the first and refuses a second with another value (two
values for one quantity are a bug, never silently both shown). The table is written as JSON Lines
sorted by key (``jsonl``), so the same results give the same bytes on every machine; ``SCHEMA``
is its JSON Schema, versioned by ``SCHEMA_VERSION``.
"""

from __future__ import annotations

import hashlib
import json
import math
from dataclasses import asdict, dataclass, field
from typing import Any, Iterable, Iterator, Union

from .rounding import stated

SCHEMA_VERSION = "1.0.0"

Value = Union[float, int, str, None]


@dataclass(frozen=True)
class Definition:
    """What a definition id means: the statistic's procedure, in words a reader can check."""

    id: str
    text: str


# How analysis.agreement.character_labels (and span_overlap, the same arithmetic) turn spans
# into one label per character: what the Agreement page states beside the span kappas.
SPAN_RULE = (
    "Error spans: every character of a translation is one item. Span κ compares error against "
    "no error, label κ the error's category (or none). Where one annotator's spans overlap, a "
    "character takes the category of the span that starts first (on a tie, the span listed "
    "first); omissions (zero-width spans) mark no character."
)


# the kinds of measure as the judge-bias rows and their chart name them
KIND_LABELS = {"human": "human judgment", "metric": "automatic metric", "llm": "LLM judge"}


DEFINITIONS: dict[str, Definition] = {
    d.id: d
    for d in (
        Definition(
            "board.mean",
            "A system's mean score over the items (paragraphs or texts) of the pair, with the "
            "percentile interval of the paired bootstrap over items (analysis/uncertainty.py).",
        ),
        Definition(
            "board.corpus",
            "A system's sacreBLEU corpus score (BLEU, chrF or TER) over the paragraphs of the "
            "pair: the metric's statistics summed over the paragraphs, then one score, the "
            "number sacreBLEU's command line prints for the same files and signature; its "
            "interval is the percentile interval of the corpus scores of paired paragraph "
            "resamples (analysis/corpus_ranking.py).",
        ),
        Definition(
            "board.rank",
            "A system's rank by mean (1 = best) and its 95% bootstrap rank interval: the ranks "
            "of the resamples with the lowest and highest 2.5% dropped.",
        ),
        Definition(
            "board.cluster",
            "A system's significance cluster: systems the pairwise test does not separate at "
            "alpha share a cluster (0 = first); every system is 0 when no pair can be separated.",
        ),
        Definition(
            "board.head_to_head",
            "A pair of systems on a board's ranking column, over the items both were scored "
            "on: the row system's win rate (items where it scores better, ties as half, over "
            "n), its mean difference to the opponent (> 0: better) and the p-value of the "
            "paired test of the board's clusters (analysis/head_to_head.py).",
        ),
        Definition(
            "board.bradley_terry",
            "A system's Bradley-Terry strength from pairwise preferences (ties as half wins), "
            "with its profile-likelihood interval (analysis/bt_board.py).",
        ),
        Definition(
            "scheme.bradley_terry",
            "A system's Bradley-Terry strength on the page 'Rankings by scheme': the pairwise "
            "campaign with its human-evaluation plans pooled in (qualifier plans), "
            "profile-likelihood interval (analysis/pairwise.py).",
        ),
        Definition(
            "adequacy.human_above",
            "Share (%) of the pair's items where the best-ranked human translation ranks above "
            "(strict: strictly; non-strict: at least as high as) the best of the compared systems "
            "(paper 000 Tables 3 and 14; analysis/adequacy.py).",
        ),
        Definition(
            "adequacy.human_above.mean_of_pairs",
            "adequacy.human_above averaged over the pairs, unweighted (paper 000's 'mean' column); "
            "n is the items of every pair together.",
        ),
        Definition(
            "judge_bias.human_above",
            "Share (%) of items where the best-ranked human translation ranks strictly above every "
            "compared machine translation, with a 95% Wilson score interval; pair 'all' pools the "
            "items of every pair (analysis/judge_bias.py).",
        ),
        Definition(
            "judge_bias.creativity_rho",
            "Spearman rho between a measure's score of each translated text and the human "
            "creative-shift count of that text (lower-is-better measures negated).",
        ),
        Definition(
            "metaeval.pairwise_accuracy",
            "System-level pairwise accuracy (%): the share of system pairs a metric orders as the "
            "reference measure does, human translations pooled into one system "
            "(analysis/metaeval.py).",
        ),
        Definition(
            "overlap.mean_bleu",
            "A system's lexical overlap (paper 000 E.6): the mean over the other systems of the "
            "sentence BLEU of its texts against theirs, over the paragraphs both translated "
            "(analysis/overlap.py); the signature is sacreBLEU's.",
        ),
        Definition(
            "agreement.annotators",
            "Agreement of two annotators (Kendall tau-b, MSE) or of all annotators "
            "(Krippendorff's alpha) over the translations both scored (analysis/schemes.py).",
        ),
        Definition(
            "agreement.double_annotation",
            "A campaign against its declared second annotation of the same translations: "
            "Krippendorff's alpha (interval, order-free) and Kendall tau-b in the stored order "
            "(analysis/double_annotation.py).",
        ),
        Definition(
            "agreement.spans",
            "Character-level Cohen kappa of two annotators' error spans (span: error or not; "
            "label: the error's category), pooled over the translations both judged "
            "(analysis/schemes.py, analysis/agreement.py).",
        ),
        Definition(
            "agreement.bws",
            "Cohen kappa of two annotators' best-worst picks over the tuples both judged, one "
            "item per shown translation (best, worst or neither; analysis/agreement.py).",
        ),
        Definition(
            "agreement.preferences",
            "Two annotators' pairwise preferences on the comparisons both judged: percent equal "
            "and Cohen kappa with each comparison counted in both orders, each with a 95% "
            "percentile bootstrap interval over comparisons (analysis/preference_agreement.py).",
        ),
        Definition(
            "campaign.anchor_agreement",
            "A plan's new annotators against an earlier campaign on the anchor items both "
            "judged: Kendall tau-b and Krippendorff's alpha (interval) of the two campaigns' mean "
            "scores, or Cohen kappa of their majority preferences, with a percentile bootstrap "
            "interval over the shared items (analysis/anchor_agreement.py).",
        ),
        Definition(
            "agreement.criteria",
            "Krippendorff's alpha (interval) of the annotators' RULER ratings of one criterion, "
            "over the translations at least two annotators rated "
            "(analysis/criterion_agreement.py).",
        ),
    )
}


@dataclass(frozen=True)
class Interval:
    low: float | None
    high: float | None
    level: float  # 0.95 for a 95% interval
    method: str


@dataclass(frozen=True)
class Provenance:
    data_version: str
    signature: str  # the measure's: metric signature, judge model + prompt hash, campaign
    seed: int | None = None  # the resampling seed, when the number was resampled


@dataclass(frozen=True)
class Record:
    dataset: str
    pair: str  # a language pair, or "all" (pooled over pairs / mean of pairs: see definition)
    measure: str  # the measure's id (board column key, campaign id)
    definition: str  # a key of DEFINITIONS
    subject: str  # system id, annotator pair or compared group the value belongs to
    statistic: str  # which number of the definition: mean, rank, share, accuracy, tau, ...
    value: Value
    n: int | None
    unit: str  # what n counts: paragraph, text, item, system pair, translation
    provenance: Provenance
    interval: Interval | None = None
    qualifiers: tuple[tuple[str, str], ...] = field(default=())  # sorted (name, value)
    label: str = ""  # the measure as the pages name it

    def key(self) -> tuple[str, ...]:
        """(definition, inputs): one key, one record."""
        quals = ";".join(f"{k}={v}" for k, v in self.qualifiers)
        return (self.definition, self.dataset, self.pair, self.measure, self.subject,
                self.statistic, quals)  # fmt: skip

    @property
    def id(self) -> str:
        """A short stable id of the key (pages may mark a number with it)."""
        return hashlib.sha256("\x1f".join(self.key()).encode()).hexdigest()[:16]

    def as_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["value"] = _finite(self.value)
        data["qualifiers"] = dict(self.qualifiers)
        if self.interval is not None:
            data["interval"]["low"] = _finite(self.interval.low)
            data["interval"]["high"] = _finite(self.interval.high)
        return {"id": self.id, **data}


def qualifiers(**values: object) -> tuple[tuple[str, str], ...]:
    return tuple(sorted((k, str(v)) for k, v in values.items()))


def _finite(value: Value) -> Value:
    """NaN and infinities are null in JSON; numpy scalars become Python numbers; floats at the
    stated precision, so the data API is byte-identical when inputs move by one ulp."""
    if value is None or isinstance(value, str):
        return value
    if isinstance(value, bool):
        return int(value)
    number = float(value)
    if not math.isfinite(number):
        return None
    if isinstance(value, int) or (hasattr(value, "dtype") and "int" in str(value.dtype)):
        return int(value)
    return stated(number)  # the stated precision every published number has (``rounding``)


class DuplicateRecord(ValueError):
    """Two different values for one (definition, inputs) key: a bug in the analysis."""


class ResultsTable:
    """One dataset's records, one per key."""

    def __init__(self, records: Iterable[Record] = ()) -> None:
        self._records: dict[tuple[str, ...], Record] = {}
        for record in records:
            self.add(record)

    def add(self, record: Record) -> None:
        if record.definition not in DEFINITIONS:
            raise ValueError(f"unknown definition {record.definition!r}")
        key = record.key()
        kept = self._records.get(key)
        if kept is None:
            self._records[key] = record
        elif _finite(kept.value) != _finite(record.value):
            raise DuplicateRecord(f"{key}: {kept.value!r} and {record.value!r}")

    def __iter__(self) -> Iterator[Record]:
        return iter(sorted(self._records.values(), key=Record.key))

    def __len__(self) -> int:
        return len(self._records)

    def jsonl(self) -> str:
        """The records as JSON Lines, sorted by key: the same results give the same bytes."""
        return "".join(
            json.dumps(r.as_json(), ensure_ascii=False, sort_keys=True, allow_nan=False) + "\n"
            for r in self
        )


def _nullable(kind: str) -> dict[str, Any]:
    return {"type": [kind, "null"]}


SCHEMA: dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "$id": f"litboard-results/{SCHEMA_VERSION}",
    "title": "litboard result record",
    "version": SCHEMA_VERSION,
    "type": "object",
    "additionalProperties": False,
    "required": [
        "id", "dataset", "pair", "measure", "definition", "subject", "statistic",
        "value", "n", "unit", "provenance", "interval", "qualifiers", "label",
    ],  # fmt: skip
    "properties": {
        "id": {"type": "string", "description": "sha256 of the key, first 16 hex digits"},
        "dataset": {"type": "string"},
        "pair": {"type": "string", "description": "language pair, or 'all'"},
        "measure": {"type": "string", "description": "board column key or campaign id"},
        "definition": {"enum": sorted(DEFINITIONS)},
        "subject": {"type": "string", "description": "system, annotator pair or group"},
        "statistic": {"type": "string"},
        "value": {"type": ["number", "string", "null"]},
        "n": _nullable("integer"),
        "unit": {"type": "string", "description": "what n counts"},
        "label": {"type": "string", "description": "the measure as pages name it"},
        "qualifiers": {"type": "object", "additionalProperties": {"type": "string"}},
        "provenance": {
            "type": "object",
            "additionalProperties": False,
            "required": ["data_version", "signature", "seed"],
            "properties": {
                "data_version": {"type": "string"},
                "signature": {"type": "string"},
                "seed": _nullable("integer"),
            },
        },
        "interval": {
            "type": ["object", "null"],
            "additionalProperties": False,
            "required": ["low", "high", "level", "method"],
            "properties": {
                "low": _nullable("number"),
                "high": _nullable("number"),
                "level": {"type": "number"},
                "method": {"type": "string"},
            },
        },
    },
}


def from_json(data: dict[str, Any]) -> Record:
    """The record ``Record.as_json`` wrote (the data API's line): the same key, so the same id."""
    interval = data.get("interval")
    record = Record(
        dataset=str(data["dataset"]),
        pair=str(data["pair"]),
        measure=str(data["measure"]),
        definition=str(data["definition"]),
        subject=str(data["subject"]),
        statistic=str(data["statistic"]),
        value=data["value"],
        n=data["n"],
        unit=str(data["unit"]),
        provenance=Provenance(**data["provenance"]),
        interval=Interval(**interval) if interval is not None else None,
        qualifiers=tuple(sorted((str(k), str(v)) for k, v in data["qualifiers"].items())),
        label=str(data.get("label", "")),
    )
    if "id" in data and data["id"] != record.id:
        raise ValueError(f"record {data['id']}: its fields give the id {record.id}")
    return record


def from_jsonl(text: str) -> list[Record]:
    """Every record of a data API file (``ResultsTable.jsonl``), in its order."""
    return [from_json(json.loads(line)) for line in text.splitlines() if line.strip()]
