"""Issue 14: the public site from pinned releases, combined data roots, namespaces."""

from __future__ import annotations

import hashlib
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from litboard.pipeline.build import build_site

from ..conftest import REPO
from litboard.load.datasets import group_roots, validate_all
from litboard.errors import DataError
from litboard.importers.pinned import prepare, read_manifest

from ..combined_site import DATASETS, MANIFEST, combined_site
from ..conftest import SHARED_DATA, shared_path


def tree_digest(root: Path) -> dict[str, str]:
    return {
        str(p.relative_to(root)): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(root.rglob("*"))
        if p.is_file()
    }


def cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "litboard.cli", *args],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=600,
    )


def test_manifest_pins_every_file_of_the_shared_sources() -> None:
    """releases.yaml and ../shared/data/SOURCES.md name the same files, commits and hashes."""
    sources = (shared_path("liteval-public").parent / "SOURCES.md").read_text(encoding="utf-8")
    for release in read_manifest(MANIFEST):
        assert f"{release.repository} @ {release.commit}" in sources
        for file in release.files:
            assert f"| {file.name} | {file.path}" in sources and file.sha256 in sources
            mirrored = SHARED_DATA / release.mirror / file.name
            assert hashlib.sha256(mirrored.read_bytes()).hexdigest() == file.sha256


