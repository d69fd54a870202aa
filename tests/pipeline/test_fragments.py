"""The home page's markers: replaced where they stand on a line of their own, never where a page
quotes them (the Study page's table names both in backticks)."""

from __future__ import annotations

from litboard.pipeline.mkdocs_plugin import with_fragments
from litboard.pipeline.site import DATASETS_MARKER, FINDING_MARKER


def test_a_marker_on_its_own_line_is_replaced_and_a_quoted_one_is_kept() -> None:
    fragments = {FINDING_MARKER: "<section>F</section>", DATASETS_MARKER: "<div>D</div>"}
    page = "\n".join(
        [
            "# Home",
            FINDING_MARKER,
            f"| `site/index.md` | `{FINDING_MARKER}` is where the finding goes |",
            f"  {DATASETS_MARKER}  ",
        ]
    )
    assert with_fragments(page, fragments).split("\n") == [
        "# Home",
        "<section>F</section>",
        f"| `site/index.md` | `{FINDING_MARKER}` is where the finding goes |",
        "<div>D</div>",
    ]
