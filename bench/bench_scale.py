"""Scale benchmark of the whole import -> build path — figures for the issue, never a test.

Modes (``--mode``, repeatable; ``make bench`` passes BENCH_MODES, default all four):

* ``synthetic``: for each size N of ``--size`` (``make bench``: BENCH_SIZE, default 1000 and
  10000 segments) and 2N,
  write ``bench/make_synthetic.py``'s TSV (N segments x 15 systems x 3 raters), import it
  with ``litboard import wmt-mqm`` and build it; the 2N row gives the time ratio.
* ``liteval``: import the LitEval release (``--liteval``, default
  ../shared/data/liteval-public beside the repository) with ``litboard import liteval`` and build it.
* ``incremental``: with the site cache (``build --site-cache``), a full build of the demo
  data + LitEval + a synthetic set (the smallest and the largest of the run: 1,000 and
  20,000 segments for ``make bench``), then rebuilds after touching a file, adding a system
  to the demo data and adding one to the synthetic set; ratios are over the full build.
* ``combined``: the repository's own data, the LitEval release and the smallest synthetic
  set in one site.

Every build runs in a child process (``litboard.build.build_site``); the parent takes its
wall time and peak RSS (``os.wait4``), then measures the output: pages, HTML MB, search
index MB (``search/search_index.json``) and the largest page. Inputs are cached in
``--work`` (default /tmp/litboard-bench) by size and seed.

Usage: python bench/bench_scale.py --size 1000 [--size 2000] [--mode liteval] [--profile]
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
CHILD = """
import json, sys
from pathlib import Path
from litboard.build import build_site
cache = Path(sys.argv[2]) if sys.argv[2] != "-" else None
result = build_site([Path(p) for p in sys.argv[3:]], Path(sys.argv[1]), cache=cache)
print(json.dumps({"timings": result.timings, "pages": result.pages}))
"""
PROFILE = """
import cProfile, pstats, sys
from pathlib import Path
from litboard.build import build_site
cProfile.run("build_site([Path(p) for p in sys.argv[2:]], Path(sys.argv[1]))", "/tmp/litboard-bench.prof")
pstats.Stats("/tmp/litboard-bench.prof").sort_stats("cumulative").print_stats(35)
"""


@dataclass
class Row:
    name: str
    wall: float = 0.0
    phases: dict[str, float] = field(default_factory=dict)
    rss_gb: float = 0.0
    pages: int = 0
    html_mb: float = 0.0
    search_mb: float = 0.0
    largest: str = ""
    note: str = ""


def python(args: list[str], env: dict[str, str] | None = None) -> tuple[str, float, float]:
    """Run ``python args`` from the repository; (stdout, wall seconds, peak RSS GB)."""
    started = time.perf_counter()
    child = subprocess.Popen([sys.executable, *args], cwd=REPO, stdout=subprocess.PIPE,
                             env={**os.environ, "PYTHONPATH": str(REPO / "generator"), **(env or {})}, text=True)
    out = child.stdout.read() if child.stdout else ""
    _, status, usage = os.wait4(child.pid, 0)
    child.returncode = os.waitstatus_to_exitcode(status)
    if child.returncode:
        raise SystemExit(f"bench: {' '.join(args[:3])} failed with exit code {child.returncode}")
    return out, time.perf_counter() - started, usage.ru_maxrss / 1024 / 1024


def synthetic_root(work: Path, segments: int, seed: int) -> Path:
    folder = work / f"synthetic-{segments}-{seed}"
    root = folder / "root"
    if not (root / "corpus").is_dir():
        tsv = folder / "mqm_synthetic_ende.tsv"
        python(["bench/make_synthetic.py", "--segments", str(segments), "--seed", str(seed),
                "--out", str(tsv)])
        python(["-m", "litboard.cli", "import", "wmt-mqm", str(tsv), "--out", str(root)])
    return root


def liteval_root(work: Path, release: Path) -> Path:
    root = work / "liteval" / "root"
    if not (root / "corpus").is_dir():
        python(["-m", "litboard.cli", "import", "liteval", str(release), "--out", str(root)])
    return root


def build(name: str, roots: list[Path], out: Path, cache: Path | None = None, cold: bool = True) -> Row:
    """One build into ``out``; ``cold``: remove the previous site first, whose unchanged pages
    a build would otherwise link instead of writing (only a rebuild should profit from that)."""
    if cold:
        shutil.rmtree(out, ignore_errors=True)
    stdout, wall, rss = python(["-c", CHILD, str(out), str(cache) if cache else "-", *map(str, roots)])
    result = json.loads(stdout.strip().splitlines()[-1])
    row = Row(name, wall, result["timings"], rss, result["pages"])
    pages = [(p.stat().st_size, p) for p in out.rglob("*.html")]
    row.html_mb = sum(s for s, _ in pages) / 1e6
    index = next(out.rglob("search_index.json"), None)
    row.search_mb = index.stat().st_size / 1e6 if index else 0.0
    if pages:
        size, path = max(pages)
        row.largest = f"{size / 1e3:,.0f} KB ({path.relative_to(out)})"
    return row


def incremental(work: Path, synthetic: Path, liteval: Path, out: Path) -> list[Row]:
    """Full build with an empty site cache, then rebuilds after (1) touching a file, (2) adding a
    system to the synthetic set (its dataset is regenerated), (3) adding a system to a small
    dataset beside it (only that one is). Roots are copies, so the cached inputs stay as they are."""
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
    card.write_text("\n".join(f"id: {new}" if line.startswith("id:") else f"name: {new}" if
                              line.startswith("name:") else line
                              for line in card.read_text(encoding="utf-8").splitlines()) + "\n", encoding="utf-8")


def commit() -> str:
    head = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=REPO, capture_output=True,
                          text=True).stdout.strip()
    dirty = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no"], cwd=REPO,
                           capture_output=True, text=True).stdout.strip()
    return head + ("-dirty" if dirty else "")


def table(rows: list[Row]) -> str:
    head = ["run", "wall s", "load", "analyse", "render", "mkdocs", "gen/mkdocs", "peak RSS GB",
            "pages", "HTML MB", "search MB", "largest page", "note"]
    lines = ["| " + " | ".join(head) + " |", "|" + " --- |" * len(head)]
    for r in rows:
        p = r.phases
        generator = sum(p.get(k, 0.0) for k in ("load", "analyse", "render"))
        ratio = generator / p["mkdocs"] if p.get("mkdocs") else float("nan")
        cells = [r.name, f"{r.wall:.1f}", *(f"{p.get(k, 0.0):.1f}" for k in
                                             ("load", "analyse", "render", "mkdocs")),
                 f"{ratio:.2f}", f"{r.rss_gb:.2f}", f"{r.pages:,}", f"{r.html_mb:.1f}",
                 f"{r.search_mb:.2f}", r.largest, r.note]
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, action="append",
                        help="segments of the 1x synthetic set (repeatable; default 1000)")
    parser.add_argument("--mode", action="append", choices=["synthetic", "liteval", "incremental", "combined"])
    parser.add_argument("--seed", type=int, default=20)
    parser.add_argument("--work", type=Path, default=Path("/tmp/litboard-bench"))
    parser.add_argument("--liteval", type=Path,
                        default=Path(__file__).resolve().parents[2] / "shared" / "data" / "liteval-public")
    parser.add_argument("--no-double", action="store_true", help="skip the 2x run of each size")
    parser.add_argument("--profile", action="store_true",
                        help="cProfile one build of the first size instead (top 35 by cumulative time)")
    args = parser.parse_args()
    sizes = args.size or [int(v) for v in os.environ.get("BENCH_SIZE", "1000").split()]
    modes = args.mode or ["synthetic"]
    out = args.work / "public"
    if out.is_dir() and not (out / ".litboard-site").is_file():
        shutil.rmtree(out)  # the bench's own output from before sites were marked; build --out refuses it
    if args.profile:
        print(python(["-c", PROFILE, str(out), str(synthetic_root(args.work, sizes[0], args.seed))])[0])
        return
    rows: list[Row] = []
    if "synthetic" in modes:
        for size in sizes:
            runs = [size] if args.no_double else [size, 2 * size]
            first = None
            for n in runs:
                row = build(f"synthetic {n:,} x 15 x 3", [synthetic_root(args.work, n, args.seed)], out)
                if first is None:
                    first = row
                else:
                    row.note = f"time ratio {row.wall / first.wall:.2f} for 2x data"
                rows.append(row)
                print(table(rows[-1:]).splitlines()[-1], flush=True)
    if "liteval" in modes:
        rows.append(build("LitEval release", [liteval_root(args.work, args.liteval)], out))
    if "incremental" in modes:  # on the smallest and the largest synthetic set of the run
        largest = max(sizes) if args.no_double else 2 * max(sizes)
        for n in sorted({min(sizes), largest}):
            rows += incremental(args.work, synthetic_root(args.work, n, args.seed),
                                liteval_root(args.work, args.liteval), out)
    if "combined" in modes:
        roots = [REPO, liteval_root(args.work, args.liteval), synthetic_root(args.work, min(sizes), args.seed)]
        rows.append(build(f"combined: repository + LitEval + synthetic {min(sizes):,}", roots, out))
    print(f"\nlitboard bench at commit {commit()} ({os.cpu_count()} cores)\n")
    print(table(rows))


if __name__ == "__main__":
    main()
