"""One dataset's results table, computed once per build (``results``; the pipeline calls it).

Board rows (means with their bootstrap CIs, ranks with rank intervals, clusters, Bradley-Terry
strengths), judge bias (human-above shares and creativity correlations), LitEval adequacy and
system-level pairwise accuracy, and annotator agreement (every section of the page 'Agreement',
``agreement_tables``) and the plans' anchor agreement (``campaign_tables``) become
``records.Record`` s. The judge-bias rows the panel draws and the
agreement sections come with the table (``Results.judge_rows``, ``Results.agreement``), computed
here once.
"""

from __future__ import annotations

from typing import Any, Iterator

import pandas as pd

from ..model import Corpus
from .leaderboard import Column
from .records import Interval, Provenance, Record, ResultsTable, qualifiers
from .tables import Analysis, Results, method_note

WILSON = "95% Wilson score interval"


def results(corpus: Corpus, analysis: Analysis) -> Results:
    """Every record of ``corpus`` under ``analysis``, one per (definition, inputs) key."""
    from .judge_bias_rows import absence, creativity_rows, dataset_rows
    from .liteval_setup import applies

    judge, creative = dataset_rows(corpus, analysis), creativity_rows(corpus, analysis)
    table = ResultsTable(board_records(corpus, analysis))
    for record in judge_records(corpus, judge, creative):
        table.add(record)
    rankings = None
    if applies(corpus):
        from .liteval_records import accuracy_records, adequacy_records
        from .liteval_rankings import liteval_rankings, ranking_records

        rankings = liteval_rankings(corpus, analysis)
        for record in [
            *adequacy_records(corpus, analysis, rankings.adequacy),
            *accuracy_records(corpus, analysis, rankings.accuracy),
            *ranking_records(corpus, analysis, rankings),
        ]:
            table.add(record)
    from .agreement_tables import agreement_results

    agreement, agreeing = agreement_results(corpus)
    for record in agreeing:
        table.add(record)
    from .scheme_tables import scheme_records, scheme_tables

    schemes = scheme_tables(corpus, analysis)
    for record in scheme_records(corpus, schemes):
        table.add(record)
    from .overlap import overlap_records, overlap_tables

    overlap = overlap_tables(corpus)
    for record in overlap_records(corpus, overlap):
        table.add(record)
    from .stored_scores import stored_score_checks

    from .campaign_tables import campaign_results

    plans, anchored = campaign_results(corpus, analysis)
    for record in anchored:
        table.add(record)
    stored = stored_score_checks(corpus)
    absent = absence(corpus, analysis) if judge.empty else ""
    from .board_caveats import board_caveats
    from .head_to_head import head_to_head, head_to_head_records

    matrices = head_to_head(corpus, analysis)
    for record in head_to_head_records(corpus, analysis, matrices):
        table.add(record)
    return Results(
        table, judge, creative, rankings, overlap, schemes, stored, agreement, plans,
        judge_absent=absent,
        head_to_head=matrices,
        caveats=board_caveats(corpus.dataset_id, analysis),
    )  # fmt: skip


def board_records(corpus: Corpus, analysis: Analysis) -> Iterator[Record]:
    """Per pair, board column and system: mean (or strength), rank and cluster."""
    columns = {c.key: c for c in [*analysis.columns, *analysis.preferences]}
    settings = analysis.settings
    level = 1 - settings.alpha
    for (pair, key), frame in sorted(analysis.rankings.items()):
        column = columns[key]
        sacre = analysis.corpus_scored.get((pair, key))  # sacreBLEU's corpus score, not a mean
        signature = column.provenance + (f"; sacreBLEU corpus score {sacre}" if sacre else "")
        prov = Provenance(corpus.data_version(), signature, settings.seed)
        common: dict[str, Any] = dict(
            dataset=corpus.dataset_id, pair=pair, measure=key, label=column.label
        )
        unit = column.unit
        bt = "strength" in frame.columns
        for system, row in frame.iterrows():
            n = int(row["comparisons"] if bt else row["n_items"])
            yield Record(
                **common,
                definition="board.bradley_terry" if bt else _value_definition(sacre),
                subject=str(system),
                statistic="strength" if bt else ("corpus" if sacre else "mean"),
                value=float(row["strength" if bt else "mean"]),
                n=n,
                unit="comparison" if bt else unit,
                provenance=prov,
                interval=Interval(
                    float(row["ci_low"]),
                    float(row["ci_high"]),
                    level,
                    str(row["ci_method"]) if bt else _interval_method(row, settings),
                ),
            )
            yield Record(
                **common,
                definition="board.rank",
                subject=str(system),
                statistic="rank",
                value=int(row["rank"]),
                n=n,
                unit="comparison" if bt else unit,
                provenance=prov,
                interval=Interval(
                    int(row["rank_min"]), int(row["rank_max"]), level, _rank_method(bt, column)
                ),
            )
            if not bt:
                yield Record(
                    **common,
                    definition="board.cluster",
                    subject=str(system),
                    statistic="cluster",
                    value=int(row["cluster"]),
                    n=n,
                    unit=unit,
                    provenance=prov,
                    qualifiers=qualifiers(
                        test="sacrebleu-paired-bootstrap" if sacre else settings.test,
                        alpha=settings.alpha,
                    ),
                )


def _interval_method(row: pd.Series, settings: object) -> str:
    """The bootstrap's method note, or the descriptive range over texts (``work_units``)."""
    if row.get("range_over") == "works":
        works = int(row["n_works"])
        return f"range of the means of {works} texts (too few texts for a 95% interval)"
    return method_note(settings)  # type: ignore[arg-type]


def _value_definition(sacre: str | None) -> str:
    return "board.corpus" if sacre else "board.mean"


def _rank_method(bt: bool, column: Column) -> str:
    if bt:
        return "ranks of the systems whose strength intervals overlap"
    return f"bootstrap rank interval over {column.unit}s"


def judge_records(corpus: Corpus, judge: pd.DataFrame, creative: pd.DataFrame) -> Iterator[Record]:
    """The judge-bias shares (``judge_bias_rows.dataset_rows``) and creativity rho."""
    version = corpus.data_version()
    for r in judge.itertuples():
        pooled = r.scope == "all"
        yield Record(
            dataset=corpus.dataset_id,
            pair=str(r.group) if r.scope == "pair" else "all",
            measure=str(r.measure),
            label=str(r.measure),
            definition="judge_bias.human_above",
            subject=f"human vs {r.compared}",
            statistic="percent",
            value=float(r.percent),
            n=int(r.items),
            unit="item",
            provenance=Provenance(version, str(r.provenance)),
            # none over fewer than SMALL_N items: no 95% interval over 1-4 units (issue 59)
            interval=(
                None
                if pd.isna(r.ci_low)
                else Interval(float(r.ci_low), float(r.ci_high), 0.95, WILSON)
            ),
            qualifiers=qualifiers(
                sample=r.sample,
                scope="pooled over pairs" if pooled else str(r.scope),
                **({} if r.scope in ("all", "pair") else {"group": r.group}),
            ),
        )
    for r in creative.itertuples():
        yield Record(
            dataset=corpus.dataset_id,
            pair="all",
            measure=str(r.measure),
            label=str(r.measure),
            definition="judge_bias.creativity_rho",
            subject="translated texts",
            statistic="rho",
            value=float(r.rho),
            n=int(r.texts),
            unit="text",
            provenance=Provenance(version, str(r.provenance)),
            qualifiers=qualifiers(p=f"{float(r.p):.6g}"),
        )
