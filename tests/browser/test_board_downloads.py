"""The board's downloads follow what it shows (issue 30, goal 1): the pair, the columns and the
systems a reader has chosen carry into the `.csv`, `.json` and `.tex` the board writes
(templates/assets/litboard-tables.js), which are byte for byte the files litboard.cite.shown
writes in Python; the `.tex` compiles in an ACL page. Without JavaScript the links give the
full files."""

from __future__ import annotations

import csv
import io
import json
import random
import urllib.request
from pathlib import Path

import pytest

from litboard.cite.downloads import json_text as json_text_of
from litboard.cite.downloads import parse_csv
from litboard.cite.paper_table import COMPANIONS, measure_groups
from litboard.cite.shown import Shown, shown_files
from litboard.files.csv_cells import FORMULA_START

from ..cite.test_shown import HOSTILE_PROVENANCE, hostile_table
from ..cite.latexdoc import ACL_PREAMBLE, compile_tables, overfull
from .conftest import ARTIFACTS
from .test_board import _open, board_url

SHOWN_BOARD = "section.lb-board:not(.lb-filtered)"


def _get(url: str) -> str:
    with urllib.request.urlopen(url) as answer:  # the local test server only
        return answer.read().decode("utf-8")


def _python(csv_href: str, shown: Shown) -> dict[str, str]:
    """The shown files as Python writes them from the site's own CSV and JSON."""
    csv_text, json_text = _get(csv_href), _get(csv_href.removesuffix(".csv") + ".json")
    document = json.loads(json_text)
    files = shown_files(document["table"], csv_text, document["provenance"], shown)
    return {name.rsplit(".", 1)[-1]: text for name, text in files.items()}


def _shown_arg(shown: Shown) -> dict[str, object]:
    return {
        "pair": shown.pair,
        "hidden": list(shown.hidden),
        "systems": None if shown.systems is None else list(shown.systems),
    }


# as the board's first click does
LOAD_TABLES = "() => window.litboardLoadTables().then(() => null)"


def _browser_texts(page, csv_text: str, json_text: str, shown: Shown) -> dict[str, str]:
    page.evaluate(LOAD_TABLES)
    files = page.evaluate(
        "([c, j, shown]) => window.litboardTables.shownFiles(c, j, shown)",
        [csv_text, json_text, _shown_arg(shown)],
    )
    return {name.rsplit(".", 1)[-1]: text for name, text in files.items()}


def _browser(page, csv_href: str, shown: Shown) -> dict[str, str]:
    """The same files as the board's script writes them (litboard-tables.js, loaded as on click)."""
    page.evaluate(LOAD_TABLES)
    files = page.evaluate(
        """async ([csv, shown]) => {
             const get = (u) => fetch(u).then((r) => r.text());
             const [c, j] = await Promise.all([get(csv), get(csv.replace(/\\.csv$/, '.json'))]);
             return window.litboardTables.shownFiles(c, j, shown);
           }""",
        [csv_href, _shown_arg(shown)],
    )
    return {name.rsplit(".", 1)[-1]: text for name, text in files.items()}


def _column_sets(
    header: list[str], ids: list[str], rng: random.Random
) -> list[tuple[tuple[str, ...], tuple[str, ...] | None]]:
    """(hidden labels, kept systems) to compare: nothing, the primary measure, every other
    measure, every measure, a single system, random subsets."""
    measures = list(measure_groups(header))
    sets: list[tuple[tuple[str, ...], tuple[str, ...] | None]] = [
        ((), None),
        (tuple(measures[:1]), None),
        (tuple(measures[1::2]), None),
        (tuple(measures), None),
        ((), tuple(ids[:1])),
        (tuple(measures[1:]), tuple(ids[::2])),
    ]
    for _ in range(4):
        sets.append(
            (
                tuple(m for m in measures if rng.random() < 0.5),
                tuple(i for i in ids if rng.random() < 0.7),
            )
        )
    return sets


def _parity(page, site_url: str, board_page: str) -> dict[str, str]:
    """Compare browser and Python for every board table of a page; the LaTeX tables compared."""
    page.goto(board_page)
    rng, compared = random.Random(30), {}
    for href in page.locator("p[data-lb-download]").evaluate_all(
        "ps => ps.map(p => new URL(p.dataset.lbDownload, document.baseURI).href)"
    ):
        header, rows = parse_csv(_get(href))
        ids = [row[header.index("system")] for row in rows]
        for hidden, systems in _column_sets(header, ids, rng):
            shown = Shown("x", hidden, systems)
            files = _python(href, shown)
            assert _browser(page, href, shown) == files, (href, hidden, systems)
            compared[f"{href} {len(compared)}"] = files["tex"]
    return compared


