"""The checks every load of track data runs besides load's own: one declaration for every track.

``CHECKS`` is what ``validate``, ``check-pr``, ``build``, ``track score`` and the campaign commands
pass to ``load`` (``load.rows.RootCheck``): the LLM cache check of scoring, and the copy rules of
``copy_rules`` on every contribution of every track (``load.track_decl.contributions``: a track
root's systems, and the demo's systems other than those it was released with).
"""

from __future__ import annotations

from ..scoring.llm.cache_check import ROOT_CHECKS
from .copy_rules import check_track_copies

CHECKS = (*ROOT_CHECKS, check_track_copies)
