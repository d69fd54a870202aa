"""The whole contributor journey on the LiteraryTranslation track (issue 27, must-show 1):
export sources -> scaffold -> outputs -> validate -> check-pr on a real git branch -> track score ->
build -> the system in the "automatic scores only" section with BLEU/chrF/TER and CIs, on the
reader pages beside the others, and the results comment (golden Markdown)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
import yaml

from litboard.tracks import pr_render, pr_results
from litboard.cli import main
from litboard.load import load
from litboard.importers.pinned import prepare
from litboard.tracks.roots import roots
from litboard.load.track_decl import get

from ..golden import check_golden
from .test_pr_flow import git
from .conftest import release_args, scratch_repo
from .contribution import card_args, spliced

pytestmark = pytest.mark.shared
TRACK = get("literary-translation")
# two quick pairs: TER is slow on long English paragraphs and on Japanese ones
PAIRS = ("de-pl", "ja-pl")
#                             (split into characters: sacrebleu_metrics)
CARD = card_args("My literary MT", "example-lit-7b")


@pytest.fixture(scope="module")
def journey(
    mirror: Path, release_cache: Path, tmp_path_factory: pytest.TempPathFactory
) -> dict[str, Path]:
    work = tmp_path_factory.mktemp("journey")
    repo = scratch_repo(work / "repo")
    git(repo, "init", "-q", "-b", "main")
    git(repo, "add", "-A")
    git(repo, "commit", "-qm", "base")
    git(repo, "checkout", "-qb", "my-lit-mt")
    extra = release_args(repo, mirror, release_cache)
    # 1. export the sources of two pairs (plain text for an MT tool, JSONL with the ids)
    assert (
        main(
            [
                "track",
                "sources",
                TRACK.id,
                "--pair",
                "de-pl",
                "--out",
                str(work / "de-pl.source.txt"),
                *extra,
            ]
        )
        == 0
    )
    assert (
        main(
            [
                "track",
                "sources",
                TRACK.id,
                "--pair",
                "ja-pl",
                "--out",
                str(work / "ja-pl.source.jsonl"),
                *extra,
            ]
        )
        == 0
    )
    # 2. "translate" them: a generated system, one output per source line
    imported = prepare(repo / "releases.yaml", release_cache, mirror, only=[TRACK.release])
    corpus = load(roots(TRACK, repo, imported))
    ids = [
        json.loads(line)["paragraph"]
        for line in (work / "ja-pl.source.jsonl").read_text(encoding="utf-8").splitlines()
    ]
    de_pl, ja_pl = spliced(corpus, TRACK, "de-pl"), spliced(corpus, TRACK, "ja-pl")
    assert [r["paragraph"] for r in ja_pl] == ids
    sources = (work / "de-pl.source.txt").read_text(encoding="utf-8").splitlines()
    assert len(sources) == len(de_pl) == 10
    (work / "de-pl.txt").write_text(
        "".join(r["text"].replace("\n", " ") + "\n" for r in de_pl), encoding="utf-8"
    )
    (work / "ja-pl.jsonl").write_text(
        "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in ja_pl), encoding="utf-8"
    )
    # 3. scaffold the folder and the card
    assert (
        main(
            [
                "track",
                "new-system",
                TRACK.id,
                "--id",
                "my-lit-mt",
                "--from",
                str(work / "de-pl.txt"),
                str(work / "ja-pl.jsonl"),
                *CARD,
                *extra,
            ]
        )
        == 0
    )
    # 4. validate with the releases (the track's submissions are checked against its release)
    assert (
        main(
            [
                "validate",
                "--data",
                str(repo),
                "--releases",
                str(repo / "releases.yaml"),
                "--mirror",
                str(mirror),
                "--cache",
                str(release_cache),
            ]
        )
        == 0
    )
    # 5. commit on a branch; check-pr against main
    git(repo, "add", "-A")
    git(repo, "commit", "-qm", "Add my-lit-mt to the LiteraryTranslation track")
    assert (
        main(
            [
                "check-pr",
                "--base",
                "main",
                "--repo",
                str(repo),
                "--releases",
                str(repo / "releases.yaml"),
                "--mirror",
                str(mirror),
                "--cache",
                str(release_cache),
            ]
        )
        == 0
    )
    # 6. score and 7. build the track's dataset with its scores
    scores = work / "scores"
    assert (
        main(
            [
                "track",
                "score",
                TRACK.id,
                "--out",
                str(scores),
                "--pairs",
                *PAIRS,
                *extra,
                "--stats-cache",
                str(work / "stats"),
            ]
        )
        == 0
    )
    site = work / "site"
    assert (
        main(
            [
                "build",
                "--no-site-cache",
                "--data",
                str(imported[0]),
                "--data",
                str(repo / "tracks" / TRACK.id),
                "--data",
                str(scores / TRACK.id),
                "--out",
                str(site),
            ]
        )
        == 0
    )
    # 8. the results comment, as `make results` writes it
    assert (
        pr_results.main(
            [
                "--base",
                "main",
                "--out",
                str(work / "pr-results"),
                "--pr",
                "12",
                "--repo",
                str(repo),
                "--track-scores",
                str(scores),
                "--mirror",
                str(mirror),
                "--cache",
                str(release_cache),
            ]
        )
        == 0
    )
    return {
        "repo": repo,
        "site": site / TRACK.id,
        "results": work / "pr-results",
        "scores": scores / TRACK.id,
        "mirror": mirror,
        "cache": release_cache,
    }


def test_check_pr_with_releases_checks_a_release_track_submission_s_content(
    journey: dict[str, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 43: the barrier's --releases gives a LiteraryTranslation submission the content checks
    (here a paragraph missing from de-pl.jsonl); without it only scope and files are checked."""
    repo = journey["repo"]
    outputs = repo / "tracks" / TRACK.id / "corpus" / "systems" / "my-lit-mt" / "de-pl.jsonl"
    git(repo, "checkout", "-qb", "short-output")
    try:
        outputs.write_text(
            "".join(outputs.read_text(encoding="utf-8").splitlines(keepends=True)[:-1]),
            encoding="utf-8",
        )
        git(repo, "commit", "-qam", "one paragraph short")
        plain = ["check-pr", "--base", "main", "--repo", str(repo)]
        assert main(plain) == 0
        capsys.readouterr()
        assert (
            main(
                [
                    *plain,
                    "--releases",
                    str(repo / "releases.yaml"),
                    "--mirror",
                    str(journey["mirror"]),
                    "--cache",
                    str(journey["cache"]),
                ]
            )
            != 0
        )
        err = capsys.readouterr().err
        assert (
            f"tracks/{TRACK.id}/corpus/systems/my-lit-mt/de-pl.jsonl" in err and "(fix: " in err
        ), err
    finally:
        git(repo, "checkout", "-q", "my-lit-mt")


