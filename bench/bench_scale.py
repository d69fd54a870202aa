"""Scale benchmark of the whole import -> build path — figures for the issue, never a test.

Modes (``--mode``, repeatable; ``make bench`` passes BENCH_MODES, default ``synthetic easy``):

* ``synthetic``: for each size N of ``--size`` (``make bench``: BENCH_SIZE, default 2000 and
  20000 segments), write ``bench/make_synthetic.py``'s TSV (N segments x 15 systems x 3
  raters), import it with ``litboard import wmt-mqm``, build it and freeze the build as one
  release (``litboard release``: the deployed size is the site plus ``releases/v``, the
  folder a build with ``--kept-releases`` serves under ``v/``; a file hard-linked twice counts
  once); the ratios of the largest size to the smallest follow the table. The TSVs' statistics
  (``bench/mqm_stats.py``) are printed beside those of the WMT sample in ../shared/data.
* ``easy``: the same for ``bench/make_synthetic_easy.py``'s set (0.4 errors per item, targets
  of 150 characters, spans of 11), each size right after the standard one when both modes run
  (paired: same machine, same minutes), with the easy / standard CPU ratio per size.
* ``public``: ``bench/bench_public.py``: ``make public``'s steps from fresh caches, the release
  files read from ``--mirror`` (default ../shared/data beside the repository): ``track score``
  per track, then ``build --releases --track-scores``; the total follows.
* ``liteval``: import the LitEval release (``--liteval``, default
  ../shared/data/liteval-public beside the repository) with ``litboard import liteval`` and build
  it.
* ``incremental``: with the site cache (``build --site-cache``), a full build of the demo
  data + LitEval + a synthetic set (the smallest and the largest of the run: 1,000 and
  20,000 segments for ``make bench``), then rebuilds after touching a file, adding a system
  to the demo data and adding one to the synthetic set; ratios are over the full build.
* ``combined``: the repository's own data, the LitEval release and the smallest synthetic
  set in one site.

Every build runs in a child process (``litboard.pipeline.build.build_site``); the parent takes its
wall time, its CPU seconds (user + sys of the child and every process it waited for: the
dataset workers), peak RSS (``os.wait4``) and the load average before and after (the machine
may be shared: CPU seconds are the figure that does not depend on it), then measures the
output: pages, HTML MB, site MB, MB per segment, search index MB
(``search/search_index.json``) and the largest page. Inputs are cached in ``--work``
(default /tmp/litboard-bench) by size and seed.

Usage: python bench/bench_scale.py --size 2000 [--size 20000] [--mode liteval] [--no-release]
[--profile]
"""

from __future__ import annotations

import argparse
import shutil
import json
import os
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
SAMPLE = REPO.parent / "shared" / "data" / "wmt-mqm-sample" / "mqm_ted_zhen.head300.tsv"
CHILD = """
import json, sys
from pathlib import Path
from litboard.pipeline.build import build_site
cache = Path(sys.argv[2]) if sys.argv[2] != "-" else None
result = build_site([Path(p) for p in sys.argv[3:]], Path(sys.argv[1]), cache=cache)
print(json.dumps({"timings": result.timings, "pages": result.pages}))
"""
PROFILE = """
import cProfile, pstats, sys
from pathlib import Path
from litboard.pipeline.build import build_site
prof = str(Path(sys.argv[1]).parent / "build.prof")  # beside the site, in --work
cProfile.run("build_site([Path(p) for p in sys.argv[2:]], Path(sys.argv[1]))", prof)
pstats.Stats(prof).sort_stats("cumulative").print_stats(35)
pstats.Stats(prof).sort_stats("tottime").print_stats(25)
"""


@dataclass
class Run:
    """What one child process cost."""

    stdout: str
    wall: float
    cpu: float  # user + sys, the child's waited-for descendants included
    rss_gb: float
    load: tuple[float, float]  # 1-minute load average before and after


