"""No litboard command deletes or overwrites a file it did not write (issue 33, goal 1).

``COMMANDS`` is the one list of every command that writes. Each case names how to run it in a
fresh workspace and the folders (relative to the workspace) where foreign files are planted:
beside and inside its output, in the caches it prunes, under the names of its temporary
folders. Hypothesis plants a few files with arbitrary bytes, optionally after a first run (so
the output is litboard's own), runs the command (a clean refusal, exit 1, is fine) and checks
that every planted file is still there, byte for byte.

A new writing command is covered by adding one ``Case`` line.
By design not planted: files inside a folder litboard built and marked (``build --out``
replaces its own site whole, see test_outdir), and files named exactly as the command's own
outputs after a first run (they are then litboard's files, which a rerun rewrites).
"""

from __future__ import annotations

import contextlib
import io
import json
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

import pytest
from hypothesis import HealthCheck, Phase, assume, given, settings
from hypothesis import strategies as st

from litboard.cli import main

from ..campaign.fake_labelstudio import annotate
from ..conftest import REPO, shared_path
from ..helpers import FIXTURES, copy_root

EXAMPLES = REPO / "generator" / "litboard" / "importers" / "examples"
CSV = (
    "segment,source,translation,system,rater,rating,comet\n"
    's1,"It was a dark night.",那是一个漆黑的夜晚。,gpt-4o,r1,5,0.84\n'
    's2,"The snow fell.",雪落下了。,gpt-4o,r1,4,0.80\n'
)
TSV = (
    "system\tdoc\tdoc_id\tseg_id\trater\tsource\ttarget\tcategory\tseverity\n"
    "sysA\tdoc1\t1\t1\trater1\tThe snow fell.\t雪<v>落下</v>了。\tAccuracy/Mistranslation\tMajor\n"
    "sysB\tdoc1\t1\t1\trater1\tThe snow fell.\t雪落下了。\tNo-error\tNo-error\n"
)


def _dead_pid() -> int:
    done = subprocess.Popen([sys.executable, "-c", "pass"])
    done.wait()
    return done.pid


DEAD = _dead_pid()  # a pid of no running process: leftover-folder names use it


@dataclass(frozen=True)
class Case:
    name: str
    argv: Callable[[Path, int], list[str]]  # (workspace, run number) -> CLI arguments
    places: tuple[str, ...]  # folders where foreign files are planted
    # (workspace, folder of built sites)
    setup: Callable[[Path, Path], None] = lambda ws, sites: None
    shared: str = ""  # the ../shared/data folder the command reads, if any
    own: tuple[str, ...] = ()  # places that are litboard's own after a first run (not planted then)


def _root(ws: Path, site: Path) -> None:
    copy_root(FIXTURES / "tiny", ws / "root")


def _inputs(ws: Path, site: Path) -> None:
    (ws / "in.csv").write_text(CSV, encoding="utf-8")
    (ws / "mqm_lit_enzh.tsv").write_text(TSV, encoding="utf-8")


def _released(ws: Path, sites: Path) -> None:
    _root(ws, sites)
    for site in sites.iterdir():  # one site per release version (each cites its version)
        shutil.copytree(site, ws / site.name)


def _import(fmt: str, src: Callable[[Path], str], *extra: str) -> Callable[[Path, int], list[str]]:
    return lambda ws, n: ["import", fmt, src(ws), *extra, "--out", str(ws / "dst")]


IMPORT_PLACES = (
    "",
    "dst",
    "dst/reported",
    "dst/corpus",
    "dst/judgments",
    ".dst.importing",
    ".dst.writing-1-x",
)
BUILD_PLACES = (
    "",
    "out",
    "cache",
    "cache/charts",
    "cache/jinja",
    f".out.old-{DEAD}",
    f".out.staging-{DEAD}",
    "root",
    "root/judgments",
)

PLAN = [
    "--pair",
    "de-en",
    "--systems",
    "new-mt",
    "--scheme",
    "mqm",
    "--budget",
    "16",
    "--paragraphs",
    "4",
    "--seed",
    "5",
]


