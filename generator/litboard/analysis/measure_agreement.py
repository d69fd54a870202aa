"""How far an automatic measure agrees with people: system-level pairwise accuracy.

Of the system pairs both orderings separate (a tie on either side, up to float rounding, is left
out), the share the measure orders the same way as the human ranking (paper 000's system-level
pairwise accuracy).
``n`` is that number of pairs. No interval is given (issue 59): pairs of systems sharing a system
are not independent units, so a Wilson (or any binomial) interval over them claims a precision the
pairs do not carry -- the counts are shown instead ("2 of 3 system pairs").
A track's agreement pools its pairs' boards: agreeing pairs and compared pairs are summed.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from itertools import combinations
from typing import Iterable, Sequence



@dataclass(frozen=True)
class Agreement:
    agree: int  # system pairs the measure orders as the human ranking does
    pairs: int  # system pairs both separate

    @property
    def accuracy(self) -> float:
        return self.agree / self.pairs if self.pairs else float("nan")

    def counts_text(self) -> str:
        """The share with its counts and no interval: "67% (2 of 3 system pairs)"."""
        if not self.pairs:
            return "no system pair to compare"
        noun = "system pair" if self.pairs == 1 else "system pairs"
        return f"{100 * self.accuracy:.0f}% ({self.agree} of {self.pairs} {noun})"


def concordance(
    human: Sequence[float], other: Sequence[float], human_hib: bool, other_hib: bool
) -> Agreement:
    """Pairwise agreement of two system scorings (same systems, same order; ``*_hib``: higher is
    better)."""
    agree = total = 0
    for i, j in combinations(range(len(human)), 2):
        if _tied(human[i], human[j]) or _tied(other[i], other[j]):
            continue
        dh, do = human[i] - human[j], other[i] - other[j]
        total += 1
        agree += (dh > 0) == (do > 0) if human_hib == other_hib else (dh > 0) != (do > 0)
    return Agreement(agree, total)


def _tied(a: float, b: float) -> bool:
    """Equal up to floating-point rounding: the same share computed in another order (another
    machine's summation) must not turn a tie into a compared pair (it did: 11 pairs on one machine,
    10 on another, for the same two exact ties of the LiteraryTranslation track)."""
    return math.isclose(a, b, rel_tol=1e-9, abs_tol=1e-12)


def pooled(parts: Iterable[Agreement]) -> Agreement:
    """Several boards' agreements as one (pairs of different boards are different comparisons)."""
    found = list(parts)
    return Agreement(sum(a.agree for a in found), sum(a.pairs for a in found))
