"""The fast lexical overlap (issue 20) gives sacreBLEU's sentence BLEU for every pair of texts.

The reference is the former implementation: ``BLEU.sentence_score(hyp, [ref])`` for every
ordered system pair x shared paragraph. Compared per sentence to 1e-9 and per matrix cell,
on the demo corpus, on random texts built to hit the edge cases (repeated tokens, punctuation
and digits for the 13a rules, 0-4 token texts, texts empty after tokenisation, paragraphs only
some systems translated), on Chinese targets, and with other BLEU settings.

ja/ko pairs: the project's sentence BLEU uses 13a for them (``BLEU`` passes no target language
to sacreBLEU, so ja-mecab/ko-mecab are never chosen), which is what is tested; the mecab
tokenizers themselves need MeCab and a dictionary that are not installed (they would go through
the per-text path of ``bleu_tokens``, tested here with sacreBLEU's ``char`` and ``intl``).
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sacrebleu.metrics import BLEU as SacreBLEU

from litboard.load.read import load
from litboard.analysis import bleu_tokens, overlap_fast
from litboard.scoring import sacrebleu_metrics as sm

REPO = Path(__file__).resolve().parents[2]
DEMO = REPO / "tests" / "fixtures" / "demo"

PIECES = [
    "the",
    "The",
    "a",
    "cat",
    "cat",
    "sat",
    "on",
    "mat",
    ".",
    ",",
    "5",
    "5.",
    "3,5",
    ".5",
    "-",
    "5-",
    "x-y",
    "'s",
    "(",
    ")",
    "\"",
    "&amp;",
    "&quot;",
    "&lt;b&gt;",
    "<skipped>",
    "-\n",
    "\n",
    "\t",
    " ",
    "",
    "!?",
    "e.g.",
    "U.S.",
    "1,000.",
    "--",
    "...",
    "é",
    "\u2014",
    "\u2019",
    "老",
    "人",
    "大海",
    "。",
    "，",
    "\U00020000",
    "\x01",
    "'",
    "/",
    ":",
    "a\x01b",
    "ÉCOLE",
]


def reference_overlap(texts: pd.DataFrame, pair: str, bleu: Any = None) -> pd.DataFrame:
    """The former lexical_overlap: one sacreBLEU sentence_score per ordered pair x paragraph."""
    rows = texts[(texts["pair"] == pair) & texts["text"].notna()]
    wide = rows.pivot_table(index="paragraph", columns="system", values="text", aggfunc="first")
    bleu = bleu or sm.BLEU(sm.target_lang(pair))._sentence
    systems = sorted(wide.columns)
    table = pd.DataFrame(
        index=pd.Index(systems, name="hypothesis"),
        columns=pd.Index(systems, name="reference"),
        dtype=float,
    )
    for hyp in systems:
        for ref in systems:
            if hyp == ref:
                continue
            both = wide[[hyp, ref]].dropna()
            scores = [bleu.sentence_score(h, [r]).score for h, r in zip(both[hyp], both[ref])]
            table.loc[hyp, ref] = sum(scores) / len(scores) if scores else float("nan")
    return table


def random_text(rng: random.Random, zh: bool = False) -> str:
    n = rng.choice([0, 1, 2, 3, 4, 4, 8, 15, 30])
    pieces = PIECES + (["我", "们", "的", "是", "，", "。"] * 3 if zh else [])
    return rng.choice(["", " "]).join(rng.choice(pieces) for _ in range(n))


def random_corpus(seed: int, pair: str, paragraphs: int = 40, systems: int = 6) -> pd.DataFrame:
    """Systems perturb a shared base text, and translate only some paragraphs."""
    rng = random.Random(seed)
    rows = []
    for p in range(paragraphs):
        base = random_text(rng, zh=pair.endswith("zh")).split(" ")
        for s in range(systems):
            # the last system: even paragraphs only
            if rng.random() < 0.25 or (s == systems - 1 and p % 2):
                continue
            words = [w if rng.random() < 0.7 else random_text(rng) for w in base]
            if rng.random() < 0.1:
                words = words * 3  # repeated tokens and n-grams
            rows.append(
                {
                    "system": f"sys{s}",
                    "pair": pair,
                    "paragraph": f"p{p:03d}",
                    "text": " ".join(words),
                }
            )
    rows.append({"system": "alone", "pair": pair, "paragraph": "only-mine", "text": "no one else"})
    rows.append({"system": "sys0", "pair": pair, "paragraph": "p000", "text": None})
    # the first one counts
    rows.append({**rows[3], "text": "a second text for the same system and paragraph"})
    rows.append({**rows[4], "pair": "xx-yy"})  # another pair
    return pd.DataFrame(rows)


def assert_same_table(fast: pd.DataFrame, slow: pd.DataFrame) -> None:
    assert fast.index.equals(slow.index) and fast.columns.equals(slow.columns)
    assert fast.index.name == "hypothesis" and fast.columns.name == "reference"
    assert (fast.isna() == slow.isna()).all().all()
    both = ~fast.isna().to_numpy(bool)
    assert np.abs(fast.to_numpy(float)[both] - slow.to_numpy(float)[both]).max(initial=0.0) <= 1e-9
    assert np.isnan(fast.to_numpy(float).diagonal()).all()


def assert_pair_scores(texts: list[str], paragraph: list[int], bleu: Any) -> int:
    """Every (hyp, ref) pair of a paragraph against sentence_score, to 1e-9; returns the count."""
    seen = 0
    for hyp, ref, score in overlap_fast.pair_scores(texts, np.asarray(paragraph, np.int64), bleu):
        for h, r, value in zip(hyp.tolist(), ref.tolist(), score.tolist()):
            assert paragraph[h] == paragraph[r] and h != r
            expected = bleu.sentence_score(texts[h], [texts[r]]).score
            assert value == pytest.approx(expected, abs=1e-9), (texts[h], texts[r])
            seen += 1
    sizes = pd.Series(paragraph).value_counts()
    assert seen == int((sizes * (sizes - 1)).sum())
    return seen


def assert_tokens(texts: list[str], bleu: Any) -> None:
    """token_ids gives each text's sacreBLEU tokens, one id per distinct token string."""
    flat, lengths, size = bleu_tokens.token_ids(texts, bleu)
    assert len(lengths) == len(texts) and int(lengths.sum()) == len(flat)
    expected = [bleu._preprocess_segment(t).split() for t in texts]
    assert lengths.tolist() == [len(e) for e in expected]
    id_of: dict[str, int] = {}
    for token, token_id in zip((t for e in expected for t in e), flat.tolist()):
        assert id_of.setdefault(token, token_id) == token_id
    assert len(set(id_of.values())) == len(id_of) and (not len(flat) or flat.max() < size)


