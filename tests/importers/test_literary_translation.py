"""Issue 26: Karpinska & Iyyer's LiteraryTranslation release, imported by its release spec.

The counts are pinned twice: against numbers stated for the release (180/180/180 judgments,
PARA preferred 129, 120 and 150 of 180, 4,694 spans, PARA MISTRANSLATION 1,447, GTr FORMAT 126,
SENT FORMAT 1) and against a count made here straight from the Label Studio JSON, independent
of the importer, for every other label."""

from __future__ import annotations

import collections
import json
from pathlib import Path

import pytest

from litboard.importers import IMPORTERS, get
from litboard.importers.releases import literary_translation as lt
from litboard.load import load, validate
from litboard.model import Corpus
from litboard.reported.engine import compare

EXPORTS = Path("annotations") / "labelstudio_format_v1"


@pytest.fixture(scope="module")
def imported(
    literary_release: Path, tmp_path_factory: pytest.TempPathFactory
) -> tuple[Path, object]:
    out = tmp_path_factory.mktemp("literary") / "root"
    return out, get("literary-translation")(literary_release, out)


@pytest.fixture(scope="module")
def corpus(imported: tuple[Path, object]) -> Corpus:
    return load([imported[0]])


def raw_label_counts(release: Path) -> collections.Counter[tuple[str, str]]:
    """(system tag, label) -> spans, read from the exports without litboard: a span belongs to
    translation 1 when it starts before the 'TRANSLATION 2:' header of the merged text."""
    counts: collections.Counter[tuple[str, str]] = collections.Counter()
    for path in sorted((release / EXPORTS).rglob("*.json")):
        for task in json.loads(path.read_text(encoding="utf-8")):
            data = task["data"]
            boundary = data["merged"].index("TRANSLATION 2:")
            for annotation in task["annotations"]:
                for r in annotation["result"]:
                    if r["type"] == "labels":
                        tag = (
                            data["text1_tag"]
                            if r["value"]["start"] < boundary
                            else data["text2_tag"]
                        )
                        for label in r["value"]["labels"]:
                            counts[(tag.replace("_", "-"), label)] += 1
    return counts


def test_registered_and_listed_in_the_manifest(repo: Path) -> None:
    from litboard.importers.pinned import read_manifest

    assert IMPORTERS["literary-translation"] == "releases.literary_translation"
    releases = read_manifest(repo / "releases.yaml")
    assert [r.id for r in releases][3] == "literary-translation"
    release = releases[3]
    assert release.commit == "7875c8ae052c6a26aca2c80e0602f8bae894a25c"
    assert len([f for f in release.files if f.name.endswith(".json")]) == 54


def test_output_validates(imported: tuple[Path, object]) -> None:
    assert validate([imported[0]]).items == []
    assert imported[1].skipped == []  # type: ignore[attr-defined]


def test_works_paragraphs_systems(corpus: Corpus) -> None:
    t = corpus.tables
    assert len(t["works"]) == 15 and set(t["works"]["genre"]) == {"novel"}
    chekhov = t["works"][t["works"]["work"] == "the-shooting-party"].iloc[0]
    assert (chekhov["title"], chekhov["author"], chekhov["era"]) == (
        "The Shooting Party",
        "Anton Chekhov",
        "classic",
    )
    assert len(t["paragraphs"]) == 152 and t["paragraphs"]["text"].notna().all()
    assert sorted(t["systems"]["system"]) == ["gtr", "human", "para", "para-sent", "sent"]
    # 10 paragraphs per pair, each translated by every system; the published one is shown in full
    assert t["translations"].groupby("system").size().to_dict() == {
        s: 180 for s in ("gtr", "human", "para", "para-sent", "sent")
    }
    assert t["translations"]["text"].notna().all()
    assert sorted(set(t["translations"]["pair"])) == sorted(
        {
            "cs-pl",
            "de-en",
            "de-ja",
            "de-pl",
            "en-ja",
            "en-pl",
            "fr-en",
            "fr-ja",
            "fr-pl",
            "ja-en",
            "ja-pl",
            "pl-en",
            "pl-ja",
            "ru-en",
            "ru-ja",
            "ru-pl",
            "zh-en",
            "zh-ja",
        }
    )


def test_paragraph_ids_are_stable(
    literary_release: Path, imported: tuple[Path, object], tmp_path: Path
) -> None:
    get("literary-translation")(literary_release, tmp_path / "again")
    for rel in ("corpus/works/crows/paragraphs.jsonl", "judgments/preference/preference.jsonl"):
        assert (tmp_path / "again" / rel).read_bytes() == (imported[0] / rel).read_bytes()  # type: ignore[operator]


def test_judgments_and_preferences(corpus: Corpus) -> None:
    pairwise = corpus.tables["pairwise"]
    assert len(pairwise) == 540
    focal = pairwise.apply(lambda r: r["b"] if r["a"] == "para" else r["a"], axis=1)
    wins = pairwise.apply(lambda r: r[r["preference"]] == "para", axis=1)
    assert focal.value_counts().to_dict() == {"sent": 180, "para-sent": 180, "gtr": 180}
    assert wins.groupby(focal).sum().to_dict() == {"gtr": 150, "para-sent": 120, "sent": 129}
    assert pairwise["comment"].str.len().min() > 20  # every judgment keeps its rationale
    campaigns = corpus.tables["campaigns"].set_index("campaign")
    assert campaigns.loc["preference", "focal"] == "para"
    assert len(set(corpus.tables["annotators"]["annotator"])) == 14