def test_the_system_is_in_the_automatic_only_section_with_bleu_chrf_ter_and_cis(
    journey: dict[str, Path],
) -> None:
    index = (journey["site"] / "index.html").read_text(encoding="utf-8")
    board = index[index.index('id="pair-de-pl"') :]
    board = board[: board.index('id="pair-', 10)] if 'id="pair-' in board[10:] else board
    unranked = board[board.index('class="lb-unranked"') :]
    row = unranked[unranked.index("systems/my-lit-mt.html") :]
    row = row[: row.index("</tr>")]
    assert "My literary MT" in row and "automatic scores only" in board
    # the board ranks by the study's preferences (Bradley-Terry), so SENT and PARA_SENT, judged in
    # their own comparisons, are ranked above the section; only unjudged systems share it
    ranked = board[: board.index('class="lb-unranked"')]
    assert "systems/sent.html" in ranked and "systems/para-sent.html" in ranked
    assert (
        "Open track: anyone can add a system by pull request (track literary-translation" in index
    )
    values = re.findall(r'data-value="([0-9.]+)"', row)
    assert len(values) >= 3, row  # BLEU, chrF and TER
    assert row.count("lb-ci") >= 3, row  # each with its 95% CI


def test_the_system_page_and_the_reader_pages_show_it_beside_the_others(
    journey: dict[str, Path],
) -> None:
    page = (journey["site"] / "systems/my-lit-mt.html").read_text(encoding="utf-8")
    assert "My literary MT" in page and "example-lit-7b" in page and "automatic scores only" in page
    paragraph = json.loads(
        (journey["repo"] / TRACK.folder / "my-lit-mt/de-pl.jsonl")
        .read_text(encoding="utf-8")
        .splitlines()[0]
    )["paragraph"]
    reader = (journey["site"] / "paragraphs" / f"{paragraph}.html").read_text(encoding="utf-8")
    for name in ("My literary MT", "PARA (GPT-3.5", "Published human translation"):
        assert name in reader, name


def test_the_results_comment_matches_the_golden_file(journey: dict[str, Path]) -> None:
    doc = json.loads((journey["results"] / "results.json").read_text(encoding="ascii"))
    assert doc["pr"] == 12 and pr_render.problems(doc) == []  # the data the trusted job accepts
    body = pr_render.render(doc, "My literary MT", None)  # what pr-comment.yml posts
    check_golden("tracks/pr-results/comment.md", body)
    assert body.startswith(pr_render.MARKER) and "LLM judges: pending" in body
    assert "| de-pl | BLEU ↑ |" in body and "| ja-pl | TER ↓ |" in body
    # the signatures the trusted code builds are the ones `track score` wrote for its scores
    for key, label in (("bleu", "BLEU"), ("chrf", "chrF"), ("ter", "TER")):
        card = (journey["scores"] / "judgments" / f"sacrebleu-{key}" / "campaign.yaml").read_text(
            encoding="utf-8"
        )
        written = dict(
            part.split(": ", 1) for part in yaml.safe_load(card)["metric"]["signature"].split("; ")
        )
        assert set(written) == set(PAIRS)
        for pair, signature in written.items():
            assert f"| {pair} | {label} | `{signature.replace('|', chr(92) + '|')}` |" in body
    assert doc["screened"] == 0 and "screened" not in body  # no output addressed to a judge


def test_the_trusted_job_recomputes_the_golden_comment_from_the_branch_s_files(
    journey: dict[str, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 55 goal 4 on a release track: pr-comment's `post`, given an artifact that says only
    the pull request's number, recomputes the golden comment from the branch's commit read as git
    data (the release imported from the base's releases.yaml), with the base's code."""
    from litboard.tracks import pr_comment

    repo = journey["repo"]
    head = git(repo, "rev-parse", "my-lit-mt").strip()
    artifact = journey["results"].parent / "number-only"
    artifact.mkdir(exist_ok=True)
    (artifact / "results.json").write_text('{"pr": 12, "scores": "forged"}', encoding="utf-8")
    args = [
        "post",
        "--artifact",
        str(artifact),
        "--repo",
        "o/r",
        "--head-sha",
        head,
        "--barrier",
        "success",
        "--base",
        "main",
        "--checkout",
        str(repo),
        "--mirror",
        str(journey["mirror"]),
        "--cache",
        str(journey["cache"]),
        "--pairs",
        *PAIRS,
        "--dry-run",
    ]
    capsys.readouterr()
    assert pr_comment.main(args) == 0
    body = capsys.readouterr().out.split("\n", 1)[1].removesuffix("\n")
    check_golden("tracks/pr-results/comment.md", body)