@dataclass
class Row:
    name: str
    wall: float = 0.0
    cpu: float = 0.0
    load: tuple[float, float] = (0.0, 0.0)
    phases: dict[str, float] = field(default_factory=dict)
    rss_gb: float = 0.0
    pages: int = 0
    html_mb: float = 0.0
    site_mb: float = 0.0
    segments: int = 0
    search_mb: float = 0.0
    largest: str = ""
    deployed_mb: float = 0.0
    note: str = ""


def run(args: list[str], env: dict[str, str] | None = None) -> Run:
    """Run ``python args`` from the repository and measure it."""
    before = os.getloadavg()[0]
    started = time.perf_counter()
    child = subprocess.Popen(
        [sys.executable, *args],
        cwd=REPO,
        stdout=subprocess.PIPE,
        env={**os.environ, "PYTHONPATH": str(REPO / "generator"), **(env or {})},
        text=True,
    )
    out = child.stdout.read() if child.stdout else ""
    _, status, usage = os.wait4(child.pid, 0)
    child.returncode = os.waitstatus_to_exitcode(status)
    if child.returncode:
        raise SystemExit(f"bench: {' '.join(args[:3])} failed with exit code {child.returncode}")
    return Run(
        out,
        time.perf_counter() - started,
        usage.ru_utime + usage.ru_stime,
        usage.ru_maxrss / 1024 / 1024,
        (before, os.getloadavg()[0]),
    )


def python(args: list[str], env: dict[str, str] | None = None) -> tuple[str, float, float]:
    """Run ``python args`` from the repository; (stdout, wall seconds, peak RSS GB)."""
    done = run(args, env)
    return done.stdout, done.wall, done.rss_gb


GENERATORS = {"synthetic": "bench/make_synthetic.py", "easy": "bench/make_synthetic_easy.py"}


def tsv_path(work: Path, segments: int, seed: int, generator: str = "synthetic") -> Path:
    return work / f"{generator}-{segments}-{seed}" / "mqm_synthetic_ende.tsv"


def synthetic_root(work: Path, segments: int, seed: int, generator: str = "synthetic") -> Path:
    tsv = tsv_path(work, segments, seed, generator)
    root = tsv.parent / "root"
    if not (root / "corpus").is_dir():
        python(
            [
                GENERATORS[generator],
                "--segments",
                str(segments),
                "--seed",
                str(seed),
                "--out",
                str(tsv),
            ]
        )
        python(["-m", "litboard.cli", "import", "wmt-mqm", str(tsv), "--out", str(root)])
    return root


def liteval_root(work: Path, release: Path) -> Path:
    root = work / "liteval" / "root"
    if not (root / "corpus").is_dir():
        python(["-m", "litboard.cli", "import", "liteval", str(release), "--out", str(root)])
    return root


def build(
    name: str,
    roots: list[Path],
    out: Path,
    cache: Path | None = None,
    cold: bool = True,
    env: dict[str, str] | None = None,
) -> Row:
    """One build into ``out``; ``cold``: remove the previous site first, whose unchanged pages
    a build would otherwise link instead of writing (only a rebuild should profit from that)."""
    if cold:
        shutil.rmtree(out, ignore_errors=True)
    done = run(["-c", CHILD, str(out), str(cache) if cache else "-", *map(str, roots)], env)
    result = json.loads(done.stdout.strip().splitlines()[-1])
    row = Row(name, done.wall, done.cpu, done.load, result["timings"], done.rss_gb, result["pages"])
    site_figures(row, out)
    return row


def site_figures(row: Row, out: Path) -> None:
    """Book the size of the site in ``out`` on ``row``."""
    pages = [(p.stat().st_size, p) for p in out.rglob("*.html")]
    row.html_mb = sum(s for s, _ in pages) / 1e6
    row.site_mb = tree_bytes([out]) / 1e6
    index = next(out.rglob("search_index.json"), None)
    row.search_mb = index.stat().st_size / 1e6 if index else 0.0
    if pages:
        size, path = max(pages)
        row.largest = f"{size / 1e3:,.0f} KB ({path.relative_to(out)})"


