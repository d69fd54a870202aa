"""Near-copies and shifted outputs on every track (issue 43, must-show 1): planted copies of the
reference and of every system with 1, 2, 3, 5 and 10 words changed per paragraph are all refused
as copies; every released system, taken as a contribution, is accepted."""

from __future__ import annotations

import random
from pathlib import Path

import pandas as pd
import pytest

from litboard.errors import Problems
from litboard.importers.pinned import prepare
from litboard.load import load
from litboard.tracks.copy_check import check_copies
from litboard.tracks.copy_rules import check_file
from litboard.load.track_decl import TRACKS
from litboard.tracks.roots import roots

from .redteam import rows_of
from .test_contrib import PAIR, base, imported, problems_of, texts_of  # noqa: F401 (fixtures)

pytestmark = pytest.mark.shared
KS = (1, 2, 3, 5, 10)
REPO = Path(__file__).parents[2]


@pytest.fixture(scope="module")
def tracks(
    mirror: Path, release_cache: Path
) -> dict[str, tuple[pd.DataFrame, set[str], list[list[str]]]]:
    imported = prepare(REPO / "releases.yaml", release_cache, mirror)
    out = {}
    for track in TRACKS:
        corpus = load(roots(track, REPO, imported))
        systems, paragraphs = corpus.tables["systems"], corpus.tables["paragraphs"]
        order = [list(g.sort_values("index")["paragraph"]) for _, g in paragraphs.groupby("work")]
        tr = corpus.tables["translations"]
        out[track.id] = (
            tr[tr["text"].notna() & tr["pair"].isin(track.pairs)],
            set(systems[systems["kind"] == "human"]["system"]),
            order,
        )
    return out




def words(text: str) -> list[str]:
    return text.split() if len(text.split()) >= len(text) / 12 else list(text)


