"""The results comment of a pull request, rendered by the trusted job (pr-comment.yml) from data.

The data is results.json's shape (``pr_results.schema.json``), computed by the trusted job itself
(``pr_trusted``) and checked against the schema before it is rendered (ids match the id pattern,
the track and its pairs are the base branch's, every number finite and in range, everything else
one of a closed set). Every word is this module's; the track's title comes from the base branch's
``TRACKS``; the one free text, the system's display name, is read by the trusted job from the
pull request's card (git data) and shown inside a code span, where GitHub links no mention, URL,
emphasis, HTML or image. The barrier's problems are shown in a fenced code block, the same way.
The body is at most ``MAX_BODY`` characters (``bounded``; GitHub refuses over 65,536).
"""

from __future__ import annotations

import json
import math
import re
from functools import lru_cache
from importlib import resources
from typing import Any, Iterator, Sequence

from .pr_tables import inert

MARKER = "<!-- litboard-results -->"
RUN_URL = re.compile(
    r"https://github\.com/[A-Za-z0-9_.-]{1,100}/[A-Za-z0-9_.-]{1,100}/actions/runs/[0-9]{1,20}"
)
MAX_LINE = 500  # a line of the barrier's problems
MAX_BODY = 60_000  # characters; GitHub's limit for a comment is 65,536
FIX = (
    "Run the same check locally: `litboard check-pr --base origin/main --releases "
    "releases.yaml` (add `--mirror DIR` for local release files) names each problem with its "
    "file, line and fix."
)


@lru_cache(maxsize=1)
def _validator() -> Any:
    from jsonschema import Draft202012Validator, ValidationError, validators

    def whole(validator: Any, pattern: str, instance: Any, schema: Any) -> Iterator[Any]:
        if isinstance(instance, str) and re.fullmatch(pattern.strip("^$"), instance) is None:
            yield ValidationError(f"{instance[:40]!r} does not match {pattern!r}")

    text = (
        resources.files(__package__).joinpath("pr_results.schema.json").read_text(encoding="utf-8")
    )
    return validators.extend(Draft202012Validator, {"pattern": whole})(json.loads(text))


def problems(doc: Any) -> list[str]:
    """Why ``doc`` is not results.json as the schema and the base branch's tracks define it."""
    found = [
        f"{'.'.join(map(str, e.absolute_path)) or 'results.json'}: {e.message[:200]}"
        for e in _validator().iter_errors(doc)
    ]
    if found:
        return found
    found = [f"{path}: {value!r} is not a finite number" for path, value in _infinite(doc)]
    if found:
        return found
    from ..load.track_decl import TRACKS

    track = next((t for t in TRACKS if t.id == doc["track"]), None)
    if doc["track"] is not None and track is None:
        return [f"track: {doc['track']!r} is not a track of the base branch"]
    if doc["state"] != "no-system" and (track is None or doc["system"] is None):
        return [f"state: {doc['state']!r} needs a track and a system"]
    found = [
        f"{field}.{i}.pair: {s['pair']!r} is not a pair of track {doc['track']}"
        for field in ("scores", "agreement", "nrefs")
        for i, s in enumerate(doc[field])
        if track is None or s["pair"] not in track.pairs
    ]
    pairs = [n["pair"] for n in doc["nrefs"]]
    return (
        found
        + [
            f"agreement.{i}.agree: {a['agree']} agreeing of {a['pairs']} compared system pairs"
            for i, a in enumerate(doc["agreement"])
            if a["agree"] > a["pairs"]
        ]
        + [f"nrefs.{i}.pair: {p!r} given twice" for i, p in enumerate(pairs) if p in pairs[:i]]
    )


def _infinite(node: Any, path: str = "results.json") -> Iterator[tuple[str, float]]:
    """Every NaN or infinity in ``node`` (JSON Schema's number bounds let NaN through)."""
    if isinstance(node, float) and not math.isfinite(node):
        yield path, node
    elif isinstance(node, dict):
        for key, value in node.items():
            yield from _infinite(value, f"{path}.{key}")
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from _infinite(value, f"{path}.{i}")


def block(lines: Sequence[str]) -> list[str]:
    """Lines as a fenced code block (longer fence than any run of backticks or tildes inside)."""
    body = ["".join(c if c.isprintable() else "\ufffd" for c in line)[:MAX_LINE] for line in lines]
    fence = "`" * max(3, max((len(m) + 1 for m in re.findall(r"`+", "\n".join(body))), default=3))
    return [fence + "text", *body, fence]


