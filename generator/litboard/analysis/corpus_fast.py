"""sacreBLEU's ``_compute_score_from_stats`` of BLEU, chrF and TER for many rows of summed
statistics at once (the resampled corpus scores of ``corpus_ranking``).

The same steps in the same order as sacreBLEU 2.6.0 (``BLEU.compute_bleu`` through
``overlap_fast.sentence_bleu``; ``CHRF._compute_f_score`` with its eps smoothing and effective
order; TER's edits over reference length); numpy's log and exp may differ from the math module's
in the last bit. Another metric falls back to one sacreBLEU call per row.
"""

from __future__ import annotations

from typing import Any

import numpy as np


def scores_of(metric: Any, sums: np.ndarray) -> np.ndarray:
    """The metric's score of each row of summed statistics (rows x statistics)."""
    name = type(metric).__name__
    if name == "BLEU" and type(metric).__module__.startswith("sacrebleu"):
        return _bleu(metric, sums)
    if name == "CHRF" and type(metric).__module__.startswith("sacrebleu"):
        return _chrf(metric, sums)
    if name == "TER" and type(metric).__module__.startswith("sacrebleu"):
        return _ter(sums)
    return np.array([float(metric._compute_score_from_stats(list(row)).score) for row in sums])


def _bleu(metric: Any, sums: np.ndarray) -> np.ndarray:
    from .overlap_fast import sentence_bleu

    order = metric.max_ngram_order
    correct, total = sums[:, 2 : 2 + order].T, sums[:, 2 + order :].T
    # sacreBLEU casts the lengths to int
    return sentence_bleu(correct, total, np.floor(sums[:, 0]), np.floor(sums[:, 1]), metric)


def _ter(sums: np.ndarray) -> np.ndarray:
    edits, length = sums[:, 0], sums[:, 1]
    with np.errstate(divide="ignore", invalid="ignore"):
        rate = np.where(length > 0, edits / np.where(length > 0, length, 1), 0.0)
    return 100 * np.where(length > 0, rate, np.where(edits > 0, 1.0, 0.0))


def _chrf(metric: Any, sums: np.ndarray) -> np.ndarray:
    eps, factor = 1e-16, metric.beta**2
    rows = len(sums)
    score, effective = np.zeros(rows), np.zeros(rows)
    avg_prec, avg_rec = np.zeros(rows), np.zeros(rows)
    with np.errstate(divide="ignore", invalid="ignore"):
        for i in range(metric.order):
            n_hyp, n_ref, n_match = sums[:, 3 * i], sums[:, 3 * i + 1], sums[:, 3 * i + 2]
            prec = np.where(n_hyp > 0, n_match / np.where(n_hyp > 0, n_hyp, 1), eps)
            rec = np.where(n_ref > 0, n_match / np.where(n_ref > 0, n_ref, 1), eps)
            denom = factor * prec + rec
            safe = np.where(denom > 0, denom, 1)
            score += np.where(denom > 0, (1 + factor) * prec * rec / safe, eps)
            both = (n_hyp > 0) & (n_ref > 0)
            avg_prec += np.where(both, prec, 0.0)
            avg_rec += np.where(both, rec, 0.0)
            effective += both
        if metric.eps_smoothing:
            return 100 * score / metric.order
        avg_prec = np.where(effective > 0, avg_prec / np.maximum(effective, 1), 0.0)
        avg_rec = np.where(effective > 0, avg_rec / np.maximum(effective, 1), 0.0)
        top = (1 + factor) * avg_prec * avg_rec
        bottom = factor * avg_prec + avg_rec
        return np.where(avg_prec + avg_rec != 0, 100 * top / np.where(bottom != 0, bottom, 1), 0.0)
