"""Issue 47 goal 3: the workflow `init --workflow` writes installs the litboard the study was made
with, on the Python the locks target, with its dependencies from a lock init writes."""

from __future__ import annotations

from pathlib import Path

import yaml

from litboard import __version__
from litboard.study import pin
from litboard.study.scaffold import init_study

from ..conftest import REPO


def test_the_shipped_lock_is_the_site_lock() -> None:
    assert pin.LOCK.read_bytes() == (REPO / "requirements" / "site.txt").read_bytes(), (
        "copy requirements/site.txt to generator/litboard/study/site-lock.txt"
    )


def _workflow(folder: Path) -> dict:  # type: ignore[type-arg]
    return yaml.safe_load(
        (folder / ".github" / "workflows" / "pages.yml").read_text(encoding="utf-8")
    )


def test_the_workflow_installs_the_pinned_litboard_from_the_lock(tmp_path: Path) -> None:
    init_study(
        tmp_path / "s",
        "S",
        workflow=True,
        litboard="litboard @ git+https://example.org/l.git@" + "a" * 40,
    )
    flow = _workflow(tmp_path / "s")
    assert flow["env"]["LITBOARD"] == "litboard @ git+https://example.org/l.git@" + "a" * 40
    steps = flow["jobs"]["build"]["steps"]
    assert (
        next(s for s in steps if "setup-python" in s.get("uses", ""))["with"]["python-version"]
        == "3.11"
    )
    install = next(s["run"] for s in steps if "LITBOARD" in s.get("run", ""))
    assert "--require-hashes --no-deps -r requirements/litboard-site.txt" in install
    assert install.index("litboard-site.txt") < install.index('--no-deps "$LITBOARD"')
    assert (tmp_path / "s" / pin.LOCK_NAME).read_bytes() == pin.LOCK.read_bytes()


def test_by_default_it_is_this_litboard(tmp_path: Path) -> None:
    init_study(tmp_path / "s", "S", workflow=True)
    wanted = pin.requirement()
    assert _workflow(tmp_path / "s")["env"]["LITBOARD"] == wanted
    assert wanted == f"litboard=={__version__}" or (
        wanted.startswith("litboard @ git+https://") and len(wanted.rsplit("@", 1)[1]) == 40
    )


def test_a_checkout_without_an_https_origin_pins_the_version(tmp_path: Path) -> None:
    assert pin._from_checkout(tmp_path) == ""  # not a checkout: the released version is used
