"""The results of a contribution pull request, as DATA (``results.json``).

``data`` computes them from a loaded track: the pull request's number, the track and system ids,
and numbers: every system's automatic score on the track with its 95% bootstrap CI and 95% rank
interval, the track's judge-bias panel, each measure's agreement with each pair's human ranking
(agreeing and compared system pairs: the renderer derives the accuracy and its interval), how
many of the new system's outputs the LLM-judge screen flags, and each pair's reference count (the
renderer builds the sacreBLEU signatures from it and the base branch's metric settings). The
trusted job (pr-comment.yml, ``pr_trusted``) calls it on the pull request's files read as git
data; ``make results`` (pr.yml, the pull request's own code, so untrusted) writes the same for
the job summary and the artifact, of which the trusted job reads only the number. The shape is
``pr_results.schema.json``: ids match the id pattern, every other field is a number or one of a
closed set (the panel's measure labels are the base branch's, shown escaped).
"""

from __future__ import annotations

from typing import Any

import math
import re

from ..model import Corpus
from ..load.track_decl import Track

FORMAT = "litboard-pr-results/1"
MEASURES = {
    "metric:sacrebleu-bleu": "bleu",
    "metric:sacrebleu-chrf": "chrf",
    "metric:sacrebleu-ter": "ter",
}


def data(corpus: Corpus, track: Track, system: str, number: int) -> dict[str, Any]:
    """The results of ``system`` on ``track`` as the schema's plain data."""
    from ..analysis.boards import analyse
    from ..render.core.views import boards

    analysis = analyse(corpus)
    doc: dict[str, Any] = {
        "format": FORMAT,
        "pr": number,
        "track": track.id,
        "system": system,
        "state": "results" if system in corpus.systems else "no-system",
        "scores": [],
        "panel": _panel(corpus, analysis),
        "agreement": [],
        "screened": _screened(corpus, system),
        "nrefs": _nrefs(corpus),
    }
    for board in boards(corpus, analysis):
        doc["agreement"] += [
            {
                "pair": board.pair,
                "measure": MEASURES[m.key],
                "agree": m.agreement.agree,
                "pairs": m.agreement.pairs,
            }
            for m in board.trust.measures
            if m.key in MEASURES
        ]
        rows = board.rows + board.unranked
        if not any(r.system == system for r in rows):
            continue
        for column in board.columns:
            measure = MEASURES.get(column.key)
            for row in rows if measure else []:
                cell = row.cells.get(column.key)
                if cell is not None and cell.value is not None:
                    doc["scores"].append(
                        {
                            "pair": board.pair,
                            "measure": measure,
                            "system": row.system,
                            "score": round(cell.value, 4),
                            "ci": _pair(cell.ci_low, cell.ci_high),
                            "ranks": _pair(cell.rank_min, cell.rank_max),
                        }
                    )
    return doc


def empty(number: int) -> dict[str, Any]:
    """The results of a pull request that adds no system folder of a track."""
    return {
        "format": FORMAT,
        "pr": number,
        "track": None,
        "system": None,
        "state": "no-system",
        "scores": [],
        "panel": [],
        "agreement": [],
        "screened": 0,
        "nrefs": [],
    }


def _pair(low: Any, high: Any) -> list[Any] | None:
    return None if low is None or high is None else [low, high]


def _screened(corpus: Corpus, system: str) -> int:
    """How many outputs of ``system`` the LLM-judge screen flags (scoring/llm/screen.py)."""
    from ..scoring.llm.screen import screen

    texts = corpus.translations.loc[corpus.translations["system"] == system, "text"]
    return sum(1 for text in texts.dropna() if screen(str(text)))


# one pair's part of a track campaign's signature (tracks/scores.py writes "<pair>: segment[...")
NREFS = re.compile(r"([a-z]{2,3}-[a-z]{2,3}): segment\[nrefs:([0-9]+|var)\|")


