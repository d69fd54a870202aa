"""The site's data API: every dataset's results table as JSON Lines under ``api/``, with the
records' JSON Schema (versioned) and an index (issue 54; the Data API page says how to read it).

``api/<dataset>.jsonl`` holds ``analysis.results``' records, one JSON object a line, sorted by
key; ``api/schema.json`` is ``records.SCHEMA``; ``api/index.json`` lists each dataset's file with
its record count, sha256 and data version, and every definition id with its text. All three are
pure functions of the records: the same build gives the same bytes.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any, Mapping, Sequence

from ..analysis.records import DEFINITIONS, SCHEMA, SCHEMA_VERSION

FOLDER = "api"
Files = dict[str, str | bytes]


ROOT = "lb-root:"  # a link to a page of the site (templates: ``lb-root:data-api.html``)


def root_links(page: str, path: str) -> str:
    """``page`` (at ``path``, relative to the site) with each ``lb-root:`` link relative to it."""
    if ROOT not in page:
        return page
    return page.replace(f'href="{ROOT}', 'href="' + "../" * path.count("/"))


def records_path(dataset: str) -> str:
    return f"{FOLDER}/{dataset}.jsonl"


def _dumps(document: Any) -> str:
    return json.dumps(document, ensure_ascii=False, sort_keys=True, indent=2) + "\n"


def index_files(files: Mapping[str, object], datasets: Sequence[str]) -> Files:
    """``api/index.json`` and ``api/schema.json`` for the datasets whose records ``files``
    holds (in page order)."""
    listed = []
    for ds in datasets:
        text = files.get(records_path(ds))
        if not isinstance(text, str):
            continue
        lines = text.splitlines()
        first = json.loads(lines[0]) if lines else {}
        listed.append(
            {
                "dataset": ds,
                "file": f"{ds}.jsonl",
                "records": len(lines),
                "sha256": hashlib.sha256(text.encode("utf-8")).hexdigest(),
                "data_version": first.get("provenance", {}).get("data_version", ""),
            }
        )
    index = {
        "name": "litboard results",
        "schema_version": SCHEMA_VERSION,
        "schema": "schema.json",
        "datasets": listed,
        "definitions": {key: d.text for key, d in sorted(DEFINITIONS.items())},
    }
    return {f"{FOLDER}/index.json": _dumps(index), f"{FOLDER}/schema.json": _dumps(SCHEMA)}
