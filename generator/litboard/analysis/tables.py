"""The types an analysis hands to the pages: ``Analysis`` (the board tables of a corpus and its
results table, ``Results``) -- kept apart from ``boards.analyse`` so the modules that compute the
results can name them without importing the function that calls them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable

import pandas as pd

from ..model import Corpus
from ..settings import AnalysisSettings
from .leaderboard import Column
from .records import ResultsTable
from .uncertainty import RankingResult, method_text

if TYPE_CHECKING:
    from .campaign_status import PlanState


@dataclass
class LitEvalRankings:
    """The LitEval page's rankings (paper 000 Table 7 style): per scope (a pair, or "all"), per
    measure key, the bootstrap table of the systems as imported and the one with the human
    translations pooled into one row (None: fewer than two paragraphs)."""

    tables: dict[str, dict[str, pd.DataFrame | None]]
    pooled: dict[str, dict[str, pd.DataFrame | None]]
    # (measure key, strict) -> ``adequacy.adequacy``'s table; the pairwise accuracy table
    adequacy: dict[tuple[str, bool], pd.DataFrame] = field(default_factory=dict)
    accuracy: pd.DataFrame = field(default_factory=pd.DataFrame)


BWS_LABEL = "BWS counting score ((best − worst) / times shown)"


@dataclass
class SchemeRanking:
    label: str  # BWS_LABEL, "RULER" or "VERSE"
    column: str
    pair: str
    table: pd.DataFrame  # ``boards.rank_table``'s, smallest_p included


@dataclass
class BwsCounts:
    campaign: str
    pair: str
    counts: pd.DataFrame  # ``bws.bws_scores``, the systems as a column
    reliability: Any


@dataclass
class PairwiseTables:
    campaign: str
    pair: str
    joined: list[str]  # the human-evaluation plans pooled in
    strengths: pd.DataFrame  # ``pairwise.bradley_terry``, the systems as a column
    wins: pd.DataFrame
    graph: str  # ``bt_graph.comparison_graph`` with the systems' display names


@dataclass
class SchemeTables:
    rankings: list[SchemeRanking]
    bws: list[BwsCounts]
    pairwise: list[PairwiseTables]


@dataclass
class OverlapTables:
    """One pair's lexical overlap (``overlap.overlap_tables``)."""

    table: pd.DataFrame  # system x system mean sentence BLEU, NaN diagonal
    means: pd.Series  # per system, over the other systems
    signature: str  # sacreBLEU's, of the sentence BLEU
    paragraphs: pd.Series  # per system, the paragraphs with a full text


# the page 'Agreement''s sections, in page order (``agreement_tables``)
AGREEMENT_NAMED = "Scores (Kendall tau-b, MSE, Krippendorff alpha)"
AGREEMENT_DOUBLE = "Double annotations (Krippendorff alpha, interval: order-free)"
AGREEMENT_SPANS = "Error spans (character-level Cohen kappa)"
AGREEMENT_BWS = "BWS picks (Cohen kappa)"
AGREEMENT_PREFERENCES = "Pairwise preferences (percent agreement, Cohen kappa, 95% bootstrap CI)"
AGREEMENT_CRITERIA = "RULER criteria (Krippendorff alpha, interval, per criterion)"


@dataclass
class AgreementTables:
    """The page 'Agreement''s tables (``agreement_tables.agreement_results``): per section
    title (``AGREEMENT_*``), in page order, its non-empty rows as the page and its CSV show them
    (campaign, scheme, pair, annotators, statistic, value, n and, for spans and preferences, the
    CI as text); the declared (first, second) annotations."""

    sections: dict[str, pd.DataFrame] = field(default_factory=dict)
    declared: list[tuple[str, str]] = field(default_factory=list)


@dataclass
class PlanAgreement:
    """One imported plan's main campaign (``campaign_tables.campaign_results``): its state
    (progress) and its new annotators' agreement with earlier campaigns on the anchor items
    (``anchor_agreement``'s rows: earlier, statistic, value, ci_low, ci_high, items)."""

    state: PlanState
    rows: list[dict[str, Any]]


