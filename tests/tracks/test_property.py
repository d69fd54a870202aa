"""Property (issue 27, must-show 3): a generated valid submission on each track, added to a copy of
the repository, keeps the site and the golden checks green. The copy is the repository itself
(code, tests, data, tracks); a seeded generator picks each system's id, display name and pairs."""

from __future__ import annotations

import os
import random
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from litboard.load import load
from litboard.importers.pinned import prepare
from litboard.tracks.roots import roots
from litboard.load.track_decl import TRACKS

from ..conftest import REPO
from .contribution import spliced, write_contribution
from .test_wmt24_track import spliced as wmt24_spliced

pytestmark = pytest.mark.shared
GOLDEN_CHECKS = [
    "tests/render/test_golden_pages.py",
    "tests/tracks/submission/test_checks.py::test_demo_tiny_and_template_have_no_submission_problem",  # noqa: E501
    "tests/render/test_board_ranked_by.py",
    "tests/render/reader/test_paragraph_notes.py",
]
# pairs whose TER is quick enough for a test
# tracks scored on a few pairs only (TER is slow on long and on Chinese/Japanese texts)
QUICK = {
    "literary-translation": ("ja-pl", "cs-pl", "en-pl"),
    "wmt24-literary-esa": ("en-ja",),
}
# the generic splice takes a pair's alphabetically first and last outputs: on WMT24 some are
# English, cut or repeated, so the track's generated system splices its strong systems' outputs
SPLICERS = {"wmt24-literary-esa": lambda corpus, track, pair: wmt24_spliced(corpus, pair)}


def repository_copy(dst: Path) -> Path:
    ignore = shutil.ignore_patterns(
        "__pycache__",
        ".cache",
        ".git",
        "public",
        "node_modules",
        ".venv",
        "test-artifacts",
        "*.egg-info",
    )
    shutil.copytree(REPO, dst, ignore=ignore, symlinks=True)
    return dst


def contribute(repo: Path, imported: list[Path], seed: int) -> dict[str, tuple[str, list[str]]]:
    rng = random.Random(seed)
    added = {}
    for track in TRACKS:
        corpus = load(roots(track, repo, imported))
        system = f"gen-{rng.randrange(10**6):06d}"
        pairs = sorted(
            rng.sample(
                QUICK.get(track.id, track.pairs), k=min(2, len(QUICK.get(track.id, track.pairs)))
            )
        )
        splice = SPLICERS.get(track.id, spliced)
        outputs = {pair: splice(corpus, track, pair) for pair in pairs}
        write_contribution(
            repo / track.folder / system, system, f"Generated system {rng.randrange(1000)}", outputs
        )
        added[track.id] = (system, pairs)
    return added


@pytest.mark.parametrize("seed", [27])
def test_a_valid_submission_on_every_track_keeps_site_and_goldens_green(
    seed: int, mirror: Path, release_cache: Path, tmp_path: Path
) -> None:
    repo = repository_copy(tmp_path / "repo")
    imported = prepare(repo / "releases.yaml", release_cache, mirror)
    added = contribute(repo, imported, seed)
    env = {**os.environ, "PYTHONPATH": str(repo / "generator"), "LITBOARD_SHARED_DATA": str(mirror)}

    def litboard(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", "litboard.cli", *args],
            cwd=repo,
            env=env,
            capture_output=True,
            text=True,
            timeout=1800,
        )

    release = [
        "--releases",
        str(repo / "releases.yaml"),
        "--mirror",
        str(mirror),
        "--cache",
        str(release_cache),
    ]
    done = litboard("validate", *release)
    assert done.returncode == 0, done.stderr
    fast = [t.id for t in TRACKS if t.id not in QUICK]
    done = litboard(
        "track",
        "score",
        *fast,
        "--out",
        str(tmp_path / "scores"),
        "--mirror",
        str(mirror),
        "--cache",
        str(release_cache),
        "--stats-cache",
        str(tmp_path / "stats"),
    )
    assert done.returncode == 0, done.stderr
    done = litboard(
        "track",
        "score",
        *QUICK,
        "--pairs",
        *sorted({p for ps in QUICK.values() for p in ps}),
        "--out",
        str(tmp_path / "scores-quick"),
        "--mirror",
        str(mirror),
        "--cache",
        str(release_cache),
        "--stats-cache",
        str(tmp_path / "stats"),
    )
    assert done.returncode == 0, done.stderr
    scored = [
        str(d)
        for d in sorted((tmp_path / "scores").iterdir())
        + sorted((tmp_path / "scores-quick").iterdir())
        if d.is_dir()
    ]
    # the site of the tracks' datasets (a release without a track, LitEval, adds nothing
    # a contribution can change: its pages are checked by the session's public build)
    touched = list(dict.fromkeys(r for t in TRACKS for r in roots(t, repo, imported)))
    data = [arg for root in [*map(str, touched), *scored] for arg in ("--data", root)]
    done = litboard("build", "--no-site-cache", *data, "--out", str(tmp_path / "site"))
    assert done.returncode == 0, done.stderr
    for track_id, (system, _) in added.items():
        page = (tmp_path / "site" / track_id / "systems" / f"{system}.html").read_text(
            encoding="utf-8"
        )
        assert "automatic scores only" in page, track_id
    checks = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *GOLDEN_CHECKS],
        cwd=repo,
        env=env,
        capture_output=True,
        text=True,
        timeout=1800,
    )
    assert checks.returncode == 0, checks.stdout[-3000:]
    assert " passed" in checks.stdout and "failed" not in checks.stdout
