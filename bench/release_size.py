"""The deployed size of a site with one kept release (issue 32): what `make release` then
`make public` put in public/, measured on any data root.

Builds ROOT as release VERSION, freezes it (`litboard release`), builds the latest site serving
it (`--kept-releases`) and prints the bytes of the latest site alone, of the release, of its
reader pages before and after packing, and of the whole deployed folder.

Usage (a synthetic WMT-style set):
    python bench/make_synthetic.py --segments 400 --out /tmp/syn/mqm_synthetic_ende.tsv
    litboard import wmt-mqm /tmp/syn/mqm_synthetic_ende.tsv --out /tmp/syn/root
    PYTHONPATH=generator python bench/release_size.py --data /tmp/syn/root --work /tmp/syn/work
"""

from __future__ import annotations

import argparse
import os
from pathlib import Path

from litboard.pipeline.build import build_site
from litboard.cite.release import release


def size(folder: Path, skip: str = "") -> int:
    return sum(
        p.stat().st_size
        for p in folder.rglob("*")
        if p.is_file() and not (skip and p.relative_to(folder).parts[0] == skip)
    )


def measure(root: Path, work: Path, version: str) -> dict[str, float]:
    if work.exists() and any(work.iterdir()):
        raise SystemExit(f"{work} is not empty: pass a new folder to --work")
    releases, cache = work / "releases", work / "cache"
    os.environ["LITBOARD_RELEASE"] = version
    site = build_site([root], work / "site", cache=cache, kept=releases).out
    done = release(version, site, releases, [root], Path.cwd(), "2026-11-24")
    public = build_site([root], work / "public", cache=cache, kept=releases).out
    mb = 1e6
    return {
        "site (latest alone) MB": size(public, skip="v") / mb,
        "release v/VERSION MB": size(public / "v" / version) / mb,
        "reader pages built MB": done.packing.before / mb,
        "reader pages packed MB": done.packing.after / mb,
        "reader pages": done.packing.pages,
        "deployed with one release MB": size(public) / mb,
        "deployed / site": size(public) / size(public, skip="v"),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, required=True, help="the data root to build")
    parser.add_argument("--work", type=Path, required=True, help="a new folder for the builds")
    parser.add_argument("--version", default="bench.1")
    args = parser.parse_args()
    for name, value in measure(args.data.resolve(), args.work.resolve(), args.version).items():
        print(f"{name:32} {value:,.2f}" if isinstance(value, float) else f"{name:32} {value}")


if __name__ == "__main__":
    main()