@pytest.mark.parametrize("target", ["en", "zh", "ja", "ko"])
def test_tokens_are_sacrebleus(target: str) -> None:
    rng = random.Random(7)
    texts = [random_text(rng, zh=target == "zh") for _ in range(3000)] + [
        "",
        " ",
        "\n",
        "a\x01b",
        "\x01",
    ]
    assert_tokens(texts, sm.BLEU(target)._sentence)


def test_chinese_character_table() -> None:
    """The zh spacing table agrees with TokenizerZh._is_chinese_char, astral characters included."""
    from sacrebleu.tokenizers.tokenizer_zh import TokenizerZh

    table = bleu_tokens._chinese()
    is_chinese = TokenizerZh._is_chinese_char
    assert all(table[c] == is_chinese(chr(c)) for c in range(0, 0x10000, 7))
    assert (
        table[[0x4E00, 0x3002, 0xFF0C, 0x2014, 0x2019]].all()
        and not table[[0x41, 0x20, 0xE9, 0x2000]].any()
    )
    for c in (0x10000, 0x20000, 0x2A6D6, 0x2F800, 0x2FA1D, 0x10FFFF):
        assert not is_chinese(chr(c)) and not table[min(c, 0x10000)]
    assert bleu_tokens._zh_space("a老\U00020000。b\ud800") == "a 老 \U00020000 。 b\ud800"


@pytest.mark.parametrize(
    "options",
    [
        {"lowercase": True},
        {"tokenize": "char"},
        {"tokenize": "intl"},
        {"tokenize": "none"},
        {"tokenize": "zh", "lowercase": True},
    ],
)
def test_tokens_other_bleu_settings(options: dict[str, Any]) -> None:
    rng = random.Random(8)
    assert_tokens(
        [random_text(rng, zh=True) for _ in range(800)], SacreBLEU(effective_order=True, **options)
    )


def test_tokens_across_blocks(monkeypatch: pytest.MonkeyPatch) -> None:
    """Texts go in blocks (one joined split each); a block with the separator is split per text."""
    monkeypatch.setattr(bleu_tokens, "BLOCK", 7)
    rng = random.Random(9)
    texts = [random_text(rng) for _ in range(200)]
    assert_tokens(texts, sm.BLEU("en")._sentence)
    assert_tokens(texts[:1] + ["one\x01two"] + texts[1:40], sm.BLEU("en")._sentence)


@given(
    st.lists(
        st.lists(
            st.text(alphabet="ab5.,-'&;()\n \t老。é\x01", max_size=3) | st.sampled_from(PIECES),
            max_size=10,
        ).map("".join),
        max_size=12,
    )
)
@settings(max_examples=150, deadline=None)
def test_tokens_property(texts: list[str]) -> None:
    for target in ("en", "zh"):
        assert_tokens(texts, sm.BLEU(target)._sentence)


@pytest.mark.parametrize("target", ["en", "zh", "ja"])
def test_every_pair_matches_sentence_score(target: str) -> None:
    rng = random.Random(11)
    texts, paragraph = [], []
    for p in range(60):
        base = random_text(rng, zh=target == "zh")
        for _ in range(rng.choice([1, 2, 3, 5])):
            texts.append(base if rng.random() < 0.2 else f"{base} {random_text(rng)}")
            paragraph.append(p)
    assert assert_pair_scores(texts, paragraph, sm.BLEU(target)._sentence) > 300


