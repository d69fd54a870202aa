"""The results comment of a contribution pull request (Markdown, posted by pr-comment.yml).

For the system the pull request adds: each automatic score with its 95% bootstrap CI and the
95% rank interval among the track's systems that have the measure, and — so that the reader sees
how far to trust each number — the track's judge-bias panel: for every measure, how often it
ranks the human translation strictly above every machine translation of an item. Automatic
scores are not comparable with the human ranking, and LLM judges are pending (the maintainers'
llm-score workflow runs them after merge). Every submitted string is made inert (``_md``).
"""

from __future__ import annotations

from typing import Any

from ..model import Corpus
from ..load.track_decl import Track
from .ci_summary import _md

MARKER = "<!-- litboard-results -->"
TRACK_METRICS = ("metric:sacrebleu-bleu", "metric:sacrebleu-chrf", "metric:sacrebleu-ter")


def results(corpus: Corpus, track: Track, system: str) -> str:
    from ..analysis.boards import analyse
    from ..render.core.views import boards

    analysis = analyse(corpus)
    card = corpus.systems.get(system)
    if card is None:
        return "\n".join([MARKER, f"## litboard: no system `{_md(system)}` on track {_md(track.id)}", ""])
    out = [MARKER, f"## litboard results: {_md(card['name'])} (`{_md(system)}`) on track {_md(track.title)}", "",
           f"Data: {_md(corpus.data_version())}. **Automatic scores only — not comparable with the human "
           "ranking.** LLM judges: pending (scored by the maintainers' workflow after merge).", "",
           "| Pair | Measure | Score | 95% CI | 95% rank interval | Systems with this measure |",
           "| --- | --- | ---: | --- | --- | ---: |"]
    for board in boards(corpus, analysis):
        rows = board.rows + board.unranked
        mine = next((r for r in rows if r.system == system), None)
        if mine is None:
            continue
        for column in board.columns:
            cell = mine.cells.get(column.key)
            if column.key not in TRACK_METRICS or cell is None or cell.value is None:
                continue
            scored = sum(1 for r in rows if r.cells[column.key].value is not None)
            arrow = "↑" if column.higher_is_better else "↓"
            out.append(f"| {_md(board.pair)} | {_md(column.label)} {arrow} | {cell.value:.2f} | "
                       f"{_interval(cell.ci_low, cell.ci_high)} | {_ranks(cell)} | {scored} |")
    out += ["", "How far to trust each measure on this track (judge-bias panel, all items): the share of "
            "items where the measure ranks the human translation strictly above every machine one. The "
            "scores above cannot be in it: the human translation is their reference. Human judges of "
            "literary text rank it first far more often than automatic measures do.", "",
            "| Measure | Kind | Items | Human ranked first (95% CI) |", "| --- | --- | ---: | --- |"]
    panel = _panel(corpus, analysis)
    out += [f"| {_md(label)} | {_md(kind)} | {items} | {text} |" for label, (kind, items, text) in panel]
    if not panel:
        out += ["| (none) | — | 0 | no measure of this track scores the human translation (its judgments "
                "compare machine systems only), so none can be checked against it |"]
    return "\n".join(out + [""])


def _interval(low: float | None, high: float | None) -> str:
    return f"[{low:.2f}, {high:.2f}]" if low is not None and high is not None else "—"


def _ranks(cell: Any) -> str:
    if cell.rank_min is None:
        return "—"
    return f"{cell.rank_min}" if cell.rank_min == cell.rank_max else f"{cell.rank_min}–{cell.rank_max}"


def _panel(corpus: Corpus, analysis: Any) -> list[tuple[str, tuple[str, int, str]]]:
    from ..render.schemes.judge_bias_page import dataset_rows

    rows = dataset_rows(corpus, analysis)
    rows = rows[(rows["compared"] == "all machine systems") & (rows["scope"] == "all")]
    return [(str(r.measure), (str(r.kind), int(r.items), f"{r.percent:.0f}% [{r.ci_low:.0f}, {r.ci_high:.0f}]"))
            for r in rows.itertuples()]



def added_system(repo: Any, base: str) -> tuple[Track, str] | None:
    """(track, system id) of the system folder the pull request adds, from git (None: it adds none)."""
    from .ci_summary import git_changed_paths_all
    from .pr_scope import split
    from ..load.track_decl import TRACKS

    for path in git_changed_paths_all(base, repo):
        found = split(path)
        if found is not None:
            prefix, system, _ = found
            return next(t for t in TRACKS if t.folder + "/" == prefix), system
    return None


def main(argv: Any = None) -> int:
    import argparse
    from pathlib import Path

    from ..errors import DataError
    from ..load import load
    from ..scoring.llm.cache_check import ROOT_CHECKS
    from ..files.project import find
    from .roots import roots

    here = find()

    parser = argparse.ArgumentParser(prog="python -m litboard.tracks.pr_results", description=__doc__.splitlines()[0])
    parser.add_argument("--base", default="origin/main", help="git ref the pull request is compared with")
    parser.add_argument("--out", type=Path, required=True, help="folder for comment.md and pr-number.txt")
    parser.add_argument("--pr", default="", help="the pull request's number (written to pr-number.txt)")
    parser.add_argument("--track-scores", type=Path, required=True, help="the folder `litboard track score` wrote")
    parser.add_argument("--mirror", type=Path, help="read release files from DIR/<mirror>/<name>")
    parser.add_argument("--cache", type=Path, default=here.cache / "releases", help="release cache")
    parser.add_argument("--repo", type=Path, default=here.root, help="the repository checkout")
    args = parser.parse_args(argv)
    found = added_system(args.repo, args.base)
    if found is None:
        body = f"{MARKER}\n## litboard: this pull request adds no system folder of a track\n"
    else:
        track, system = found
        release_roots: list[Path] = []
        if track.release:
            from ..importers.pinned import prepare

            release_roots = prepare(args.repo / "releases.yaml", args.cache, args.mirror, only=[track.release])
        try:
            corpus = load(roots(track, args.repo, release_roots) + [args.track_scores / track.id],
                          ROOT_CHECKS)
            body = results(corpus, track, system)
        except DataError as exc:
            body = "\n".join([MARKER, "## litboard: the new system does not validate", "",
                              *[f"- {_md(p.format())}" for p in exc.problems], ""])
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / "comment.md").write_text(body, encoding="utf-8")
    (args.out / "pr-number.txt").write_text(f"{args.pr}\n", encoding="ascii")
    print(body)
    return 0


if __name__ == "__main__":  # pragma: no cover
    import sys

    sys.exit(main())
