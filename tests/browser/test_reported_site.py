"""The generic 'Published vs reproduced' page in a real browser (Creativity Bias site)."""

from __future__ import annotations

import pytest

from .conftest import screenshot

pytestmark = pytest.mark.shared


def test_published_vs_reproduced_flags_disagreements(page, creativity_site: str) -> None:
    page.goto(f"{creativity_site}/reported/index.html")
    assert page.locator("h2", has_text="paper 003 Sec. 4.2").first.is_visible()
    df = page.locator("tr.lb-disagree", has_text="degrees of freedom").first
    df.scroll_into_view_if_needed()
    assert df.is_visible() and "✗ disagrees" in df.inner_text()  # text, not colour alone
    assert "χ²(1)" in df.inner_text()  # the note says what the paper prints
    ter = page.locator(
        "tr.lb-disagree", has_text="campaign = aem-ter, pair = ru-nl, genre = poem, modality = MT"
    )
    assert "110.9" in ter.first.inner_text() and "100.9" in ter.first.inner_text()
    shade = df.locator("td").nth(1).evaluate("e => getComputedStyle(e).backgroundColor")
    plain = (
        page.locator("tbody tr:not(.lb-disagree) td")
        .nth(1)
        .evaluate("e => getComputedStyle(e).backgroundColor")
    )
    assert shade != plain
    screenshot(page, "reported-creativity")
    assert page.dialogs == []
