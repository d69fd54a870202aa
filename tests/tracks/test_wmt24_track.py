"""The WMT24 literary track (issue 58 goal 3, must-show 3): a system scaffolded on en-ja from the
exported sources validates against the release, is scored with BLEU/chrF/TER, and appears on the
en-ja board beside the WMT24 systems, with the trust line against the ESA ranking."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from litboard.cli import main
from litboard.importers.pinned import prepare
from litboard.load import load
from litboard.load.track_decl import get
from litboard.tracks.roots import roots

from litboard.model import Corpus
from litboard.tracks.files import sources

from .conftest import release_args, scratch_repo
from .contribution import card_args

pytestmark = pytest.mark.shared
TRACK = get("wmt24-literary-esa")
PAIR = "en-ja"
CARD = card_args("My WMT24 MT", "example-7b")


GOOD = ("claude-3-5", "gpt-4", "gemini-1-5-pro", "unbabel-tower70b", "aya23", "commandr-plus")


def spliced(corpus: Corpus, pair: str = PAIR) -> list[dict[str, str]]:
    """A generated system (en-ja unless told): per line, the first half of one strong WMT24
    system's characters and the second half of another's, reversed, so it is in the target
    language, covers every line and copies no system in order or in place. The two are the outputs
    closest to the median length of the strong systems' (some WMT24 outputs are English, cut or
    repeated, so the generic generator's alphabetical choice does not fit this track)."""
    tr = corpus.tables["translations"]
    tr = tr[(tr["pair"] == pair) & tr["text"].notna()]
    texts = {(r.system, r.paragraph): r.text for r in tr.itertuples()}
    out = []
    for pid, _ in sources(corpus, TRACK, pair):
        found = [texts[(s, pid)] for s in GOOD if (s, pid) in texts]
        median = sorted(len(t) for t in found)[len(found) // 2]
        a, b = sorted(found, key=lambda t: (abs(len(t) - median), t))[:2]
        text = a[: len(a) // 2] + b[len(b) // 2 :]
        out.append({"paragraph": pid, "text": text[::-1]})
    return out


@pytest.fixture(scope="module")
def built(
    mirror: Path, release_cache: Path, tmp_path_factory: pytest.TempPathFactory
) -> dict[str, Path]:
    work = tmp_path_factory.mktemp("wmt24")
    repo = scratch_repo(work / "repo")
    extra = release_args(repo, mirror, release_cache)
    source = work / "en-ja.source.jsonl"
    assert main(["track", "sources", TRACK.id, "--pair", PAIR, "--out", str(source), *extra]) == 0
    ids = [json.loads(x)["paragraph"] for x in source.read_text(encoding="utf-8").splitlines()]
    imported = prepare(repo / "releases.yaml", release_cache, mirror, only=[TRACK.release or ""])
    rows = spliced(load(roots(TRACK, repo, imported)))
    assert [r["paragraph"] for r in rows] == ids and len(ids) == 206
    outputs = work / "en-ja.jsonl"
    outputs.write_text(
        "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8"
    )
    assert (
        main(
            [
                "track",
                "new-system",
                TRACK.id,
                "--id",
                "my-mt",
                "--from",
                str(outputs),
                *CARD,
                *extra,
            ]
        )
        == 0
    )
    releases = ["--releases", str(repo / "releases.yaml"), "--mirror", str(mirror)]
    assert main(["validate", "--data", str(repo), *releases, "--cache", str(release_cache)]) == 0
    scores = work / "scores"
    stats = ["--stats-cache", str(work / "stats")]
    assert (
        main(["track", "score", TRACK.id, "--out", str(scores), "--pairs", PAIR, *extra, *stats])
        == 0
    )
    site = work / "site"
    data = [imported[0], repo / "tracks" / TRACK.id, scores / TRACK.id]
    args = [x for root in data for x in ("--data", str(root))]
    assert main(["build", "--no-site-cache", *args, "--out", str(site)]) == 0
    return {"site": site / TRACK.id, "scores": scores / TRACK.id}


def _board(site: Path) -> str:
    index = (site / "index.html").read_text(encoding="utf-8")
    board = index[index.index(f'id="pair-{PAIR}"') :]
    return board[: board.index('id="pair-', 10)] if 'id="pair-' in board[10:] else board


def test_the_scaffolded_system_is_scored_beside_the_wmt24_systems(built: dict[str, Path]) -> None:
    board = _board(built["site"])
    ranked = board[: board.index('class="lb-unranked"')]
    for system in ("claude-3-5", "gpt-4", "gemini-1-5-pro", "unbabel-tower70b", "refa"):
        assert f"systems/{system}.html" in ranked, system  # ranked by ESA
    unranked = board[board.index('class="lb-unranked"') :]
    row = unranked[unranked.index("systems/my-mt.html") :]
    row = row[: row.index("</tr>")]
    assert "My WMT24 MT" in row and "automatic scores only" in board
    assert row.count("lb-ci") >= 3, row  # BLEU, chrF and TER, each with its 95% CI
    # the trust line: each automatic measure against the ESA ranking of the WMT24 systems
    trust = board[board.index('class="lb-note lb-trust"') :]
    trust = trust[: trust.index("</p>")]
    assert "with the human ranking (ESA (WMT24 literary, waves 2-3))" in trust, trust
    assert "BLEU" in trust and "chrF" in trust and "system pairs" in trust, trust


def test_every_wmt24_submission_is_scored(built: dict[str, Path]) -> None:
    scored = {
        json.loads(line)["system"]
        for path in built["scores"].glob("judgments/*/*.jsonl")
        for line in path.read_text(encoding="utf-8").splitlines()
    }
    assert {"claude-3-5", "gpt-4", "aya23", "team-j", "my-mt"} <= scored
    assert "refa" not in scored  # the reference is what they are scored against
