"""What the leaderboard ranks by (issue 16): the declared primary human scheme, human scores
stored as scheme ``score`` (never ``metric``), and paper 000's MQM without a sentence count."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from litboard.analysis.mqm import mqm_scores
from litboard.load.read import load, validate
from litboard.render.core.badges import evidence
from litboard.analysis.boards import analyse
from litboard.render.core.views import boards

from ..helpers import FIXTURES, append_line, copy_root


def _tiny(tmp_path: Path) -> Path:
    return copy_root(FIXTURES / "tiny", tmp_path / "tiny")


def _messages(root: Path) -> list[str]:
    return [p.format() for p in validate([root]).items]


def test_missing_sentence_count_is_reported_with_the_fix(tmp_path: Path) -> None:
    root = _tiny(tmp_path)
    path = root / "corpus/works/w1/paragraphs.jsonl"
    lines = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    path.write_text(
        "".join(json.dumps({k: v for k, v in r.items() if k != "sentences"}) + "\n" for r in lines),
        encoding="utf-8",
    )
    messages = _messages(root)
    assert len(messages) == 1, messages
    assert (
        "a.jsonl:1: sentences: paper 000's MQM score divides by sentences, but 2 record(s)"
        in messages[0]
    )
    assert "set mqm.normalise: words" in messages[0]
    campaign = root / "judgments/mqm1/campaign.yaml"
    campaign.write_text(
        campaign.read_text(encoding="utf-8").replace(
            "typology: paper000}", "typology: paper000, normalise: words}"
        ),
        encoding="utf-8",
    )
    assert _messages(root) == []
    board = boards(corpus := load([root]), analyse(corpus))[0]
    column = board.ranked_by
    assert column is not None and "per 100 words" in column.label
    # mt: one major error (5 points) in p1, "Als Gregor Samsa eines Morgens erwachte." (6 words)
    mt = next(r for r in board.rows if r.system == "mt")
    assert mt.cells[column.key].value == pytest.approx(-500 / 6)


def test_per_word_normalisation_by_hand() -> None:
    items = pd.DataFrame(
        {
            "campaign": ["c", "c"],
            "system": ["a", "b"],
            "pair": ["de-en"] * 2,
            "paragraph": ["p", "p"],
            "annotator": ["x", "x"],
            "sentences": [None, None],
        }
    )
    errors = pd.DataFrame(
        {
            "campaign": ["c", "c"],
            "system": ["a", "a"],
            "pair": ["de-en"] * 2,
            "paragraph": ["p", "p"],
            "annotator": ["x", "x"],
            "start": [0, 1],
            "end": [1, 2],
            "category": ["Accuracy", "Style"],
            "subcategory": ["", ""],
            "severity": ["major", "minor"],
            "non_translation": [False, False],
        }
    )
    paragraphs = pd.DataFrame(
        {
            "paragraph": ["p"],
            "text": ["one two three four five six seven eight"],
            "sentences": [None],
        }
    )
    by_sentence = mqm_scores(items, errors, paragraphs, {"c": "paper000"})
    assert by_sentence["score"].isna().all()  # no sentence count: undefined, never 0
    by_word = mqm_scores(items, errors, paragraphs, {"c": "paper000"}, frozenset({"c"}))
    assert list(by_word["score"]) == pytest.approx([-600 / 8, 0.0])  # (5 + 1) points / 8 words


def test_human_scores_are_scheme_score_and_rank_under_human_judgments(tmp_path: Path) -> None:
    root = _tiny(tmp_path)
    folder = root / "judgments/released"
    folder.mkdir()
    (folder / "de-en.jsonl").write_text("", encoding="utf-8")
    (folder / "campaign.yaml").write_text(
        "id: released\ntitle: Released MQM\nscheme: score\n"
        "annotators: [{id: s9, expertise: student}]\n"
        "metric: {name: Released MQM, higher_is_better: true, max: 0}\n",
        encoding="utf-8",
    )
    for system, score in (("ht", -2.0), ("mt", -1.0)):
        for paragraph in ("p1", "p2"):
            append_line(
                folder / "de-en.jsonl",
                json.dumps(
                    {
                        "system": system,
                        "pair": "de-en",
                        "paragraph": paragraph,
                        "annotator": "s9",
                        "score": score,
                    }
                ),
            )
    dataset = root / "corpus/dataset.yaml"
    dataset.write_text(
        dataset.read_text(encoding="utf-8") + "primary: {campaign: released, measure: score}\n",
        encoding="utf-8",
    )
    assert _messages(root) == []
    corpus = load([root])
    board = boards(corpus, analyse(corpus))[0]
    assert board.ranked_by is not None and board.ranked_by.key == "score:released"
    assert board.ranked_by.group == "human"
    assert [r.system for r in board.rows] == ["mt", "ht"]
    assert evidence(corpus, "mt").kinds == ("human",)


def test_score_record_needs_a_paragraph_or_a_work(tmp_path: Path) -> None:
    root = _tiny(tmp_path)
    folder = root / "judgments/released"
    folder.mkdir()
    (folder / "de-en.jsonl").write_text("", encoding="utf-8")
    (folder / "campaign.yaml").write_text(
        "id: released\ntitle: Released\nscheme: score\nannotators: [{id: s9, expertise: student}]\n"
        "metric: {name: Released, higher_is_better: true}\n",
        encoding="utf-8",
    )
    append_line(
        folder / "de-en.jsonl",
        json.dumps({"system": "mt", "pair": "de-en", "annotator": "s9", "score": 1}),
    )
    messages = _messages(root)
    assert any(
        "de-en.jsonl:1: paragraph: needs exactly one of paragraph and work" in m for m in messages
    )


@pytest.mark.parametrize(
    "primary, message",
    [
        ("{campaign: nowhere}", "'nowhere' is not a campaign of this data root"),
        ("{campaign: mqm1, measure: sqm}", "campaign 'mqm1' has scheme 'mqm', measure 'sqm'"),
    ],
)
def test_primary_must_name_a_human_campaign(tmp_path: Path, primary: str, message: str) -> None:
    root = _tiny(tmp_path)
    dataset = root / "corpus/dataset.yaml"
    dataset.write_text(
        dataset.read_text(encoding="utf-8") + f"primary: {primary}\n", encoding="utf-8"
    )
    messages = _messages(root)
    assert len(messages) == 1 and message in messages[0] and "(fix: " in messages[0], messages


@pytest.mark.parametrize(
    "value, href",
    [
        (
            "https://www.gutenberg.org/files/84/84-h/84-h.htm",
            "https://www.gutenberg.org/files/84/84-h/84-h.htm",
        ),
        ("javascript:alert(1)", ""),
        ("PAR3: https://x.org", ""),
        ('https://x.org/"onmouseover=x', ""),
    ],
)
def test_only_plain_http_urls_become_links(value: str, href: str) -> None:
    from litboard.render.core.jinja import url_href

    assert url_href(value) == href


def _long(rows: list[tuple[str, str, str, float]]) -> pd.DataFrame:
    return pd.DataFrame(
        [
            {"column": c, "system": s, "pair": "de-en", "paragraph": p, "score": v}
            for c, s, p, v in rows
        ]
    )


def test_spread_and_judge_disagreement_by_hand() -> None:
    from litboard.analysis.disagreement import judge_disagreement, most_disputed, spread

    # paragraph p: humans order a > b > c; the metric agrees; the LLM judge (lower is better)
    # reverses it. Paragraph q: both judges agree with the humans.
    long = _long(
        [
            ("h", "a", "p", 3),
            ("h", "b", "p", 2),
            ("h", "c", "p", 0),
            ("m", "a", "p", 0.9),
            ("m", "b", "p", 0.5),
            ("m", "c", "p", 0.1),
            ("l", "a", "p", 9),
            ("l", "b", "p", 5),
            ("l", "c", "p", 1),
            ("h", "a", "q", 1),
            ("h", "b", "q", 2),
            ("h", "c", "q", 3),
            ("m", "a", "q", 1),
            ("m", "b", "q", 2),
            ("m", "c", "q", 3),
            ("l", "a", "q", 3),
            ("l", "b", "q", 2),
            ("l", "c", "q", 1),
        ]
    )
    spreads = spread(long, "h").set_index("paragraph")
    assert spreads.loc["p", "spread"] == 3 and spreads.loc["p", "best_system"] == "a"
    assert spreads.loc["q", "best_system"] == "c" and spreads.loc["q", "n"] == 3
    taus = judge_disagreement(long, "h", {"m": True, "l": False}).set_index(["paragraph", "column"])
    assert taus.loc[("p", "m"), "tau"] == pytest.approx(1.0)
    assert taus.loc[("p", "l"), "tau"] == pytest.approx(-1.0)  # lower-is-better oriented
    assert taus.loc[("q", "l"), "tau"] == pytest.approx(1.0)
    top = most_disputed(taus.reset_index(), 1)
    assert list(top["paragraph"]) == ["p"] and top["mean_tau"].iloc[0] == pytest.approx(0.0)
    assert top["worst"].iloc[0] == "l" and top["worst_tau"].iloc[0] == pytest.approx(-1.0)


def _loop_disagreement(long: pd.DataFrame, human: str, judges: dict[str, bool]) -> pd.DataFrame:
    """The reference: pandas' Kendall tau (scipy's tau-b), one paragraph and judge at a time."""
    wide = long.pivot_table(
        index=["pair", "paragraph", "system"], columns="column", values="score", aggfunc="mean"
    )
    out = []
    for (pair, paragraph), group in wide.groupby(level=[0, 1], sort=True):
        for column, higher in judges.items():
            both = pd.concat([group[human], group[column] * (1 if higher else -1)], axis=1).dropna()
            if len(both) < 3 or both.iloc[:, 0].nunique() < 2 or both.iloc[:, 1].nunique() < 2:
                continue
            out.append(
                {
                    "pair": pair,
                    "paragraph": paragraph,
                    "column": column,
                    "tau": float(both.iloc[:, 0].corr(both.iloc[:, 1], method="kendall")),
                    "n": len(both),
                }
            )
    return pd.DataFrame(out, columns=["pair", "paragraph", "column", "tau", "n"])


def test_judge_disagreement_equals_the_per_paragraph_loop_bit_for_bit() -> None:
    from litboard.analysis.disagreement import judge_disagreement

    rng = np.random.default_rng(3)
    rows = []
    for paragraph in range(300):
        systems = rng.choice(12, size=rng.integers(1, 12), replace=False)
        for column, levels in (("h", 4), ("m", 0), ("l", 3)):
            for system in systems:
                if rng.random() < 0.15:
                    continue  # missing scores
                value = float(rng.integers(0, levels)) if levels else float(rng.normal())
                rows.append(
                    {
                        "column": column,
                        "system": f"s{system:02d}",
                        "paragraph": f"p{paragraph:03d}",
                        "pair": "de-en" if paragraph % 3 else "en-zh",
                        "score": value,
                    }
                )
    long = pd.DataFrame(rows)
    judges = {"m": True, "l": False, "absent": True}
    fast, slow = (
        judge_disagreement(long, "h", judges),
        _loop_disagreement(long, "h", {"m": True, "l": False}),
    )
    assert len(slow) > 300
    pd.testing.assert_frame_equal(fast, slow, check_exact=True)
    assert judge_disagreement(long[long["column"] != "h"], "h", judges).empty


def test_demo_paragraph_list_and_disagreement_page(demo_root) -> None:
    from litboard.render.site_pages import generated_pages

    corpus = load([demo_root])
    files = generated_pages(corpus, analyse(corpus))
    listing = files["paragraphs/index.md"]
    assert "hide:\n  - navigation\n  - toc" in listing
    assert 'data-lb-list-filter' in listing and 'data-pair="de-en"' in listing
    assert "spread" in listing and 'href="disagreement.html"' in listing
    disputed = files["paragraphs/disagreement.md"]
    assert "Kendall τ-b" in disputed and "chrF (τ = " in disputed
    assert "at least 5 systems" in disputed and "permutation" in disputed
    assert files["paragraphs/disagreement.csv"].startswith(
        "paragraph,work,pair,human column,mean tau,p,"
    )


def test_disagreement_p_is_an_exact_permutation_test_by_hand() -> None:
    from itertools import permutations

    from scipy.stats import kendalltau

    from litboard.analysis.disagreement import disagreement_p

    # five systems; the metric reverses the humans, the LLM judge nearly does
    human = np.array([5.0, 4.0, 3.0, 2.0, 1.0])
    judges = np.array([[1.0, 2.0, 3.0, 4.0, 5.0], [1.0, 2.0, 3.0, 5.0, 4.0]])
    mean_tau, p = disagreement_p(human, judges)
    assert mean_tau == pytest.approx(-0.9)
    means = [
        np.mean([kendalltau(human[list(o)], j).statistic for j in judges])
        for o in permutations(range(5))
    ]
    assert p == pytest.approx(np.mean(np.array(means) <= -0.9 + 1e-12))
    assert p == pytest.approx(2 / 120)  # only the two orderings that reverse the humans'
    # three systems, perfectly reversed: p = 1/6, never "significant"
    assert disagreement_p(np.array([3.0, 2.0, 1.0]), np.array([[1.0, 2.0, 3.0]]))[
        1
    ] == pytest.approx(1 / 6)


@pytest.fixture(scope="module")
def liteval_corpus(liteval_release: Path, tmp_path_factory: pytest.TempPathFactory):
    from litboard.importers.releases import liteval

    root = tmp_path_factory.mktemp("liteval-board") / "data"
    liteval.run(liteval_release, root)
    return load([root])


@pytest.mark.shared
def test_liteval_board_ranks_by_student_mqm_with_human_translation_1_first(liteval_corpus) -> None:
    from litboard.render.core.badges import LABELS

    all_boards = {b.pair: b for b in boards(liteval_corpus, analyse(liteval_corpus))}
    assert set(all_boards) == {"de-en", "de-zh", "en-de", "en-zh"}
    for board in all_boards.values():
        assert board.ranked_by is not None and board.ranked_by.key == "score:student-mqm"
        assert board.ranked_by.group == "human"
        assert {c.group for c in board.columns} == {"human", "metric", "llm"}
        assert "score:student-mqm-second" in board.sparse or board.pair == "de-zh"
        # every LitEval system has student MQM: none is badged LLM-judged or metrics-only
        assert {r.chip for r in board.rows + board.unranked} == {LABELS["human"]}
    de_en = all_boards["de-en"]
    assert de_en.rows[0].name == "Human translation 1"
    assert de_en.rows[0].cells["score:student-mqm"].rank_min == 1
    gemba = next(c for c in de_en.columns if c.key == "metric:gemba-mqm-literary")
    assert gemba.group == "llm"


def test_creative_shift_share_by_hand() -> None:
    from litboard.analysis.leaderboard import creative_shift_shares

    ucps = pd.DataFrame(
        {
            "campaign": ["cr"] * 4,
            "system": ["a", "a", "a", "b"],
            "pair": ["en-nl"] * 4,
            "paragraph": ["p"] * 4,
            "annotator": ["pro"] * 4,
            "ucp_class": ["CSM", "R", "CSA", "O"],
        }
    )
    shares = creative_shift_shares(ucps).set_index("system")["score"]
    assert shares["a"] == pytest.approx(2 / 3) and shares["b"] == 0.0


@pytest.mark.shared
def test_creativity_board_ranks_by_the_professionals_creativity_index(
    creativity_release: Path, tmp_path_factory: pytest.TempPathFactory
) -> None:
    from litboard.importers import get

    root = tmp_path_factory.mktemp("creativity-board") / "data"
    get("creativity-bias")(creativity_release, root)
    corpus = load([root])
    all_boards = {b.pair: b for b in boards(corpus, analyse(corpus))}
    board = all_boards["en-nl"]
    assert board.ranked_by is not None and board.ranked_by.key == "score:pro-ci"
    assert board.ranked_by.unit == "text" and board.unranked == []
    top = board.rows[0]
    assert top.system == "ht"
    cell = top.cells["score:pro-ci"]
    assert cell.value == pytest.approx(62.2, abs=0.05)  # paper 003 Table 4: en-nl HT CI 62.2
    assert cell.ci_low is not None and cell.ci_low <= cell.value <= cell.ci_high
    keys = {c.key: c for c in board.columns}
    # MQM of the professionals is defined (per 100 source words), never NaN
    mqm = keys["mqm:pro-errors"]
    assert "per 100 words" in mqm.label and mqm.group == "human"
    assert all(r.cells["mqm:pro-errors"].value is not None for r in board.rows)
    assert keys["creativity:creativity"].group == "human"
    assert keys["metric:llm-ci"].group == "llm"


def test_vectorised_spread_equals_the_per_paragraph_loop() -> None:
    """``spread`` sorts once for all paragraphs; the reference sorts each paragraph's systems."""
    import numpy as np
    import pandas as pd

    from litboard.analysis.disagreement import spread

    rng = np.random.default_rng(4)
    long = pd.DataFrame(
        [
            {
                "column": c,
                "system": f"s{s}",
                "pair": p,
                "paragraph": f"q{q}",
                "score": float(rng.integers(0, 4)) if rng.random() > 0.1 else np.nan,
            }
            for c in ("a", "b")
            for p in ("de-en", "en-zh")
            for q in range(30)
            for s in range(5)
        ]
    )
    for higher in (True, False):
        rows = long[(long["column"] == "a") & long["score"].notna()]
        expected = []
        for (pair, paragraph), group in rows.groupby(["pair", "paragraph"], sort=True):
            ordered = group.sort_values(["score", "system"], ascending=[not higher, True])
            best, worst = float(ordered["score"].iloc[0]), float(ordered["score"].iloc[-1])
            expected.append(
                {
                    "pair": pair,
                    "paragraph": paragraph,
                    "n": len(group),
                    "best": best,
                    "worst": worst,
                    "spread": abs(best - worst),
                    "best_system": str(ordered["system"].iloc[0]),
                }
            )
        got = spread(long, "a", higher)
        assert got.to_dict("records") == expected
