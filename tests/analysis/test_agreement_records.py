"""Issue 54: the page 'Agreement''s tables are computed by the analysis (``agreement_tables``),
each of their numbers one record of the results table; the page only formats them."""

from __future__ import annotations

import dataclasses

import pytest

from litboard.analysis.agreement_tables import SECTIONS, agreement_results
from litboard.analysis.boards import analyse
from litboard.analysis.records import DEFINITIONS, ResultsTable
from litboard.analysis.tables import AGREEMENT_PREFERENCES, results_of
from litboard.load.read import load
from litboard.render.core.jinja import DEFAULT_TEMPLATES
from litboard.render.schemes.agreement_page import _agreement_page

from .test_preference_agreement import _judgments


def test_every_agreement_number_of_the_demo_is_one_record_and_the_page_shows_it(demo_root) -> None:
    corpus = load([demo_root])
    results = results_of(analyse(corpus))
    sections = results.agreement.sections
    assert list(sections) == [t for t in SECTIONS if t in sections] and len(sections) == 3
    files = _agreement_page(corpus, results.agreement, DEFAULT_TEMPLATES)
    by_key = {(r.definition, r.measure, r.pair, r.subject, r.statistic): r for r in results.table}
    for number, (title, frame) in enumerate(sections.items(), start=1):
        assert SECTIONS[title].definition in DEFINITIONS
        csv = files[f"agreement/agreement-{number}.csv"]
        assert csv.splitlines()[0].startswith("campaign,scheme,pair,annotators,statistic,value,n")
        for row in frame.itertuples():
            record = by_key[
                (SECTIONS[title].definition, row.campaign, row.pair, row.annotators, row.statistic)
            ]
            assert record.n == row.n and record.unit == SECTIONS[title].unit
            assert record.value == pytest.approx(row.value, nan_ok=True, abs=0)
    shown = sum(len(frame) for frame in sections.values())
    agreeing = [r for r in results.table if r.definition.startswith("agreement.")]
    assert len(agreeing) == shown  # no agreement record the page does not show, none twice


def test_preference_agreement_records_carry_the_bootstrap_interval(demo_root) -> None:
    # the hand-computed case of test_preference_agreement: 7 of 10 equal, kappa 0.32 / 0.62
    demo = load([demo_root])
    corpus = dataclasses.replace(demo, tables={**demo.tables, "pairwise": _judgments()})
    tables, records = agreement_results(corpus)
    table = ResultsTable(records)  # one record per key: a second value would raise
    prefs = {r.statistic: r for r in table if r.definition == "agreement.preferences"}
    assert set(prefs) == {"agreement (%)", "Cohen kappa (preference)"}
    assert prefs["agreement (%)"].value == pytest.approx(70.0)
    assert prefs["Cohen kappa (preference)"].value == pytest.approx(0.32 / 0.62, abs=1e-12)
    assert {(r.n, r.unit, r.subject, r.provenance.seed) for r in prefs.values()} == {
        (10, "comparison", "x vs y", 44)
    }
    shown = tables.sections[AGREEMENT_PREFERENCES]
    assert list(shown.columns)[-1] == "ci"  # the page shows the interval as text only
    for row in shown.itertuples():
        interval = prefs[row.statistic].interval
        assert interval is not None and interval.level == 0.95
        digits = 1 if row.statistic == "agreement (%)" else 3
        assert row.ci == f"[{interval.low:.{digits}f}, {interval.high:.{digits}f}]"
        assert interval.low <= prefs[row.statistic].value <= interval.high
