"""The vectorised span kappa (interval arithmetic) equals the per-character reference."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from sklearn.metrics import cohen_kappa_score

from litboard.analysis.agreement import character_labels, span_kappa
from litboard.analysis.span_overlap import confusion, kappas_of
from litboard.errors import DataError

KEYS = ["system", "pair", "paragraph"]


def _reference(
    spans: pd.DataFrame, lengths: pd.DataFrame, annotators: tuple[str, str], mode: str, pooling: str
) -> tuple[float, int]:
    """The per-character implementation span_kappa had before (character_labels + sklearn)."""
    groups = {key: g for key, g in spans.groupby(KEYS, sort=False)}
    per_item = []
    for key, length in zip(lengths[KEYS].itertuples(index=False, name=None), lengths["length"]):
        mine = groups.get(key, spans.iloc[0:0])
        per_item.append(
            tuple(
                character_labels(mine[mine["annotator"] == who], int(length), mode).astype(str)
                for who in annotators
            )
        )

    def kappa(x: np.ndarray, y: np.ndarray) -> float:
        if len(x) == 0 or len(set(x.tolist()) | set(y.tolist())) < 2:
            return float("nan")
        return float(cohen_kappa_score(x, y))

    if pooling == "pooled":
        x = np.concatenate([p[0] for p in per_item]) if per_item else np.array([])
        y = np.concatenate([p[1] for p in per_item]) if per_item else np.array([])
        return kappa(x, y), len(x)
    values = [v for v in (kappa(a, b) for a, b in per_item) if not np.isnan(v)]
    return (float(np.mean(values)) if values else float("nan")), len(values)


def _random_case(seed: int) -> tuple[pd.DataFrame, pd.DataFrame]:
    rng = np.random.default_rng(seed)
    items = [
        ("sys" + str(s), "de-en", f"p{p}") for s in range(3) for p in range(rng.integers(1, 9))
    ]
    lengths = pd.DataFrame(items, columns=KEYS).assign(length=rng.integers(0, 60, size=len(items)))
    rows = []
    for (system, pair, paragraph), length in zip(items, lengths["length"]):
        for annotator in ("a", "b", "c"):
            for _ in range(rng.integers(0, 5)):
                start = int(rng.integers(0, length + 1))
                end = int(rng.integers(start, length + 1)) if rng.random() > 0.15 else start
                rows.append(
                    (
                        annotator,
                        system,
                        pair,
                        paragraph,
                        start,
                        end,
                        str(rng.choice(["Accuracy", "Fluency", "Style", "Terminology"])),
                    )
                )
    rows.append(("a", "other", "de-en", "p0", 0, 3, "Style"))  # a translation not compared
    spans = pd.DataFrame(rows, columns=["annotator", *KEYS, "start", "end", "category"])
    return spans.sample(frac=1.0, random_state=seed).reset_index(drop=True), lengths


@pytest.mark.parametrize("seed", range(40))
@pytest.mark.parametrize("mode", ["span", "label"])
@pytest.mark.parametrize("pooling", ["pooled", "mean"])
def test_vectorised_equals_per_character_reference(seed: int, mode: str, pooling: str) -> None:
    spans, lengths = _random_case(seed)
    expected, n = _reference(spans, lengths, ("a", "b"), mode, pooling)
    result = span_kappa(spans, lengths, ("a", "b"), mode=mode, pooling=pooling)  # type: ignore[arg-type]
    assert result.n == n
    if np.isnan(expected):
        assert np.isnan(result.value)
    else:
        assert result.value == pytest.approx(expected, abs=1e-12)


def test_per_translation_kappas_match_sklearn() -> None:
    spans, lengths = _random_case(7)
    counts = confusion(spans, lengths, ("b", "c"), "span", tuple(KEYS)).counts
    values = kappas_of(counts)
    for i, (key, length) in enumerate(
        zip(lengths[KEYS].itertuples(index=False, name=None), lengths["length"])
    ):
        mine = spans[(spans[KEYS].apply(tuple, axis=1) == key)]
        x, y = (character_labels(mine[mine["annotator"] == w], int(length), "span") for w in "bc")
        assert counts[i].sum() == length
        if len(set(x.tolist()) | set(y.tolist())) < 2:
            assert np.isnan(values[i])
        else:
            assert values[i] == pytest.approx(cohen_kappa_score(x, y), abs=1e-12)


def test_overlap_hand_case_earliest_start_wins() -> None:
    # a: [1, 4) Accuracy, [3, 6) Style (starts later, keeps [4, 6)); b: [0, 5) Style
    spans = pd.DataFrame(
        [
            ("a", "s", "de-en", "p", 3, 6, "Style"),
            ("a", "s", "de-en", "p", 1, 4, "Accuracy"),
            ("b", "s", "de-en", "p", 0, 5, "Style"),
            ("b", "s", "de-en", "p", 2, 2, "Accuracy"),
        ],
        columns=["annotator", *KEYS, "start", "end", "category"],
    )
    lengths = pd.DataFrame([("s", "de-en", "p", 8)], columns=[*KEYS, "length"])
    result = confusion(spans, lengths, ("a", "b"), "label", tuple(KEYS))
    table = {
        (result.labels[i], result.labels[j]): int(result.counts[0, i, j])
        for i in range(len(result.labels))
        for j in range(len(result.labels))
        if result.counts[0, i, j]
    }
    # chars: 0 none/Style, 1-3 Accuracy/Style, 4 Style/Style, 5 Style/none, 6-7 none/none
    assert table == {
        ("none", "Style"): 1,
        ("Accuracy", "Style"): 3,
        ("Style", "Style"): 1,
        ("Style", "none"): 1,
        ("none", "none"): 2,
    }


def test_out_of_range_span_is_a_data_error() -> None:
    spans = pd.DataFrame(
        [("a", "s", "de-en", "p", 2, 9, "Style")],
        columns=["annotator", *KEYS, "start", "end", "category"],
    )
    lengths = pd.DataFrame([("s", "de-en", "p", 5)], columns=[*KEYS, "length"])
    with pytest.raises(DataError, match=r"s\|de-en\|p.*outside the text of length 5"):
        span_kappa(spans, lengths, ("a", "b"))


def test_reader_kappas_equal_per_translation_span_kappa(tmp_path) -> None:
    """The reader's one-pass kappas equal the per-character reference, translation by
    translation."""
    import importlib.util
    from pathlib import Path

    from litboard.importers import get
    from litboard.load.read import load
    from litboard.render.reader.scores import agreement_views

    bench = Path(__file__).resolve().parents[2] / "bench" / "make_synthetic.py"
    spec = importlib.util.spec_from_file_location("make_synthetic", bench)
    module = importlib.util.module_from_spec(spec)  # type: ignore[arg-type]
    spec.loader.exec_module(module)  # type: ignore[union-attr]
    src = tmp_path / "mqm_synthetic_ende.tsv"
    src.write_text(
        "\n".join(["\t".join(module.HEADER), *("\t".join(r) for r in module.rows(6, 11, 0.6))])
        + "\n",
        encoding="utf-8",
    )
    get("wmt-mqm")(src, tmp_path / "root")
    corpus = load([tmp_path / "root"])
    views = agreement_views(corpus)
    texts = corpus.translations.set_index(KEYS)["text"].to_dict()
    assert len(views) == 6 * 15
    checked = 0
    for key, (view,) in views.items():
        lengths = pd.DataFrame([dict(zip(KEYS, key), length=len(texts[key]))])
        for kappa in view.kappas:
            value, n = _reference(
                corpus.mqm_errors, lengths, (kappa.first, kappa.second), "span", "pooled"
            )
            assert kappa.n == n == len(texts[key])
            assert kappa.label == "Cohen kappa (span match, characters, pooled)"
            if np.isnan(value):
                assert np.isnan(kappa.value)
            else:
                assert kappa.value == pytest.approx(value, abs=1e-12)
                checked += 1
    assert checked > 20