@pytest.mark.shared
def test_browser_and_python_write_the_same_files_on_liteval(
    page, liteval_site: str, tmp_path: Path
) -> None:
    tables = _parity(page, liteval_site, board_url(liteval_site))
    assert len(tables) >= 40  # 4 pairs x 10 column/system sets
    # every one of them compiles in an ACL page without an overfull box
    done, _ = compile_tables(tmp_path / "acl", tables, ACL_PREAMBLE)
    assert done.returncode == 0, done.stdout[-3000:]
    assert [box for box in overfull(tmp_path / "acl", tables) if box[1] > 1.0] == []


def test_browser_and_python_write_the_same_files_on_hostile_and_cjk_boards(
    page, hostile_site: str, cjk_site: str, demo_site: str, tmp_path: Path
) -> None:
    tables: dict[str, str] = {}
    for site, least in ((hostile_site, 10), (cjk_site, 10), (demo_site, 20)):
        compared = _parity(page, site, f"{site}/index.html")
        assert len(compared) >= least
        tables.update(compared)
    done, _ = compile_tables(tmp_path / "acl", tables, ACL_PREAMBLE)
    assert done.returncode == 0, done.stdout[-3000:]
    assert [box for box in overfull(tmp_path / "acl", tables) if box[1] > 1.0] == []


def test_browser_and_python_agree_on_a_hostile_hand_made_table(page, demo_site: str) -> None:
    """Formula names, LaTeX specials, CJK, a hostile data version, a hidden primary measure."""
    page.goto(f"{demo_site}/index.html")
    path = "h/leaderboard-de-en.csv"
    block = HOSTILE_PROVENANCE.block(path)
    csv_text = hostile_table()
    header, rows = parse_csv(csv_text)
    json_text = json_text_of(path, header, rows, block)
    ids = [row[1] for row in rows]
    for hidden, systems in _column_sets(header, ids, random.Random(3)) + [
        (("MQM", "chrF", "Pearson ρ"), ())
    ]:
        shown = Shown("de-en", hidden, systems)
        expected = {
            name.rsplit(".", 1)[-1]: text
            for name, text in shown_files(path, csv_text, block, shown).items()
        }
        assert _browser_texts(page, csv_text, json_text, shown) == expected, (hidden, systems)


def _download(page, board, kind: str) -> str:
    with page.expect_download() as caught:
        board.locator(f"p.lb-download-shown a[data-lb-shown='{kind}']").click()
    download = caught.value
    assert download.suggested_filename.endswith(f".shown.{kind}")
    return Path(download.path()).read_text(encoding="utf-8")


