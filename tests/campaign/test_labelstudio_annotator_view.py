"""What an annotator sees in the real Label Studio's web UI (issue 57, goal 5): logged in as an
annotator in Debian's Chromium, the pushed project shows the scheme's instructions, and an
attention-check task shows the neighbouring paragraphs as context and its degraded translation,
with nothing that tells it apart from the other tasks. ``LITBOARD_SHOTS=DIR`` saves the two
screenshots there (the closing note of issue 57 describes them)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
import yaml

from litboard.campaign.instructions import QUESTIONS, blind_name
from litboard.campaign.labelstudio_api import LabelStudio, project_tasks
from litboard.cli import main

from ..browser.conftest import CHROMIUM, CHROMIUM_ARGS
from ..helpers import FIXTURES, copy_root
from .labelstudio_server import Server


def _push(tmp: Path, server: Server, monkeypatch: pytest.MonkeyPatch) -> tuple[dict, int]:
    root = copy_root(FIXTURES / "track", tmp / "root")
    plan_path = tmp / "plan.yaml"
    args = ["campaign", "plan", "fixture-track", "--data", str(root), "--pair", "de-en"]
    args += ["--systems", "new-mt", "--scheme", "mqm", "--budget", "16", "--paragraphs", "4"]
    assert main(args + ["--seed", "5", "--out", str(plan_path)]) == 0
    monkeypatch.setenv("LABEL_STUDIO_TOKEN", server.annotators[0].token)
    push = ["campaign", "push", str(plan_path), "--data", str(root), "--url", server.url]
    assert main(push) == 0
    admin = LabelStudio(server.url, server.annotators[0].token)
    pid = max(p["id"] for p in admin.call("GET", "/api/projects/?page_size=1000")["results"])
    return yaml.safe_load(plan_path.read_text(encoding="utf-8")), pid


def _view(server: Server, pid: int, task: dict[str, Any], shots: Path | None) -> dict[str, str]:
    """Log in as the second annotator, open the check task, then the instructions: the texts
    shown (task view, instructions dialog)."""
    from playwright.sync_api import sync_playwright

    who = server.annotators[1]
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            page = browser.new_page(viewport={"width": 1400, "height": 1000})
            page.goto(f"{server.url}/user/login/")
            page.fill("input[name=email]", who.email)
            page.fill("input[name=password]", who.password)
            page.click("button[type=submit]")
            page.wait_for_url(lambda url: "/user/login" not in url)  # the home page
            page.goto(f"{server.url}/projects/{pid}/data?task={task['id']}")
            page.get_by_text("Context: the paragraph before").first.wait_for(timeout=60_000)
            panel = page.get_by_text("Context: the paragraph before").first.locator(
                "xpath=ancestor::*[.//*[contains(text(), 'When you are done')]][1]"
            )
            seen = {"task": page.locator("body").inner_text(), "panel": panel.inner_text()}
            if shots:
                page.screenshot(path=str(shots / "annotator-attention-check.png"))
            page.get_by_role("button", name="Instructions").first.click()
            page.get_by_text(QUESTIONS["mqm"][:40]).first.wait_for(timeout=30_000)
            seen["instructions"] = page.locator("body").inner_text()
            if shots:
                page.screenshot(path=str(shots / "annotator-instructions-over-check.png"))
            return seen
        finally:
            browser.close()


def test_an_annotator_sees_instructions_context_and_an_attention_check(
    labelstudio: Server, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from concurrent.futures import ThreadPoolExecutor

    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: `make test` installs Debian's chromium")
    plan, pid = _push(tmp_path, labelstudio, monkeypatch)
    admin = LabelStudio(labelstudio.url, labelstudio.annotators[0].token)
    tasks = project_tasks(admin, pid)
    check = plan["attention"][0]
    task = next(t for t in tasks if t["data"]["item"] == check["id"])
    original = next(t for t in tasks if t["data"]["item"] == check["item"])
    shots = Path(os.environ["LITBOARD_SHOTS"]) if os.environ.get("LITBOARD_SHOTS") else None
    with ThreadPoolExecutor(1) as pool:  # Playwright's sync API wants a thread of its own
        seen = pool.submit(_view, labelstudio, pid, task, shots).result()
    shown = seen["task"]
    panel = seen["panel"]  # the labelling panel: the check's texts, the degraded translation
    assert task["data"]["tgt"] in panel and original["data"]["tgt"] not in panel
    assert task["data"]["context_before"] in panel and task["data"]["context_after"] in panel
    assert task["data"]["src"] in panel and "Context: the paragraph after" in panel
    # nothing in the labelling panel gives it away, and nothing on the page names the new system:
    # the project's title and the instructions name the campaign by its digest, not by its id
    # (fixture-track-mqm-new-mt-s5)
    assert "attention" not in panel.lower() and "new-mt" not in panel
    assert f"litboard {blind_name(plan)} mqm de-en" in shown
    assert "new-mt" not in shown and "new-mt" not in seen["instructions"]
    assert QUESTIONS["mqm"][:40] in seen["instructions"]
    assert "Critical" in seen["instructions"]
