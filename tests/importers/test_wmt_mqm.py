"""WMT MQM TSV import: a fixture built here, and the released WMT sample (scores re-derived)."""

from __future__ import annotations

import csv
import re
from collections import defaultdict
from pathlib import Path

import pytest
import yaml

from litboard.analysis.mqm import mqm_scores
from litboard.errors import DataError
from litboard.importers import get
from litboard.importers.formats.wmt_mqm import pair_from_name
from litboard.load.read import load, validate

HEADER = "system\tdoc\tdoc_id\tseg_id\trater\tsource\ttarget\tcategory\tseverity"
ROWS = [  # en-zh: CJK targets
    "sysA\tdoc1\t1\t1\trater1\tThe snow fell.\t雪<v>落下</v>了。\tAccuracy/Mistranslation\tMajor",
    # overlaps
    "sysA\tdoc1\t1\t1\trater1\tThe snow fell.\t<v>雪落</v>下了。\tFluency/Punctuation\tMinor",
    "sysA\tdoc1\t1\t1\trater2\tThe snow fell.\t雪落下了。\tNo-error\tNo-error",  # second rater
    # omission
    "sysB\tdoc1\t1\t1\trater1\tThe snow fell.\t雪落下了<v></v>。\tAccuracy/Omission\tMinor",
    # source only
    "sysB\tdoc1\t2\t2\trater1\tIt was <v>cold</v>.\t天气很好。\tAccuracy/Omission\tMajor",
    "sysC\tdoc1\t2\t2\trater2\tIt was cold.\t<v>It was cold.</v>\tNon-translation\tMajor",
    # malformed: line 8
    "sysA\tdoc1\t2\t2\trater1\tIt was cold.\t天气<v>很冷。\tFluency/Grammar\tMinor",
    "sysA\tdoc1\t2\t2\trater1\tIt was cold.\t天气很冷。\tStyle/Awkward\tNeutral",  # same item: kept
    "ref\tdoc1\t1\t1\trater2\tThe snow fell.\t大雪纷飞。\tNo-error\tNo-error",
    "sysB\tdoc1\t1\t1\trater2\tThe snow fell.\t雪下了。\tNo-error\tNo-error",  # contradicts line 5
]


@pytest.fixture()
def fixture_root(tmp_path: Path) -> tuple[Path, object]:
    src = tmp_path / "mqm_lit_enzh.tsv"
    src.write_text("\n".join([HEADER, *ROWS]) + "\n", encoding="utf-8")
    out = tmp_path / "root"
    return out, get("wmt-mqm")(src, out)


def test_pair_from_file_name() -> None:
    assert pair_from_name(Path("mqm_ted_zhen.head300.tsv")) == "zh-en"
    assert pair_from_name(Path("mqm_newstest2020_ende.tsv")) == "en-de"
    with pytest.raises(DataError, match="language pair"):
        pair_from_name(Path("ratings.tsv"))


