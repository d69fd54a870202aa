"""The public site in a browser: the home page's dataset cards lead to each dataset, and a
paragraph page of every dataset opens with its translations (issue 14, must-show 1)."""

from __future__ import annotations

from typing import Iterator

import pytest

from ..combined_site import DATASETS, combined_site
from .conftest import ARTIFACTS, screenshot, serve


@pytest.fixture(scope="module")
def public_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    url, server = serve(combined_site(tmp_path_factory).out)
    yield url
    server.shutdown()


def test_home_page_shows_one_card_per_dataset(page: object, public_site: str) -> None:
    page.goto(f"{public_site}/index.html")  # type: ignore[attr-defined]
    cards = page.locator("article.lb-card")  # type: ignore[attr-defined]
    assert cards.count() == len(DATASETS)
    assert sorted(cards.evaluate_all("els => els.map(e => e.id)")) == sorted(
        f"dataset-{d}" for d in DATASETS
    )
    page.locator("#dataset-liteval").scroll_into_view_if_needed()  # type: ignore[attr-defined]
    screenshot(page, "public-home")
    page.locator("#dataset-creativity-bias h3 a").click()  # type: ignore[attr-defined]
    assert page.url.endswith("/creativity-bias/index.html")  # type: ignore[attr-defined]
    assert page.locator("h1").inner_text().startswith("Creativity Bias")  # type: ignore[attr-defined]


@pytest.mark.parametrize("dataset", DATASETS)
def test_a_paragraph_page_of_each_dataset_opens(
    page: object, public_site: str, dataset: str
) -> None:
    page.goto(f"{public_site}/{dataset}/paragraphs/index.html")  # type: ignore[attr-defined]
    links = page.locator("article table tbody td a[href*='.html']")  # type: ignore[attr-defined]
    hrefs = links.evaluate_all("els => els.slice(0, 8).map(e => e.href)")
    for href in hrefs:  # the first paragraph with translations (a poem's title line may have none)
        page.goto(href)  # type: ignore[attr-defined]
        if page.locator("article.lb-translation").count():  # type: ignore[attr-defined]
            break
    assert f"/{dataset}/paragraphs/" in page.url  # type: ignore[attr-defined]
    assert page.locator("article.lb-translation").count() >= 1  # type: ignore[attr-defined]
    label = page.locator(".lb-dataset-label code").first  # type: ignore[attr-defined]
    assert label.inner_text() == dataset  # the page says which dataset it belongs to
    assert page.dialogs == []  # type: ignore[attr-defined]
    screenshot(page, f"public-paragraph-{dataset}")


def test_judge_bias_panel(page: object, public_site: str) -> None:
    page.set_viewport_size({"width": 1280, "height": 1600})  # type: ignore[attr-defined]
    page.goto(f"{public_site}/judge-bias/index.html")  # type: ignore[attr-defined]
    figure = page.locator("figure.lb-chart")  # type: ignore[attr-defined]
    figure.scroll_into_view_if_needed()
    assert figure.locator("svg, img").count() >= 1
    assert page.locator("#bias-liteval table tbody tr").count() > 20  # type: ignore[attr-defined]
    assert page.dialogs == []  # type: ignore[attr-defined]
    screenshot(page, "judge-bias")
    page.set_viewport_size({"width": 390, "height": 844})  # type: ignore[attr-defined]
    figure.scroll_into_view_if_needed()
    box = figure.locator("svg, img").first.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= 390 + 1  # the chart fits a phone
    ARTIFACTS.mkdir(exist_ok=True)
    figure.screenshot(path=str(ARTIFACTS / "judge-bias-chart-narrow.png"))
