"""bench/page_weight.py splits a reader page's bytes into the parts of issue 32's table: each
part's bytes counted on a hand-built page (UTF-8 multi-byte text included)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parents[1] / "bench" / "page_weight.py"

HEAD = '<head><meta charset="utf-8"><title>t</title></head>'
HEADER = '<header class="md-header"><nav>search</nav></header>'
NAV = '<div class="md-sidebar md-sidebar--primary"><nav><a href="x">Home</a></nav></div>'
POP = (
    '<span class="lb-pop" role="tooltip" id="p1"><span class="lb-pop-item">Fluency · by '
    'r1</span></span>'
)
RUN = f'<span class="lb-run" tabindex="0"><mark class="lb-s">große</mark>{POP}</span>'
TIP = '<span class="lb-pop" role="tooltip"><bdi>mqm, weights …</bdi></span>'
DESCRIBED = (
    '<ul class="lb-spans"><li class="lb-pop-item" id="lb-d-t0x0s0">Fluency · by r1</li></ul>'
)
SCORE = (
    f'<ul class="lb-scores"><li class="lb-score"><bdi>MQM</bdi>: '
    f'<strong>1.00</strong>{TIP}</li></ul>'
)
NOTE = '<p class="lb-note">Cohen kappa … κ</p>'
AGAIN = '<p class="lb-text lb-agree-text">große Katze</p>'
STRETCHES = '<ul class="lb-agree-stretches"><li data-start="0">0–5</li></ul>'
AGREEMENT = (
    f'<details class="lb-agreement"><summary>κ = —</summary>{AGAIN}{STRETCHES}{NOTE}</details>'
)
ONE_LINE = '<p class="lb-agreement lb-agree-none">no character marked</p>'
ONCE = (
    '<p class="lb-note" id="lb-kappa-note">κ: …</p><section '
    'class="lb-provenance"><ol><li>x</li></ol></section>'
)
JSON = (
    '<script type="application/json" class="lb-reader-data">{"a":"\\u003c/script\\u003e"}</script>'
)
BODY = (
    f'<body>{HEADER}{NAV}<article class="md-content__inner"><div class="lb-reader">'
    f'<article class="lb-translation"><p class="lb-text">{RUN} '
    f'Katze</p>{DESCRIBED}{SCORE}{AGREEMENT}{ONE_LINE}</article>'
    f'{ONCE}{JSON}</div></article><br></body>'
)
PAGE = f"<!doctype html>\n<html>{HEAD}\n{BODY}</html>\n"


def _bench():
    if "page_weight" not in sys.modules:  # dataclasses look the module up while it loads
        spec = importlib.util.spec_from_file_location("page_weight", BENCH)
        sys.modules["page_weight"] = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(sys.modules["page_weight"])
    return sys.modules["page_weight"]


def size(text: str) -> int:
    return len(text.encode("utf-8"))


def test_each_part_counts_its_elements_bytes(tmp_path: Path) -> None:
    page = tmp_path / "p.html"
    page.write_bytes(PAGE.encode("utf-8"))
    parts = _bench().weigh(page)
    expected = {
        "chrome.head": size(HEAD),
        "chrome.header": size(HEADER),
        "chrome.nav": size(NAV),
        "popovers": size(POP),
        "described": size(DESCRIBED),
        "tooltips": size(TIP),
        "json": size(JSON),
        "agreement": size(AGREEMENT) + size(ONE_LINE),
        "agreement.note": size(NOTE),
        "agreement.text": size(AGAIN),
        "agreement.stretches": size(STRETCHES),
        "once": size(ONCE),
    }
    for key, value in expected.items():
        assert parts[key] == value, key
    assert parts["chrome"] == size(HEAD) + size(HEADER) + size(NAV)
    assert parts["total"] == size(PAGE)
    named = ("agreement", "chrome", "popovers", "described", "json", "tooltips", "once")
    assert parts["other"] == size(PAGE) - sum(parts[k] for k in named)


def test_the_report_is_the_same_for_the_same_sample(tmp_path: Path) -> None:
    for i in range(5):
        folder = tmp_path / "site" / "d" / "paragraphs"
        folder.mkdir(parents=True, exist_ok=True)
        (folder / f"p{i}.html").write_text(
            PAGE.replace("Katze", "Katze" * (i + 1)), encoding="utf-8"
        )
    (tmp_path / "site" / "d" / "paragraphs" / "index.html").write_text(
        "<html>list</html>", encoding="utf-8"
    )
    bench = _bench()
    first = bench.report(tmp_path / "site", 3, 32, 20000)
    assert first == bench.report(tmp_path / "site", 3, 32, 20000)
    assert "Reader pages: 5 (sample of 3, seed 32)" in first


def test_a_packed_page_is_weighed_as_shown_and_as_stored(tmp_path: Path) -> None:
    from litboard.render.core.packed_reader import pack

    reader = BODY[BODY.index('<div class="lb-reader">') : BODY.index("</article><br>")]
    block = f'<div class="lb-page" markdown="0">\n<h1>T</h1>\n{reader}\n</div>'
    box = pack(f"---\ntitle: \"T\"\n---\n\n{block}\n").split("---\n\n", 1)[1].strip()
    stored = PAGE.replace(reader, box)
    page = tmp_path / "p.html"
    page.write_bytes(stored.encode("utf-8"))
    shown = PAGE.replace(reader, block)
    parts = _bench().weigh(page)
    assert parts["total"] == size(shown) and parts["stored"] == size(stored)
    assert parts["popovers"] == size(POP) and parts["json"] == size(JSON)