def test_fixture_round_trip(fixture_root: tuple[Path, object]) -> None:
    out, report = fixture_root
    assert validate([out]).items == []
    t = load([out]).tables
    errors = t["mqm_errors"].merge(t["translations"][["system", "paragraph", "text"]])
    got = sorted(
        (
            r.system,
            r.paragraph,
            r.annotator,
            r.text[r.start : r.end],
            r.start,
            r.end,
            r.category,
            r.subcategory,
            r.severity,
            r.non_translation,
        )
        for r in errors.itertuples()
    )
    assert got == sorted(
        [
            (
                "sysa",
                "doc1-1",
                "rater1",
                "落下",
                1,
                3,
                "Accuracy",
                "Mistranslation",
                "major",
                False,
            ),
            ("sysa", "doc1-1", "rater1", "雪落", 0, 2, "Fluency", "Punctuation", "minor", False),
            ("sysb", "doc1-1", "rater1", "", 4, 4, "Accuracy", "Omission", "minor", False),
            ("sysb", "doc1-2", "rater1", "", 0, 0, "Accuracy", "Omission", "major", False),
            (
                "sysc",
                "doc1-2",
                "rater2",
                "It was cold.",
                0,
                12,
                "Non-translation",
                "",
                "major",
                True,
            ),
            ("sysa", "doc1-2", "rater1", "", 0, 0, "Style", "Awkward", "neutral", False),
            # line 8's tag is malformed: its error is kept without a location (issue 26)
            ("sysa", "doc1-2", "rater1", "", 0, 0, "Fluency", "Grammar", "minor", False),
        ]
    )
    records = [
        line for p in (out / "judgments").rglob("*.jsonl") for line in p.read_text().splitlines()
    ]
    assert any(
        '"side": "source", "source_start": 7, "source_end": 11' in line for line in records
    )  # 'cold' in the source
    items = t["mqm"].set_index(["system", "paragraph", "annotator"])["n_errors"].to_dict()
    assert items == {
        ("sysa", "doc1-1", "rater1"): 2,
        ("sysa", "doc1-1", "rater2"): 0,
        ("sysb", "doc1-1", "rater1"): 1,
        ("sysb", "doc1-2", "rater1"): 1,
        ("sysa", "doc1-2", "rater1"): 2,
        ("sysc", "doc1-2", "rater2"): 1,
        ("ref", "doc1-1", "rater2"): 0,
    }
    assert t["paragraphs"].set_index("paragraph")["text"].to_dict() == {
        "doc1-1": "The snow fell.",
        "doc1-2": "It was cold.",
    }
    systems = t["systems"].set_index("system")["is_human"].to_dict()
    assert systems == {"ref": True, "sysa": False, "sysb": False, "sysc": False}
    assert report.read["rows"] == 10 and report.read["annotators"] == 2


def test_fixture_reports_what_it_skipped(fixture_root: tuple[Path, object]) -> None:
    report = fixture_root[1]
    skipped = report.skipped  # type: ignore[attr-defined]
    assert len(skipped) == 1
    assert skipped[0].split(":", 2)[1:] == [
        "11",
        " system sysB, doc doc1, seg 1, rater rater2: sysb has a "
        "different translation of paragraph 'doc1-1' in an earlier item; "
        "the record was skipped",
    ]
    # the malformed tag of line 8 keeps its error, without a location, and says so
    assert report.read["span located: no"] == 1  # type: ignore[attr-defined]
    assert any(
        n.endswith(
            ":8: target: malformed <v> tags (tag <v> is never closed (at character 2)); the "
            "error was kept "
            "without a location (span located: no)"
        )
        for n in report.notes
    )  # type: ignore[attr-defined]


def test_fixture_wmt_scores_by_hand(fixture_root: tuple[Path, object]) -> None:
    t = load([fixture_root[0]]).tables
    scores = mqm_scores(t["mqm"], t["mqm_errors"], t["paragraphs"], {"mqm-lit-enzh": "wmt"})
    system = (-scores.groupby("system")["score"].mean()).to_dict()
    # sysA: (5 + 0.1, 0, 1 (line 8's minor error, kept without a location) + 0 (line 9, neutral))
    # -> 6.1 / 3; sysB: (1, 5) -> 3; sysC: 25 (non-translation); ref: 0
    assert system == pytest.approx(
        {"sysa": 6.1 / 3, "sysb": 3.0, "sysc": 25.0, "ref": 0.0}, abs=1e-12
    )


# --- the released WMT sample ---------------------------------------------------------------

WEIGHTS = {"major": 5.0, "minor": 1.0, "neutral": 0.0}


def _direct_system_mqm(tsv: Path) -> dict[str, float]:
    """System MQM straight from the TSV: mean over (segment, rater) of the summed WMT weights.

    The weights of mt-metrics-eval's score_mqm.py: Non-translation weighs 25 only when Major,
    and segments are not capped (the sample has no Non-translation and no segment above 25,
    so its figures are the same under the old capped rule)."""
    penalty: dict[tuple[str, str, str], float] = defaultdict(float)
    with tsv.open(encoding="utf-8", newline="") as handle:
        for row in csv.DictReader(handle, delimiter="\t", quoting=csv.QUOTE_NONE):
            category, severity = row["category"], row["severity"].lower()
            if category.rstrip("!") == "Non-translation" and severity == "major":
                weight = 25.0
            elif category == "Fluency/Punctuation" and severity == "minor":
                weight = 0.1
            else:
                weight = WEIGHTS.get(severity, 0.0)  # No-error rows weigh 0
            penalty[(row["system"], row["seg_id"], row["rater"])] += weight
    per_system: dict[str, list[float]] = defaultdict(list)
    for (system, _, _), value in penalty.items():
        per_system[system].append(value)
    return {system: sum(v) / len(v) for system, v in per_system.items()}


