"""`litboard init DIR`: start a study of one's own (like `mkdocs new`).

It writes a data root (``DIR/data``, filled by an importer with ``--from-import``), an
``mkdocs.yml`` that uses the litboard plugin (litboard's default configuration, titled), a home
page to edit (``site/index.md``), a README with the two commands and, with ``--workflow``, a
GitHub Actions workflow that deploys the site to Pages. DIR must be new or empty: init never
writes into a folder it did not make. Inside DIR, ``litboard validate``/``build``/``serve`` need no
flags (``project.find``).
"""

from __future__ import annotations

import argparse
import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..errors import DataError, Problem
from ..files.project import CONFIG_NAME, PAGES, STUDY

DATA = "data"  # the study's data root, as its mkdocs.yml names it


@dataclass
class Scaffolded:
    written: list[Path] = field(default_factory=list)
    report: Any = None  # the importer's ImportReport with --from-import


def add_init(sub: argparse._SubParsersAction) -> None:
    from ..importers import IMPORTERS

    p = sub.add_parser(
        "init",
        help="start a study of your own: DIR with a data root, mkdocs.yml and README",
        description="Write a new study folder DIR (which must not exist or be empty): a data "
        "root DIR/data (filled by an importer with --from-import), an mkdocs.yml "
        "using the litboard plugin, a home page, a README and, with --workflow, a "
        "GitHub Actions workflow for Pages. Then run `litboard build` inside DIR.",
    )
    p.add_argument("dir", type=Path, metavar="DIR", help="the study folder to create")
    p.add_argument("--title", help="the site's title (default: the folder's name)")
    p.add_argument(
        "--from-import",
        nargs="+",
        metavar=("FORMAT", "SRC"),
        help="fill the data root as `litboard import FORMAT SRC...` would (several SRC: formats "
        "that read many files); formats: " + ", ".join(sorted(IMPORTERS)),
    )
    p.add_argument(
        "--mapping", type=Path, help="the importer's mapping file (formats that need one)"
    )
    p.add_argument(
        "--author",
        help="who made the study's data: the author of its BibTeX entry "
        "(replaces the citation a mapping ships)",
    )
    p.add_argument(
        "--date",
        metavar="YYYY-MM-DD",
        help="the data's date for its citation (default: the newest export file's)",
    )
    p.add_argument(
        "--litboard",
        metavar="SPEC",
        help="the pip requirement the workflow installs (default: this litboard: its git "
        "URL and commit when installed from git, else litboard==VERSION)",
    )
    p.add_argument(
        "--workflow",
        action="store_true",
        help="also write .github/workflows/pages.yml (build and deploy to GitHub Pages)",
    )


def run_init(args: argparse.Namespace) -> int:
    from ..runtime.progress import step

    source = None
    if args.from_import:
        if len(args.from_import) < 2:
            raise DataError(
                [
                    Problem(
                        "--from-import",
                        0,
                        "--from-import",
                        "names a format but no export",
                        "pass FORMAT and at least one SRC, e.g. --from-import labelstudio "
                        "export.json",
                    )
                ]
            )
        source = (args.from_import[0], [Path(s) for s in args.from_import[1:]], args.mapping)
        _known_format(args.from_import[0])
    _check_target(args.dir)
    with step(f"writing the study {args.dir}"):
        done = init_study(
            args.dir, args.title, source, args.workflow, args.author, args.date, args.litboard
        )
    if done.report is not None:
        print(done.report.format())
    print(
        f"litboard: wrote the study {args.dir} ({len(done.written)} files); next:\n"
        f"  cd {args.dir} && litboard validate && litboard build"
    )
    return 0


