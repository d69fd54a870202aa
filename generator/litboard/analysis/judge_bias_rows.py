"""Judge-bias rows of one dataset: for every measure (board column or per-text metric) and
compared group, the share of items where the measure ranks a human translation above the machine
ones (``judge_bias.share_above``), pooled over every pair, per pair, genre and era; and each
measure's Spearman rho with the human creative-shift counts. Moved from the judge-bias page
(render computes nothing): the results table (``results``) and the panel both read these rows.
"""

from __future__ import annotations

from dataclasses import dataclass

import pandas as pd

from ..model import Corpus
from . import judge_bias as jb
from .tables import Analysis

COLUMNS = [
    "dataset",
    "dataset_title",
    "measure",
    "kind",
    "higher_is_better",  # the measure's direction (a share counts the human side's best rank)
    "compared",
    "same_as",  # the other compared groups giving the very same comparison ("; "-joined)
    "sample",
    *jb.SHARE_COLUMNS,
    "provenance",
]


@dataclass(frozen=True)
class Compared:
    label: str
    systems: frozenset[str]


def items_table(corpus: Corpus, analysis: Analysis) -> tuple[pd.DataFrame, list[jb.Measure]]:
    """Every score as (measure, system, pair, item, score): paragraph items from the segment
    scores, text items from per-text (work-level) metric records."""
    campaigns = corpus.campaigns
    measures: list[jb.Measure] = []
    frames = []
    for column in analysis.columns:
        # the board's column knows best (an MQM campaign may hold human and LLM annotators apart)
        kind = (
            column.group
            if column.group in jb.KINDS
            else jb.measure_kind(campaigns.get(column.campaign, {}))
        )
        measures.append(
            jb.Measure(column.key, column.label, kind, column.higher_is_better, column.provenance)
        )
        part = analysis.long[analysis.long["column"] == column.key]
        frames.append(
            part.rename(columns={"column": "measure", "paragraph": "item"})[jb.ITEM_COLUMNS]
        )
    texts = corpus.metric_scores[
        (corpus.metric_scores["work"].astype(str) != "")
        & (corpus.metric_scores["level"] == "system")
    ]
    covered = {column.campaign for column in analysis.columns}  # already a board column (per text)
    for cid, part in texts.groupby("campaign", sort=True):
        if str(cid) in covered:
            continue
        campaign = campaigns.get(str(cid), {})
        metric = campaign.get("metric", {})
        if metric.get("descriptive"):
            continue  # a count that describes the text (e.g. source words), not a judgment
        key = f"text:{cid}"
        measures.append(
            jb.Measure(
                key,
                str(metric.get("name", cid)),
                jb.measure_kind(campaign),
                bool(metric.get("higher_is_better", True)),
                f"{cid}, per text; data {corpus.data_version()}",
            )
        )
        frames.append(part.assign(measure=key, item=part["work"])[jb.ITEM_COLUMNS])
    frame = (
        pd.concat(frames, ignore_index=True) if frames else pd.DataFrame(columns=jb.ITEM_COLUMNS)
    )
    return frame, measures


def compared_groups(corpus: Corpus) -> list[Compared]:
    systems = corpus.tables["systems"]
    machines = systems[~systems["is_human"]]
    declared = (corpus.datasets[0].get("adequacy") or {}) if corpus.datasets else {}
    groups = []
    if declared.get("top"):
        groups.append(Compared("top systems", frozenset(declared["top"])))
    groups.append(Compared("all machine systems", frozenset(machines["system"])))
    modalities = sorted(set(machines["modality"]))
    if len(modalities) > 1:
        groups += [
            Compared(f"{m} systems", frozenset(machines.loc[machines["modality"] == m, "system"]))
            for m in modalities
        ]
    return groups