def _is_number(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True


def _csv_rows(text: str) -> tuple[list[str], list[str], list[list[str]]]:
    lines = text.splitlines(keepends=True)
    comments = [line.rstrip("\n") for line in lines if line.startswith("#")]
    rows = list(
        csv.reader(io.StringIO("".join(line for line in lines if not line.startswith("#"))))
    )
    return comments, rows[0], rows[1:]


@pytest.mark.shared
def test_downloads_follow_the_pair_columns_and_systems(
    page, liteval_site: str, tmp_path: Path
) -> None:
    _open(page, board_url(liteval_site), "wide")
    page.locator("form[data-lb-controls] input[name='pair'][value='en-zh']").check()
    board = page.locator(SHOWN_BOARD)
    assert board.get_attribute("data-pair") == "en-zh"
    # hide two measures from the Columns chooser and the human translations from the filters
    board.locator(".lb-column-chooser summary").click()
    labels = board.locator("th.lb-col").evaluate_all(
        "ths => ths.map(t => [t.dataset.col, t.dataset.label])"
    )
    hidden = [labels[1], labels[3]]
    for key, _ in hidden:
        board.locator(f".lb-column-chooser input[value='{key}']").uncheck()
    page.locator("form[data-lb-controls] .lb-filters summary").click()
    page.locator("form[data-lb-controls] input[name='modality'][value='HT']").uncheck()
    visible = board.locator("tr.lb-row:not(.lb-filtered)").evaluate_all(
        "rs => rs.map(r => r.dataset.system)"
    )
    every = board.locator("tr.lb-row").evaluate_all("rs => rs.map(r => r.dataset.system)")
    assert 0 < len(visible) < len(every)
    line = board.locator("p.lb-download-shown")
    assert line.is_visible() and "pair en-zh" in line.inner_text()
    gone = set(
        board.locator("th.lb-col.lb-col-hidden").evaluate_all(
            "ths => ths.map(t => t.dataset.label)"
        )
    )
    assert {label for _, label in hidden} <= gone
    ARTIFACTS.mkdir(exist_ok=True)
    line.scroll_into_view_if_needed()
    page.screenshot(path=str(ARTIFACTS / "board-downloads-as-shown.png"))
    got = {kind: _download(page, board, kind) for kind in ("csv", "json", "tex")}

    href = board.locator("p[data-lb-download]").evaluate(
        "p => new URL(p.dataset.lbDownload, document.baseURI).href"
    )
    assert href.endswith("/leaderboard-en-zh.csv")
    expected = _python(href, Shown("en-zh", tuple(sorted(gone)), tuple(visible)))
    assert got == expected  # byte for byte what Python writes for this pair, column set and systems

    comments, header, rows = _csv_rows(got["csv"])
    assert comments[0].startswith("# litboard table ") and "leaderboard-en-zh.csv" in comments[0]
    assert "pair en-zh" in comments[0] and any(
        "recompute the full table: litboard build" in c for c in comments
    )
    assert any(c.startswith("# Data: ") for c in comments)
    assert not {label for label in gone} & set(header)
    assert not {f"{label} {c}" for label in gone for c in COMPANIONS} & set(header)
    assert sorted(row[header.index("system")] for row in rows) == sorted(visible)
    assert all(
        not cell.startswith(FORMULA_START) or _is_number(cell) for row in rows for cell in row
    )
    document = json.loads(got["json"])
    assert document["shown"]["pair"] == "en-zh" and set(document["shown"]["hidden_columns"]) == gone
    assert sorted(document["shown"]["left_out_systems"]) == sorted(set(every) - set(visible))
    assert sorted(r["system"] for r in document["rows"]) == sorted(visible)
    assert document["provenance"]["command"].startswith("litboard build")
    assert not gone & set(document["columns"])
    tex = got["tex"]
    caption = tex.replace("\\allowbreak{}", "")
    assert (
        "As shown on the board: pair en-zh, without the columns" in caption
        and "Recompute:" in caption
    )
    assert tex.startswith("% litboard table ")
    done, _ = compile_tables(tmp_path / "acl", {"shown.tex": tex}, ACL_PREAMBLE)
    assert done.returncode == 0, done.stdout[-3000:]
    assert [box for box in overfull(tmp_path / "acl", {"shown.tex": tex}) if box[1] > 1.0] == []


@pytest.mark.shared
def test_every_column_and_system_shown_gives_no_filtered_line(page, liteval_site: str) -> None:
    _open(page, f"{board_url(liteval_site)}?hide=-", "wide")
    board = page.locator(SHOWN_BOARD)
    assert board.locator("th.lb-col.lb-col-hidden").count() == 0
    assert board.locator("p.lb-download-shown").is_hidden()
    assert board.locator("p[data-lb-download]").inner_text().startswith("Download this table")
    # one column hidden: the filtered line appears, the full files stay a click away
    board.locator(".lb-column-chooser summary").click()
    board.locator(".lb-column-chooser input").nth(2).uncheck()
    assert board.locator("p.lb-download-shown").is_visible()
    assert "1 column hidden" in board.locator("p.lb-download-shown").inner_text()
    full = board.locator("p[data-lb-download]")
    assert full.inner_text().startswith("Download the full table")
    assert full.locator("a").evaluate_all(
        "as => as.map(a => a.getAttribute('href').split('/').pop())"
    ) == [
        "leaderboard-de-en.csv",
        "leaderboard-de-en.json",
        "leaderboard-de-en.tex",
        "data-api.html",  # every download line links the Data API (issue 54)
    ]
    # all pairs: every board offers its own pair's files as shown
    page.locator("form[data-lb-controls] input[name='pair'][value='all']").check()
    for section in page.locator("section.lb-board").all():
        pair = section.get_attribute("data-pair")
        line = section.locator("p.lb-download-shown")
        assert line.is_visible() and f"(pair {pair}, 1 column hidden)" in line.inner_text()
        assert line.locator("a").evaluate_all("as => as.map(a => a.getAttribute('download'))") == [
            f"leaderboard-{pair}.shown.{k}" for k in ("csv", "json", "tex")
        ]


@pytest.mark.shared
def test_without_javascript_the_links_give_the_full_files(no_js_page, liteval_site: str) -> None:
    no_js_page.goto(board_url(liteval_site))
    assert no_js_page.locator("p.lb-download-shown").count() == 0
    for board in no_js_page.locator("section.lb-board").all():
        pair = board.get_attribute("data-pair")
        hrefs = board.locator("p[data-lb-download] a").evaluate_all("as => as.map(a => a.href)")
        assert [h.rsplit("/", 1)[-1] for h in hrefs] == [
            *(f"leaderboard-{pair}.{k}" for k in ("csv", "json", "tex")),
            "data-api.html",  # every download line links the Data API (issue 54)
        ]
        with urllib.request.urlopen(hrefs[2]) as answer:  # the full default file is there
            assert answer.read().decode("utf-8").startswith("% litboard table ")


def _awkward_texts(rng: random.Random) -> list[str]:
    """Cells that test the port's Python semantics: numbers in every spelling Python reads
    (underscores, Unicode digits and spaces, inf/nan, exponents), halves at each precision,
    LaTeX specials, CJK, emoji, OT1 gaps, control characters, formula starts."""
    pieces = list("0123456789.-+_eE ,:|/[]{}\\&%$#~^<>=@'\"\t\n") + [
        "٣",
        "٥",
        "²",
        "①",
        "\xa0",
        "\u2028",
        "\x1c",
        "\x85",
        "İ",
        "ß",
        "Ð",
        "«",
        "„",
        "—",
        "漢",
        "😀",
        "ǅ",
        "Σ",
        "inf",
        "nan",
        "Infinity",
        "ρ",
        "τ",
        "%",
    ]
    texts = ["".join(rng.choice(pieces) for _ in range(rng.randint(0, 8))) for _ in range(3000)]
    numbers = [rng.uniform(-1e3, 1e3) for _ in range(500)] + [
        k / 1000 + 0.0005 for k in range(-1500, 1500)
    ]
    numbers += [k / 1024 for k in range(-300, 300)] + [
        0.0,
        -0.0,
        1e-13,
        -1e-13,
        1e16,
        1e22,
        123456789.125,
    ]
    return texts + [repr(x) for x in numbers] + ["%.12g" % x for x in numbers]


def test_the_port_keeps_pythons_semantics_cell_by_cell(page, demo_site: str) -> None:
    from litboard.cite.downloads import _value
    from litboard.cite.latex import breakable, escape, header_lines
    from litboard.cite.paper_table import digits_for, format_cell, text_pt
    from litboard.cite.shown import comment_line
    from litboard.files.csv_cells import inert_cell, plain_cell

    texts = _awkward_texts(random.Random(30))
    page.goto(f"{demo_site}/index.html")
    page.evaluate(LOAD_TABLES)
    got = page.evaluate(
        """(texts) => { const py = window.litboardPy, tex = window.litboardLatex;
        const value = (t) => { const v = py.jsonValue(t); return v === null ? 'null' : (v.raw !== undefined ? v.raw : JSON.stringify(v)); };
        return texts.map((t) => [value(t), [1, 2, 3].map((d) => tex.formatCell(t, d)), tex.escape(t), tex.breakable(t),
          tex.headerLines(t), tex.digitsFor(t), tex.textPt(t), py.inertCell(t), py.plainCell(t),
          window.litboardTables.commentLine(t)]); }""",  # noqa: E501
        texts,
    )
    for text, browser in zip(texts, got):
        value = _value(text)
        expected = [
            json.dumps(value, ensure_ascii=False) if value is not None else "null",
            [format_cell(text, d) for d in (1, 2, 3)],
            escape(text),
            breakable(text),
            header_lines(text),
            digits_for(text),
            text_pt(text),
            str(inert_cell(text)),
            plain_cell(text),
            comment_line(text),
        ]
        assert browser == expected, repr(text)