@pytest.fixture(scope="module")
def sample(
    wmt_release: Path, tmp_path_factory: pytest.TempPathFactory
) -> tuple[Path, Path, object]:
    src = wmt_release / "mqm_ted_zhen.head300.tsv"
    out = tmp_path_factory.mktemp("wmt") / "root"
    return src, out, get("wmt-mqm")(src, out)


@pytest.mark.shared
def test_sample_imports_cleanly(sample: tuple[Path, Path, object]) -> None:
    src, out, report = sample
    assert validate([out]).items == []
    assert report.skipped == [] and report.summary() == "218 records imported, 0 skipped"
    assert (
        report.read["rows"] == 300
        and report.read["no-error rows"] == 114
        and report.read["error rows"] == 186
    )
    corpus = load([out])
    t = corpus.tables
    assert corpus.pairs == ["zh-en"]  # the source column is Chinese: zhen = zh -> en
    assert len(t["mqm"]) == 218 and len(t["mqm_errors"]) == 186
    assert len(t["paragraphs"]) == 15 and len(t["systems"]) == 15 and len(t["annotators"]) == 8
    assert list(t["paragraphs"].sort_values("index")["paragraph"])[:2] == ["talk-2-84", "talk-2-85"]
    campaign = yaml.safe_load((out / "judgments" / "mqm-ted-zhen" / "campaign.yaml").read_text())
    assert campaign["mqm"] == {"variant": "wmt", "typology": "wmt"}
    # names, not file names (issue 30): the campaign and the works get human titles
    assert campaign["title"] == "WMT expert MQM: TED talks, zh-en (first 300 rows)"
    work = yaml.safe_load((out / "corpus" / "works" / "talk-2" / "work.yaml").read_text())
    assert work["title"] == "TED talk 2"


@pytest.mark.shared
def test_sample_spans_match_the_tagged_text(sample: tuple[Path, Path, object]) -> None:
    src, out, _ = sample
    tagged = []
    with src.open(encoding="utf-8", newline="") as handle:
        for row in csv.DictReader(handle, delimiter="\t", quoting=csv.QUOTE_NONE):
            found = re.search(r"<v>(.*?)</v>", row["target"])
            if found:
                tagged.append((row["system"].lower(), row["rater"], found.group(1)))
    t = load([out]).tables
    errors = t["mqm_errors"].merge(t["translations"][["system", "paragraph", "text"]])
    spans = [
        (r.system, r.annotator, r.text[r.start : r.end])
        for r in errors.itertuples()
        if r.end > r.start
    ]
    assert sorted(spans) == sorted(tagged) and len(spans) == 174


@pytest.mark.shared
def test_sample_system_scores_equal_a_direct_computation(sample: tuple[Path, Path, object]) -> None:
    src, out, _ = sample
    t = load([out]).tables
    scores = mqm_scores(t["mqm"], t["mqm_errors"], t["paragraphs"], {"mqm-ted-zhen": "wmt"})
    imported = (-scores.groupby("system")["score"].mean()).to_dict()
    direct = {name.lower(): value for name, value in _direct_system_mqm(src).items()}
    assert imported == pytest.approx(direct, abs=1e-9)
    # pinned (lower is better): hand-checkable from the TSV, e.g. ref = 165/14 over 14 segments
    assert imported["ref"] == pytest.approx(165 / 14, abs=1e-9)
    assert imported["metricsystem2"] == 0.0
    assert imported["didi-nlp"] == pytest.approx(0.48, abs=1e-9)


@pytest.mark.shared
def test_the_release_folder_is_accepted_and_a_missing_file_reported(
    wmt_release: Path, tmp_path: Path
) -> None:
    report = get("wmt-mqm")(wmt_release, tmp_path / "root")
    assert report.read["rows"] == 300
    with pytest.raises(DataError, match="does not exist"):
        get("wmt-mqm")(tmp_path / "missing.tsv", tmp_path / "other")