def _track_root(ws: Path, sites: Path) -> None:
    copy_root(FIXTURES / "track", ws / "root")


def _planned(ws: Path, sites: Path) -> None:
    _track_root(ws, sites)
    assert (
        _run(
            [
                "campaign",
                "plan",
                "fixture-track",
                "--data",
                str(ws / "root"),
                *PLAN,
                "--out",
                str(ws / "plan.yaml"),
            ]
        )
        == 0
    )


def _annotated(ws: Path, sites: Path) -> None:
    """A plan, its Label Studio project and a complete annotated export of it (export.json)."""
    _planned(ws, sites)
    assert (
        _run(
            [
                "campaign",
                "export",
                str(ws / "plan.yaml"),
                "--data",
                str(ws / "root"),
                "--out",
                str(ws / "project"),
            ]
        )
        == 0
    )
    (ws / "export.json").write_text(
        json.dumps(annotate(ws / "project", [21, 22])), encoding="utf-8"
    )


# ---- the one list of writing commands: add a line for each new one ---------------------------
COMMANDS = [
    Case(
        "build",
        lambda ws, n: [
            "build",
            "--data",
            str(ws / "root"),
            "--out",
            str(ws / "out"),
            "--site-cache",
            str(ws / "cache"),
        ],
        BUILD_PLACES,
        _root,
        own=("out",),
    ),
    Case(
        "import csv",
        _import("csv", lambda ws: str(ws / "in.csv"), "--mapping", str(EXAMPLES / "csv.yaml")),
        IMPORT_PLACES,
        _inputs,
    ),
    Case(
        "import wmt-mqm",
        _import("wmt-mqm", lambda ws: str(ws / "mqm_lit_enzh.tsv")),
        IMPORT_PLACES,
        _inputs,
    ),
    Case(
        "import liteval",
        _import("liteval", lambda ws: str(shared_path("liteval-public"))),
        IMPORT_PLACES,
        shared="liteval-public",
    ),
    Case(
        "import creativity-bias",
        _import("creativity-bias", lambda ws: str(shared_path("creativity-bias"))),
        IMPORT_PLACES,
        shared="creativity-bias",
    ),
    Case(
        "score chrf",
        lambda ws, n: ["score", "--data", str(ws / "root"), "--metric", "chrf"],
        ("", "root", "root/judgments", "root/judgments/chrf", "root/judgments/mqm1"),
        _root,
    ),
    Case(
        "release",
        lambda ws, n: [
            "release",
            f"v{n}",
            "--site",
            str(ws / f"site-v{n}"),
            "--releases",
            str(ws / "rel"),
            "--data",
            str(ws / "root"),
            "--date",
            "2026-11-24",
        ],
        ("", "rel", "rel/v", "rel/v/latest", "rel/v/v1", "rel/v/v2", "site-v1", "site-v2"),
        _released,
    ),
    Case(
        "track sources",
        lambda ws, n: [
            "track",
            "sources",
            "demo",
            "--pair",
            "de-en",
            "--out",
            str(ws / "src" / "de-en.source.txt"),
        ],
        ("", "src"),
    ),
    Case(
        "track score",
        lambda ws, n: ["track", "score", "demo", "--out", str(ws / "scores")],
        ("", "scores", "scores/demo"),
        own=("scores", "scores/demo"),
    ),
    Case(
        "campaign plan",
        lambda ws, n: [
            "campaign",
            "plan",
            "fixture-track",
            "--data",
            str(ws / "root"),
            *PLAN,
            "--out",
            str(ws / "plans" / "plan.yaml"),
        ],
        ("", "plans", "root", "root/judgments"),
        _track_root,
    ),
    Case(
        "campaign export",
        lambda ws, n: [
            "campaign",
            "export",
            str(ws / "plan.yaml"),
            "--data",
            str(ws / "root"),
            "--out",
            str(ws / "project"),
        ],
        ("", "project"),
        _planned,
        own=("project",),
    ),
    Case(
        "campaign import",
        lambda ws, n: [
            "campaign",
            "import",
            str(ws / "export.json"),
            "--plan",
            str(ws / "plan.yaml"),
            "--data",
            str(ws / "root"),
            "--out",
            str(ws / "root"),
        ],
        ("", "root", "root/judgments", "root/corpus", "project"),
        _annotated,
    ),
]

