"""``scoring.ter_fast`` gives sacreBLEU's TER: its command line's scores on hand-made and released
paragraphs (Chinese and Japanese split per character), its Python TER's statistics on random
texts that need many shifts, and the Scoring page says how TER is computed."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from litboard.scoring import sacrebleu_metrics as sm
from litboard.scoring import ter_fast
from litboard.scoring.base import Segment
from litboard.tracks.scores import StatsCache, ter_records

from ..conftest import REPO, SHARED_DATA, shared_path

CLI = Path(sys.executable).parent / "sacrebleu"
PAGE = REPO / "generator" / "litboard" / "pages" / "scoring.md"
CJK_FLAGS = ("--ter-normalized", "--ter-asian-support")  # the signature's norm:yes|asian:yes

# word reorderings (shifts), a repeated word, an empty hypothesis; two references each
EN_HYPS = [
    "the sea looked the old man at for a long time",
    "home he went slowly then without a word",
    "it was raining again it was raining when the boat came in",
    "",
]
EN_REFS = [
    [
        "the old man looked at the sea for a long time",
        "for a long time the old man watched the sea",
    ],
    ["then he went home slowly without a word", "he walked home slowly, saying nothing"],
    ["it was raining again when the boat came in", "rain fell again as the boat came in"],
    ["he said nothing", "nothing was said"],
]
# Chinese and Japanese: a clause moved, characters swapped; sacreBLEU splits Han characters
CJK_HYPS = [
    "慢慢地走回家，然后他一句话也没说。",
    "大海老人久久地望着。",
    "その日は散歩に出かけられそうもなかった。",
]
CJK_REFS = [
    ["然后他一句话也没说，慢慢地走回家。"],
    ["老人久久地望着大海。"],
    ["その日は散歩などできそうになかった。"],
]


def _cli(
    tmp_path: Path,
    hyps: Sequence[str],
    refs: Sequence[Sequence[str]],
    *flags: str,
    corpus: bool = True,
) -> list[float]:
    """The sacrebleu command's sentence TER of each hypothesis, then its corpus TER (if asked)."""
    (tmp_path / "hyp.txt").write_text("".join(h + "\n" for h in hyps), encoding="utf-8")
    files = []
    for k in range(len(refs[0])):
        files.append(tmp_path / f"ref{k}.txt")
        files[-1].write_text("".join(r[k] + "\n" for r in refs), encoding="utf-8")

    def run(*extra: str) -> list[float]:
        command = [
            str(CLI),
            *map(str, files),
            "-i",
            str(tmp_path / "hyp.txt"),
            "-m",
            "ter",
            "-b",
            "-w",
            "6",
            *flags,
            *extra,
        ]
        out = subprocess.run(command, capture_output=True, text=True, check=True)
        return [float(x) for x in out.stdout.split()]

    return run("--sentence-level") + (run() if corpus else [])


def _ours(pair: str, hyps: Sequence[str], refs: Sequence[Sequence[str]]) -> list[float]:
    """The track's TER records (``ter_records``, ``ter_fast`` statistics): segments, then system."""
    metric = sm.make("ter", pair)
    segments = [
        Segment("mt", pair, f"p{i:03d}", h, references=tuple(r))
        for i, (h, r) in enumerate(zip(hyps, refs))
    ]
    metric.validate(segments)
    records = ter_records(metric, segments, StatsCache(None))
    segment = [r["score"] for r in records if r["level"] == "segment"]
    return segment + [r["score"] for r in records if r["level"] == "system"]


@pytest.mark.parametrize(
    "pair, hyps, refs, flags",
    [
        ("de-en", EN_HYPS, EN_REFS, ()),
        ("en-zh", CJK_HYPS[:2], CJK_REFS[:2], CJK_FLAGS),
        ("en-ja", CJK_HYPS[2:], CJK_REFS[2:], CJK_FLAGS),
    ],
)
def test_hand_made_sample_equals_the_cli(
    tmp_path: Path, pair: str, hyps: list[str], refs: list[list[str]], flags: tuple[str, ...]
) -> None:
    ours = _ours(pair, hyps, refs)
    assert ours == pytest.approx(_cli(tmp_path, hyps, refs, *flags), abs=2e-6)
    assert ours[-1] > 0 and ours[3 if pair == "de-en" else 0] > 0


def test_hand_counted_shift() -> None:
    """A moved block is one shift: 'home he went slowly' -> 'he went home slowly' is 1 edit over
    4 reference words (sacreBLEU agrees)."""
    moved, ref = "home he went slowly".split(), "he went home slowly".split()
    assert ter_fast.edit_rate(moved, ref) == (1, 4)
    assert ter_fast.edit_rate([], ["a", "b"]) == (2, 2) and ter_fast.edit_rate(["a"], []) == (1, 0)