def _nrefs(corpus: Corpus) -> list[dict[str, Any]]:
    """sacreBLEU's nrefs per pair, read from the signature of the track's BLEU campaign."""
    from .scores import campaign_id

    campaigns = corpus.tables["campaigns"]
    signature = campaigns.loc[campaigns["campaign"] == campaign_id("bleu"), "signature"]
    found = NREFS.findall(str(signature.iloc[0])) if len(signature) else []
    return [{"pair": pair, "nrefs": int(n) if n.isdigit() else n} for pair, n in found]


def _panel(corpus: Corpus, analysis: Any) -> list[dict[str, Any]]:
    from ..analysis.tables import results_of

    # the judge-bias rows of the results table analyse() made: the panel's own numbers
    rows = results_of(analysis).judge_rows
    # "all machine systems", or the group it was merged into (the same comparison)
    every = (rows["compared"] == "all machine systems") | rows["same_as"].str.split("; ").map(
        lambda same: "all machine systems" in same
    )
    rows = rows[every & (rows["scope"] == "all")]
    return [
        {
            "measure": str(r.measure),
            "items": int(r.items),
            "percent": round(float(r.percent), 2),
            # none over fewer than 5 items (no 95% interval over 1-4 units)
            "ci": (
                None
                if math.isnan(float(r.ci_low))
                else [round(float(r.ci_low), 2), round(float(r.ci_high), 2)]
            ),
        }
        for r in rows.itertuples()
    ]


def added_system(repo: Any, base: str, head: str = "HEAD") -> tuple[Track, str] | None:
    """(track, system id) of the system folder the pull request adds, from git (None: it adds
    none): the diff of ``head`` against its merge base with ``base``."""
    from .ci_summary import git_changed_paths_all
    from .pr_scope import split
    from ..load.track_decl import TRACKS

    for path in git_changed_paths_all(base, repo, head):
        found = split(path)
        if found is not None:
            prefix, system, _ = found
            return next(t for t in TRACKS if t.folder + "/" == prefix), system
    return None


def main(argv: Any = None) -> int:
    import argparse
    import json
    from pathlib import Path

    from ..errors import DataError
    from ..load import load
    from ..scoring.llm.cache_check import ROOT_CHECKS
    from ..files.project import find
    from .checks import POLICY
    from .roots import roots

    here = find()

    parser = argparse.ArgumentParser(
        prog="python -m litboard.tracks.pr_results", description=__doc__.splitlines()[0]
    )
    parser.add_argument(
        "--base", default="origin/main", help="git ref the pull request is compared with"
    )
    parser.add_argument("--out", type=Path, required=True, help="folder for results.json")
    parser.add_argument(
        "--pr", default="", help="the pull request's number (written into results.json)"
    )
    parser.add_argument(
        "--track-scores", type=Path, required=True, help="the folder `litboard track score` wrote"
    )
    parser.add_argument("--mirror", type=Path, help="read release files from DIR/<mirror>/<name>")
    parser.add_argument("--cache", type=Path, default=here.cache / "releases", help="release cache")
    parser.add_argument("--repo", type=Path, default=here.root, help="the repository checkout")
    args = parser.parse_args(argv)
    number = int(args.pr) if args.pr.isdigit() else 0
    found = added_system(args.repo, args.base)
    doc = empty(number)
    if found is not None:
        track, system = found
        release_roots: list[Path] = []
        if track.release:
            from ..importers.pinned import prepare

            release_roots = prepare(
                args.repo / "releases.yaml", args.cache, args.mirror, only=[track.release]
            )
        try:
            corpus = load(
                roots(track, args.repo, release_roots) + [args.track_scores / track.id],
                (*POLICY, *ROOT_CHECKS),
            )
            doc = data(corpus, track, system, number)
        except DataError:
            doc = {**doc, "track": track.id, "system": system, "state": "invalid"}
    args.out.mkdir(parents=True, exist_ok=True)
    text = json.dumps(doc, ensure_ascii=True, indent=1, sort_keys=True) + "\n"
    (args.out / "results.json").write_text(text, encoding="ascii")
    print(text, end="")
    return 0


if __name__ == "__main__":  # pragma: no cover
    import sys

    sys.exit(main())
