"""The LitEval site, imported and built once per test session (tests/ and tests/browser/ share it).

The build lands under pytest's session base temp folder; ``build_site`` swaps a finished
build in atomically, so a present ``liteval/index.html`` means a complete site.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from litboard.pipeline.build import build_site
from litboard.importers.releases import liteval


def liteval_site(release: Path, factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """(data root, the dataset's folder of the built site) for the LitEval release."""
    base = factory.getbasetemp() / "liteval-site"
    root, out = base / "data", base / "public"
    if not (out / "liteval" / "liteval" / "index.html").is_file():
        liteval.run(release, root)
        build_site([root], out)
    return root, out / "liteval"