def _labels(corpus: Corpus) -> dict[str, pd.Series]:
    """(pair, item) -> genre / era, for paragraph items and text (work) items alike."""
    works = corpus.tables["works"].set_index("work")
    paragraphs = corpus.tables["paragraphs"].set_index("paragraph")["work"]
    keys = corpus.translations[["pair", "paragraph"]].drop_duplicates()
    work_of = {**{(p, i): paragraphs.get(i) for p, i in zip(keys["pair"], keys["paragraph"])}}
    texts = corpus.metric_scores[corpus.metric_scores["work"].astype(str) != ""][["pair", "work"]]
    work_of.update({(p, w): w for p, w in zip(texts["pair"], texts["work"])})
    index = pd.MultiIndex.from_tuples(list(work_of), names=["pair", "item"])
    work = pd.Series(list(work_of.values()), index=index)
    return {
        name: work.map(works[name].to_dict())
        for name in ("genre", "era")
        if works[name].astype(str).nunique() > 1
    }


def dataset_rows(corpus: Corpus, analysis: Analysis) -> pd.DataFrame:
    items, measures = items_table(corpus, analysis)
    declared = (corpus.datasets[0].get("adequacy") or {}) if corpus.datasets else {}
    if declared.get("sample"):
        sample = corpus.paragraphs[
            corpus.paragraphs["subsets"].map(lambda s: declared["sample"] in s)
        ]
        keep = set(sample["paragraph"]) | set(corpus.metric_scores["work"].astype(str))
        items = items[items["item"].isin(keep)]
    human = set(corpus.tables["systems"].loc[corpus.tables["systems"]["is_human"], "system"])
    labels = _labels(corpus)
    rows = []
    for measure in measures:
        scores = items[items["measure"] == measure.key]
        for group, same_as, above in _distinct_groups(corpus, scores, human, measure):
            rows.append(
                jb.grouped_shares(above, labels).assign(
                    dataset=corpus.dataset_id,
                    dataset_title=corpus.dataset_title,
                    measure=measure.label,
                    kind=jb.KIND_LABELS[measure.kind],
                    higher_is_better=measure.higher_is_better,
                    compared=group.label,
                    same_as=same_as,
                    sample=declared.get("sample", ""),
                    provenance=measure.provenance,
                )
            )
    return pd.concat(rows, ignore_index=True)[COLUMNS] if rows else pd.DataFrame(columns=COLUMNS)


def _distinct_groups(
    corpus: Corpus, scores: pd.DataFrame, human: set[str], measure: jb.Measure
) -> list[tuple[Compared, str, pd.DataFrame]]:
    """The compared groups whose comparison differs, each with the labels of the later groups
    that give the very same items and outcomes (merged into it, not repeated: on LitEval's
    sample the declared top systems are the only machine systems scored, so "all machine
    systems" equals "top systems"), and its per-item outcomes (``share_above``)."""
    kept: list[tuple[Compared, list[str], pd.DataFrame]] = []
    for group in compared_groups(corpus):
        above = jb.share_above(scores, human, set(group.systems), measure.higher_is_better)
        if above.empty:
            continue
        key = above.sort_values(["pair", "item"]).reset_index(drop=True)
        twin = next((k for k in kept if k[2].equals(key)), None)
        if twin is not None:
            twin[1].append(group.label)
        else:
            kept.append((group, [], key))
    return [(group, "; ".join(same), above) for group, same, above in kept]


def absence(corpus: Corpus, analysis: Analysis) -> str:
    """Why the dataset has no judge-bias rows ("" when it has some): no human translation, or no
    measure that scores one beside a machine translation of the same item."""
    systems = corpus.tables["systems"]
    human = set(systems.loc[systems["is_human"], "system"])
    if not human:
        return "it has no human translation to compare with the machine ones."
    items, measures = items_table(corpus, analysis)
    pairwise = corpus.tables.get("pairwise", pd.DataFrame())
    judged = {str(s) for column in ("a", "b") if column in pairwise for s in pairwise[column]}
    if items["system"].isin(human).any() or judged & human:
        return ""
    parts = [f"{len(measures)} measure{'s' if len(measures) != 1 else ''}"] if measures else []
    if judged:
        parts.append("pairwise preferences")
    what = " and ".join(parts) or "no measure"
    return (
        f"its human translation is never judged: its {what} compare machine translations "
        "with each other only (the human translation is shown to the annotators beside the "
        "source), so no item can rank the human translation against a machine one."
    )


