"""Wall time of each build phase (load, analyse, render, mkdocs) — a figure, not a test.

Usage: python bench/bench_build.py [--data DIR ...]
"""

from __future__ import annotations

import argparse
import tempfile
from pathlib import Path

from litboard.pipeline.build import build_site, default_roots


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", action="append", type=Path, help="data root (repeatable)")
    parser.add_argument("--runs", type=int, default=2)
    args = parser.parse_args()
    roots = args.data or default_roots()
    for run in range(1, args.runs + 1):
        with tempfile.TemporaryDirectory() as tmp:
            result = build_site(roots, Path(tmp) / "public")
        phases = "  ".join(f"{name} {seconds:6.2f} s" for name, seconds in result.timings.items())
        print(f"run {run}: {result.pages} pages  total {result.seconds:6.2f} s  |  {phases}")


if __name__ == "__main__":
    main()
