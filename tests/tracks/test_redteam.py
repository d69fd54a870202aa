"""The red-team matrix (issue 55, must-show 1): every family of ``redteam`` applied to every
reference and every system of every pair of every track (one seeded copy per family and original),
checked by the copy rules that load runs (``copy_rules.check_file``); every released system, taken
as a contribution, accepted; and the property that matters: no copy of a reference the rules
accept scores a higher BLEU or chrF against it than the best released system of its pair."""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from litboard.errors import Problems
from litboard.importers.pinned import prepare
from litboard.load import load
from litboard.load.track_decl import TRACKS
from litboard.scoring.sacrebleu_metrics import TOKENIZE
from litboard.tracks.copy_measures import Features
from litboard.tracks.copy_rules import _texts, check_file
from litboard.tracks.roots import roots

from ..helpers import DEMO
from .redteam import FAMILIES, Texts, rows_of

pytestmark = pytest.mark.shared
REPO = Path(__file__).parents[2]
# Cells the rules cannot refuse without refusing a released system: (kind of original, family) ->
# the tracks where a copy may pass. A word put before every sentence and 1-3 replaced in each
# edits every sentence by a few words, which is what a post-edit does to its MT (the released
# post-edits: creativity-bias's PE of its MT, the demo's), and is as far from its original as
# two released systems of literary-translation (GPT-3.5 prompted three ways) or of the WMT TED
# task are from each other. Sentences reversed and words replaced are refused by the order rule
# (``displaced``) where a paragraph has sentences to reverse; the WMT TED segments are mostly one
# sentence, so there the copy is only words replaced, up to half of a segment. Every such copy is
# of a system; none of a reference; and none scores higher than its original against the
# reference (``test_no_accepted_copy_of_a_system_gains_on_its_original``).
OPEN: dict[tuple[str, str], set[str]] = {
    ("system", "insert + replace 1-3"): {"literary-translation", "wmt21-ted-zhen"},
    ("system", "reverse + replace"): {"wmt21-ted-zhen"},
}


@pytest.fixture(scope="module")
def tracks(mirror: Path, release_cache: Path) -> dict[str, dict[str, Any]]:
    imported = prepare(REPO / "releases.yaml", release_cache, mirror)
    out = {}
    for track in TRACKS:
        # the released systems only: the releases, and the frozen demo (never contributions)
        found = roots(track, REPO, imported)
        released = [DEMO if r == REPO else r for r in found if r == REPO or r != track.root(REPO)]
        corpus = load(released)
        systems, paragraphs = corpus.tables["systems"], corpus.tables["paragraphs"]
        order = [list(g.sort_values("index")["paragraph"]) for _, g in paragraphs.groupby("work")]
        tr = corpus.tables["translations"]
        tr = tr[tr["text"].notna()]
        pairs = {}
        for pair, group in tr[tr["pair"].isin(track.pairs)].groupby("pair"):
            texts = {s: dict(zip(g["paragraph"], g["text"])) for s, g in group.groupby("system")}
            rows = {s: rows_of(s, pair, t) for s, t in texts.items()}
            features = {s: Features.of(_texts(r)) for s, r in rows.items()}
            pairs[pair] = (texts, rows, features)
        humans = set(systems[systems["kind"] == "human"]["system"])
        out[track.id] = {"order": order, "humans": humans, "pairs": pairs}
    return out


def refused(track: str, data: dict, pair: str, me: str, texts: Texts) -> list[str]:
    _, rows, features = data["pairs"][pair]
    found = Problems()
    check_file(
        rows_of(me, pair, texts),
        {s: r for s, r in rows.items() if s != me},
        data["humans"],
        track,
        data["order"],
        found,
        {s: f for s, f in features.items() if s != me},
    )
    return [p.message for p in found.items]


# A pair with more machine systems than this (WMT24: up to 26) has every reference and this many of
# its systems, drawn with a seed, as originals: the whole matrix stays a few minutes of CPU.
MAX_MACHINE_ORIGINALS = 6


def _originals(track: str, pair: str, texts: dict[str, Any], humans: set[str]) -> list[str]:
    machine = sorted(s for s in texts if s not in humans)
    if len(machine) > MAX_MACHINE_ORIGINALS:
        machine = sorted(random.Random(f"{track}/{pair}").sample(machine, MAX_MACHINE_ORIGINALS))
    return sorted(s for s in texts if s in humans) + machine


def copies(tracks: dict[str, dict[str, Any]]):  # type: ignore[no-untyped-def]
    """(track, pair, original, kind, family, copy) for every cell of the matrix."""
    for track, data in sorted(tracks.items()):
        for pair, (texts, _, _) in sorted(data["pairs"].items()):
            for original in _originals(track, pair, texts, data["humans"]):
                human = original in data["humans"]
                machine = [s for s in sorted(texts) if s != original and s not in data["humans"]]
                for family in FAMILIES:
                    rng = random.Random(f"{track}/{pair}/{original}/{family.name}")
                    other = rng.choice(machine or [s for s in texts if s != original])
                    copy = family.make(texts[original], texts[other], rng)
                    kind = "reference" if human else "system"
                    yield track, pair, original, kind, family.name, copy