def creative_shift_counts(corpus: Corpus) -> pd.Series:
    """Creative shifts (CSA/CSM/CSC) the human annotators found per translated text (pair, work,
    system), zeros included; empty when the dataset has no UCP annotations."""
    from ..typology import simple_class

    ucps, annotators = corpus.tables["ucps"], corpus.tables["annotators"]
    llm = set(annotators.loc[annotators["expertise"] == "llm", "annotator"])
    human = ucps[~ucps["annotator"].isin(llm)]
    if human.empty:
        return pd.Series(dtype=float)
    work_of = corpus.paragraphs.set_index("paragraph")["work"]
    human = human.assign(
        item=human["paragraph"].map(work_of),
        cs=human["ucp_class"].astype(str).map(simple_class).eq("CS").astype(float),
    )
    return human.groupby(["pair", "item", "system"])["cs"].sum()


def count_mismatches(corpus: Corpus, campaign: str = "pro-cs") -> pd.DataFrame:
    """Texts whose creative-shift count from the per-unit annotations differs from the per-text
    count the release also holds (campaign ``campaign``): dataset, pair, text, system, units,
    per_text. Paper 003's Creativity release has two such texts (RU-NL Thriller MT 5 vs 4,
    EN-CA Poem MT 7 vs 6)."""
    columns = ["dataset", "pair", "text", "system", "units", "per_text"]
    counts = creative_shift_counts(corpus)
    scores = corpus.metric_scores
    per_text = scores[(scores["campaign"] == campaign) & (scores["work"].astype(str) != "")]
    if counts.empty or per_text.empty:
        return pd.DataFrame(columns=columns)
    texts = per_text.groupby(["pair", "work", "system"])["score"].mean()
    both = pd.concat({"units": counts, "per_text": texts}, axis=1, join="inner")
    off = both[both["units"] != both["per_text"]].reset_index()
    off.columns = ["pair", "text", "system", "units", "per_text"]
    return off.assign(dataset=corpus.dataset_id)[columns]


def creativity_rows(corpus: Corpus, analysis: Analysis) -> pd.DataFrame:
    """Per measure: Spearman ρ between its score of each translated text and the human creative-
    shift count of that text (paragraph scores averaged per text; lower-is-better negated).
    ``count_note`` (same on every row of the dataset) names the texts whose per-unit count, used
    here, differs from the release's per-text count (see ``count_mismatches``)."""
    columns = [
        "dataset",
        "measure",
        "kind",
        "higher_is_better",  # False: the score was negated before ρ (lower is better)
        "rho",
        "p",
        "texts",
        "provenance",
        "count_note",
    ]
    counts = creative_shift_counts(corpus)
    if counts.empty:
        return pd.DataFrame(columns=columns)
    items, measures = items_table(corpus, analysis)
    work_of = corpus.paragraphs.set_index("paragraph")["work"]
    rows = []
    for measure in measures:
        part = items[items["measure"] == measure.key]
        texts = part.assign(item=part["item"].map(work_of).fillna(part["item"]))
        scores = texts.groupby(["pair", "item", "system"])["score"].mean()
        rho, p, n = jb.creativity_correlation(
            scores if measure.higher_is_better else -scores, counts
        )
        if n >= 3:
            rows.append(
                {
                    "dataset": corpus.dataset_id,
                    "measure": measure.label,
                    "kind": jb.KIND_LABELS[measure.kind],
                    "higher_is_better": measure.higher_is_better,
                    "rho": rho,
                    "p": p,
                    "texts": n,
                    "provenance": measure.provenance,
                }
            )
    return pd.DataFrame(rows, columns=columns).assign(count_note=_count_note(corpus))


def _count_note(corpus: Corpus) -> str:
    off = count_mismatches(corpus)
    if off.empty:
        return ""
    texts = "; ".join(
        f"{r.pair} {r.text} {r.system}: {r.units:g} in the per-unit annotations, "
        f"{r.per_text:g} in the per-text scores"
        for r in off.itertuples()
    )
    return (
        f"{corpus.dataset_title}: the release holds two creative-shift counts that differ for "
        f"{len(off)} text{'s' if len(off) != 1 else ''} ({texts}). ρ here uses the per-unit "
        "annotations (the counts the units show); with the per-text counts the correlations "
        "differ slightly (reason: release differs from paper). Paper 003's Fig. 2 correlations "
        "may rest on the per-text counts."
    )