def test_spans_and_label_counts(corpus: Corpus, literary_release: Path) -> None:
    errors = corpus.tables["mqm_errors"]
    assert len(errors) == 4694 and set(errors["severity"]) == {"unspecified"}
    counts = errors.groupby(["system", "category"]).size().to_dict()
    assert counts[("para", "MISTRANSLATION")] == 1447
    assert counts[("gtr", "FORMAT")] == 126
    assert counts[("sent", "FORMAT")] == 1
    assert counts == dict(raw_label_counts(literary_release))
    assert sorted(set(corpus.tables["mqm"]["campaign"])) == [
        "errors-para-vs-gtr",
        "errors-para-vs-para-sent",
        "errors-para-vs-sent",
    ]


def test_reported_numbers_are_reproduced(corpus: Corpus) -> None:
    table = compare(corpus)
    mine = table[table["dataset"] == "literary-translation"]
    assert len(mine) == 31
    assert mine["status"].eq("agrees").all(), mine[mine["status"] != "agrees"].to_dict("records")


def test_citation_and_source_url(imported: tuple[Path, object]) -> None:
    card = (imported[0] / "corpus" / "dataset.yaml").read_text(encoding="utf-8")  # type: ignore[operator]
    assert "url: https://github.com/marzenakrp/LiteraryTranslation" in card
    assert "karpinska-iyyer-2023-large" in card
    assert lt.BOOKS.keys() >= {"crows", "the-years"}


def test_error_counts_per_100_words_by_hand() -> None:
    import pandas as pd

    from litboard.analysis.error_counts import by_label, unweighted_campaigns, words

    assert words("One two  three", "en") == 3 and words("我爱你。OK", "zh") == 4
    paragraphs = pd.DataFrame(
        {"paragraph": ["p1", "p2"], "text": ["a b c d", "e f"], "source_lang": ["en", "en"]}
    )
    items = pd.DataFrame(
        {
            "campaign": "c",
            "system": ["x", "x", "y"],
            "pair": "en-de",
            "paragraph": ["p1", "p2", "p1"],
            "annotator": "a",
            "n_errors": [2, 1, 0],
        }
    )
    errors = pd.DataFrame(
        {
            "campaign": "c",
            "system": ["x", "x", "x"],
            "start": [0, 1, 2],
            "category": ["GRAMMAR", "GRAMMAR", "FORMAT"],
            "severity": "unspecified",
        }
    )
    table = by_label(errors, items, paragraphs).set_index("system")
    assert table.loc["x", ["GRAMMAR", "FORMAT", "total", "words", "translations"]].tolist() == [
        2,
        1,
        3,
        6,
        2,
    ]
    assert table.loc["x", "total per 100 words"] == pytest.approx(50.0)
    assert table.loc["y", "total"] == 0 and table.loc["y", "words"] == 4
    assert unweighted_campaigns(errors, {}) == ["c"]
    assert (
        unweighted_campaigns(errors.assign(severity=["minor", "unspecified", "unspecified"]), {})
        == []
    )


def test_site_pages(corpus: Corpus, imported: tuple[Path, object], tmp_path: Path) -> None:
    """Preferences stated with PARA first and a Wilson CI, a Bradley-Terry ranking, error counts
    (no MQM zeros), rationales on paragraph pages and full texts with attribution."""
    import html as html_lib
    import re

    from litboard.pipeline.build import build_site

    site = build_site([imported[0]], tmp_path / "site").out  # type: ignore[list-item]
    folder = next(site.rglob("pairwise-errors/index.html")).parent
    page = html_lib.unescape((folder / "index.html").read_text(encoding="utf-8"))
    assert (
        "PARA (GPT-3.5, paragraph at once) preferred over SENT (GPT-3.5, sentence by sentence): "
        "129/180, 71.7 % [95% CI 64.7–77.7 %]" in page
    )
    assert "preferred over GTr (Google Translate): 150/180, 83.3 %" in page
    assert "Error counts, no severities in this release" in page
    bt = (folder / "bradley-terry.csv").read_text(encoding="utf-8").splitlines()
    assert bt[1].startswith("para,") and len(bt) == 5
    board = html_lib.unescape((folder.parent / "index.html").read_text(encoding="utf-8"))
    assert "Errors per 100 words" in board and "MQM (Error spans" not in board
    # SENT/PARA_SENT are judged elsewhere
    assert "Automatic scores only — not comparable" not in board
    paragraph = corpus.tables["pairwise"].iloc[0]
    reader = html_lib.unescape(
        "".join(
            p.read_text(encoding="utf-8")
            for p in folder.parent.rglob(f"paragraphs/**/*{paragraph['paragraph']}*.html")
        )
    )
    # issue 56 goal 5: the release's spans are labels (MISTRANSLATION, GRAMMAR, ...) without
    # severities on a custom typology, not MQM: the reader's layer says error spans
    assert "Error spans (human)" in reader and "MQM errors (human)" not in reader
    first_line = str(paragraph["comment"]).splitlines()[0]
    assert re.sub(r"\s+", " ", first_line) in re.sub(r"\s+", " ", reader)
    translations = corpus.tables["translations"]
    human = translations[
        (translations["system"] == "human") & (translations["paragraph"] == paragraph["paragraph"])
    ]
    # the published translation, in full
    assert str(human["text"].iloc[0]).splitlines()[-1] in reader
    assert (
        "Excerpt published for research with the annotations by marzenakrp/LiteraryTranslation"
        in reader
    )