def test_full_site_has_every_release_and_validates(
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    site = combined_site(tmp_path_factory)
    assert not validate_all(site.roots).items
    assert [g.id for g in group_roots(site.roots)] == [
        "demo",
        "liteval",
        "creativity-bias",
        "wmt21-ted-zhen",
        "literary-translation",
        "wmt24-literary-esa",
    ]
    home = (site.out / "index.html").read_text(encoding="utf-8")
    for ds in DATASETS:
        assert f'id="dataset-{ds}"' in home and f'href="{ds}/index.html"' in home
        assert (site.out / ds / "index.html").is_file()
    # research releases come first, the illustrative demo last; each card carries its citation
    assert home.index('id="dataset-liteval"') < home.index('id="dataset-demo"')
    assert "@inproceedings{zhang-etal-2025-good" in home
    # the data version names the pinned commit
    assert "zhangr2021/LitMT_eval@8bbbc18c91a5" in (site.out / "liteval" / "index.html").read_text(
        encoding="utf-8"
    )


def test_published_comparisons_survive_on_the_combined_site(
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    site = combined_site(tmp_path_factory)
    adequacy = (site.out / "liteval" / "liteval" / "adequacy.html").read_text(encoding="utf-8")
    assert "60.0" in adequacy and "35.0" in adequacy and "45.8" in adequacy  # Table 3, student MQM
    assert (site.out / "creativity-bias" / "creativity" / "reported.html").is_file()


def test_documented_full_build_command(tmp_path: Path) -> None:
    """README's third command: build --releases --mirror; validate on the same roots is clean."""
    out, cache = tmp_path / "public", tmp_path / "cache"
    shared_path("liteval-public")
    checked = cli("validate", "--releases", "--mirror", str(SHARED_DATA), "--cache", str(cache))
    assert checked.returncode == 0, checked.stderr
    assert "no problems found" in checked.stdout
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    assert "make public MIRROR=../shared/data" in readme
    makefile = (REPO / "Makefile").read_text(encoding="utf-8")
    assert "build --releases" in makefile


def _mirror_copy(tmp_path: Path) -> Path:
    mirror = tmp_path / "mirror"
    for release in read_manifest(MANIFEST):
        shutil.copytree(shared_path(release.mirror), mirror / release.mirror)
    return mirror


def test_corrupt_pinned_file_stops_before_the_build(tmp_path: Path) -> None:
    mirror = _mirror_copy(tmp_path)
    out = tmp_path / "public"
    build_site([REPO / "tests" / "fixtures" / "tiny"], out)
    before = tree_digest(out)
    with (mirror / "liteval-public" / "metric_df.csv").open("ab") as handle:
        handle.write(b"forged,row\n")
    done = cli(
        "build",
        "--releases",
        "--mirror",
        str(mirror),
        "--cache",
        str(tmp_path / "cache"),
        "--out",
        str(out),
    )
    assert done.returncode == 1
    assert (
        "metric_df.csv: sha256: is " in done.stderr
        and "the manifest pins 5b1336894537" in done.stderr
    )
    assert "Traceback" not in done.stderr
    assert tree_digest(out) == before  # the previous site is intact


def test_missing_pinned_file_is_a_clear_error(tmp_path: Path) -> None:
    mirror = _mirror_copy(tmp_path)
    (mirror / "creativity-bias" / "LICENSE").unlink()
    with pytest.raises(DataError) as caught:
        prepare(MANIFEST, tmp_path / "cache", mirror)
    assert "LICENSE: file: is missing from the mirror" in str(caught.value)
    assert "raw.githubusercontent.com/INCREC/Creativity_bias/bad398f1" in str(caught.value)


def test_bad_manifest_names_the_field(tmp_path: Path) -> None:
    manifest = tmp_path / "releases.yaml"
    data = yaml.safe_load(MANIFEST.read_text(encoding="utf-8"))
    data["releases"][0]["commit"] = "main"
    data["releases"][1]["files"][0]["name"] = "../../etc/passwd"
    manifest.write_text(yaml.safe_dump(data), encoding="utf-8")
    with pytest.raises(DataError) as caught:
        read_manifest(manifest)
    assert "releases.0.commit" in str(caught.value)
    data["releases"][0]["commit"] = "a" * 40
    manifest.write_text(yaml.safe_dump(data), encoding="utf-8")
    with pytest.raises(DataError) as caught:
        read_manifest(manifest)
    assert "leaves the release folder" in str(caught.value)


def _wmt_half(src: Path, out: Path, keep: set[str]) -> Path:
    lines = src.read_text(encoding="utf-8").splitlines(keepends=True)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(
        lines[0] + "".join(l for l in lines[1:] if l.split("\t")[3] in keep), encoding="utf-8"
    )
    return out


def test_two_imports_of_one_importer_combine(tmp_path: Path) -> None:
    """The same importer on two inputs (same system ids in both), each with its own dataset id."""
    from litboard.importers import get

    src = shared_path("wmt-mqm-sample") / "mqm_ted_zhen.head300.tsv"
    roots = []
    for name, segs in (
        ("first", {str(s) for s in range(84, 91)}),
        ("second", {str(s) for s in range(91, 99)}),
    ):
        part = _wmt_half(src, tmp_path / name / "mqm_ted_zhen.tsv", segs)
        mapping = tmp_path / f"{name}.yaml"
        mapping.write_text(
            yaml.safe_dump({"dataset": {"id": f"ted-{name}", "title": f"TED part {name}"}})
        )
        get("wmt-mqm")(part, tmp_path / f"root-{name}", mapping=mapping)
        roots.append(tmp_path / f"root-{name}")
    systems = [{p.name for p in (r / "corpus" / "systems").iterdir()} for r in roots]
    assert systems[0] & systems[1]  # the same system ids in both imports
    assert not validate_all(roots).items
    out = build_site(roots, tmp_path / "public").out
    for ds in ("ted-first", "ted-second"):
        assert (out / ds / "index.html").is_file()
        shared = sorted(systems[0] & systems[1])[0]
        assert (out / ds / "systems" / f"{shared}.html").is_file()


def test_roots_sharing_a_dataset_id_say_why_their_ids_collide(tmp_path: Path) -> None:
    from litboard.importers import get

    src = shared_path("wmt-mqm-sample") / "mqm_ted_zhen.head300.tsv"
    for name in ("a", "b"):
        get("wmt-mqm")(src, tmp_path / name)
    problems = validate_all([tmp_path / "a", tmp_path / "b"]).items
    hint = [p for p in problems if p.field == "id" and "merged into one namespace" in p.message]
    assert hint and "own dataset id" in hint[0].fix