NAMES = st.one_of(
    st.sampled_from(
        [
            "notes.md",
            "index.html",
            "dataset.yaml",
            "campaign.yaml",
            "de-en.jsonl",
            "liteval.jsonl",
            ".gitignore",
            "thesis.tex",
        ]
    ),
    st.from_regex(r"\Amine-[a-z0-9]{1,6}\.(pickle|svg|png|md|txt|jsonl|html|cache)\Z"),
)
PLANTS = st.lists(
    st.tuples(st.integers(0, 99), NAMES, st.binary(max_size=64)), min_size=1, max_size=4
)


@pytest.fixture(scope="module")
def built_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """site-v1 and site-v2: the tiny fixture built as releases v1 and v2."""
    sites = tmp_path_factory.mktemp("sites")
    for version in ("v1", "v2"):
        with pytest.MonkeyPatch.context() as env:
            env.setenv("LITBOARD_RELEASE", version)
            assert (
                main(
                    [
                        "build",
                        "--data",
                        str(FIXTURES / "tiny"),
                        "--out",
                        str(sites / f"site-{version}"),
                        "--no-site-cache",
                    ]
                )
                == 0
            )
    return sites


def _run(argv: list[str]) -> int:
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        return main(argv)


@pytest.mark.parametrize("case", COMMANDS, ids=[c.name for c in COMMANDS])
@settings(
    max_examples=6,
    deadline=None,
    phases=[Phase.explicit, Phase.reuse, Phase.generate],
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(plants=PLANTS, first_run=st.booleans())
def test_foreign_files_survive_every_writing_command(
    case: Case, built_site: Path, plants, first_run: bool
) -> None:
    if case.shared:
        shared_path(case.shared)  # skip (or fail under LITBOARD_REQUIRE_SHARED=1) without the data
    with tempfile.TemporaryDirectory() as scratch:
        ws = Path(scratch)
        case.setup(ws, built_site)
        if first_run:
            assert _run(case.argv(ws, 1)) == 0, f"{case.name} fails on a clean workspace"
        places = [p for p in case.places if not (first_run and p in case.own)]
        planted: dict[Path, bytes] = {}
        for index, name, data in plants:
            path = ws / places[index % len(places)] / name
            assume(not path.exists() and path not in planted)  # a new file, not one litboard wrote
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data)
            planted[path] = data
        code = _run(case.argv(ws, 2))
        assert code in (0, 1)
        changed = [
            str(p.relative_to(ws))
            for p, data in planted.items()
            if not p.is_file() or p.read_bytes() != data
        ]
        assert not changed, f"{case.name} (exit {code}) lost or changed: {changed}"


def test_score_never_writes_into_a_human_campaign_of_the_same_id(tmp_path: Path) -> None:
    """A human campaign that happens to be named like a metric (judgments/chrf/, scheme sqm): score
    used to overwrite its campaign.yaml and merge metric records into its files."""
    root = copy_root(FIXTURES / "tiny", tmp_path / "root")
    (root / "judgments/chrf").mkdir()
    card = (
        "id: chrf\ntitle: Close reading\nscheme: sqm\nannotators: [{id: s1, expertise: "
        "student}]\nscale: {min: 0, max: 6}\n"
    )
    (root / "judgments/chrf/campaign.yaml").write_text(card, encoding="utf-8")
    record = '{"system": "mt", "pair": "de-en", "paragraph": "p1", "annotator": "s1", "score": 4}\n'
    (root / "judgments/chrf/de-en.jsonl").write_text(record, encoding="utf-8")
    assert _run(["score", "--data", str(root), "--metric", "chrf"]) == 1
    assert (root / "judgments/chrf/campaign.yaml").read_text(encoding="utf-8") == card
    assert (root / "judgments/chrf/de-en.jsonl").read_text(encoding="utf-8") == record
