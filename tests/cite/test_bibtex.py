"""Must-show 3: every dataset's BibTeX parses with bibtexparser and carries author, title,
year and url; the release entry carries version, date and URL; CITATION.cff validates."""

from __future__ import annotations

import json
from pathlib import Path

import bibtexparser
import jsonschema
import pytest
import yaml

from ..conftest import REPO
from litboard.cite.bibtex import ReleaseInfo, dataset_entry, pinned, release_entry
from litboard.importers import get

from ..helpers import FIXTURES


def parse(text: str) -> dict[str, str]:
    library = bibtexparser.parse_string(text)
    assert not library.failed_blocks, [b.error for b in library.failed_blocks]
    assert len(library.entries) == 1
    entry = library.entries[0]
    return {f.key: f.value for f in entry.fields} | {"ID": entry.key, "ENTRYTYPE": entry.entry_type}


@pytest.fixture(scope="module")
def cards(
    tmp_path_factory: pytest.TempPathFactory, liteval_release: Path, creativity_release: Path
) -> dict:
    out = {}
    for name, src in (("liteval", liteval_release), ("creativity-bias", creativity_release)):
        root = tmp_path_factory.mktemp(name) / "root"
        get(name)(src, root)
        out[name] = yaml.safe_load((root / "corpus" / "dataset.yaml").read_text(encoding="utf-8"))
    return out


def test_liteval_bibtex_names_paper_000(cards: dict) -> None:
    fields = parse(dataset_entry(cards["liteval"]).text)
    assert fields["ID"] == "zhang-etal-2025-good" and fields["ENTRYTYPE"] == "inproceedings"
    assert fields["author"] == "Zhang, Ran and Zhao, Wei and Eger, Steffen"
    assert fields["title"].startswith("How Good Are {LLM}s for Literary Translation, Really?")
    assert fields["year"] == "2025" and "NAACL 2025" in fields["booktitle"]
    assert fields["url"] == "https://github.com/zhangr2021/LitMT_eval"


def test_creativity_bibtex_has_author_title_year_url(cards: dict) -> None:
    fields = parse(dataset_entry(cards["creativity-bias"]).text)
    assert fields["title"].startswith("Creativity Bias: How Machine Evaluation Struggles")
    assert fields["author"] and fields["year"] == "2026"
    assert fields["url"] == "https://github.com/INCREC/Creativity_bias"


def test_cards_without_citation_get_a_parsable_misc() -> None:
    card = yaml.safe_load((FIXTURES / "tiny" / "corpus" / "dataset.yaml").read_text())
    fields = parse(
        dataset_entry(
            {**card, "version": "v_1 & {x}%", "source": {"url": "https://example.org/d_1"}}
        ).text
    )
    assert fields["ENTRYTYPE"] == "misc" and fields["title"] == "Tiny"
    assert (
        fields["note"] == r"Data version v\_1 \& \{x\}\%"
        and fields["url"] == "https://example.org/d_1"
    )


def test_release_entry_carries_version_date_and_url() -> None:
    info = ReleaseInfo("2026.11", "2026-11-23", "https://example.org/litboard/", "0.1.0")
    fields = parse(release_entry(info, "liteval LitMT_eval@abc").text)
    assert fields["ID"] == "litboard-2026.11"
    assert (fields["version"], fields["date"], fields["year"]) == ("2026.11", "2026-11-23", "2026")
    assert fields["url"] == "https://example.org/litboard/v/2026.11/"
    assert fields["author"] == "{litboard contributors}"
    assert fields["note"] == (
        r"litboard 0.1.0; built from the repository (no repo\_url configured), not a git "
        r"checkout (no commit recorded); data: liteval LitMT\_eval@abc"
    )


COMMIT = "0123456789abcdef0123456789abcdef01234567"
PINNED = {
    "id": "liteval",
    "source": {
        "url": "https://github.com/zhangr2021/LitMT_eval",
        "commit": "8bbbc18c91a50821a8bc48ebe7408ba46f859815",
    },
}


def test_an_unreleased_build_cites_the_package_version_and_the_commit() -> None:
    """Issue 56 goal 6: no more ``@misc{litboard-unreleased}`` without version or commit."""
    info = ReleaseInfo(
        "unreleased", "2026-12-01", "", "0.1.0", COMMIT, "https://github.com/o/litboard"
    )
    release = pinned(PINNED)
    assert release == ("liteval", "zhangr2021/LitMT_eval", PINNED["source"]["commit"])
    fields = parse(release_entry(info, "liteval x", (release,)).text)
    assert fields["ID"] == "litboard-0.1.0-0123456789ab"
    assert fields["version"] == "0.1.0" and fields["year"] == "2026"
    assert fields["title"].endswith("version 0.1.0, commit 0123456789ab (unreleased)")
    assert fields["note"] == (
        f"litboard 0.1.0; built from https://github.com/o/litboard at commit {COMMIT}; "
        r"data: liteval x; release liteval: zhangr2021/LitMT\_eval at commit "
        "8bbbc18c91a50821a8bc48ebe7408ba46f859815"
    )
    assert "url" not in fields  # no site address given: none invented (nor a v/unreleased/)


def test_outside_git_the_entry_says_so_and_invents_no_commit() -> None:
    info = ReleaseInfo("unreleased", "2026-12-01", "https://example.org/", "0.1.0")
    fields = parse(release_entry(info, "tiny 1").text)
    assert fields["ID"] == "litboard-0.1.0-unreleased"
    assert "not a git checkout (no commit recorded)" in fields["note"]
    assert fields["url"] == "https://example.org/"
    # a card whose commit is not a git commit (an import without one) names no release
    assert pinned({"id": "c", "source": {"url": "https://x.org/c", "commit": "unknown"}}) is None
    assert pinned({"id": "demo"}) is None


def test_citation_cff_validates_against_the_cff_1_2_schema() -> None:
    schema = json.loads(
        (Path(__file__).parent / "cff-schema-1.2.0.json").read_text(encoding="utf-8")
    )
    document = yaml.safe_load((REPO / "CITATION.cff").read_text(encoding="utf-8"))
    jsonschema.validate(
        document,
        schema,
        cls=jsonschema.Draft7Validator,
        format_checker=jsonschema.Draft7Validator.FORMAT_CHECKER,
    )
    assert document["cff-version"] == "1.2.0" and document["title"].startswith("litboard")
    broken = {k: v for k, v in document.items() if k != "authors"}
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(broken, schema, cls=jsonschema.Draft7Validator)
