"""Render computes nothing (issue 54, must-show 1): over the import graph, no render module imports
scoring or an analysis module other than the read-only ones (the results records, number
formatting), except the imports pyproject.toml's render contract still lists -- a shrinking
allow-list: it may lose lines, never gain them, and lists no import that is no longer made."""

from __future__ import annotations

import tomllib

import grimp

from .conftest import REPO

READ_ONLY = (
    "litboard.analysis.records",
    "litboard.analysis.rounding",
    "litboard.analysis.p_format",
    "litboard.analysis.tables",  # the Analysis and Results types: what render reads
)
# the allow-list's length: 65 imports from 31 render modules when the contract came in; 40 from 20
# once the LitEval rankings, the scheme tables and the lexical overlap were computed in analysis
# and render named the Analysis type from analysis.tables; 36 from 19 once the Agreement page's
# tables (preference agreement and the rest) came with the results; 31 from 16 once the
# constants and texts render took from computing modules (SMALL_N, limit_text, the measure kinds'
# labels) lived in the read-only ones; 29 from 15 once the plans' anchor agreement came with
# the results. Lower it as lines go, never raise it
ALLOWED_AT_MOST = 29


def _contract() -> dict:
    config = tomllib.loads((REPO / "pyproject.toml").read_text())["tool"]["importlinter"]
    return next(c for c in config["contracts"] if c["name"].startswith("Render computes nothing"))


def _allowed() -> set[tuple[str, str]]:
    pairs = set()
    for line in _contract()["ignore_imports"]:
        source, target = (part.strip() for part in line.split("->"))
        if target not in READ_ONLY:
            pairs.add((source, target))
    return pairs


def _made() -> set[tuple[str, str]]:
    graph = grimp.build_graph("litboard", include_external_packages=False)
    return {
        (module, imported)
        for module in graph.modules
        if module.startswith("litboard.render")
        for imported in graph.find_modules_directly_imported_by(module)
        if imported.startswith(("litboard.analysis", "litboard.scoring"))
        and imported not in READ_ONLY
    }


def test_render_imports_only_records_formatting_and_the_allow_list() -> None:
    extra = _made() - _allowed()
    assert not extra, f"render computes: move these into analysis.results instead: {extra}"


def test_the_allow_list_only_shrinks() -> None:
    allowed = _allowed()
    stale = allowed - _made()
    assert not stale, f"no longer imported: delete from pyproject.toml's render contract: {stale}"
    assert len(allowed) <= ALLOWED_AT_MOST
    # render imports no scoring at all: the lexical overlap is computed in analysis.overlap
    assert not any(target.startswith("litboard.scoring") for _, target in allowed)
    contract = _contract()
    assert contract["source_modules"] == ["litboard.render"]
    assert set(contract["forbidden_modules"]) == {"litboard.analysis", "litboard.scoring"}
