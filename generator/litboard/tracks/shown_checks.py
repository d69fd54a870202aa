"""What a board shows must be what a reader sees (issue 55, goal 5): names that look alike,
hidden characters in contributed texts, and contributions with nothing to show.

* **look-alike display names** (every dataset): two systems whose names share a skeleton
  (``names.look_alike``: UTS #39 with the full confusables table) cannot be told apart on the
  board. The card blamed is the one in a track (a contribution) when the other is a release's;
  else both, since a check cannot tell which was added last. Measured on every released
  dataset and fixture (42 cards): no pair looks alike.
* **hidden characters in output texts** (the systems of a track: a track root, or a dataset
  that declares a ``track:``, the demo): default-ignorable code points, bidi controls, U+2800
  and the rest of ``names.hidden``, except a zero-width (non-)joiner between letters and the
  soft hyphen U+00AD (a line-break hint; the LiteraryTranslation release's texts hold 1,351,
  in its fr-pl human translation). Measured: no text of the demo's or any track root's systems
  holds one.
* **a contribution with no outputs** (the same systems): a card-only folder is refused; an
  empty ``<pair>.jsonl`` is refused for every system (``read``).
"""

from __future__ import annotations

from pathlib import Path

from ..errors import Problems
from ..load.names import describe, look_alike, skeleton, text_hidden
from ..load.rows import RawData, Row

TEXT_ALLOWED = frozenset("\u00ad")  # SOFT HYPHEN: shown only as a hyphen at a line break
MAX_NAMED = 3  # hidden characters named per text


def track_cards(raw: RawData) -> list[Row]:
    """The system cards of the tracks' own roots: a track root, or a root whose dataset card
    declares a track (the repository's demo)."""
    from ..load.track_decl import of_dataset

    declaring = set()
    for row in raw.of("dataset"):
        declared = isinstance(row.data.get("track"), dict)
        track = of_dataset(str(row.data.get("id"))) if declared else None
        if track is not None and track.release is None:  # not a release's imported card
            declaring.add(row.root)
    return [r for r in raw.of("system") if r.root in raw.track_roots | declaring]


def check_shown(raw: RawData, problems: Problems, line_of: object) -> None:
    """Every problem above (``line_of(path, field)``: the line of a card field)."""
    cards = track_cards(raw)
    check_names(raw.of("system"), {id(c) for c in cards}, problems, line_of, _datasets(raw))
    mine = {c.data["id"] for c in cards}
    with_outputs = {r.context["system"] for r in raw.of("translation")}
    for card in cards:
        if card.data["id"] not in with_outputs and not _has_outputs(card):
            problems.add(
                card.file,
                0,
                "outputs",
                "the system has no outputs: the folder holds only system.yaml",
                "add the translations as <pair>.jsonl beside system.yaml (see `litboard track "
                "new-system`)",
            )
    for row in raw.of("translation"):
        if row.context["system"] in mine:
            check_text(row, problems)


def _has_outputs(card: Row) -> bool:
    return any(Path(card.file).parent.glob("*.jsonl"))


def _datasets(raw: RawData) -> dict[str, str]:
    """root -> the dataset it is loaded in (a track root: the one dataset beside it, else '*',
    compared with every dataset)."""
    found = {r.root: str(r.data.get("id")) for r in raw.of("dataset")}
    only = next(iter(set(found.values()))) if len(set(found.values())) == 1 else "*"
    return {r.root: found.get(r.root, only) for r in raw.of("system")}


def check_names(
    systems: list[Row],
    contributed: set[int],
    problems: Problems,
    line_of: object,
    dataset: dict[str, str],
) -> None:
    """Every card whose display name looks like another's of its dataset (see above)."""
    named = [(s, str(s.data.get("name", ""))) for s in systems if s.data.get("name")]
    blamed: dict[int, tuple[Row, Row]] = {}
    for i, (one, one_name) in enumerate(named):
        for other, other_name in named[i + 1 :]:
            ours, theirs = dataset.get(one.root, "*"), dataset.get(other.root, "*")
            if "*" not in (ours, theirs) and ours != theirs:
                continue  # two datasets: two boards
            if not look_alike(one_name, other_name):
                continue
            for card, twin in ((one, other), (other, one)):
                release_card = id(card) not in contributed
                if release_card and id(twin) in contributed:
                    continue  # the contribution is the one to rename
                blamed.setdefault(id(card), (card, twin))
    for card, twin in blamed.values():
        problems.add(
            card.file,
            line_of(card.file, "name"),  # type: ignore[operator]
            "name",
            f"{card.data['name']!r} looks the same as {twin.data['name']!r}, the display name of "
            f"system {twin.data['id']!r} in this dataset (compared as Unicode look-alikes, UTS "
            f"#39: {skeleton(str(card.data['name']))!r})",
            "choose a display name that tells the systems apart, in plain letters",
        )


def check_text(row: Row, problems: Problems) -> None:
    """The hidden characters of one output text (field ``text``)."""
    text = row.data.get("text")
    if not isinstance(text, str):
        return
    found = [(at, c) for at, c in text_hidden(text) if c not in TEXT_ALLOWED]
    if not found:
        return
    named = ", ".join(f"{describe(c)} at character {at}" for at, c in found[:MAX_NAMED])
    more = f" and {len(found) - MAX_NAMED} more" if len(found) > MAX_NAMED else ""
    problems.add(
        row.file,
        row.line,
        "text",
        f"holds characters a reader cannot see or that reorder the text shown ({named}{more}): "
        "they hide words from the copy checks and make a page show other text than is scored",
        "delete them (a zero-width joiner or non-joiner between letters may stay)",
    )
