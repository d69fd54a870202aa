"""Benchmark of ``litboard campaign import`` (issue 44, goal 10: linear in tasks; 50,000 tasks
within 60 CPU-s) — figures for the issue, never a test.

Writes (once, cached in ``--work``) a synthetic track: ``make_synthetic``'s TSV of ``--segments``
segments x 15 systems imported with ``litboard import wmt-mqm``. For each ``--budget`` it plans a
pairwise campaign for one system on budget/16 paragraphs, exports it, plays the annotators
(tests/campaign/fake_labelstudio.py: spans, a preference and a rationale per annotation) and
runs ``campaign import`` into a fresh copy of the root in a child process; printed per size:
tasks, annotations, CPU seconds (user + sys of the child, ``os.wait4``), wall seconds, peak RSS
and the load average before (the machine may be shared: CPU seconds are the figure that does
not depend on it), and CPU-s per 1,000 tasks (flat when the import is linear).

Usage: python bench/bench_campaign_import.py --budget 2500 --budget 5000 --budget 50000
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
SYSTEM = "refa"


def _python(args: list[str]) -> None:
    env = dict(os.environ, PYTHONPATH=str(REPO / "generator"))
    subprocess.run(
        [sys.executable, *args], check=True, env=env, cwd=REPO, stdout=subprocess.DEVNULL
    )


def _root(work: Path, segments: int) -> Path:
    root = work / f"root-{segments}"
    if not (root / "corpus").is_dir():
        tsv = work / f"synthetic-{segments}" / "mqm_synthetic_ende.tsv"
        _python(["bench/make_synthetic.py", "--segments", str(segments), "--out", str(tsv)])
        _python(["-m", "litboard.cli", "import", "wmt-mqm", str(tsv), "--out", str(root)])
    return root


def _export(work: Path, root: Path, budget: int) -> tuple[Path, Path]:
    """(plan, annotated export) of a pairwise plan of ``budget`` items (cached)."""
    folder = work / f"budget-{budget}"
    plan, export = folder / "plan.yaml", folder / "export.json"
    if export.is_file():
        return plan, export
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    _python(
        [
            "-m",
            "litboard.cli",
            "campaign",
            "plan",
            "mqm-synthetic-ende",
            "--data",
            str(root),
            "--pair",
            "en-de",
            "--systems",
            SYSTEM,
            "--scheme",
            "pairwise",
            "--budget",
            str(budget),
            "--paragraphs",
            str(max(budget // 16, 1)),
            "--seed",
            "1",
            "--out",
            str(plan),
        ]
    )
    _python(
        [
            "-m",
            "litboard.cli",
            "campaign",
            "export",
            str(plan),
            "--data",
            str(root),
            "--out",
            str(folder / "project"),
        ]
    )
    _python(["tests/campaign/fake_labelstudio.py", str(folder / "project"), str(export)])
    return plan, export


def _measure(root: Path, plan: Path, export: Path, work: Path) -> dict[str, float]:
    out = work / "out-root"
    shutil.rmtree(out, ignore_errors=True)
    shutil.copytree(root, out)
    load = os.getloadavg()[0]
    env = dict(os.environ, PYTHONPATH=str(REPO / "generator"))
    start = time.perf_counter()
    child = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "litboard.cli",
            "campaign",
            "import",
            str(export),
            "--plan",
            str(plan),
            "--data",
            str(root),
            "--out",
            str(out),
        ],
        env=env,
        cwd=REPO,
        stdout=subprocess.DEVNULL,
    )
    _, status, usage = os.wait4(child.pid, 0)
    if status:
        raise SystemExit(f"campaign import failed (status {status})")
    tasks = json.loads(export.read_text(encoding="utf-8"))
    return {
        "tasks": len(tasks),
        "annotations": sum(len(t["annotations"]) for t in tasks),
        "cpu_s": usage.ru_utime + usage.ru_stime,
        "wall_s": time.perf_counter() - start,
        "rss_mb": usage.ru_maxrss / 1024,
        "load": load,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--budget", type=int, action="append", required=True, help="items (tasks) planned"
    )
    parser.add_argument(
        "--segments", type=int, default=3200, help="paragraphs of the synthetic track"
    )
    parser.add_argument("--work", type=Path, default=Path("/tmp/litboard-bench-campaign"))
    args = parser.parse_args()
    args.work.mkdir(parents=True, exist_ok=True)
    root = _root(args.work, args.segments)
    print("tasks  annotations  CPU-s  wall-s  RSS-MB  load  CPU-s/1000 tasks")
    for budget in args.budget:
        plan, export = _export(args.work, root, budget)
        r = _measure(root, plan, export, args.work)
        print(
            f"{r['tasks']:>6.0f}  {r['annotations']:>11.0f}  {r['cpu_s']:>5.1f}  "
            f"{r['wall_s']:>6.1f}  "
            f"{r['rss_mb']:>6.0f}  {r['load']:>4.1f}  {1000 * r['cpu_s'] / r['tasks']:>6.3f}",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
