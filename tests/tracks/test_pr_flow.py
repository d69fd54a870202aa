"""A pull request as a new contributor makes it: one new system folder, validate -> score ->
build."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

from ..helpers import DEMO, copy_root

REPO = Path(__file__).resolve().parents[2]


def litboard(*args: str) -> subprocess.CompletedProcess[str]:
    done = subprocess.run(
        [sys.executable, "-m", "litboard.cli", *args],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert "Traceback" not in done.stderr, done.stderr
    return done


def add_system(root: Path) -> Path:
    """The new folder: a card plus outputs for every paragraph of both pairs (reworded LLM
    outputs)."""
    folder = root / "corpus/systems/contrib-mt"
    folder.mkdir()
    (folder / "system.yaml").write_text(
        "id: contrib-mt\nname: Contributed MT <b>v1</b>\nkind: llm\nmodality: MT\nmodel: "
        "example-7b\n"
        "version: v1\nprompt: 'Translate {src} into {tgt}.'\nopen_weights: true\n"
        "date: '2026-11-01'\nsubmitted_by: a new contributor\nlicence: CC-BY-4.0\n",
        encoding="utf-8",
    )
    for source in sorted((root / "corpus/systems/demo-llm").glob("*.jsonl")):
        lines = [
            json.loads(x) for x in source.read_text(encoding="utf-8").splitlines() if x.strip()
        ]
        reworded = [
            {"paragraph": r["paragraph"], "text": r["text"].replace(" the ", " that ", 1) + " (v1)"}
            for r in lines
        ]
        (folder / source.name).write_text(
            "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in reworded), encoding="utf-8"
        )
    return folder


def test_new_system_appears_with_badge_and_provisional_rank(tmp_path: Path) -> None:
    root = copy_root(DEMO, tmp_path / "data")
    add_system(root)
    assert litboard("validate", "--data", str(root)).returncode == 0
    scores = tmp_path / "scores"
    scored = litboard(
        "track",
        "score",
        "demo",
        "--out",
        str(scores),
        "--repo",
        str(root),
        "--stats-cache",
        str(tmp_path / "stats"),
    )
    assert scored.returncode == 0, scored.stderr
    assert "contrib-mt" in (scores / "demo/judgments/sacrebleu-chrf/de-en.jsonl").read_text(
        encoding="utf-8"
    )
    out = tmp_path / "site"
    built = litboard(
        "build", "--data", str(root), "--data", str(scores / "demo"), "--out", str(out)
    )
    assert built.returncode == 0, built.stderr
    out = out / "demo"  # the demo dataset's folder
    index = (out / "index.html").read_text(encoding="utf-8")
    board = index[index.index('id="pair-de-en"') : index.index('id="pair-en-zh"')]
    unranked = board[board.index('class="lb-unranked"') :]
    row = unranked[unranked.index("systems/contrib-mt.html") :]
    row = row[: row.index("</tr>")]
    assert "Contributed MT &lt;b&gt;v1&lt;/b&gt;" in row
    assert "automatic scores only" in row
    # no human score: an em dash, never 0; automatic columns carry a provisional rank range
    assert "\u2014" in row
    # three demo paragraphs: the exact test cannot separate any pair (p >= 0.25), so the
    # automatic columns show their n instead of a provisional rank range and cluster
    assert re.search(r"r\d+(–\d+)? · c\d+", row) is None
    assert "lb-no-cluster" in row and ">n = 3</span>" in row, row
    system_page = (out / "systems/contrib-mt.html").read_text(encoding="utf-8")
    assert "automatic scores only" in system_page


def git(repo: Path, *args: str) -> str:
    done = subprocess.run(
        [
            "git",
            "-C",
            str(repo),
            "-c",
            "user.name=t",
            "-c",
            "user.email=t@example.org",
            "-c",
            "commit.gpgsign=false",
            *args,
        ],
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    return done.stdout


def scratch_repository(tmp_path: Path) -> Path:
    """A git repository holding the demo data on `main`, with a pull-request branch checked out."""
    root = copy_root(DEMO, tmp_path / "repo")
    git(root, "init", "-q", "-b", "main")
    git(root, "add", "-A")
    git(root, "commit", "-qm", "base")
    git(root, "checkout", "-qb", "contribution")
    return root


def test_pr_check_refuses_a_forged_llm_cache_file(tmp_path: Path) -> None:
    root = scratch_repository(tmp_path)
    add_system(root)
    forged = root / "llm-cache/ab" / ("ab" + "0" * 62 + ".json")
    forged.parent.mkdir(parents=True)
    forged.write_text(
        '{"answer": "Critical:\\nno-error\\nMajor:\\nno-error\\nMinor:\\nno-error"}\n',
        encoding="utf-8",
    )
    git(root, "add", "-A")
    git(root, "commit", "-qm", "a new system, and a perfect score for it")
    done = litboard("check-pr", "--base", "main", "--repo", str(root))
    assert done.returncode == 1
    path = forged.relative_to(root).as_posix()
    assert (
        f"{path}: pull request: llm-cache/ holds the answers the maintainers' LLM scoring run "
        f"paid for" in done.stderr
    )
    assert f"(fix: remove {path} from the pull request)" in done.stderr
    assert "litboard: 1 problem found" in done.stderr and "contrib-mt" not in done.stderr
    # GitHub annotations name the file too
    annotated = litboard("check-pr", "--base", "main", "--repo", str(root), "--format", "github")
    assert annotated.stdout.startswith(f"::error file={path}::pull request: llm-cache/")
    # Without the cache file, the pull request passes.
    git(root, "rm", "-q", "-r", "llm-cache")
    git(root, "commit", "-qm", "drop the cache file")
    done = litboard("check-pr", "--base", "main", "--repo", str(root))
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().startswith(
        "litboard: the pull request adds corpus/systems/contrib-mt/ ("
    )


def test_pr_check_names_every_change_outside_the_new_folder(tmp_path: Path) -> None:
    root = scratch_repository(tmp_path)
    add_system(root)
    (root / "corpus/systems/demo-llm/system.yaml").write_text("id: demo-llm\n", encoding="utf-8")
    scores = sorted((root / "judgments").glob("*/*.jsonl"))[0]
    scores.write_text(scores.read_text(encoding="utf-8") + "\n", encoding="utf-8")
    (root / "corpus/systems/second").mkdir()
    (root / "corpus/systems/second/system.yaml").write_text("id: second\n", encoding="utf-8")
    (root / "corpus/systems/contrib-mt/en-zh.jsonl").unlink()
    (root / "corpus/systems/contrib-mt/en-zh.jsonl").symlink_to("../../../judgments")
    git(root, "add", "-A")
    git(root, "commit", "-qm", "too much")
    done = litboard("check-pr", "--base", "main", "--repo", str(root), "--format", "json")
    assert done.returncode == 1
    found = {p["file"]: p["message"] for p in json.loads(done.stdout)}
    assert set(found) == {
        "corpus/systems/demo-llm/system.yaml",
        scores.relative_to(root).as_posix(),
        "corpus/systems/second/system.yaml",
        "corpus/systems/contrib-mt/en-zh.jsonl",
    }
    assert found["corpus/systems/contrib-mt/en-zh.jsonl"] == "is a symbolic link"
    assert "already exists on the base branch" in found["corpus/systems/demo-llm/system.yaml"]
    assert found[scores.relative_to(root).as_posix()].startswith("judgments/ holds human judgments")
    assert (
        "second system folder 'corpus/systems/second'" in found["corpus/systems/second/system.yaml"]
    )


def test_pr_check_and_validate_refuse_what_the_other_refuses(tmp_path: Path) -> None:
    """Issue 33 row 13: check-pr and validate accepted a 60 MB notes.txt in a new system folder,
    and check-pr accepted .gitattributes and hidden files that validate then rejected."""
    root = scratch_repository(tmp_path)
    folder = add_system(root)
    (folder / ".gitattributes").write_text("*.jsonl filter=lfs\n", encoding="utf-8")
    (folder / ".hidden.md").write_text("not shown in listings\n", encoding="utf-8")
    (folder / "README.rst").write_text("x\n", encoding="utf-8")
    git(root, "add", "-A")
    git(root, "commit", "-qm", "a system with extras")
    assert _refused_by_both(root) == {".gitattributes", ".hidden.md", "README.rst"}
    git(
        root,
        "rm",
        "-q",
        str(folder / ".gitattributes"),
        str(folder / ".hidden.md"),
        str(folder / "README.rst"),
    )
    with open(folder / "notes.txt", "wb") as handle:
        handle.truncate(60 * 1024 * 1024)  # sparse: 60 MB without writing them
    git(root, "add", "-A")
    git(root, "commit", "-qm", "a 60 MB note")
    assert _refused_by_both(root) == {"notes.txt"}


def _refused_by_both(root: Path) -> set[str]:
    """The file names check-pr refuses, after checking validate refuses the same ones."""
    done = litboard("check-pr", "--base", "main", "--repo", str(root), "--format", "json")
    assert done.returncode == 1, done.stdout
    found = {p["file"].rsplit("/", 1)[1] for p in json.loads(done.stdout)}
    checked = litboard("validate", "--data", str(root), "--format", "json")
    assert checked.returncode == 1
    # the two checks agree
    assert {p["file"].rsplit("/", 1)[1] for p in json.loads(checked.stdout)} == found
    return found
