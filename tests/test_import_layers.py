"""The import structure: the contracts in pyproject.toml hold (``lint-imports``), no module of
litboard imports itself back through others (no import circle at all), and no folder does either:
inside every package, its sub-packages and modules (each with everything below it) import each
other without a loop, so the layers a reader sees in the folders are the real ones."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import grimp

from .conftest import REPO


def test_lint_imports_keeps_every_contract() -> None:
    script = Path(sys.executable).parent / "lint-imports"
    command = (
        [str(script)] if script.is_file() else [shutil.which("lint-imports") or "lint-imports"]
    )
    env = {**os.environ, "PYTHONPATH": str(REPO / "generator")}
    done = subprocess.run(
        [*command, "--no-cache"],
        cwd=REPO,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "0 broken" in done.stdout and "5 kept" in done.stdout
    import tomllib

    contracts = tomllib.loads((REPO / "pyproject.toml").read_text())["tool"]["importlinter"]
    # the layers have no exemptions; only render's shrinking allow-list (issue 54,
    # tests/test_render_computes_nothing.py) lists imports
    for contract in contracts["contracts"]:
        assert "exhaustive_ignores" not in contract
        assert "ignore_imports" not in contract or contract["name"].startswith("Render computes")


def _circles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for start in sorted(edges):
        if start in index:
            continue
        work = [(start, iter(sorted(edges[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(edges.get(child, ())))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                group = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.append(member)
                    if member == node:
                        break
                if len(group) > 1:
                    found.append(sorted(group))
    return found


def test_circles_are_found() -> None:
    assert _circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert _circles({"a": {"b"}, "b": set()}) == []


def _module_edges() -> dict[str, set[str]]:
    sys.path.insert(0, str(REPO / "generator"))
    try:
        graph = grimp.build_graph("litboard", cache_dir=None)
    finally:
        sys.path.remove(str(REPO / "generator"))
    return {m: set(graph.find_modules_directly_imported_by(m)) for m in graph.modules}


def test_no_module_imports_itself_back() -> None:
    assert _circles(_module_edges()) == []


def folder_circles(edges: dict[str, set[str]]) -> dict[str, list[list[str]]]:
    """For every package: the loops among its children (a child stands for itself and everything
    below it); an import of the package's own ``__init__`` is not an arrow between children."""
    parts = [m.split(".") for m in edges]
    packages = {".".join(p[:i]) for p in parts for i in range(1, len(p))}
    out: dict[str, list[list[str]]] = {}
    for package in sorted(packages):
        prefix = package + "."
        rooms: dict[str, set[str]] = {}
        for source, targets in edges.items():
            if not source.startswith(prefix):
                continue
            room = prefix + source[len(prefix) :].split(".")[0]
            arrows = rooms.setdefault(room, set())
            for target in targets:
                if target.startswith(prefix):
                    other = prefix + target[len(prefix) :].split(".")[0]
                    if other != room:
                        arrows.add(other)
        loops = _circles(rooms)
        if loops:
            out[package] = loops
    return out


def test_a_planted_folder_loop_is_found() -> None:
    """Two folders that import each other through different modules: no module circle, a folder
    loop."""
    planted = {"pkg.a.x": {"pkg.b.y"}, "pkg.b.z": {"pkg.a.w"}, "pkg.a.w": set(), "pkg.b.y": set()}
    assert _circles(planted) == []
    assert folder_circles(planted) == {"pkg": [["pkg.a", "pkg.b"]]}


def test_no_folder_imports_itself_back() -> None:
    assert folder_circles(_module_edges()) == {}
