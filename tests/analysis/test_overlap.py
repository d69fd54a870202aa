"""Lexical overlap (paper 000 E.6): pinned on the paper's printed example, shown as a page per
pair."""

from __future__ import annotations

import io
from pathlib import Path

import pandas as pd
import pytest
from scipy.stats import spearmanr

from litboard.pipeline.build import build_site
from litboard.load.read import load
from litboard.scoring import sacrebleu_metrics as sm

from ..conftest import DEMO, REPO, shared_paper
from ..liteval_site import liteval_site

# Tables 15/16 of paper 000: 11 translations of one paragraph of Death in Venice, each with its
# published lexical overlap with the other systems.
TABLE_15_16_SYSTEMS = [
    "Human Translator 1",
    "Human Translator 2",
    "Qwen 2",
    "Llama 3",
    "TowerInstruct",
    "Gemma",
    "M2M",
    "GPT-4o",
    "Google Translate",
    "NLLB",
    "DeepL",
]
# What this code computes from the printed texts (a regression pin, 2 decimals).
COMPUTED = {
    "Human Translator 1": 19.02,
    "Human Translator 2": 18.12,
    "Qwen 2": 18.86,
    "Llama 3": 24.93,
    "TowerInstruct": 23.50,
    "Gemma": 20.25,
    "M2M": 28.29,
    "GPT-4o": 30.61,
    "Google Translate": 31.22,
    "NLLB": 21.01,
    "DeepL": 31.86,
}


def table_15_16() -> pd.DataFrame:
    """(system, text, published overlap) rows read from the paper's text."""
    rows = []
    for line in shared_paper("000").read_text(encoding="utf-8").splitlines():
        cells = line.split("\t")
        if len(cells) == 7 and cells[0] in TABLE_15_16_SYSTEMS and cells[3].strip():
            rows.append({"system": cells[0], "text": cells[1], "published": float(cells[3])})
    return pd.DataFrame(rows)


def test_paper_000_table_15_16_example() -> None:
    """The printed example gives the paper's values to within 2 BLEU, in the same order but for
    the three lowest (the two human translations and Qwen 2, 17.1-19.1 in the paper).

    Exact agreement is not expected: the text copy of the paper lost characters (em dashes,
    apostrophes: "islandyes", "demons thrall"), and the paper does not say whether its BLEU was
    sentence- or corpus-level (they coincide for one paragraph). The gap is documented on the
    Automatic scores page; it is not tuned away.
    """
    rows = table_15_16()
    assert rows["system"].tolist() == TABLE_15_16_SYSTEMS
    frame = rows.assign(pair="de-en", paragraph="death-in-venice")
    means = sm.mean_overlap(sm.lexical_overlap(frame, "de-en"))
    ours = means.reindex(rows["system"]).round(2)
    assert ours.to_dict() == COMPUTED
    published = rows.set_index("system")["published"]
    gap = (ours - published).abs()
    assert gap.max() < 2.0 and (gap < 1.0).sum() == 10, gap.sort_values()
    assert gap.idxmax() == "Human Translator 1" and gap.max() == pytest.approx(1.92, abs=0.01)
    rho = spearmanr(ours, published.reindex(ours.index)).statistic
    assert rho > 0.95
    # the paper's conclusion holds on its own example: MT systems overlap more than the humans
    machine = ours.drop(["Human Translator 1", "Human Translator 2"])
    assert machine.nlargest(3).index.tolist() == ["DeepL", "Google Translate", "GPT-4o"]


@pytest.fixture(scope="module")
def demo_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_site([DEMO], tmp_path_factory.mktemp("overlap") / "public").out / "demo"


def test_demo_overlap_page_matches_an_independent_computation(demo_site: Path) -> None:
    page = (demo_site / "overlap/index.html").read_text(encoding="utf-8")
    assert "Lexical overlap between systems" in page
    assert "nrefs:1|case:mixed|eff:yes|tok:13a" in page and "tok:zh" in page
    assert (demo_site / "overlap/overlap-de-en.svg").is_file()
    # in the nav
    assert 'href="overlap/index.html"' in (demo_site / "index.html").read_text(encoding="utf-8")
    corpus = load([DEMO])
    texts = corpus.tables["translations"]
    de_en = texts[(texts["pair"] == "de-en") & texts["text"].notna()]
    bleu = sm.make("bleu", "de-en")._sentence
    matrix = pd.read_csv(
        io.StringIO((demo_site / "overlap/de-en-matrix.csv").read_text(encoding="utf-8"))
    )
    assert not (matrix["hypothesis"] == matrix["reference"]).any()
    by = {(r.system, r.paragraph): r.text for r in de_en.itertuples()}
    systems = sorted(de_en["system"].unique())
    for hyp in systems:
        per_other = []
        for ref in systems:
            if ref == hyp:
                continue
            shared = sorted(p for s, p in by if s == hyp and (ref, p) in by)
            value = sum(
                bleu.sentence_score(by[(hyp, p)], [by[(ref, p)]]).score for p in shared
            ) / len(shared)
            cell = matrix[(matrix["hypothesis"] == hyp) & (matrix["reference"] == ref)][
                "bleu"
            ].item()
            assert cell == pytest.approx(value, abs=1e-4)
            per_other.append(value)
        means = pd.read_csv(demo_site / "overlap/de-en-means.csv").set_index("system")
        assert means.loc[hyp, "mean_overlap"] == pytest.approx(
            sum(per_other) / len(per_other), abs=1e-4
        )


def test_restricted_texts_give_no_overlap_page(
    liteval_release: Path, tmp_path_factory: pytest.TempPathFactory
) -> None:
    _, out = liteval_site(liteval_release, tmp_path_factory)  # the liteval dataset's folder
    assert (out / "liteval/index.html").is_file()
    assert not (out / "overlap").exists()