def tree_bytes(folders: list[Path]) -> int:
    """Bytes of every file under ``folders``, a file with several names (hard links) once."""
    seen: set[tuple[int, int]] = set()
    total = 0
    for folder in folders:
        for path in folder.rglob("*"):
            info = path.lstat()
            if path.is_file() and not path.is_symlink() and (info.st_dev, info.st_ino) not in seen:
                seen.add((info.st_dev, info.st_ino))
                total += info.st_size
    return total


RELEASE = "bench"  # the synthetic builds are built as this release, so it can be frozen


def deployed(row: Row, work: Path, root: Path, out: Path) -> None:
    """Freeze the build as one release with ``litboard release`` and book the deployed size:
    the site plus the ``releases/v`` folder a build with ``--kept-releases`` serves under ``v/``."""
    releases = work / "releases"
    shutil.rmtree(releases, ignore_errors=True)  # the bench's own folder of the previous row
    done = run(
        [
            "-m",
            "litboard.cli",
            "release",
            RELEASE,
            "--site",
            str(out),
            "--releases",
            str(releases),
            "--data",
            str(root),
            "--date",
            "2026-11-25",
        ]
    )
    row.deployed_mb = tree_bytes([out, releases / "v"]) / 1e6
    row.note = (
        row.note + "; " if row.note else ""
    ) + f"release: {done.wall:.0f} s wall, {done.cpu:.0f} CPU s"


def incremental(work: Path, synthetic: Path, liteval: Path, out: Path) -> list[Row]:
    """Full build with an empty site cache, then rebuilds after (1) touching a file, (2) adding a
    system to the synthetic set (its dataset is regenerated), (3) adding a system to a small
    dataset beside it (only that one is). Roots are copies, so the cached inputs stay as they
    are."""
    base = work / "incremental"
    shutil.rmtree(base, ignore_errors=True)
    synthetic_copy, demo = base / "synthetic", base / "demo"
    shutil.copytree(synthetic, synthetic_copy)
    for part in ("corpus", "judgments"):
        shutil.copytree(REPO / part, demo / part)
    roots, cache = [demo, liteval, synthetic_copy], base / "cache"
    full = build(f"full, empty cache ({synthetic.parent.name} + LitEval + demo)", roots, out, cache)
    rows = [full]

    def again(name: str) -> None:
        row = build(name, roots, out, cache, cold=False)  # a rebuild replaces the previous site
        row.note = f"rebuild / full = {row.wall / full.wall:.2f}"
        rows.append(row)

    system = sorted((synthetic_copy / "corpus" / "systems").glob("*/*.jsonl"))[0]
    system.touch()
    again(f"touch {system.parent.name}/{system.name}")
    _add_system(demo, "demo-llm", "demo-llm-2")
    again("add a system to demo")
    _add_system(synthetic_copy, "system01", "system99")
    again("add a system to the synthetic set")
    return rows


def _add_system(root: Path, template: str, new: str) -> None:
    src, dst = root / "corpus" / "systems" / template, root / "corpus" / "systems" / new
    shutil.copytree(src, dst)
    card = dst / "system.yaml"
    card.write_text(
        "\n".join(
            f"id: {new}"
            if line.startswith("id:")
            else f"name: {new}"
            if line.startswith("name:")
            else line
            for line in card.read_text(encoding="utf-8").splitlines()
        )
        + "\n",
        encoding="utf-8",
    )


def commit() -> str:
    head = subprocess.run(
        ["git", "rev-parse", "--short", "HEAD"], cwd=REPO, capture_output=True, text=True
    ).stdout.strip()
    dirty = subprocess.run(
        ["git", "status", "--porcelain", "--untracked-files=no"],
        cwd=REPO,
        capture_output=True,
        text=True,
    ).stdout.strip()
    return head + ("-dirty" if dirty else "")