@pytest.fixture(scope="module")
def japanese(tmp_path_factory: pytest.TempPathFactory) -> list[Segment]:
    """LiteraryTranslation's machine translations into Japanese (de-ja, zh-ja), as scored."""
    from litboard.load import load
    from litboard.importers.pinned import prepare
    from litboard.scoring import plan
    from litboard.tracks.roots import roots
    from litboard.load.track_decl import get

    shared_path("literary-translation")
    track = get("literary-translation")
    cache = tmp_path_factory.mktemp("releases")
    imported = prepare(REPO / "releases.yaml", cache, SHARED_DATA, only=[track.release])
    corpus = load(roots(track, REPO, imported))
    human = set(corpus.tables["systems"].query("is_human")["system"])
    return [
        s
        for s in plan.segments(corpus)[0]
        if s.system not in human and s.pair in ("de-ja", "zh-ja") and s.references
    ]


@pytest.mark.shared
@pytest.mark.parametrize("pair", ["de-ja", "zh-ja"])
def test_released_japanese_paragraphs_equal_the_cli(
    tmp_path: Path, japanese: list[Segment], pair: str
) -> None:
    """The pair's three shortest paragraphs (135-245 characters, 100-200 words once split) that
    fit on one line of the command's files (a reference with a paragraph break does not), so the
    sample stays seconds of sacreBLEU's time; sentence scores (the system score is their
    statistics summed, compared with the command line on the hand-made sample)."""
    one_line = [s for s in japanese if len("".join((s.text, *s.references)).splitlines()) == 1]
    sample = sorted(
        (s for s in one_line if s.pair == pair), key=lambda s: (len(s.text), s.system, s.paragraph)
    )[:3]
    assert len(sample) == 3 and all(len(s.references) == 1 for s in sample)
    hyps, refs = [s.text for s in sample], [list(s.references) for s in sample]
    ours = _ours(pair, hyps, refs)[:-1]
    assert ours == pytest.approx(_cli(tmp_path, hyps, refs, *CJK_FLAGS, corpus=False), abs=2e-6)
    assert all(50 < score < 100 for score in ours)  # tokenised: not one word per sentence (100+)


@st.composite
def _texts(draw: st.DrawFn) -> tuple[list[str], list[str]]:
    """A reference over a small vocabulary and a hypothesis made from it by moving blocks
    (shifts) and editing words, or drawn independently."""
    vocabulary = list("abcdefgh")[: draw(st.integers(2, 8))]
    ref = draw(st.lists(st.sampled_from(vocabulary), max_size=40))
    if draw(st.booleans()):
        return draw(st.lists(st.sampled_from(vocabulary), max_size=40)), ref
    hyp = list(ref)
    for _ in range(draw(st.integers(0, 8))):
        start = draw(st.integers(0, len(hyp)))
        end = draw(st.integers(start, min(len(hyp), start + 12)))
        block, rest = hyp[start:end], hyp[:start] + hyp[end:]
        target = draw(st.integers(0, len(rest)))
        hyp = rest[:target] + block + rest[target:]
        if draw(st.booleans()) and hyp:
            hyp[draw(st.integers(0, len(hyp) - 1))] = draw(st.sampled_from(vocabulary + ["z"]))
    return hyp, ref


@settings(max_examples=300, deadline=None)
@given(_texts())
def test_random_texts_equal_sacrebleu(texts: tuple[list[str], list[str]]) -> None:
    from sacrebleu.metrics.lib_ter import translation_edit_rate

    hyp, ref = texts
    assert ter_fast.edit_rate(hyp, ref) == translation_edit_rate(hyp, ref)


def test_the_candidate_limit_is_sacrebleus(monkeypatch: pytest.MonkeyPatch) -> None:
    """60 words over 3 letters give thousands of candidate shifts: the search stops at the same
    1,000th candidate as sacreBLEU's, and keeps its limits."""
    import random

    from sacrebleu.metrics import lib_ter

    ours = (
        ter_fast.MAX_SHIFT_SIZE,
        ter_fast.MAX_SHIFT_DIST,
        ter_fast.BEAM_WIDTH,
        ter_fast.MAX_SHIFT_CANDIDATES,
        ter_fast.INF,
    )
    assert ours == (
        lib_ter._MAX_SHIFT_SIZE,
        lib_ter._MAX_SHIFT_DIST,
        lib_ter._BEAM_WIDTH,
        lib_ter._MAX_SHIFT_CANDIDATES,
        lib_ter._INT_INFINITY,
    )
    counts: list[int] = []
    candidates = ter_fast._candidates

    def counted(*args: object) -> tuple[list[ter_fast.Shift], int]:
        found = candidates(*args)  # type: ignore[arg-type]
        counts.append(found[1])
        return found

    monkeypatch.setattr(ter_fast, "_candidates", counted)
    rng = random.Random(42)
    for n, m in ((60, 55), (2, 120), (90, 15)):  # also lengths far apart: 2 -> 120 widens the beam
        ref = [rng.choice("abc") for _ in range(m)]
        hyp = [rng.choice("abc") for _ in range(n)]
        assert ter_fast.edit_rate(hyp, ref) == lib_ter.translation_edit_rate(hyp, ref)
        assert n != 60 or counts[-1] >= ter_fast.MAX_SHIFT_CANDIDATES


def test_the_scoring_page_names_the_method() -> None:
    text = " ".join(PAGE.read_text(encoding="utf-8").split())
    assert "`scoring/ter_fast.py`" in text
    assert "the same shift candidates in the same order" in text
    assert "are sacreBLEU's for the signature printed" in text
    assert "`sacrebleu` command line" in text