@pytest.mark.shared
def test_sample_source_side_error_renders_on_the_source_text(
    sample: tuple[Path, Path, object], tmp_path: Path
) -> None:
    """Must-show 4a: 'SMU talk.2 85 rater5' marks 天上的 in the source (an omission)."""
    from litboard.pipeline.build import build_site

    _, out, _ = sample
    errors = load([out]).tables["mqm_errors"]
    marked = errors[
        (errors["side"] == "source")
        & (errors["paragraph"] == "talk-2-85")
        & (errors["system"] == "smu")
    ]
    assert marked[["source_start", "source_end", "category", "subcategory"]].values.tolist() == [
        [18, 21, "Accuracy", "Omission"]
    ]
    site = build_site([out], tmp_path / "site").out
    page = next(site.rglob("paragraphs/talk-2-85.html")).read_text(encoding="utf-8")
    source = page[
        page.index('<section class="lb-source"') : page.index(
            "</section>", page.index('<section class="lb-source"')
        )
    ]
    assert re.search(
        r'<mark class="lb-s lb-l-mqm lb-cat-accuracy lb-sev-minor lb-side-source[^"]*"[^>]*>'
        r'(?:<mark[^>]*>)*天上的',
        source,
    ), "the source-side error is not marked on the source text"
    assert "marked on the source while judging Translation" in source
    rest = page[page.index("</section>", page.index('<section class="lb-source"')) :]
    assert "lb-side-source" not in rest  # not drawn on any translation


@pytest.mark.shared
def test_one_malformed_tag_keeps_the_records_other_errors(
    wmt_release: Path, tmp_path: Path
) -> None:
    """Must-show 4b: break the <v> tag of one of the 5 rows of 'ref talk.2 93 rater3'."""
    lines = (wmt_release / "mqm_ted_zhen.head300.tsv").read_text(encoding="utf-8").split("\n")
    rows = [
        i
        for i, line in enumerate(lines)
        if line.startswith("ref\ttalk.2\t") and "\t93\trater3\t" in line
    ]
    target = next(i for i in rows if "<v>" in line_cell(lines[i], 6))
    broken = lines[:]
    cells = broken[target].split("\t")
    cells[6] = cells[6].replace("</v>", "", 1)  # an unclosed <v>
    broken[target] = "\t".join(cells)
    src = tmp_path / "mqm_ted_zhen.tsv"
    src.write_text("\n".join(broken), encoding="utf-8")
    report = get("wmt-mqm")(src, tmp_path / "root")
    assert report.reasons == {} and report.read["span located: no"] == 1
    assert f":{target + 1}: target: malformed <v> tags" in report.notes[0]
    t = load([tmp_path / "root"]).tables
    record = t["mqm"][
        (t["mqm"]["system"] == "ref")
        & (t["mqm"]["paragraph"] == "talk-2-93")
        & (t["mqm"]["annotator"] == "rater3")
    ]
    assert len(rows) == 5 and record["n_errors"].tolist() == [5]  # the broken row's error is kept
    assert len(t["mqm"]) == 218  # every record of the sample is still there


def line_cell(line: str, index: int) -> str:
    return line.split("\t")[index]


def test_several_files_one_campaign_each_with_their_pair(tmp_path: Path) -> None:
    """Many TSV files in one import: each its own campaign and pair (from the file name)."""
    for name in ("mqm_lit_enzh.tsv", "mqm_lit_enja.tsv"):
        (tmp_path / name).write_text("\n".join([HEADER, *ROWS]) + "\n", encoding="utf-8")
    report = get("wmt-mqm")(
        [tmp_path / "mqm_lit_enzh.tsv", tmp_path / "mqm_lit_enja.tsv"], tmp_path / "root"
    )
    corpus = load([tmp_path / "root"])
    assert validate([tmp_path / "root"]).items == []
    assert sorted(set(zip(corpus.tables["mqm"]["campaign"], corpus.tables["mqm"]["pair"]))) == [
        ("mqm-lit-enja", "en-ja"),
        ("mqm-lit-enzh", "en-zh"),
    ]
    assert len(corpus.tables["mqm"]) == 2 * 7 and len(report.skipped) == 2
    assert {Path(s.split(":")[0]).name for s in report.skipped} == {
        "mqm_lit_enja.tsv",
        "mqm_lit_enzh.tsv",
    }