@pytest.fixture(scope="module")
def matrix(tracks) -> list[tuple[str, str, str, str, str, Texts, bool]]:
    return [
        (*cell, bool(refused(cell[0], tracks[cell[0]], cell[1], "redteam", cell[5])))
        for cell in copies(tracks)
    ]


# Released systems whose outputs are the same text as another released system's: a copy by any
# rule, so refused as a contribution would be; only as a copy of each other, never of the
# reference. None on the current tracks' pairs (WMT24's en-hi ONLINE-B and TranssionMT are; en-hi
# is not a pair of the WMT24 track: site/submit.md).
DUPLICATES: dict[tuple[str, str, str], str] = {}


def test_every_released_system_is_accepted(tracks) -> None:
    wrongly = [
        (track, pair, system, refused(track, data, pair, system, texts[system]))
        for track, data in tracks.items()
        for pair, (texts, _, _) in data["pairs"].items()
        for system in texts
        if system not in data["humans"]
    ]
    turned_away = [w for w in wrongly if w[3]]
    duplicates = [w for w in turned_away if w[:3] in DUPLICATES]
    assert [w for w in turned_away if w[:3] not in DUPLICATES] == []
    for track, pair, system, messages in duplicates:
        twin = DUPLICATES[(track, pair, system)]
        assert all(f"'{twin}'" in m or "copied from the other" in m for m in messages), messages
    assert {w[0] for w in wrongly} == set(tracks)


def test_every_generated_copy_is_refused(tracks, matrix) -> None:
    cells = Counter((kind, family, track) for track, _, _, kind, family, _, _ in matrix)
    # every family on every track, for references and for systems alike
    assert {(k, f) for k, f, _ in cells} == {
        (k, f.name) for k in ("reference", "system") for f in FAMILIES
    }
    assert {t for _, _, t in cells} == set(tracks) and len(FAMILIES) >= 12
    passed = {(kind, family, track) for track, _, _, kind, family, _, ok in matrix if not ok}
    assert {p for p in passed if p[2] not in OPEN.get(p[:2], set())} == set()
    references = [ok for *_, kind, _, _, ok in matrix if kind == "reference"]
    assert all(references) and len(references) == len(FAMILIES) * sum(
        len(d["humans"] & set(texts))
        for d in tracks.values()
        for texts, _, _ in d["pairs"].values()
    )


def _scores(pair: str, hypothesis: Texts, reference: Texts) -> tuple[float, float]:
    from sacrebleu.metrics import BLEU, CHRF

    ids = sorted(set(hypothesis) & set(reference))
    hyps, refs = [hypothesis[p] for p in ids], [[reference[p] for p in ids]]
    bleu = BLEU(tokenize=TOKENIZE.get(pair.split("-")[1])).corpus_score(hyps, refs).score
    return bleu, CHRF().corpus_score(hyps, refs).score


def test_no_accepted_copy_of_a_reference_beats_the_best_real_system(tracks, matrix) -> None:
    """BLEU and chrF against the reference copied, on the paragraphs the copy translates."""
    above = beaten = 0
    best: dict[tuple[str, str, str], tuple[float, float]] = {}
    for track, pair, original, kind, family, copy, ok in matrix:
        if kind != "reference":
            continue
        data = tracks[track]
        texts = data["pairs"][pair][0]
        reference = texts[original]
        if (track, pair, original) not in best:
            real = [_scores(pair, texts[s], reference) for s in texts if s not in data["humans"]]
            best[track, pair, original] = (max(b for b, _ in real), max(c for _, c in real))
        bleu, chrf = _scores(pair, copy, reference)
        top_bleu, top_chrf = best[track, pair, original]
        higher = bleu > top_bleu or chrf > top_chrf
        above += higher
        beaten += higher and not ok
    assert beaten == 0
    assert above > 0  # the rules matter: copies that would top the board exist, all refused


def test_no_accepted_copy_of_a_system_gains_on_its_original(tracks, matrix) -> None:
    """A copy of a system that the rules let through (the ``OPEN`` cells) ranks no higher than
    the system it copies: against every reference of its pair, its BLEU and chrF are at most its
    original's, so copying a system gains no place on the board."""
    accepted = [cell for cell in matrix if cell[3] == "system" and not cell[6]]
    for track, pair, original, _, family, copy, _ in accepted:
        data = tracks[track]
        texts = data["pairs"][pair][0]
        for human in sorted(data["humans"] & set(texts)):
            bleu, chrf = _scores(pair, copy, texts[human])
            top_bleu, top_chrf = _scores(pair, texts[original], texts[human])
            assert bleu <= top_bleu and chrf <= top_chrf, (track, pair, original, family, human)
