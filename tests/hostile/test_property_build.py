"""Whatever `validate` accepts, `build` builds (hypothesis-generated roots).

Each example is the tiny fixture with generated values in the places a contributor controls:
a system id, its name, a work title, the translated texts (or a rights-restricted record),
a rights-restricted source paragraph or not,
an MQM span and comment, an SQM score and a metric score. Values mix well-formed text with
control characters, line separators, lone surrogates, template and HTML syntax, formula
prefixes and non-finite numbers. When `validate` finds no problem the site must build;
when it finds some, loading must refuse with a DataError (never another exception).
"""

from __future__ import annotations

import json
import shutil
import tempfile
import unicodedata
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, event, example, given, settings
from hypothesis import strategies as st

from litboard.pipeline.build import build_site
from litboard.load.datasets import declared_id
from litboard.errors import DataError
from litboard.load.read import load, validate
from litboard.tracks.checks import POLICY

from ..helpers import FIXTURES, copy_root

NASTY = [
    "\x00",
    "\x01",
    "\x07",
    "\x1b[31m",
    "\u2028",
    "\u2029",
    "\x85",
    "\ud800",
    "\n",
    "\t",
    "\u202e",
    "<script>window.__xss=1</script>",
    "{{ 7*7 }}",
    "=HYPERLINK(\"x\")",
    "-1",
    "@a",
    "\ufeff",
    "e\u0301",
    "\U0001f600",
    "\u200b",
    "index",
    "con",
    "a.",
    "",
]
INERT = [
    "<script>window.__xss=1</script>",
    "{{ 7*7 }}",
    "=HYPERLINK(\"x\")",
    "-1",
    "@a",
    "\u202e",
    "\U0001f600",
    "\u200b",
    "\u00e9",
    "\u6f22\u5b57",
    "\"'&",
    "%s",
    "\\",
]


def mostly(ok: st.SearchStrategy[Any], bad: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    """``ok`` far more often than ``bad``, so that many examples are valid roots that must build
    (hypothesis still explores ``bad`` more than the weights suggest)."""
    return st.one_of(*[ok] * 19, bad)


pieces = st.one_of(st.sampled_from(NASTY), st.text(max_size=6))
nasty_texts = st.lists(pieces, min_size=1, max_size=4).map("".join)
clean = st.lists(
    st.one_of(
        st.sampled_from(INERT),
        st.text(st.characters(exclude_categories=("Cc", "Cs", "Zl", "Zp")), min_size=1, max_size=8),
    ),
    min_size=1,
    max_size=3,
).map(lambda parts: unicodedata.normalize("NFC", "".join(parts)))
texts = mostly(clean, nasty_texts)
ids = mostly(
    st.from_regex(r"[a-z0-9][a-z0-9_-]{0,8}", fullmatch=True),
    st.one_of(st.sampled_from(NASTY), nasty_texts),
)
numbers = st.one_of(
    *[st.integers(0, 6)] * 4,
    st.floats(0, 6),
    st.integers(-3, 9),
    st.floats(allow_nan=True, allow_infinity=True),
    st.none(),
)
spans = mostly(
    st.tuples(st.integers(0, 3), st.integers(3, 6)),
    st.tuples(st.integers(-1, 60), st.integers(-1, 60)),
)


def yaml_str(value: str) -> str:
    """A YAML double-quoted scalar: characters YAML would not keep literally are escaped
    (\\U for astral characters: YAML does not join a \\uD83D\\uDE00 pair)."""
    out = []
    for char in value:
        code = ord(char)
        if char in '"\\':
            out.append("\\" + char)
        elif unicodedata.category(char) in ("Cc", "Cs", "Zl", "Zp", "Cf") or code in (
            0xFEFF,
            0xFFFE,
            0xFFFF,
        ):
            out.append(f"\\u{code:04x}")
        else:
            out.append(char)
    return '"' + "".join(out) + '"'


def _record(data: dict[str, Any]) -> str:
    return json.dumps(data, allow_nan=True) + "\n"


def _usable_folder_name(name: str) -> bool:
    """The file system can hold it (validate then judges it); else the card names a folder it is not
    in."""
    try:
        size = len(name.encode("utf-8"))
    except UnicodeEncodeError:
        return False
    return (
        name not in ("", ".", "..", "ht") and "/" not in name and "\x00" not in name and size < 200
    )


def plant(
    root: Path,
    system: str,
    name: str,
    title: str,
    texts_: tuple[str | None, str],
    span: tuple[int, int],
    comment: str,
    sqm: Any,
    metric: Any,
    restrict_source: bool = False,
) -> None:
    if restrict_source:
        paragraphs = root / "corpus/works/w1/paragraphs.jsonl"
        lines = paragraphs.read_text(encoding="utf-8").splitlines()
        lines[0] = json.dumps(
            {
                "id": "p1",
                "index": 0,
                "snippet": "Als Gregor",
                "length": 40,
                "restricted": comment or "under copyright",
                "sentences": 1,
            }
        )
        paragraphs.write_text("\n".join(lines) + "\n", encoding="utf-8")
    systems = root / "corpus/systems"
    (systems / "mt").rename(systems / "gen")
    folder = systems / "gen"
    if _usable_folder_name(system):
        folder = folder.rename(systems / system)
    (folder / "system.yaml").write_text(
        f"id: {yaml_str(system)}\nname: {yaml_str(name)}\nkind: nmt\nmodality: MT\n",
        encoding="utf-8",
    )
    first = (
        {"paragraph": "p1", "text": texts_[0]}
        if texts_[0] is not None
        else {
            "paragraph": "p1",
            "snippet": "As Gregor",
            "length": 34,
            "restricted": "under copyright",
        }
    )
    (folder / "de-en.jsonl").write_text(
        _record(first) + _record({"paragraph": "p2", "text": texts_[1]}), encoding="utf-8"
    )
    work = root / "corpus/works/w1/work.yaml"
    work.write_text(
        work.read_text(encoding="utf-8").replace('"Die <b>Verwandlung</b>"', yaml_str(title)),
        encoding="utf-8",
    )
    base = {"system": system, "pair": "de-en", "paragraph": "p1"}
    error = {
        "start": span[0],
        "end": span[1],
        "category": "Style",
        "severity": "minor",
        "comment": comment,
    }
    (root / "judgments/mqm1/a.jsonl").write_text(
        _record({**base, "annotator": "s1", "errors": [error]}), encoding="utf-8"
    )
    sqm_folder = root / "judgments/sqm1"
    sqm_folder.mkdir()
    (sqm_folder / "campaign.yaml").write_text(
        "id: sqm1\ntitle: SQM\nscheme: sqm\nannotators: [{id: s1, expertise: student}]\n",
        encoding="utf-8",
    )
    (sqm_folder / "a.jsonl").write_text(
        _record({**base, "annotator": "s1", "score": sqm, "comment": comment}), encoding="utf-8"
    )
    metric_folder = root / "judgments/chrf1"
    metric_folder.mkdir()
    (metric_folder / "campaign.yaml").write_text(
        "id: chrf1\ntitle: chrF\nscheme: metric\nmetric: {name: chrF, higher_is_better: true}\n",
        encoding="utf-8",
    )
    (metric_folder / "a.jsonl").write_text(
        _record(
            {**base, "score": metric, **({} if metric is not None else {"error": comment or "x"})}
        ),
        encoding="utf-8",
    )


SETTINGS = settings(
    max_examples=15, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow]
)
valid_ids = st.from_regex(r"[a-z][a-z0-9_-]{0,8}", fullmatch=True)