def plant(text: str, k: int, rng: random.Random, pool: list[str]) -> str:
    """k words (characters for ja/zh) replaced, at most half of the paragraph (as
    bench/measure_copies)."""
    parts = words(text)
    for i in rng.sample(range(len(parts)), min(k, len(parts) // 2)):
        parts[i] = rng.choice(pool)
    return (" " if len(parts) < len(text) / 2 else "").join(parts)


def problems(track: str, data: tuple, pair: str, mine: dict[str, str], me: str) -> list[str]:
    tr, humans, order = data
    group = tr[tr["pair"] == pair]
    others = {
        s: rows_of(s, pair, dict(zip(g["paragraph"], g["text"])))
        for s, g in group.groupby("system")
        if s != me
    }
    found = Problems()
    check_copies(rows_of(me, pair, mine), others, humans, track, order, found)
    return [p.message for p in found.items]


# Released systems that are themselves what the rules refuse: pinned per (track, pair, system)
# with the reason, so that a change of the rules or the data shows here. None on the current
# tracks' pairs (WMT24's en-hi TranssionMT and ONLINE-B are the same text, CycleL's en-hi lines are
# shifted: en-hi is not a pair of the WMT24 track, site/submit.md).
REFUSED_RELEASED: dict[tuple[str, str, str], str] = {}

# Released outputs the shift rule cannot see shifted (issue 58: WMT24's CycleL and CycleL2 on
# en-ja/en-zh, measured with the default limits); pinned so a change of the rule or the data
# shows here. Reported to the copy-check owners.
SHIFT_UNDETECTED = {
    ("wmt24-literary-esa", "en-ja", "cyclel"),
    ("wmt24-literary-esa", "en-zh", "cyclel"),
    ("wmt24-literary-esa", "en-zh", "cyclel2"),
}

# Planted copies these in-order rules do NOT refuse, measured on the WMT24 track with their default
# limits (issue 58, reported to the copy-check owners): copies of four weak en-ja/en-zh submissions
# with 3-10 characters changed per line. Pinned here so the gap is visible; the order-free rules
# that load runs before these refuse every one of them
# (``test_the_planted_copies_these_rules_miss_are_refused_by_the_order_free_rules``).
PLANTED_UNCAUGHT = {
    ("wmt24-literary-esa", pair, system, k)
    for pair, system, k in (
        ("en-ja", "aist-airc", 10),
        ("en-ja", "cyclel", 10),
        ("en-ja", "uva-mt", 5),
        ("en-ja", "uva-mt", 10),
        ("en-zh", "cyclel", 5),
        ("en-zh", "cyclel", 10),
        ("en-zh", "cyclel2", 3),
        ("en-zh", "cyclel2", 5),
        ("en-zh", "cyclel2", 10),
        ("en-zh", "uva-mt", 3),
        ("en-zh", "uva-mt", 5),
        ("en-zh", "uva-mt", 10),
    )
}


def test_every_released_system_is_accepted(tracks) -> None:
    refused = []
    for track, data in tracks.items():
        tr, humans, _ = data
        for (pair, system), group in tr.groupby(["pair", "system"]):
            if system not in humans:
                refused += [
                    (track, pair, system, m)
                    for m in problems(
                        track, data, pair, dict(zip(group["paragraph"], group["text"])), system
                    )
                ]
    known = [r for r in refused if r[:3] in REFUSED_RELEASED]
    assert all(REFUSED_RELEASED[r[:3]] in r[3] for r in known)
    assert {r[:3] for r in known} == {k for k in REFUSED_RELEASED if k[0] in tracks}
    assert [r for r in refused if r[:3] not in REFUSED_RELEASED] == []


def planted_copy(texts: dict[str, str], pair: str, theirs: str, k: int) -> dict[str, str]:
    """``theirs``'s paragraphs with ``k`` words changed in each (seeded by pair, system and k, so
    that every test plants the same copy)."""
    pool = [w for t in texts.values() for w in words(t)]
    rng = random.Random(f"{pair}/{theirs}/{k}")
    return {p: plant(t, k, rng, pool) for p, t in texts.items()}


def test_planted_near_copies_are_refused(tracks) -> None:
    passed, planted = set(), set()
    for track, data in tracks.items():
        tr, humans, _ = data
        for (pair, theirs), group in tr.groupby(["pair", "system"]):
            texts = dict(zip(group["paragraph"], group["text"]))
            for k in KS:
                copy = planted_copy(texts, pair, theirs, k)
                planted.add((track, "reference" if theirs in humans else "system", k))
                if not any("copy" in m for m in problems(track, data, pair, copy, "planted")):
                    passed.add((track, pair, theirs, k))
    assert passed == {p for p in PLANTED_UNCAUGHT if p[0] in tracks}
    assert len(planted) == len(tracks) * 2 * len(KS)  # references and systems on every track


def test_the_planted_copies_these_rules_miss_are_refused_by_the_order_free_rules(tracks) -> None:
    """Each pinned planted copy, checked as load checks a contribution (``copy_rules.check_file``:
    the order-free rules, then these), is refused as a copy of the system it was planted from (or
    of all translations together)."""
    for track, pair, theirs, k in sorted(PLANTED_UNCAUGHT):
        tr, humans, order = tracks[track]
        group = tr[tr["pair"] == pair]
        texts = {
            s: dict(zip(g["paragraph"], g["text"])) for s, g in group.groupby("system")
        }
        copy = planted_copy(texts[theirs], pair, theirs, k)  # test_planted_near_copies' copy
        found = Problems()
        others = {s: rows_of(s, pair, t) for s, t in texts.items()}
        assert check_file(rows_of("planted", pair, copy), others, humans, track, order, found)
        message = found.items[0].message
        assert f"system '{theirs}'" in message or "copied from the other" in message, message


def test_outputs_shifted_by_one_paragraph_are_refused(tracks) -> None:
    for track, data in tracks.items():
        tr, humans, order = data
        for (pair, system), group in tr.groupby(["pair", "system"]):
            texts = dict(zip(group["paragraph"], group["text"]))
            ids = [p for work in order for p in work if p in texts]
            if system in humans or len(ids) < 3:
                continue
            shifted = {ids[i]: texts[ids[i + 1]] for i in range(len(ids) - 1)} | {
                ids[-1]: texts[ids[0]]
            }
            found = problems(track, data, pair, shifted, system)
            detected = any("look shifted" in m for m in found)
            # measured, not hidden: see SHIFT_UNDETECTED
            assert detected != ((track, pair, system) in SHIFT_UNDETECTED), (track, pair, system)


def test_validate_refuses_a_near_copy_and_shifted_lines_end_to_end(
    base, imported, tmp_path
) -> None:
    """Through `validate` on Creativity Bias: the reference with 3 words changed per paragraph,
    and the generated contribution shifted by one line."""
    ht = texts_of(imported, "ht", PAIR)
    rng = random.Random(3)
    pool = [w for t in ht.values() for w in t.split()]

    def near_copy(folder: Path, outputs: dict) -> None:
        for row in outputs[PAIR]:
            row["text"] = plant(ht[row["paragraph"]], 3, rng, pool)

    folder, found = problems_of(base, imported, tmp_path / "copy", near_copy)
    copies = [p for p in found if "the human translation 'ht'" in p.message]
    assert (
        len(copies) == 1
        and copies[0].file == str(folder / f"{PAIR}.jsonl")
        and copies[0].field == "text"
    )
    assert "with words changed" in copies[0].fix

    def shift(folder: Path, outputs: dict) -> None:
        texts = [r["text"] for r in outputs[PAIR]]
        for row, text in zip(outputs[PAIR], texts[1:] + texts[:1]):
            row["text"] = text

    folder, found = problems_of(base, imported, tmp_path / "shift", shift)
    shifted = [p for p in found if "look shifted" in p.message]
    assert (
        len(shifted) == 1
        and shifted[0].field == "paragraph"
        and "its own paragraph id" in shifted[0].fix
    )
