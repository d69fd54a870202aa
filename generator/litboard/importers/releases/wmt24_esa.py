"""``litboard import wmt24-esa SRC --out DST``: WMT24's literary-domain ESA judgments (the fifth
pinned release).

SRC is the release folder as ``releases.yaml`` pins it (wmt-conference/wmt24-news-systems at
commit bfa937ee: ``humeval/esa_generalMT2024_wave{2,3}.csv``, ``humeval/annotator_mapping.json``
and ``txt/`` for en-cs, en-hi, en-ja, en-zh). It is ``wmt-esa`` with ``--domain literary``, the
dataset card below (waves 2-3 only: not the findings' ranking) and the systems' public facts.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from .. import ImportReport
from ..formats import wmt_esa

PAIRS = ["en-cs", "en-hi", "en-ja", "en-zh"]
DATASET_ID = "wmt24-literary-esa"

DESCRIPTION = (
    "The literary domain of WMT24's general MT task (English into Czech, Hindi, Japanese and "
    "Chinese), judged by people with ESA (Error Span Annotation: minor/major error spans, then "
    "a 0-100 score of the segment) in Appraise. These are waves 2 and 3 of WMT24's human "
    "evaluation only: waves 0 and 1, which hold more ratings of the same pairs, are not in the "
    "pinned files, so this board is NOT the WMT24 findings' ranking (Kocmi et al., 2024) and must "
    "not be cited as it. Each rated segment was rated once per system (no second rating, so no "
    "inter-annotator agreement can be computed); the human reference refA is ranked as a "
    "system, as WMT does. Quality-control (BAD) items, tutorial rows and ratings in #incomplete, "
    "#dup and #bad documents are removed (counts in the notes); a re-rating keeps the latest."
)

# Public facts only (the WMT24 findings' system table and the model cards); a field not known
# is left out. ONLINE-* are anonymised commercial online systems; the LLMs below without a team
# name were run by the WMT24 organisers.
_LLM = "llm"
_BASELINE = {"description": "LLM run by the WMT24 organisers"}
SYSTEMS: dict[str, dict[str, Any]] = {
    "aya23": _BASELINE
    | {"kind": _LLM, "model": "Aya 23 (Cohere)", "size": "35B", "open_weights": True},
    "claude-3-5": _BASELINE
    | {"kind": _LLM, "model": "Claude 3.5 Sonnet (Anthropic)", "open_weights": False},
    "commandr-plus": _BASELINE
    | {
        "kind": _LLM,
        "model": "Command R+ (Cohere)",
        "size": "104B",
        "open_weights": True,
    },
    "gpt-4": _BASELINE | {"kind": _LLM, "model": "GPT-4 (OpenAI)", "open_weights": False},
    "gemini-1-5-pro": _BASELINE
    | {"kind": _LLM, "model": "Gemini 1.5 Pro (Google)", "open_weights": False},
    "llama3-70b": _BASELINE
    | {
        "kind": _LLM,
        "model": "Llama 3 70B Instruct (Meta)",
        "size": "70B",
        "open_weights": True,
    },
    "mistral-large": _BASELINE | {"kind": _LLM, "model": "Mistral Large (Mistral AI)"},
    "phi-3-medium": _BASELINE
    | {
        "kind": _LLM,
        "model": "Phi-3 Medium (Microsoft)",
        "size": "14B",
        "open_weights": True,
    },
    "unbabel-tower70b": {
        "kind": _LLM,
        "model": "Tower 70B (Unbabel)",
        "size": "70B",
        "description": "WMT24 submission by Unbabel",
    },
    **{
        f"online-{x}": {"kind": "commercial-mt", "description": "anonymised online MT system"}
        for x in "abgw"
    },
    "refa": {"description": "WMT24 reference translation (refA), made by professional translators"},
}


def run(src: Path, out: Path, mapping: Path | None = None) -> ImportReport:
    """Import the pinned WMT24 release folder ``src`` (its literary domain) into ``out``."""
    dataset = {
        "id": DATASET_ID,
        "title": "WMT24 literary ESA (waves 2-3)",
        "campaign": "ESA (WMT24 literary, waves 2-3)",
        "description": DESCRIPTION,
        "primary": {"campaign": DATASET_ID, "measure": "esa"},
    }
    return wmt_esa.run(
        src,
        out,
        mapping,
        domain="literary",
        pairs=PAIRS,
        dataset=dataset,
        systems=SYSTEMS,
        all_lines=True,
    )
