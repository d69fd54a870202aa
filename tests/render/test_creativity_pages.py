"""The Creativity pages (issue 4) of the built Creativity Bias site: pages, CSVs, numbers
pinned to paper 003, the reported-vs-data flags, the text readers, and one golden fragment."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pandas as pd
import pytest

from litboard.load.read import load
from litboard.model import Corpus
from litboard.render.creativity import pages as creativity_pages
from litboard.render.core.jinja import DEFAULT_TEMPLATES
from litboard.analysis.boards import analyse

from ..creativity_site import CreativitySite, creativity_site
from ..golden import check_golden
from ..helpers import FIXTURES


@pytest.fixture(scope="module")
def site(creativity_release: Path, tmp_path_factory: pytest.TempPathFactory) -> CreativitySite:
    return creativity_site(creativity_release, tmp_path_factory)


@pytest.fixture(scope="module")
def corpus(site: CreativitySite) -> Corpus:
    return load([site.root])


def read(site: CreativitySite, name: str) -> str:
    return (site.out / "creativity" / name).read_text(encoding="utf-8")


def rows(page: str) -> list[tuple[str, list[str]]]:
    """(row class, cell texts) of every body row in a page."""
    out = []
    for attributes, body in re.findall(r"<tr([^>]*)>(.*?)</tr>", page, re.S):
        # a row may have an id before it
        css = next(iter(re.findall(r' class="([^"]*)"', attributes)), "")
        cells = [
            html.unescape(re.sub(r"<[^>]+>", "", c)).strip()
            for c in re.findall(r"<td[^>]*>(.*?)</td>", body, re.S)
        ]
        if cells:
            out.append((css, cells))
    return out


def test_one_reader_page_per_text(site: CreativitySite, corpus: Corpus) -> None:
    scores = corpus.tables["metric_scores"]
    texts = {(w, p) for w, p in zip(scores["work"], scores["pair"]) if isinstance(w, str) and w}
    # 6 works: the 3 English ones in en-nl and en-ca, the 3 Russian ones in ru-nl
    assert len(texts) == 9
    pages = sorted(p.name for p in (site.out / "creativity" / "texts").glob("*.html"))
    assert pages == sorted(f"{w}-{p}.html" for w, p in texts)
    for work, pair in texts:
        page = read(site, f"texts/{work}-{pair}.html")
        paragraphs = corpus.paragraphs.loc[corpus.paragraphs["work"] == work, "paragraph"]
        for pid in paragraphs:  # one row per line, linked to the generic paragraph page
            assert (
                f'<tr id="{pid}">' in page and f'href="../../paragraphs/{pid}.html#{pair}"' in page
            )
            assert (site.out / "paragraphs" / f"{pid}.html").exists()
        heads = re.findall(r'<th scope="col">(HT|PE|MT):', page)
        assert heads == ["HT", "PE", "MT"]


def test_overview_pages_and_nav(site: CreativitySite) -> None:
    for name in ("index.html", "modality.html", "genre.html", "reported.html", "statistics.html"):
        assert (site.out / "creativity" / name).exists(), name
    home = (site.out / "index.html").read_text(encoding="utf-8")
    for label in (
        "Creativity",
        "Creativity by modality",
        "Creativity by genre",
        "Creativity: paper vs data",
        "Creativity: correlations and tests",
    ):
        assert label in home


def test_reported_page_flags_table_11_pe_ru_nl_thriller(site: CreativitySite) -> None:
    page = read(site, "reported.html")
    hits = [
        (css, cells)
        for css, cells in rows(page)
        if cells[1:6] == ["Table 11", "ru-nl", "thriller", "PE", "CI (professionals)"]
    ]
    assert len(hits) == 1
    css, cells = hits[0]
    assert css == "lb-disagree" and cells[0] == "✗ disagrees"  # class and a visible text marker
    assert cells[6] == "48.4" and cells[7] == "7.557" and cells[8] == "-40.843"
    assert cells[9] == "Table 14: 7.6"  # the paper's own Table 14 says 7.6
    assert "Table 11 prints 48.4, Table 14 prints 7.6; the data give 7.557." in html.unescape(page)
    table14 = [
        cells
        for _, cells in rows(page)
        if cells[1:6] == ["Table 14", "ru-nl", "thriller", "PE", "CI (professionals)"]
    ]
    assert table14[0][0] == "✓ agrees"
    # disagreements are listed first
    statuses = [cells[0] for css, cells in rows(page) if len(cells) == 10]
    first_agree = statuses.index("✓ agrees")
    assert (
        set(statuses[:first_agree]) == {"✗ disagrees"}
        and "✗ disagrees" not in statuses[first_agree:]
    )


def test_csvs_parse_and_are_linked(site: CreativitySite) -> None:
    folder = site.out / "creativity"
    csvs = sorted(folder.glob("*.csv"))
    assert len(csvs) >= 14
    pages = "".join(
        read(site, n)
        for n in ("index.html", "modality.html", "genre.html", "reported.html", "statistics.html")
    )
    for path in csvs:
        frame = pd.read_csv(path)
        assert (
            len(frame)
            and frame["data_version"].str.startswith("creativity-bias files-sha256-").all()
        )
        assert f'href="{path.name}" download' in pages, path.name


def test_leaderboard_numbers_match_table_4(site: CreativitySite) -> None:
    board = pd.read_csv(site.out / "creativity" / "leaderboard.csv").set_index(["pair", "modality"])
    assert len(board) == 9 and (board["n_texts"] == 3).all()
    # paper 003 Table 4, CI column (means over the three genres)
    for (pair, modality), ci in {
        ("en-nl", "HT"): 62.2,
        ("en-ca", "PE"): 15.2,
        ("ru-nl", "PE"): 32.2,
    }.items():
        assert board.loc[(pair, modality), "pro-ci"] == pytest.approx(ci, abs=0.05)
    # Table 4 prints -50.8 for RU-NL MT; the mean of the three texts is -50.749 (listed on the
    # reported page)
    assert board.loc[("ru-nl", "MT"), "pro-ci"] == pytest.approx(-50.7486, abs=1e-3)
    assert "llm-ci" in board.columns


def test_per_text_table_flags_the_en_nl_short_story_pe(site: CreativitySite) -> None:
    texts = pd.read_csv(site.out / "creativity" / "texts.csv")
    assert len(texts) == 27
    off = texts[texts["ci_difference"].abs() > 0.01]
    assert off[["pair", "work", "modality"]].values.tolist() == [["en-nl", "en-short-story", "PE"]]
    assert off["pro-ci"].iloc[0] == pytest.approx(42.43, abs=0.005)
    assert off["ci_from_components"].iloc[0] == pytest.approx(41.90, abs=0.005)
    flagged = [cells for css, cells in rows(read(site, "index.html")) if css == "lb-disagree"]
    assert (
        len(flagged) == 1 and flagged[0][0] == "Afternoon in Summer" and "✗ differs" in flagged[0]
    )


def test_modality_page_confusion_and_spearman(site: CreativitySite) -> None:
    table8 = pd.read_csv(site.out / "creativity" / "confusion-all.csv")
    assert table8[["CS", "R", "O"]].values.ravel().tolist()[:9] == [
        90,
        73,
        2,
        110,
        265,
        2,
        4,
        14,
        4,
    ]
    table13 = pd.read_csv(site.out / "creativity" / "confusion-mt.csv")
    assert table13[["CS", "R", "O"]].values.ravel().tolist()[:9] == [17, 37, 0, 17, 110, 1, 1, 4, 1]
    page = html.unescape(read(site, "modality.html"))
    assert "all texts: ρ = <strong>0.161</strong>" in page  # Fig. 3
    assert "MT: ρ = <strong>0.433</strong>" in page  # paper: 0.43
    assert '<script src="../assets/litboard/vega-bundle.js"></script>' in page
    assert (site.out / "assets" / "litboard" / "vega-bundle.js").stat().st_size > 100_000
    for chart in ("ci-by-modality", "ci-llm-vs-pro"):
        assert (
            site.out / "creativity" / f"{chart}.svg"
        ).exists() and f'id="figure-{chart}"' in page


def test_genre_page_errors_match_table_9(site: CreativitySite) -> None:
    table9 = pd.read_csv(site.out / "creativity" / "errors-by-genre.csv").set_index("genre")
    assert table9.loc["poem", ["professional", "llm", "match"]].tolist() == [84, 137, 42]
    assert table9.loc["thriller", ["professional", "llm", "match"]].tolist() == [107, 93, 28]
    assert len(pd.read_csv(site.out / "creativity" / "errors-per-text.csv")) == 27
    assert 'id="figure-errors-by-genre"' in read(site, "genre.html")


def test_reader_spans_carry_category_severity_and_both_ucp_classes(
    site: CreativitySite, corpus: Corpus
) -> None:
    page = read(site, "texts/en-poem-en-nl.html")
    errors = corpus.tables["mqm_errors"]
    expected = errors[
        (errors["campaign"] == "llm-tsa-errors")
        & (errors["pair"] == "en-nl")
        & errors["paragraph"].str.startswith("en-poem-")
    ]
    spans = set(re.findall(r'<mark class="lb-s lb-l-auto[^"]*"[^>]*data-span="([^"]+)"', page))
    assert len(spans) == len(expected) == 32
    first = expected.sort_values(["paragraph", "system"]).iloc[0]
    assert f"<bdi class=\"lb-pop-title\">{first['category']}/{first['subcategory']}</bdi>" in page
    assert "severity: major" in page and "severity: minor" in page
    assert "lb-cr-disagree" in page and "lb-cr-agree" in page
    # both classes when they differ
    assert re.search(r'data-badge="(CS[ACM]?|R|O)≠(CS[ACM]?|R|O)"', page)
    assert re.search(r'data-badge="(CS[ACM]?|R|O)\|(CS[ACM]?|R|O)"', page)
    assert "gpt-5.2" in page and "Data: creativity-bias files-sha256-" in page


def test_golden_leaderboard_fragment(site: CreativitySite) -> None:
    page = read(site, "index.html")
    fragment = re.search(
        r'<section class="lb-cr-section" id="leaderboard">.*?</section>\n', page, re.S
    )
    assert fragment is not None
    check_golden("creativity/leaderboard.html", fragment.group(0))


def test_no_pages_without_per_text_scores() -> None:
    tiny = load([FIXTURES / "tiny"])
    pages = creativity_pages.build(tiny, analyse(tiny), DEFAULT_TEMPLATES)
    assert pages.files == {} and pages.nav == []


# ---------------------------------------------------------------- correlations and tests (issue 29,
# finding 6)


def _section(page: str, id: str) -> str:
    found = re.search(rf'<section class="lb-cr-section" id="{id}">.*?</section>\n', page, re.S)
    assert found is not None, id
    return found.group(0)


def test_figure_2_heatmap_has_a_table_with_all_27_values(site: CreativitySite) -> None:
    page = read(site, "statistics.html")
    # the chart, with alt text
    assert 'id="figure-figure-2"' in page and 'src="figure-2.svg"' in page
    table = rows(_section(page, "figure-2"))
    # 9 metrics x (n + 3 x (ρ, paper))
    assert len(table) == 9 and all(len(cells) == 8 for _, cells in table)
    by_metric = {cells[0].lstrip("¶ "): cells[1:] for _, cells in table}
    assert by_metric["BLEURT"][:3] == ["18", "0.387", "0.39 ✓"]  # Sec. 4.1: the strongest, 0.39
    assert by_metric["BLEU"][3:5] == ["0.198", "0.2 ✓"] and by_metric["chrF2"][3:5] == [
        "0.202",
        "0.2 ✓",
    ]
    assert by_metric["COMETKiwi"][0] == "27"  # reference-free: HT texts count too
    spec = json.loads((site.out / "creativity" / "figure-2.vl.json").read_text(encoding="utf-8"))
    assert len(spec["datasets"][next(iter(spec["datasets"]))]) == 27


def test_figure_4_per_genre_has_81_values_and_the_thriller_claim(site: CreativitySite) -> None:
    frame = pd.read_csv(site.out / "creativity" / "figure-4.csv").set_index("metric")
    values = frame[[c for c in frame.columns if "|" in c]]
    assert values.drop(index="mean").notna().sum().sum() == 81
    mean = values.loc["mean"]
    # Sec. 4.3: correlations with CS and CI much higher for thrillers than for poems
    for human in ("pro-cs", "pro-ci"):
        assert mean[f"thriller|{human}"] > mean[f"poem|{human}"] + 0.25
    assert frame.loc["aem-chrf2", "short story|pro-error-points"] == pytest.approx(0.9856, abs=1e-4)


def test_table_12_post_hoc_flags_the_errors_column_and_the_genre_label(
    site: CreativitySite,
) -> None:
    table = pd.read_csv(site.out / "creativity" / "posthoc.csv", keep_default_na=False)
    assert len(table) == 18  # 3 scores x 2 groupings x 3 pairs
    flagged = table[table["paper"].str.contains("✗")]
    assert sorted(zip(flagged["variable"], flagged["comparison"], flagged["paper"])) == [
        ("pro-cs", "short story – thriller", "0.26 ✗ paper typo; 0.69 ✓"),
        ("pro-error-points", "HT – MT", "0.000 ✗ copied from another cell"),
        ("pro-error-points", "HT – PE", "0.011 ✗ copied from another cell"),
    ]
    ci = table[(table["variable"] == "pro-ci") & (table["by"] == "modality")]
    assert set(ci["method"]) == {"exact"} and ci["paper"].str.endswith("✓").all()
    page = html.unescape(read(site, "statistics.html"))
    assert "Errors (error points), HT–MT: Table 12 prints 0.000 (copied from another cell)." in page
    assert [css for css, cells in rows(_section(read(site, "statistics.html"), "posthoc"))].count(
        "lb-disagree"
    ) == 3


def test_bowker_post_hoc_and_match_rates(site: CreativitySite) -> None:
    symmetry = pd.read_csv(site.out / "creativity" / "symmetry.csv", keep_default_na=False)
    cs_r = symmetry[(symmetry["modality"] == "all") & (symmetry["comparison"] == "CS vs R")].iloc[0]
    assert (cs_r["n_first_second"], cs_r["n_second_first"]) == (73, 110)
    assert float(cs_r["p_holm"]) == pytest.approx(0.012472, abs=1e-6) and cs_r["paper"] == "0.012 ✓"
    rates = pd.read_csv(
        site.out / "creativity" / "match-rates.csv", keep_default_na=False
    ).set_index("modality")
    assert rates["matched"].to_dict() == {"all": 359, "HT": 110, "PE": 121, "MT": 128}
    assert (
        rates.loc["MT", "paper percent"] == "68 ✓"
        and rates.loc["all", "paper percent"] == "63.6 ✗ truncation"
    )


def test_golden_post_hoc_fragment(site: CreativitySite) -> None:
    check_golden("creativity/posthoc.html", _section(read(site, "statistics.html"), "posthoc"))


def test_statistics_page_leaves_out_what_the_data_cannot_give(corpus: Corpus) -> None:
    """A creativity dataset without automatic metrics or UCP classes still gets the page, with the
    post-hoc tests only (no empty heatmap, no crash)."""
    from dataclasses import replace

    scores = corpus.tables["metric_scores"]
    bare = replace(
        corpus,
        tables={
            **corpus.tables,
            "metric_scores": scores[~scores["campaign"].str.startswith("aem-")],
            "ucps": corpus.tables["ucps"].iloc[0:0],
        },
    )
    pages = creativity_pages.build(bare, analyse(bare), DEFAULT_TEMPLATES)
    page = str(pages.files["creativity/statistics.md"])
    assert "No automatic metric scores per text" in page and 'id="posthoc"' in page
    assert 'id="figure-2"' not in page and 'id="symmetry"' not in page
    assert "creativity/figure-2.csv" not in pages.files and "creativity/posthoc.csv" in pages.files