@SETTINGS
@given(
    system=valid_ids,
    name=clean,
    title=clean,
    first=st.one_of(st.none(), clean, clean),
    second=clean,
    span=st.tuples(st.integers(0, 1), st.integers(1, 2)),
    comment=clean,
    sqm=st.one_of(st.integers(0, 6), st.floats(0, 6)),
    metric=st.floats(-1e6, 1e6),
    restrict_source=st.booleans(),
)
@example(
    system="gen-1",
    name="=HYPERLINK(\"x\") \U0001f600 <b>",
    title="{{ 7*7 }}",
    first=None,
    second="He lay \u202e on his back.",
    span=(0, 0),
    comment="\t<script>window.__xss=1</script>",
    sqm=0,
    metric=-1.5,
    restrict_source=True,
)
def test_valid_text_anywhere_builds(
    system: str,
    name: str,
    title: str,
    first: str | None,
    second: str,
    span: tuple[int, int],
    comment: str,
    sqm: Any,
    metric: Any,
    restrict_source: bool,
) -> None:
    """Roots that are valid by construction (any printable text, HTML, formulas, bidi controls,
    restricted texts, finite scores): validate accepts nearly all, and each accepted one builds."""
    _check(system, name, title, (first, second), span, comment, sqm, metric, restrict_source)


@SETTINGS
@given(
    system=ids,
    name=texts,
    title=texts,
    first=st.one_of(st.none(), texts, texts),
    second=texts,
    span=spans,
    comment=texts,
    sqm=numbers,
    metric=numbers,
    restrict_source=st.booleans(),
)
@example(
    system="gen-1",
    name="Evil \u2028 name",
    title="T",
    first=None,
    second="He lay.",
    span=(0, 2),
    comment="c",
    sqm=3,
    metric=50.0,
    restrict_source=True,
)
@example(
    system="gen-2",
    name="x\x01y",
    title="T",
    first="As Gregor.",
    second="x",
    span=(0, 3),
    comment="",
    sqm=float("inf"),
    metric=float("nan"),
    restrict_source=False,
)
def test_what_validate_accepts_builds(
    system: str,
    name: str,
    title: str,
    first: str | None,
    second: str,
    span: tuple[int, int],
    comment: str,
    sqm: Any,
    metric: Any,
    restrict_source: bool,
) -> None:
    """Roots mixing valid and hostile values: either validate refuses (and so does load), or it
    builds."""
    _check(system, name, title, (first, second), span, comment, sqm, metric, restrict_source)


def _check(
    system: str,
    name: str,
    title: str,
    texts_: tuple[str | None, str],
    span: tuple[int, int],
    comment: str,
    sqm: Any,
    metric: Any,
    restrict_source: bool,
) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        root = copy_root(FIXTURES / "tiny", Path(tmp) / "root")
        plant(root, system, name, title, texts_, span, comment, sqm, metric, restrict_source)
        problems = validate([root], POLICY).items
        if problems:
            event(f"refused: {problems[0].field}")
            try:
                load([root], POLICY)
            except DataError:
                return
            raise AssertionError(f"validate found {problems[:3]} but load accepted the root")
        event("accepted and built")
        site = build_site([root], Path(tmp) / "public").out
        assert (site / "index.html").is_file()
        out = site / declared_id(root)  # the dataset's own folder
        assert (out / "paragraphs" / "p1.html").is_file() and (
            out / "systems" / f"{system}.html"
        ).is_file()