@dataclass(frozen=True)
class HeadToHeadCell:
    """One ordered pair of a board's head-to-head matrix (``head_to_head``): how often the row
    system scores better than the column system on the items both were scored on (ties count
    half), the mean difference (row minus column, signed so that > 0 favours the row) and the
    p-value of the paired test that separates the board's clusters."""

    wins: int
    ties: int
    losses: int
    n: int  # the items both were scored on
    win_rate: float  # (wins + ties / 2) / n
    difference: float  # row mean minus column mean over the shared items, > 0: the row is better
    p: float  # two-sided, the board's paired test (the same draws as its clusters)
    verdict: str  # "better" | "worse" | "": separated at the board's alpha, or not


@dataclass(frozen=True)
class HeadToHead:
    """A board's head-to-head matrix for its ranking column (``head_to_head.head_to_head``)."""

    pair: str
    measure: str  # the board column's key
    label: str
    unit: str  # what n counts: paragraph | text
    systems: list[str]  # the ranked systems, best first (the board's order)
    cells: dict[tuple[str, str], HeadToHeadCell]  # (row, column) -> cell; absent: nothing shared
    method: str  # the test, its draws, seed and alpha, in words
    separable: bool  # whether any pair can reach p < alpha (else no verdict anywhere)


@dataclass(frozen=True)
class BoardCaveat:
    """What a scheme's paper warns about it, shown on the boards it ranks (``board_caveats``)."""

    dataset: str
    measure: str  # the board column key it applies to
    paper: str  # "paper 000"
    where: str  # the section it is printed in
    quote: str  # the paper's own words (tests find them in the paper)
    text: str  # the caveat in one sentence, with the paper's figures


@dataclass
class Results:
    """One dataset's results: the records, and the frames pages draw from them."""

    table: ResultsTable
    judge_rows: pd.DataFrame
    creative_rows: pd.DataFrame
    liteval: LitEvalRankings | None = None
    overlap: dict[str, OverlapTables] = field(default_factory=dict)  # per pair
    schemes: SchemeTables | None = None  # the page 'Rankings by scheme' (``scheme_tables``)
    # stored BLEU/chrF/TER checked against the release's own texts (``stored_scores``)
    stored: pd.DataFrame = field(default_factory=pd.DataFrame)
    # the page 'Agreement' (annotators, double annotations, spans, BWS, preferences, criteria)
    agreement: AgreementTables = field(default_factory=AgreementTables)
    # one page per imported human-evaluation plan, by campaign id
    plans: list[PlanAgreement] = field(default_factory=list)
    # why the dataset has no judge-bias rows, "" when it has some (``judge_bias_rows.absence``)
    judge_absent: str = ""
    # per (pair, board column key): the ranking column's head-to-head matrix
    head_to_head: dict[tuple[str, str], HeadToHead] = field(default_factory=dict)
    # per board column key: what its scheme's paper warns about it
    caveats: dict[str, list[BoardCaveat]] = field(default_factory=dict)


@dataclass
class Analysis:
    """Everything the pages need that is computed from the corpus, computed once."""

    long: pd.DataFrame
    columns: list[Column]
    means: pd.DataFrame
    rankings: dict[tuple[str, str], pd.DataFrame]
    settings: AnalysisSettings
    # Bradley-Terry columns of pairwise campaigns (``bt_board``): on the boards, not in ``long``
    # (no per-paragraph score); their rows are in ``means``, their tables in ``rankings``
    preferences: list[Column] = field(default_factory=list)
    # (pair, column key) -> sacreBLEU signature of the boards' sacreBLEU columns shown as corpus
    # scores (``corpus_boards``): their ``means`` and ``rankings`` hold the corpus score, and
    # ``means.paragraph_mean`` the mean of paragraph scores
    corpus_scored: dict[tuple[str, str], str] = field(default_factory=dict)
    # (pair, column key) -> the paired bootstrap of that column's scores (its table, p-values,
    # test and settings; ``rank_tables.rank_result``); the head-to-head matrix reuses its p-values
    # where its table is still ``rankings[(pair, key)]`` (a corpus-scored or Bradley-Terry column
    # replaced it: other tests)
    ranked: dict[tuple[str, str], RankingResult] = field(
        default_factory=dict, repr=False, compare=False
    )
    # (corpus, boards(corpus, self)): the leaderboard page and the paragraph list both need them
    boards_of: tuple[Corpus, list[Any]] | None = field(default=None, repr=False, compare=False)
    # the results table and its frames (``results.results``), filled by ``boards.analyse``
    results: Results | None = field(default=None, repr=False, compare=False)