def render(
    doc: dict[str, Any], name: str | None, barrier: Sequence[str] | None, run_url: str = ""
) -> str:
    """The comment: the barrier's refusal when ``barrier`` lists problems, else the results."""
    from ..load.track_decl import TRACKS

    track = next((t for t in TRACKS if t.id == doc["track"]), None)
    title = track.title if track else "no track"
    out = [MARKER]
    if barrier:
        out += [
            "## litboard: the barrier refused this pull request",
            "",
            "The base branch's `check-pr` (the required check *pull request barrier*) found these "
            "problems; no results are shown until it passes. Fix each as its line says and push "
            "again: this comment is then replaced by the results.",
            "",
            *block(barrier),
            "",
            FIX,
        ]
    elif doc["state"] == "no-system" or track is None:
        out += ["## litboard: this pull request adds no system folder of a track"]
    elif doc["state"] == "invalid":
        out += [
            f"## litboard: the new system `{doc['system']}` does not validate on track {title}",
            "",
            "Run `make validate` (and `litboard track score`) locally: they name every problem.",
        ]
    else:
        label = f"{inert(name)} (`{doc['system']}`)" if name else f"`{doc['system']}`"
        out += [f"## litboard results: {label} on track {title}", "", *_results(doc)]
    if run_url and RUN_URL.fullmatch(run_url):
        out += ["", f"Preview site and logs: the artifacts of [the pull request run]({run_url})."]
    return "\n".join(out + [""])


def unavailable(reason: str, run_url: str = "") -> str:
    """The comment when the barrier passed but the results could not be recomputed."""
    out = [
        MARKER,
        "## litboard: results unavailable",
        "",
        "The barrier passed, but this job could not recompute the results from the pull "
        "request's files (it shows no number it did not compute itself). The reason:",
        "",
        *block([reason]),
        "",
        "Run `make validate` and `litboard track score` locally: they name every problem. Push "
        "again, or ask a maintainer to re-run this workflow, once it is fixed.",
    ]
    if run_url and RUN_URL.fullmatch(run_url):
        out += ["", f"Logs: [the pull request run]({run_url})."]
    return "\n".join(out + [""])


def bounded(body: str) -> str:
    """``body`` cut at a line end to at most ``MAX_BODY`` characters, saying so."""
    if len(body) <= MAX_BODY:
        return body
    note = (
        "\n\n… (shortened to fit a GitHub comment: every table is in the preview's leaderboard "
        "downloads)\n"
    )
    cut = body.rfind("\n", 0, MAX_BODY - len(note))
    return body[:cut] + note


def _results(doc: dict[str, Any]) -> list[str]:
    from .pr_tables import agreement, others, panel, signatures, yours

    return [
        "**Automatic scores only — not comparable with the human ranking.** LLM judges: pending "
        "(scored by the maintainers' workflow after merge). Every number here was computed by "
        "this workflow with the base branch's code and settings from the pull request's files "
        "(none is taken from the pull request's own run), and is recomputed on `main` after "
        "merge. Each score is sacreBLEU's corpus score of the system's paragraphs against the "
        "track's human translations (what the `sacrebleu` command line prints for them), as the "
        "site's Scoring page defines it and as the board shows it, its interval from resampled "
        "paragraphs; the mean of the paragraph scores is in the preview's leaderboard downloads, "
        "the signatures are below.",
        "",
        *_screened(doc),
        *yours(doc),
        "",
        *others(doc),
        "",
        *signatures(doc),
        "",
        *agreement(doc),
        "",
        *panel(doc),
    ]


def _screened(doc: dict[str, Any]) -> list[str]:
    """The LLM-judge screen's count (``pr_results._screened``, run by the commenting job on the
    pull request's files)."""
    count = doc["screened"]
    if not count:
        return []
    outputs = "output" if count == 1 else "outputs"
    return [
        f"⚠ **screened: {count} {outputs} of this system flagged** as addressed to an LLM judge "
        "(instructions to the judge, or an imitation of its answer format; counted by this "
        "job from the pull request's files). The LLM judges will still score them after merge, "
        "but every page marks those scores: they are never shown as plain trusted numbers.",
        "",
    ]
