"""Issue 47 goal 5: the Pages workflow writes to the repository only in the job that pushes a
release; every other job reads."""

from __future__ import annotations

import yaml

from .conftest import REPO


def test_contents_write_only_in_the_job_that_pushes_the_release() -> None:
    workflow = yaml.safe_load((REPO / ".github/workflows/pages.yml").read_text(encoding="utf-8"))
    assert workflow["permissions"] == {"contents": "read"}
    writers = {
        name
        for name, job in workflow["jobs"].items()
        if (job.get("permissions") or {}).get("contents") == "write"
    }
    assert writers == {"keep-release"}
    keep = workflow["jobs"]["keep-release"]
    runs = [s.get("run", "") for s in keep["steps"]]
    assert keep["needs"] == "build" and "inputs.release != ''" in keep["if"]
    assert any("releases-push" in r for r in runs)
    assert not any("releases-push" in s.get("run", "") for s in workflow["jobs"]["build"]["steps"])


def test_citation_cff_references_every_pinned_release() -> None:
    """Every release the public site is built from is in CITATION.cff's references (by
    repository)."""
    cff = yaml.safe_load((REPO / "CITATION.cff").read_text(encoding="utf-8"))
    cited = {r.get("repository", "") for r in cff["references"]}
    manifest = yaml.safe_load((REPO / "releases.yaml").read_text(encoding="utf-8"))
    wanted = {f"https://github.com/{r['repository']}" for r in manifest["releases"]}
    assert wanted <= cited, sorted(wanted - cited)
    authors = {a.get("family-names") for r in cff["references"] for a in r["authors"]}
    assert {"Karpinska", "Iyyer", "Freitag", "Zhang"} <= authors