def method_note(settings: AnalysisSettings) -> str:
    return method_text(settings.bootstrap_resamples, settings.seed, settings.alpha, settings.test)


def results_of(analysis: Analysis) -> Results:
    """The results ``boards.analyse`` computed (an Analysis made otherwise has none)."""
    if analysis.results is None:
        raise ValueError("this Analysis has no results: make it with analysis.boards.analyse")
    return analysis.results


def memo_boards(corpus: Corpus, analysis: Analysis, make: Callable[[], list[Any]]) -> list[Any]:
    """The boards of ``corpus`` under ``analysis``, made by ``make`` once and kept on the
    analysis."""
    if analysis.boards_of is None or analysis.boards_of[0] is not corpus:
        analysis.boards_of = (corpus, make())
    return analysis.boards_of[1]


@dataclass(frozen=True)
class ReportedFigure:
    """A share a paper prints (how often a scheme ranks the human translation first) whose data
    is not in the release: shown as reported, with where the paper prints it (``finding``)."""

    dataset: str  # the dataset (release id) whose paper it is
    paper: str  # "paper 000"
    measure: str  # the scheme and who applied it, as the home page names it
    kind: str  # a judge_bias.KIND_LABELS value
    compared: str  # what the human translation is compared with
    value: float  # percent
    decimals: int
    source: str  # the section, table, row and column it is printed in
    where: str  # the same, short: "Table 3", "Sec. 1", "Abstract"
    quote: str  # the paper's own text around the number (tests find it in the paper)
    released: bool = False  # whether the release holds the data it rests on
    # a table cell: (the row's first cell, the column's index in the tab-separated row), checked
    # against the paper's table by tests/analysis/test_finding.py; None: printed in running text
    cell: tuple[str, int] | None = None
    # "%": a share, drawn on the chart's 0-100 track; otherwise what a count or score counts
    # ("creative shifts of 188 units"): listed beside the chart, never drawn on the track
    unit: str = "%"
    modality: str = ""  # which translation the value is of ("HT", "PE", "MT"), or ""


@dataclass(frozen=True)
class FindingFigure:
    """One reproduced share of the home page's finding: a judge_bias.human_above record."""

    record: str  # the record's id in the data API
    measure: str
    value: float
    low: float
    high: float
    n: int
    small: bool  # fewer than proportions.SMALL_N items
    provenance: str


@dataclass(frozen=True)
class FindingGroup:
    """A dataset's measures of one kind (human judgment, automatic metric, LLM judge)."""

    kind: str
    figures: tuple[FindingFigure, ...]  # highest share first
    low: float  # lowest share of the kind's figures
    high: float
    n_low: int
    n_high: int
    # the highest share over at least proportions.SMALL_N items (else the highest): the kind's
    # best at spotting the human translation, the number the home page's table and text state
    best: FindingFigure


@dataclass(frozen=True)
class FindingDataset:
    """One dataset's line of the home page's finding."""

    id: str
    title: str
    demo: bool
    compared: str  # the compared group of every figure ("top systems", "all machine systems")
    sample: str  # the declared paragraph subset, or ""
    data_version: str
    groups: tuple[FindingGroup, ...]
    reported: tuple[ReportedFigure, ...]
    # why no reported figure is shown ("" when there is one): its paper is not shipped
    unreported: str = ""
