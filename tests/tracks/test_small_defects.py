"""Issue 55, goal 9: the smaller defects, each a clear error (file:line:field and a fix) or fixed;
never a traceback, no foreign file touched."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from litboard.cli import main

from ..helpers import DEMO

GENERATOR = str(Path(__file__).parents[2] / "generator")


def _score(repo: Path, out: Path, *more: str) -> int:
    return main(["track", "score", "demo", "--out", str(out), "--repo", str(repo), *more])


def test_track_score_leaves_a_foreign_partial_sibling_alone(
    repo_copy: Path, tmp_path: Path
) -> None:
    out = tmp_path / "scores"
    foreign = tmp_path / ".scores.partial"  # the name the command used to stage in, and delete
    foreign.mkdir()
    (foreign / "mine.txt").write_text("not litboard's\n", encoding="utf-8")
    assert _score(repo_copy, out, "--stats-cache", str(tmp_path / "stats")) == 0
    assert (foreign / "mine.txt").read_text(encoding="utf-8") == "not litboard's\n"
    assert (out / "demo").is_dir()
    # the command's own staging folder is gone
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".scores.partial-")]


@pytest.mark.parametrize(
    "content,line,why",
    [
        ("{not json\n", 1, "is not JSON"),
        ('{"key": "k", "stats": [1, 2]}\n[1, 2]\n', 2, 'is not {"key": <hash>, "stats"'),
        ('{"key": "k", "stats": "many"}\n', 1, 'is not {"key": <hash>, "stats"'),
    ],
)
def test_a_foreign_stats_cache_is_refused_and_left_as_it_was(
    repo_copy: Path,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    content: str,
    line: int,
    why: str,
) -> None:
    stats = tmp_path / "stats"
    stats.mkdir()
    (stats / "ter-stats.jsonl").write_text(content, encoding="utf-8")
    assert _score(repo_copy, tmp_path / "scores", "--stats-cache", str(stats)) == 1
    err = capsys.readouterr().err
    assert f"{stats / 'ter-stats.jsonl'}:{line}: --stats-cache: {why}" in err
    assert "not a TER statistics cache written by `litboard track score`" in err
    assert "pass a folder of its own to --stats-cache" in err and "Traceback" not in err
    assert (stats / "ter-stats.jsonl").read_text(encoding="utf-8") == content
    assert not (tmp_path / "scores").exists()


def _interrupted(args: list[str], cwd: Path, marker: str) -> subprocess.CompletedProcess[str]:
    """Run ``litboard ARGS``, send SIGINT (Ctrl-C) to its process group once stderr shows
    ``marker``, and return what it printed."""
    env = {**os.environ, "PYTHONPATH": GENERATOR, "LITBOARD_PROGRESS": "0"}
    with subprocess.Popen(
        [sys.executable, "-m", "litboard.cli", *args],
        cwd=cwd,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
        # Ctrl-C as at a terminal: a child inherits an ignored SIGINT (an earlier test of the
        # worker may leave it ignored), and then the command would run to its end
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    ) as proc:
        assert proc.stderr is not None
        seen = []
        for line in proc.stderr:
            seen.append(line)
            if marker in line:
                os.killpg(proc.pid, signal.SIGINT)
                break
        out, err = proc.communicate(timeout=120)
    return subprocess.CompletedProcess(args, proc.returncode, out, "".join(seen) + err)


@pytest.mark.parametrize(
    "command,marker",
    [
        (["build", "--data", str(DEMO), "--out", "site", "--no-site-cache"], "building the site"),
        (["track", "score", "demo", "--out", "site", "--stats-cache", "stats"], "scoring"),
    ],
    ids=["build", "track score"],
)
def test_ctrl_c_prints_a_line_not_a_traceback(
    repo_copy: Path, command: list[str], marker: str
) -> None:
    (repo_copy / "site").mkdir(exist_ok=True)
    before = sorted(p.name for p in repo_copy.iterdir())
    extra = ["--repo", str(repo_copy)] if command[0] == "track" else []
    done = _interrupted(command + extra, repo_copy, marker)
    assert done.returncode == 130, done.stderr
    assert "Traceback" not in done.stderr and "KeyboardInterrupt" not in done.stderr
    assert f"litboard {command[0]}: interrupted" in done.stderr
    assert sorted(p.name for p in repo_copy.iterdir()) == before  # no half-written folder


ALL_FIELDS = [
    "--name", "My MT", "--submitted-by", "me@example.org", "--model", "m-7b", "--version", "v1",
    "--prompt", "Translate.", "--date", "2026-11-30", "--licence", "CC-BY-4.0",
    "--open-weights", "true",
]  # fmt: skip


def _new_system(repo: Path, tmp_path: Path, *args: str) -> int:
    outputs = tmp_path / "de-en.txt"
    outputs.write_text("One.\nTwo.\nThree.\n", encoding="utf-8")
    return main(
        ["track", "new-system", "demo", "--id", "my-mt", "--from", str(outputs)]
        + ["--repo", str(repo), *args]
    )


def test_new_system_with_every_field_given_asks_for_nothing(
    repo_copy: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert _new_system(repo_copy, tmp_path, *ALL_FIELDS) == 0
    out = capsys.readouterr().out
    assert "every card field is filled in; check the folder with `litboard validate`" in out
    card = (repo_copy / "corpus/systems/my-mt/system.yaml").read_text(encoding="utf-8")
    assert "FILL IN" not in card and "open_weights: true" in card


def test_new_system_names_the_fields_left_and_no_placeholder_is_a_type_error(
    repo_copy: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import yaml

    from litboard.errors import Problems
    from litboard.tracks.contribution import CARD_FIELDS, check_card
    from litboard.load.schema_check import schema_ok

    assert _new_system(repo_copy, tmp_path, "--name", "My MT") == 0
    out = capsys.readouterr().out
    assert "fill in submitted_by, model, version, prompt, date, licence, open_weights in" in out
    path = repo_copy / "corpus/systems/my-mt/system.yaml"
    text = path.read_text(encoding="utf-8")
    card = yaml.safe_load(text)
    # the schema accepts the scaffold (open_weights is a comment, not a string for a boolean) ...
    assert schema_ok("system", card, Problems(), str(path), lambda p: 0)
    assert "# open_weights: FILL IN: true if the model's weights are public" in text
    # ... so the card check names every field left in one run
    problems = Problems()
    check_card(str(path), card, problems, text)
    assert sorted(p.field for p in problems.items) == sorted(set(CARD_FIELDS) - {"name"})


def test_campaign_export_does_not_write_through_a_symlink(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from ..helpers import FIXTURES

    track = FIXTURES / "track"
    plan = tmp_path / "plan.yaml"
    args = ["fixture-track", "--data", str(track), "--pair", "de-en", "--systems", "new-mt"]
    args += ["--scheme", "mqm", "--budget", "16", "--paragraphs", "4", "--seed", "3"]
    assert main(["campaign", "plan", *args, "--out", str(plan)]) == 0
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()  # empty: the old check let the export write into it through the link
    link = tmp_path / "project"
    link.symlink_to(elsewhere, target_is_directory=True)
    assert main(["campaign", "export", str(plan), "--data", str(track), "--out", str(link)]) == 1
    err = capsys.readouterr().err
    assert f"{link}: --out: is a symbolic link" in err and "(fix: pass a new folder" in err
    assert list(elsewhere.iterdir()) == [] and link.is_symlink()


def test_no_network_is_one_error_not_one_per_release_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import urllib.error

    from litboard.errors import DataError
    from litboard.importers import pinned

    calls = []

    def offline(url: str) -> bytes:
        calls.append(url)
        raise urllib.error.URLError(OSError(-2, "Name or service not known"))

    monkeypatch.setattr(pinned, "_download", offline)
    manifest = Path(__file__).parents[2] / "releases.yaml"
    [release] = [r for r in pinned.read_manifest(manifest) if r.id == "literary-translation"]
    files = len(release.files)
    with pytest.raises(DataError) as caught:
        pinned.prepare(manifest, tmp_path / "cache", None, only=["literary-translation"])
    [problem] = caught.value.problems
    assert len(calls) == 1 and problem.field == "download"
    assert "https://raw.githubusercontent.com cannot be reached" in problem.message
    assert f"so the {files} remaining release file(s) were not fetched" in problem.message
    assert "pass --mirror DIR" in problem.fix and not (tmp_path / "cache").exists()


def test_outside_a_repository_the_error_says_where_tracks_are_declared(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)  # no releases.yaml, no corpus/: declares no track
    out = tmp_path / "sources.txt"
    assert main(["track", "sources", "demo", "--pair", "de-en", "--out", str(out)]) == 1
    err = capsys.readouterr().err
    assert "there is no track 'demo'" in err and "one of: )" not in err
    here = tmp_path.resolve()
    assert f"the current folder ({here}) declares no track: run the command in " in err
    track_root = Path(__file__).parents[2] / "tracks" / "literary-translation"
    assert main(["validate", "--data", str(track_root)]) == 1
    err = capsys.readouterr().err
    assert "'literary-translation' is not a track" in err and "one of: )" not in err
    assert "declares no track: run the command in the repository or study" in err
    assert not out.exists()


@pytest.mark.parametrize("option", ["--head", "--base"])
def test_a_bad_ref_is_named_by_its_own_option(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], option: str
) -> None:
    from ..helpers import copy_root
    from .test_pr_flow import git

    root = copy_root(DEMO, tmp_path / "repo")
    git(root, "init", "-q", "-b", "main")
    git(root, "add", "-A")
    git(root, "commit", "-qm", "base")
    refs = {"--base": "main", "--head": "HEAD", option: "no-such-ref"}
    args = ["check-pr", "--repo", str(root), "--base", refs["--base"], "--head", refs["--head"]]
    assert main(args) == 1
    err = capsys.readouterr().err
    other = "--base" if option == "--head" else "--head"
    assert f"command line: {option}: 'no-such-ref' is not a commit of {root}" in err
    assert f": {other}:" not in err and "Traceback" not in err


@pytest.mark.parametrize(
    "offsets,why",
    [
        ({"start": -2}, "do not fit the text of 'translation' (9 code points)"),
        ({"start": 500}, "do not fit the text of 'translation' (9 code points)"),
        ({"start": float("nan")}, "are not integer offsets (nan, 7)"),
        ({"start": "3"}, "are not integer offsets ('3', 7)"),
        ({"start": 5, "end": 2}, "offsets 5-2 do not fit the text"),
        ({"end": None}, "are not integer offsets (5, None)"),
    ],
    ids=["negative", "past the end", "NaN", "a string", "end before start", "no end"],
)
def test_a_label_studio_span_that_is_no_span_is_skipped_and_said(
    tmp_path: Path, offsets: dict, why: str
) -> None:
    import json

    from litboard.importers import get
    from litboard.load import load

    from ..importers import ls_export as ls
    from ..importers.test_malformed_inputs import EXAMPLES, T, good_task

    task = good_task()
    span = ls.span("e1", "translation", T, "谢谢", ["Accuracy/Mistranslation"])
    span["value"].update(offsets)
    task["annotations"][0]["result"] = [span]
    export = tmp_path / "export.json"
    export.write_text(json.dumps([task], ensure_ascii=False), encoding="utf-8")
    report = get("labelstudio")(export, tmp_path / "root", mapping=EXAMPLES / "mqm.yaml")
    [skipped] = report.skipped
    assert skipped.startswith(f"{export}:") and why in skipped and "only this span" in skipped
    assert "must satisfy 0 <= start <= end <= 9" in skipped or "write the span's" in skipped
    records = [
        json.loads(line)
        for path in (tmp_path / "root" / "judgments").rglob("*.jsonl")
        for line in path.read_text(encoding="utf-8").splitlines()
    ]
    assert records and all(r.get("errors", []) == [] for r in records)  # no error at 0 for it
    load([tmp_path / "root"])  # valid data