def init_study(
    folder: Path,
    title: str | None = None,
    source: tuple[str, list[Path], Path | None] | None = None,
    workflow: bool = False,
    author: str | None = None,
    date: str | None = None,
    litboard: str | None = None,
) -> Scaffolded:
    """Write the study; raises DataError (and leaves no folder it made) on bad input."""
    _check_target(folder)
    if folder.exists() and (not folder.is_dir() or any(folder.iterdir())):
        raise DataError(
            [
                Problem(
                    str(folder),
                    0,
                    "DIR",
                    "exists and is not empty: init only writes a new study",
                    "choose a new folder name (init creates it)",
                )
            ]
        )
    made = not folder.exists()
    folder.mkdir(parents=True, exist_ok=True)
    done = Scaffolded()
    title = " ".join((title or folder.resolve().name).split())  # one line
    try:
        if source is not None:
            done.report = _import(source, folder / DATA)
            from .card import restamp

            restamp(folder / DATA, source[1], source[0], author, date)
        else:
            _empty_root(folder / DATA, folder.resolve().name, title, done)
    except BaseException:
        if made and not any(folder.iterdir()):
            folder.rmdir()
        raise
    _write(folder / CONFIG_NAME, titled(_shipped("mkdocs.yml"), title), done)
    _write(folder / "README.md", _shipped("README.md").replace("{title}", title), done)
    _write(folder / ".gitignore", _shipped("gitignore"), done)
    home = (PAGES / "index.md").read_text(encoding="utf-8")
    _write(
        folder / "site" / "index.md", home.replace("\n# Leaderboard\n", f"\n# {title}\n", 1), done
    )
    if workflow:
        _workflow(folder, litboard, done)
    return done


def _workflow(folder: Path, litboard: str | None, done: Scaffolded) -> None:
    """The Pages workflow, installing this litboard (``pin``) on the lock's Python from its lock."""
    from . import pin

    text = _shipped("workflows/pages.yml").replace("{python}", pin.PYTHON)
    text = text.replace("{litboard}", json.dumps(litboard or pin.requirement())[1:-1])
    _write(folder / ".github" / "workflows" / "pages.yml", text, done)
    _write(folder / pin.LOCK_NAME, pin.LOCK.read_text(encoding="utf-8"), done)


def _known_format(name: str) -> None:
    from ..importers import IMPORTERS

    if name not in IMPORTERS:
        raise DataError(
            [
                Problem(
                    "--from-import",
                    0,
                    "FORMAT",
                    f"{name!r} is not an import format",
                    "use one of: " + ", ".join(sorted(IMPORTERS)),
                )
            ]
        )


def _check_target(folder: Path) -> None:
    """Refuse a study folder that is a (dangling) link, inside litboard's package, or inside a
    data root's corpus/."""
    from ..files.project import PACKAGE

    if folder.is_symlink():
        raise DataError(
            [
                Problem(
                    str(folder),
                    0,
                    "DIR",
                    "is a symbolic link" + ("" if folder.exists() else " to nothing"),
                    "choose a new folder name (init creates it)",
                )
            ]
        )
    where = folder.resolve()
    if where == PACKAGE or PACKAGE in where.parents:
        raise DataError(
            [
                Problem(
                    str(folder),
                    0,
                    "DIR",
                    f"is inside litboard's own package {PACKAGE}",
                    "make the study outside it, e.g. `litboard init ../my-study`",
                )
            ]
        )
    for above in where.parents:
        if above.name == "corpus" and (above / "dataset.yaml").is_file():
            raise DataError(
                [
                    Problem(
                        str(folder),
                        0,
                        "DIR",
                        f"is inside the data root {above.parent}'s corpus/",
                        "make the study outside any data root",
                    )
                ]
            )


def titled(config: str, title: str) -> str:
    """litboard's default mkdocs.yml with ``site_name`` set (a JSON string is a YAML scalar)."""
    return re.sub(
        r"^site_name: .*$",
        lambda _: f"site_name: {json.dumps(title, ensure_ascii=False)}",
        config,
        count=1,
        flags=re.MULTILINE,
    )


def _import(source: tuple[str, list[Path], Path | None], out: Path) -> Any:
    from ..importers import get

    name, sources, mapping = source
    options: dict[str, Any] = {"mapping": mapping} if mapping else {}
    return get(name)(sources[0] if len(sources) == 1 else sources, out, **options)


def _empty_root(root: Path, name: str, title: str, done: Scaffolded) -> None:
    """A data root with a dataset card and nothing else yet (`litboard import` or hand-written files
    fill it)."""
    ident = re.sub(r"[^a-z0-9._-]+", "-", name.lower()).strip("-._")[:80] or "study"
    card = {"id": ident, "title": title, "version": "1"}
    _write(
        root / "corpus" / "dataset.yaml",
        "".join(f"{k}: {json.dumps(v)}\n" for k, v in card.items()),
        done,
    )
    (root / "judgments").mkdir()


def _shipped(name: str) -> str:
    return (STUDY / name).read_text(encoding="utf-8")


def _write(path: Path, text: str, done: Scaffolded) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("x", encoding="utf-8") as handle:  # "x": never over a file init did not write
        handle.write(text)
    done.written.append(path)