def table(rows: list[Row]) -> str:
    head = [
        "run",
        "wall s",
        "CPU s",
        "load before/after",
        "load",
        "analyse",
        "render",
        "mkdocs",
        "peak RSS GB",
        "pages",
        "HTML MB",
        "site MB",
        "MB/segment",
        "search MB",
        "largest page",
        "deployed MB (1 release)",
        "note",
    ]
    lines = ["| " + " | ".join(head) + " |", "|" + " --- |" * len(head)]
    for r in rows:
        p = r.phases
        cells = [
            r.name,
            f"{r.wall:.1f}",
            f"{r.cpu:.1f}",
            f"{r.load[0]:.1f} / {r.load[1]:.1f}",
            *(f"{p.get(k, 0.0):.1f}" for k in ("load", "analyse", "render", "mkdocs")),
            f"{r.rss_gb:.2f}",
            f"{r.pages:,}",
            f"{r.html_mb:,.1f}",
            f"{r.site_mb:,.1f}",
            f"{r.site_mb / r.segments:.4f}" if r.segments else "",
            f"{r.search_mb:.2f}",
            r.largest,
            f"{r.deployed_mb:,.1f}" if r.deployed_mb else "",
            r.note,
        ]
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


def ratios(first: Row, last: Row) -> str:
    """The largest synthetic size against the smallest: data, wall, CPU and size ratios."""
    data = last.segments / first.segments
    return (
        f"{last.segments:,} / {first.segments:,} segments ({data:.0f}x data): wall "
        f"{last.wall / first.wall:.2f}x, "
        f"CPU {last.cpu / first.cpu:.2f}x, site size {last.site_mb / first.site_mb:.2f}x, "
        f"pages {last.pages / first.pages:.2f}x"
    )


def statistics(work: Path, sizes: list[int], seed: int, generators: list[str]) -> str:
    """``bench/mqm_stats.py``'s table: the WMT sample beside every synthetic TSV of the run."""
    sys.path.insert(0, str(REPO / "bench"))
    from mqm_stats import measure, table as stats_table

    files = {f"WMT sample ({SAMPLE.name})": SAMPLE} if SAMPLE.is_file() else {}
    files.update({f"{g} {n:,}": tsv_path(work, n, seed, g) for n in sizes for g in generators})
    return stats_table({name: measure(path) for name, path in files.items()})


def generated(
    args: argparse.Namespace, sizes: list[int], generators: list[str], out: Path
) -> dict[str, list[Row]]:
    """Build every generator's set of every size, paired: size by size, each generator in turn."""
    rows: dict[str, list[Row]] = {g: [] for g in generators}
    for n in sizes:
        for generator in generators:
            root = synthetic_root(args.work, n, args.seed, generator)
            row = build(
                f"{generator} {n:,} x 15 x 3",
                [root],
                out,
                env=None if args.no_release else {"LITBOARD_RELEASE": RELEASE},
            )
            row.segments = n
            if not args.no_release:
                deployed(row, args.work, root, out)
            rows[generator].append(row)
            print(table([row]).splitlines()[-1], flush=True)
    return rows


