"""Data roots -> datasets: every dataset id is its own namespace.

Roots that declare the same dataset id (corpus/dataset.yaml ``id``) are one dataset and are
loaded together (a release plus a root that adds a system to it); roots with different ids
are loaded apart, so their systems, works, paragraphs, campaigns and annotators never
collide. The site puts each dataset's pages under ``<dataset id>/``.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Mapping, Sequence

from ..errors import DataError, Problem, Problems
from ..model import Corpus
from ..files.ids import is_safe_id
from .rows import RootCheck

# page folders at the top of the site that a dataset id may not take
RESERVED = frozenset(
    {"assets", "search", "judge-bias", "index", "404", "sitemap.xml", "v", "latest"}
)


@dataclass(frozen=True)
class DatasetRoots:
    """One namespace: its id (None when no root of it declares a readable one) and its roots."""

    id: str | None
    roots: tuple[Path, ...]


def declared_id(root: Path) -> str | None:
    """The dataset id a root declares, or None when it cannot be read (load reports why)."""
    import yaml

    path = root / "corpus" / "dataset.yaml"
    if not path.exists() and (root / "corpus" / "track.yaml").is_file():
        from .track_decl import track_file_dataset

        return track_file_dataset(root / "corpus" / "track.yaml")
    if not path.is_file() or path.is_symlink():  # never open a FIFO or device (load reports it)
        return None
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeError, yaml.YAMLError, RecursionError):
        return None
    value = data.get("id") if isinstance(data, dict) else None
    return value if is_safe_id(value) else None


def group_roots(roots: Sequence[Path | str]) -> list[DatasetRoots]:
    """Roots grouped by dataset id, in the order the ids first appear."""
    groups: dict[str, list[Path]] = {}
    unnamed: list[DatasetRoots] = []
    for root in (Path(r) for r in roots):
        ds = declared_id(root)
        if ds is None:
            unnamed.append(DatasetRoots(None, (root,)))
        else:
            groups.setdefault(ds, []).append(root)
    return [DatasetRoots(ds, tuple(paths)) for ds, paths in groups.items()] + unnamed


def _reserved(group: DatasetRoots, problems: Problems) -> None:
    if group.id in RESERVED:
        problems.add(
            group.roots[0] / "corpus" / "dataset.yaml",
            0,
            "id",
            f"{group.id!r} is reserved for a page folder of the site",
            "choose another dataset id, e.g. " + f"{group.id}-data",
        )


def _shared_id(group: DatasetRoots, found: list[Problem], problems: Problems) -> None:
    """Roots that share a dataset id share a namespace: when their ids then collide, say why
    first."""
    if len(group.roots) > 1 and any("duplicate" in p.message for p in found):
        first, *others = group.roots
        for root in others:
            problems.add(
                root / "corpus" / "dataset.yaml",
                0,
                "id",
                f"{group.id!r} is also the dataset id of {first}: roots with one dataset id are "
                "merged into one namespace, so their ids collide",
                "give each release or import its own dataset id (corpus/dataset.yaml `id`, or "
                "`dataset: id:` in the import mapping); then each gets its own namespace",
            )
    problems.items.extend(found)


def validate_all(roots: Sequence[Path | str], checks: Sequence[RootCheck] = ()) -> Problems:
    """Every problem in every dataset, each checked in its own namespace (``checks``: see
    ``read.load``)."""
    from .read import validate

    problems = Problems()
    groups = group_roots(roots)
    for group in groups:
        _reserved(group, problems)
        _shared_id(group, validate(group.roots, checks).items, problems)
    _dangling(groups, problems)
    return problems


def _dangling(groups: Sequence[DatasetRoots], problems: Problems) -> None:
    """``validate`` checks ``same_as`` links as ``build`` does (``_aliases``): a link into a
    dataset being validated must name one of its systems."""
    systems = {
        g.id: {p.name for r in g.roots for p in (r / "corpus" / "systems").glob("*") if p.is_dir()}
        for g in groups
        if g.id is not None
    }
    for group in groups:
        for card, target in (link for root in group.roots for link in same_as_links(root)):
            ds, _, other = target.partition("/")
            if ds == group.id:
                problems.add(
                    card,
                    0,
                    "same_as",
                    f"{target!r} names this system's own dataset",
                    "same_as links a system of another dataset; within one dataset use one "
                    "system id",
                )
            elif ds in systems and other not in systems[ds]:
                problems.add(
                    card,
                    0,
                    "same_as",
                    f"dataset {ds!r} has no system {other!r}",
                    f"use one of: {', '.join(sorted(systems[ds])[:8])}",
                )


def same_as_links(root: Path) -> list[tuple[Path, str]]:
    """(system card, target) of every ``same_as`` link of a root; unreadable cards: none (the
    load reports them)."""
    import yaml

    links = []
    for card in sorted((root / "corpus" / "systems").glob("*/system.yaml")):
        if card.is_symlink() or not card.is_file():  # never open a FIFO or device (load reports it)
            continue
        try:
            data = yaml.safe_load(card.read_text(encoding="utf-8"))
        except (OSError, UnicodeError, yaml.YAMLError, RecursionError):
            continue
        values = data.get("same_as") if isinstance(data, dict) else None
        links += [(card, str(v)) for v in values] if isinstance(values, list) else []
    return links


def load_all(
    roots: Sequence[Path | str],
    skip: Mapping[str, set[str]] | None = None,
    checks: Sequence[RootCheck] = (),
    without: Callable[[str], bool] | None = None,
) -> list[Corpus]:
    """One corpus per dataset; raises one ``DataError`` naming every problem of every dataset
    (``without``: campaign folders not read, as for ``read.load``).

    ``skip``: datasets of the build that are not loaded (their output is cached), with their
    system ids, so ``same_as`` links into them are still checked and kept."""
    from .read import load

    problems = Problems()
    corpora: list[Corpus] = []
    skip = skip or {}
    for group in group_roots(roots):
        if group.id in skip:
            continue
        _reserved(group, problems)
        try:
            corpora.append(load(group.roots, checks, without))
        except DataError as exc:
            _shared_id(group, exc.problems, problems)
    _aliases(corpora, problems, skip)
    problems.raise_if_any()
    return corpora


def _aliases(corpora: list[Corpus], problems: Problems, skip: Mapping[str, set[str]]) -> None:
    """Check every ``same_as`` link between datasets: a target in a dataset of the build must
    exist; a target in a dataset this build does not have is dropped (no dead link)."""
    loaded = {**skip, **{c.dataset_id: set(c.systems) for c in corpora}}
    for corpus in corpora:
        root = (
            Path(str(corpus.tables["datasets"]["root"].iloc[0]))
            if len(corpus.tables["datasets"])
            else Path()
        )
        for sid, card in corpus.systems.items():
            kept = []
            for target in card.get("same_as", []):
                ds, _, other = target.partition("/")
                if ds == corpus.dataset_id:
                    problems.add(
                        root / "corpus" / "systems" / sid / "system.yaml",
                        0,
                        "same_as",
                        f"{target!r} names this system's own dataset",
                        "same_as links a system of another dataset; within one dataset use one "
                        "system id",
                    )
                elif ds in loaded and other not in loaded[ds]:
                    problems.add(
                        root / "corpus" / "systems" / sid / "system.yaml",
                        0,
                        "same_as",
                        f"dataset {ds!r} has no system {other!r}",
                        f"use one of: {', '.join(sorted(loaded[ds])[:8])}",
                    )
                elif ds in loaded:
                    kept.append((ds, other))
            card["_same_as"] = kept
