"""The provenance badge of a system: what kind of evidence its numbers actually rest on.

Computed from the judgments a system has, never from its kind: ``human`` when a person
judged its output (MQM, SQM, RULER, VERSE or creativity by a non-LLM annotator, or a released
human score of scheme ``score``), ``llm`` when an LLM judge scored it (a metric campaign with a
``judge`` block, or MQM/creativity by an annotator of expertise ``llm``), ``metric`` when an
automatic metric scored it.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...model import Corpus

LABELS = {"human": "human-evaluated", "llm": "LLM-judged", "metric": "automatic scores only"}
SHOWN = "shown, never judged"  # a published human translation no study judged: nothing is pending
_HUMAN_TABLES = (
    ("mqm", "MQM"),
    ("sqm", "SQM"),
    ("esa", "ESA"),
    ("ruler", "RULER"),
    ("verse", "VERSE"),
    ("ucps", "creativity"),
)


@dataclass(frozen=True)
class Evidence:
    """What a system has: human schemes with annotator counts, and LLM / metric flags."""

    human: tuple[str, ...]
    llm: bool
    metric: bool
    published_human: bool = False  # a human translation (modality HT): shown, never to be scored

    @property
    def kinds(self) -> tuple[str, ...]:
        """human / llm / metric, in that order, for what the system has (the filter values)."""
        return tuple(
            k
            for k, has in (("human", bool(self.human)), ("llm", self.llm), ("metric", self.metric))
            if has
        )

    @property
    def chip(self) -> str:
        """The one-word badge: the strongest evidence (human > LLM > metrics)."""
        if self.human:
            return LABELS["human"]
        if self.llm:
            return LABELS["llm"]
        if self.metric:
            return LABELS["metric"]
        return SHOWN if self.published_human else "not scored yet"


def evidence(corpus: Corpus, system: str) -> Evidence:
    """What ``system`` has in ``corpus`` (``all_evidence``'s entry; nothing for a system without
    a card or a judgment)."""
    return all_evidence(corpus).get(system, Evidence((), False, False))


def llm_scored(corpus: Corpus) -> bool:
    """Whether an LLM judge scored any system of ``corpus``: only then is a system without an
    LLM-judge score "pending" (a dataset no LLM judge was ever run on awaits no run)."""
    return any(e.llm for e in all_evidence(corpus).values())


_memo: list[tuple[Corpus, dict[str, Evidence]]] = []  # the last corpus asked about, and its answer


def all_evidence(corpus: Corpus) -> dict[str, Evidence]:
    """Every system's evidence, computed once per corpus (boards, system pages and badges ask
    for each system several times; each question read every judgment table)."""
    if not _memo or _memo[0][0] is not corpus:
        _memo[:] = [(corpus, _all_evidence(corpus))]
    return _memo[0][1]


def _all_evidence(corpus: Corpus) -> dict[str, Evidence]:
    # a partial plan is no human evaluation yet
    from ...analysis.campaign_status import without_pending

    annotators = corpus.annotators
    llm_annotators = set(annotators.loc[annotators["expertise"] == "llm", "annotator"])
    human: dict[str, list[str]] = {}
    llm: set[str] = set()
    for table, scheme in _HUMAN_TABLES:
        rows = without_pending(corpus, corpus.tables[table])
        by_llm = rows["annotator"].isin(llm_annotators)
        llm.update(rows.loc[by_llm, "system"])
        for system, n in rows[~by_llm].groupby("system")["annotator"].nunique().items():
            human.setdefault(str(system), []).append(
                f"{scheme}, {n} annotator{'s' if n != 1 else ''}"
            )
    scores = corpus.metric_scores
    scores = scores[scores["score"].notna()]
    campaigns = corpus.tables["campaigns"].set_index("campaign")
    metric: set[str] = set()
    raters = annotators.groupby("campaign")["annotator"].nunique()
    for system, cids in scores.groupby("system")["campaign"].unique().items():
        for cid in sorted(set(cids)):
            row = campaigns.loc[cid]
            if row["scheme"] == "score":
                n = int(raters.get(cid, 0))
                human.setdefault(str(system), []).append(
                    f"{row['title']}, {n} annotator{'s' if n != 1 else ''}"
                )
            elif row["judge_model"]:
                llm.add(str(system))
            else:
                metric.add(str(system))
    return {
        system: Evidence(
            tuple(human.get(system, ())),
            system in llm,
            system in metric,
            str(card.get("modality", "")) == "HT",
        )
        for system in sorted({*corpus.systems, *human, *llm, *metric})
        for card in [corpus.systems.get(system, {})]
    }


def provenance_badge(corpus: Corpus, system: str) -> str:
    """'human-evaluated: scheme, n annotators' / 'LLM-judged' / 'automatic scores only' /
    'shown, never judged' (a human translation without scores) / 'not scored yet'."""
    from ...analysis.campaign_status import pending_badge

    found = evidence(corpus, system)
    if found.human:
        return f"{LABELS['human']}: " + "; ".join(found.human)
    return pending_badge(corpus, system) or found.chip