@pytest.mark.parametrize(
    "options",
    [
        {"smooth_method": "floor"},
        {"smooth_method": "floor", "smooth_value": 0.3},
        {"smooth_method": "add-k"},
        {"smooth_method": "add-k", "smooth_value": 0.5},
        {"smooth_method": "none"},
        {"effective_order": False},
        {"max_ngram_order": 2},
        {"max_ngram_order": 6, "lowercase": True},
    ],
)
def test_other_bleu_settings(options: dict[str, Any]) -> None:
    options = {"effective_order": True, **options}
    rng = random.Random(12)
    texts = [random_text(rng) for _ in range(120)]
    assert_pair_scores(texts, sorted(i // 4 for i in range(len(texts))), SacreBLEU(**options))


def test_compute_bleu_on_arrays() -> None:
    """sentence_bleu equals compute_bleu on statistics a text pair can have, zeros included."""
    rng = np.random.default_rng(3)
    sys_len = rng.integers(0, 9, 4000)
    total = np.maximum(sys_len[None, :] - np.arange(4)[:, None], 0)
    correct = np.minimum(total, rng.integers(0, 6, (4, 4000)) * (rng.random((4, 4000)) < 0.6))
    # an n-gram match implies its (n-1)-gram matches
    correct = np.minimum.accumulate(correct, axis=0)
    ref_len = rng.integers(0, 9, 4000)
    for options in (
        {"smooth_method": "exp"},
        {"smooth_method": "floor"},
        {"smooth_method": "add-k"},
        {"smooth_method": "none"},
        {"smooth_method": "exp", "effective_order": False},
    ):
        bleu = SacreBLEU(**{"effective_order": True, **options})
        ours = overlap_fast.sentence_bleu(correct, total, sys_len, ref_len, bleu)
        for i in range(len(sys_len)):
            expected = bleu.compute_bleu(
                correct[:, i].tolist(),
                total[:, i].tolist(),
                int(sys_len[i]),
                int(ref_len[i]),
                bleu.smooth_method,
                bleu.smooth_value,
                bleu.effective_order,
                bleu.max_ngram_order,
            ).score
            assert ours[i] == pytest.approx(expected, abs=1e-9)


def test_demo_corpus_matches_the_reference() -> None:
    texts = load([DEMO]).tables["translations"]
    for pair in ("de-en", "en-zh"):
        assert_same_table(sm.lexical_overlap(texts, pair), reference_overlap(texts, pair))


@pytest.mark.parametrize("pair", ["de-en", "en-zh", "en-ja", "en-ko"])
def test_random_corpus_matches_the_reference(pair: str) -> None:
    texts = random_corpus(5, pair)
    fast = sm.lexical_overlap(texts, pair)
    assert_same_table(fast, reference_overlap(texts, pair))
    assert fast["alone"].isna().all() and fast.loc["alone"].isna().all()  # no shared paragraph


def test_chunks_of_paragraphs(monkeypatch: pytest.MonkeyPatch) -> None:
    """Small chunks (many of them, some a single paragraph) give the same matrix."""
    texts = random_corpus(6, "de-en", paragraphs=30)
    whole = sm.lexical_overlap(texts, "de-en")
    monkeypatch.setattr(overlap_fast, "CHUNK_TOKENS", 20)
    monkeypatch.setattr(bleu_tokens, "BLOCK", 5)
    assert_same_table(sm.lexical_overlap(texts, "de-en"), whole)
    assert_same_table(whole, reference_overlap(texts, "de-en"))


def test_other_bleu_objects_give_the_reference_matrix() -> None:
    texts = random_corpus(7, "de-en", paragraphs=15)
    rows = texts[texts["text"].notna()]
    bleu = SacreBLEU(lowercase=True, max_ngram_order=3, smooth_method="floor", effective_order=True)
    assert_same_table(
        overlap_fast.overlap_table(rows, bleu), reference_overlap(texts, "de-en", bleu)
    )


def test_no_texts_or_no_shared_paragraph() -> None:
    empty = pd.DataFrame({"system": [], "pair": [], "paragraph": [], "text": []})
    assert sm.lexical_overlap(empty, "de-en").shape == (0, 0)
    one = pd.DataFrame(
        {"system": ["a", "b"], "pair": ["de-en"] * 2, "paragraph": ["p1", "p2"], "text": ["x", "y"]}
    )
    table = sm.lexical_overlap(one, "de-en")
    assert table.shape == (2, 2) and table.isna().all().all()
    assert_same_table(table, reference_overlap(one, "de-en"))


@given(
    st.lists(
        st.tuples(
            st.integers(0, 3), st.integers(0, 4), st.lists(st.sampled_from(PIECES[:30]), max_size=8)
        ),
        max_size=25,
    )
)
@settings(max_examples=60, deadline=None)
def test_matrix_property(entries: list[tuple[int, int, list[str]]]) -> None:
    rows = [
        {"system": f"s{s}", "pair": "de-en", "paragraph": f"p{p}", "text": " ".join(w)}
        for s, p, w in entries
    ]
    texts = pd.DataFrame(rows, columns=["system", "pair", "paragraph", "text"])
    assert_same_table(sm.lexical_overlap(texts, "de-en"), reference_overlap(texts, "de-en"))
