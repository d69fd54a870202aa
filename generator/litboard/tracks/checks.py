"""The checks every load of track data runs besides load's own: one declaration for every track.

``POLICY`` is the contribution policy, in the order it runs: the submission checks of
``submission`` (coverage, copies of the source or of a human translation, script, length ratio),
then the card, name, language and file-size checks of ``contribution``. Load knows none of it:
it runs what it is given (``load.rows.RootCheck``), after its own checks.

``CHECKS`` is what ``validate``, ``check-pr``, ``build``, ``track score`` and the campaign commands
pass to ``load``: the policy, the LLM cache check of scoring, and the copy rules of ``copy_rules``
on every contribution of every track (``load.track_decl.contributions``: a track root's systems,
and the demo's systems other than those it was released with).
"""

from __future__ import annotations

from ..load.rows import RootCheck
from ..scoring.llm.cache_check import ROOT_CHECKS
from .contribution import check_contributions
from .copy_rules import check_track_copies
from .submission import check_submissions

POLICY: tuple[RootCheck, ...] = (check_submissions, check_contributions)
CHECKS: tuple[RootCheck, ...] = (*POLICY, *ROOT_CHECKS, check_track_copies)