def public(work: Path, mirror: Path) -> list[Row]:
    """The public mode (``bench/bench_public.py``): a row per step, then their total."""
    if not mirror.is_dir():
        raise SystemExit(
            f"bench: the public mode reads the release files: no folder {mirror} "
            "(pass --mirror DIR, or MIRROR=DIR to make bench)"
        )
    sys.path.insert(0, str(REPO / "bench"))
    from bench_public import public_steps

    steps, site = public_steps(work, mirror, run)
    rows = [Row(name, done.wall, done.cpu, done.load, rss_gb=done.rss_gb) for name, done in steps]
    for row in rows:
        print(table([row]).splitlines()[-1], flush=True)
    site_figures(rows[-1], site)
    rows[-1].pages = sum(1 for _ in site.rglob("*.html"))
    scoring = rows[:-1]
    rows.append(
        Row(
            "public: total (track scores + build)",
            sum(r.wall for r in rows),
            sum(r.cpu for r in rows),
            (rows[0].load[0], rows[-1].load[1]),
            rss_gb=max(r.rss_gb for r in rows),
            note=f"track scoring {sum(r.cpu for r in scoring):.1f} CPU s of it",
        )
    )
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--size",
        type=int,
        action="append",
        help="segments of a synthetic set (repeatable; default BENCH_SIZE or 2000 20000)",
    )
    parser.add_argument(
        "--mode",
        action="append",
        choices=["synthetic", "easy", "public", "liteval", "incremental", "combined"],
    )
    parser.add_argument("--seed", type=int, default=20)
    parser.add_argument("--work", type=Path, default=Path("/tmp/litboard-bench"))
    parser.add_argument(
        "--liteval",
        type=Path,
        default=Path(__file__).resolve().parents[2] / "shared" / "data" / "liteval-public",
    )
    parser.add_argument(
        "--mirror",
        type=Path,
        default=REPO.parent / "shared" / "data",
        help="public mode: read the release files from DIR/<mirror>/<name>",
    )
    parser.add_argument(
        "--no-release", action="store_true", help="skip the release of each synthetic build"
    )
    parser.add_argument(
        "--profile",
        action="store_true",
        help="cProfile one build of the first size instead (top 35 by cumulative time;"
        " of the easy set with --mode easy alone)",
    )
    args = parser.parse_args()
    head = commit()  # the code measured, before anyone commits during the run
    sizes = sorted(
        args.size or [int(v) for v in os.environ.get("BENCH_SIZE", "2000 20000").split()]
    )
    modes = args.mode or ["synthetic"]
    out = args.work / "public"
    if out.is_dir() and not (out / ".litboard-site").is_file():
        # the bench's own output from before sites were marked; build --out refuses it
        shutil.rmtree(out)
    if args.profile:  # of the easy set with --mode easy alone
        generator = "easy" if modes == ["easy"] else "synthetic"
        root = synthetic_root(args.work, sizes[0], args.seed, generator)
        print(python(["-c", PROFILE, str(out), str(root)])[0])
        return
    generators = [g for g in GENERATORS if g in modes]
    synthetic = generated(args, sizes, generators, out)
    rows: list[Row] = [r for g in generators for r in synthetic[g]]
    if "liteval" in modes:
        rows.append(build("LitEval release", [liteval_root(args.work, args.liteval)], out))
    if "incremental" in modes:  # on the smallest and the largest synthetic set of the run
        for n in sorted({min(sizes), max(sizes)}):
            rows += incremental(
                args.work,
                synthetic_root(args.work, n, args.seed),
                liteval_root(args.work, args.liteval),
                out,
            )
    if "public" in modes:
        rows += public(args.work, args.mirror)
    if "combined" in modes:
        roots = [
            REPO,
            liteval_root(args.work, args.liteval),
            synthetic_root(args.work, min(sizes), args.seed),
        ]
        rows.append(build(f"combined: repository + LitEval + synthetic {min(sizes):,}", roots, out))
    print(f"\nlitboard bench at commit {head} ({os.cpu_count()} cores)\n")
    if generators:
        print(statistics(args.work, sizes, args.seed, generators) + "\n")
    print(table(rows))
    for generator in generators:
        if len(synthetic[generator]) > 1:
            print(f"\n{generator}: " + ratios(synthetic[generator][0], synthetic[generator][-1]))
    if len(generators) == 2:
        for hard, easy in zip(*synthetic.values()):
            print(
                f"\neasy / synthetic at {hard.segments:,} segments: CPU "
                f"{easy.cpu / hard.cpu:.2f}x, "
                f"wall {easy.wall / hard.wall:.2f}x"
            )


if __name__ == "__main__":
    main()
