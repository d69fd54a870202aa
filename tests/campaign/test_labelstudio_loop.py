"""The whole human-evaluation loop against a real Label Studio, for every scheme a campaign plans:
``campaign plan`` -> ``campaign push`` (project, config, overlap, tasks through the REST API) ->
two annotators answer through the API (spans with code-point offsets, choices, rationales,
numbers, in the shape the config defines; fake_labelstudio writes the answers) -> ``campaign
pull`` (the JSON export) -> ``campaign import`` -> build -> the board.

Nothing here is faked on the Label Studio side: the server is the one tests/campaign/conftest.py
starts (skipped without it, a failure in CI)."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path
from typing import Any

import pytest
import yaml

from litboard.pipeline.build import build_site
from litboard.campaign.export import project_settings
from litboard.campaign.instructions import QUESTIONS
from litboard.campaign.labelstudio_api import LabelStudio, project_tasks
from litboard.campaign.schemes import RULER_CRITERIA
from litboard.errors import DataError
from litboard.cli import main

from ..browser.conftest import CHROMIUM, CHROMIUM_ARGS, serve
from ..helpers import FIXTURES, copy_root
from .fake_labelstudio import annotation_results, controls
from .labelstudio_server import Server, free_port

TRACK = FIXTURES / "track"
SCHEMES = ("mqm", "esa", "pairwise", "bws", "ruler")
# project.json's settings (campaign.export.project_settings) that push must make Label Studio hold
SETTINGS = (
    "maximum_annotations",
    "show_overlap_first",
    "overlap_cohort_percentage",
    "show_annotation_history",
    "show_collab_predictions",
    "enable_empty_annotation",
    "show_skip_button",
    "sampling",
    "title",
    "description",
    "show_instruction",
)


def _push(
    tmp: Path,
    server: Server,
    scheme: str,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> tuple[Path, Path, dict[str, Any], int]:
    root = copy_root(TRACK, tmp / "root")
    plan_path = tmp / "plan.yaml"
    assert (
        main(
            [
                "campaign",
                "plan",
                "fixture-track",
                "--data",
                str(root),
                "--pair",
                "de-en",
                "--systems",
                "new-mt",
                "--scheme",
                scheme,
                "--budget",
                "16",
                "--paragraphs",
                "4",
                "--seed",
                "5",
                "--out",
                str(plan_path),
            ]
        )
        == 0
    )
    monkeypatch.setenv("LABEL_STUDIO_TOKEN", server.annotators[0].token)
    capsys.readouterr()
    assert main(["campaign", "push", str(plan_path), "--data", str(root), "--url", server.url]) == 0
    found = re.search(r"project (\d+) created", capsys.readouterr().out)
    assert found
    plan = yaml.safe_load(plan_path.read_text(encoding="utf-8"))
    return root, plan_path, plan, int(found.group(1))


Sent = dict[tuple[str, int], list[dict[str, Any]]]  # (item, annotator slot) -> the result sent


def _answer(server: Server, pid: int, plan: dict[str, Any]) -> Sent:
    """Each plan slot's annotator answers its task through the API; what each one sent, by
    (item, annotator slot)."""
    admin = LabelStudio(server.url, server.annotators[0].token)
    ctl = controls(admin.call("GET", f"/api/projects/{pid}/")["label_config"])
    slots = {item["id"]: item["slots"] for item in plan["items"] + plan["attention"]}
    sent = {}
    for task in project_tasks(admin, pid):
        item = task["data"]["item"]
        assert task["overlap"] == len(slots[item]), "a task's overlap is its item's slots"
        for slot in slots[item]:
            results = annotation_results(task["data"], ctl, slot, lambda data: 1)
            person = LabelStudio(server.url, server.annotators[slot - 1].token)
            person.call("POST", f"/api/tasks/{task['id']}/annotations/", {"result": results})
            sent[(item, slot)] = results
    return sent


def _kept(result: dict[str, Any]) -> tuple[str, str, str, str]:
    value = json.dumps(result["value"], sort_keys=True)
    return (result["from_name"], result["to_name"], result["type"], value)


def _check_export(export: list[dict[str, Any]], sent: Sent, server: Server) -> None:
    """Every answer comes back exactly as sent, under its annotator's Label Studio user id."""
    ids = {}
    for n, who in enumerate(server.annotators, start=1):
        ids[n] = LabelStudio(server.url, who.token).call("GET", "/api/current-user/whoami")["id"]
    got = {}
    for task in export:
        for annotation in task["annotations"]:
            slot = next(n for n, uid in ids.items() if uid == annotation["completed_by"])
            got[(task["data"]["item"], slot)] = sorted(map(_kept, annotation["result"]))
    assert got == {key: sorted(map(_kept, results)) for key, results in sent.items()}


def _records(root: Path, prefix: str) -> list[dict[str, Any]]:
    out = []
    for folder in sorted((root / "judgments").glob(f"{prefix}*")):
        for path in sorted(folder.glob("*.jsonl")):
            out += [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    return out


# the board column that ranks a complete plan's new system, by scheme (goal 1 of issue 57):
# MQM pools into the track's MQM campaign, pairwise into its Bradley-Terry campaign, RULER and
# the rest rank in the plan's own column
RANKED_BY = {
    "mqm": "mqm:mqm-pro",
    "pairwise": "bradley-terry:pw-pro",
    "ruler": "ruler:{cid}",
    "bws": "bws:{cid}",
}


def _rank_in_browser(site: Path, key: str) -> tuple[str, list[tuple[str, float]]]:
    """Open the built board in Debian's Chromium, rank it by ``key`` (the board's Rank-by menu)
    and read new-mt's rank and every ranked row's (system, value) in the order shown. In a thread
    of its own: Playwright's sync API refuses to start in a thread where another one runs (the
    browser tests' session Chromium shares this test process under xdist)."""
    from concurrent.futures import ThreadPoolExecutor

    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: `make test` installs Debian's chromium")
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(_rank_with_chromium, site, key).result()


def _rank_with_chromium(site: Path, key: str) -> tuple[str, list[tuple[str, float]]]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            return _rank_on(browser, site, key)
        finally:
            browser.close()


def _rank_on(browser: Any, site: Path, key: str) -> tuple[str, list[tuple[str, float]]]:
    url, server = serve(site)
    page = browser.new_page()
    try:
        page.goto(f"{url}/fixture-track/index.html")
        board = page.locator("section.lb-board[data-pair='de-en']")
        board.locator("select[data-lb-rank]").select_option(key)
        ranked = board.locator("tbody.lb-ranked tr.lb-row")
        shown = []
        for n in range(ranked.count()):
            row = ranked.nth(n)
            cell = row.locator(f"td[data-col='{key}']")
            shown.append(
                (
                    str(row.get_attribute("data-system")),
                    float(cell.get_attribute("data-value") or "nan"),
                )
            )
        rank = board.locator("tbody.lb-ranked tr[data-system='new-mt'] td.lb-rank").inner_text()
        return rank, shown
    finally:
        page.close()
        server.shutdown()


def _check_ranked(site: Path, scheme: str, cid: str, board: str) -> None:
    """The complete plan's new system holds a rank on the board by its scheme's column, with its
    interval, in the order of the column's values."""
    key = RANKED_BY[scheme].format(cid=cid)
    row = re.findall(r'<tr class="lb-row[^"]*" data-system="new-mt".*?</tr>', board, re.S)[0]
    cell = re.search(rf'<td[^>]*data-col="{re.escape(key)}".*?</td>', row, re.S)
    assert cell, f"new-mt has no {key} cell"
    text = html.unescape(cell.group(0))
    assert re.search(r"\[-?\d+\.\d+, -?\d+\.\d+\]", text), "no interval shown"
    # a plan's own column (RULER, BWS) holds its 4 paragraphs: a range, no rank interval (below
    # the board's 5); the columns a plan pools into (MQM, Bradley-Terry) rest on more
    if scheme not in ("ruler", "bws"):
        assert re.search(r"r\d+(–\d+)?", re.sub(r"<[^>]+>", " ", text)), "no rank interval"
    rank, shown = _rank_in_browser(site, key)
    values = [v for _, v in shown]
    assert values == sorted(values, reverse=True)  # every one of these is higher-is-better
    systems = [s for s, _ in shown]
    assert "new-mt" in systems and rank == str(systems.index("new-mt") + 1)
    better = sum(v > dict(shown)["new-mt"] for v in values)
    assert int(rank) >= better + 1


@pytest.mark.parametrize("scheme", SCHEMES)
def test_loop_through_labelstudio(
    scheme: str,
    labelstudio: Server,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    root, plan_path, plan, pid = _push(tmp_path, labelstudio, scheme, monkeypatch, capsys)
    admin = LabelStudio(labelstudio.url, labelstudio.annotators[0].token)
    project = admin.call("GET", f"/api/projects/{pid}/")
    _check_project(admin, project, plan)
    answered = _answer(labelstudio, pid, plan)
    checks = {c["id"] for c in plan["attention"]}
    assert (scheme in ("mqm", "esa", "pairwise")) == bool(checks)  # attention checks (goal 5)
    sent = {key: results for key, results in answered.items() if key[0] not in checks}
    assert len(sent) == sum(len(i["slots"]) for i in plan["items"])
    assert len(answered) - len(sent) == len(checks)

    export_path = tmp_path / "export.json"
    assert (
        main(
            [
                "campaign",
                "pull",
                "--url",
                labelstudio.url,
                "--project",
                str(pid),
                "--out",
                str(export_path),
            ]
        )
        == 0
    )
    _check_export(json.loads(export_path.read_text(encoding="utf-8")), answered, labelstudio)
    assert labelstudio.annotators[0].token not in capsys.readouterr().out

    assert (
        main(
            [
                "campaign",
                "import",
                str(export_path),
                "--plan",
                str(plan_path),
                "--data",
                str(root),
                "--out",
                str(root),
            ]
        )
        == 0
    )
    out = capsys.readouterr().out
    cid = plan["campaign"]
    assert "new-mt: 4 of 4 planned paragraphs judged" in out
    items = len(plan["items"])
    assert f"campaign {cid}: {items} of {items} planned items judged (complete)" in out
    _check_records(scheme, root, cid, sent, plan)

    site = build_site([root], tmp_path / "site").out
    page = (site / "fixture-track" / "campaigns" / f"{cid}.html").read_text(encoding="utf-8")
    assert f"{items} of {items} planned items judged" in html.unescape(page)
    if checks:  # every check answered once, per annotator, on the campaign page
        assert f"{len(checks)} attention checks were mixed" in page
        at = page.index("lb-attention")  # its table, not the progress per annotator
        table = page[at : page.index("</table>", at)]
        shown = re.findall(r'<tr data-annotator="(a\d+)"[^>]*><td>[^<]*</td><td[^>]*>(\d+)', table)
        assert sum(int(n) for _, n in shown) == len(checks)
    board = (site / "fixture-track" / "index.html").read_text(encoding="utf-8")
    row = re.findall(r'<tr class="lb-row[^"]*" data-system="new-mt".*?</tr>', board, re.S)
    assert row and "(pending" not in html.unescape(row[0])
    values = dict(re.findall(r'data-col="([^"]+)" data-value="([^"]*)"', row[0]))
    if scheme in RANKED_BY:
        _check_ranked(site, scheme, cid, board)
    if scheme == "mqm":  # the plan extends the track's primary MQM campaign
        assert float(values["mqm:mqm-pro"]) == pytest.approx(_mqm_by_hand(sent, plan), abs=1e-9)
    if scheme == "ruler":  # a board per criterion of paper 004, on the schemes page
        _check_ruler_boards(site / "fixture-track", sent, plan)
    if scheme == "esa":  # every annotator scored 60 + 10 * 1 (fake_labelstudio, prefer = 1)
        assert float(values[f"sqm:{cid}"]) == 70.0
        expected = _mqm_by_hand(sent, plan)
        assert float(values[f"mqm:{cid}-spans"]) == pytest.approx(expected, abs=1e-9)


def _check_project(admin: LabelStudio, project: dict[str, Any], plan: dict[str, Any]) -> None:
    """The server holds project.json's settings, and validates the scheme's config (and refuses
    a broken one: the validation is no formality)."""
    declared = project_settings(plan)
    assert {key: project[key] for key in SETTINGS} == {key: declared[key] for key in SETTINGS}
    assert project["maximum_annotations"] == 2 and project["overlap_cohort_percentage"] == 100
    assert project["show_overlap_first"] is True and project["show_annotation_history"] is False
    assert project["show_collab_predictions"] is False and project["show_skip_button"] is False
    assert project["enable_empty_annotation"] is False
    # the instructions pushed from the scheme: its question, each severity with its weight
    shown = html.unescape(project["expert_instruction"])
    assert QUESTIONS[plan["scheme"]] in shown and project["show_instruction"] is True
    if plan["scheme"] == "mqm":
        assert all(f"{s} (" in shown for s in ("Minor", "Major", "Critical"))
        assert "Critical (5 points)" in shown and "scored as Major" in shown
    assert project["task_number"] == len(plan["items"]) + len(plan["attention"])
    config = project["label_config"]
    assert admin.call("POST", "/api/projects/validate/", {"label_config": config}) is None  # 204
    broken = config.replace('toName="translation"', 'toName="nowhere"', 1)
    broken = broken.replace('toName="source"', 'toName="nowhere"', 1)
    with pytest.raises(DataError, match="HTTP 400"):
        admin.call("POST", "/api/projects/validate/", {"label_config": broken})


WEIGHTS = {"Minor": 1.0, "Major": 5.0, "Critical": 5.0, "Minor error": 1.0, "Major error": 5.0}


def _mqm_by_hand(sent: Sent, plan: dict[str, Any]) -> float:
    """new-mt's paper-000 MQM score from the answers sent: per annotation -(25 per
    non-translation + 5 per major or critical + 1 per minor) (no sentences field: a paragraph is
    one sentence), averaged over a paragraph's annotators, then over its paragraphs."""
    items = {item["id"]: item for item in plan["items"]}
    per_paragraph: dict[str, list[float]] = {}
    for (item, _slot), results in sent.items():
        if items[item]["systems"] != ["new-mt"]:
            continue
        severity = {
            r["id"]: r["value"]["choices"][0] for r in results if r["from_name"] == "severity"
        }
        penalty = 0.0
        for r in results:
            if r["type"] == "labels":
                label = r["value"]["labels"][0]
                weight = WEIGHTS[severity.get(r["id"], label)]
                penalty += 25.0 if label == "Non-translation" else weight
        per_paragraph.setdefault(items[item]["paragraph"], []).append(-penalty)
    assert len(per_paragraph) == 4
    return sum(sum(v) / len(v) for v in per_paragraph.values()) / len(per_paragraph)


def _ratings_by_hand(sent: Sent, plan: dict[str, Any], control: str) -> dict[str, float]:
    """Per system, the mean rating on one criterion: over a paragraph's annotators, then over
    the system's paragraphs."""
    items = {item["id"]: item for item in plan["items"]}
    cells: dict[str, dict[str, list[float]]] = {}
    for (item, _slot), results in sent.items():
        stars = [r["value"]["rating"] for r in results if r["from_name"] == control]
        system, paragraph = items[item]["systems"][0], items[item]["paragraph"]
        cells.setdefault(system, {}).setdefault(paragraph, []).append(float(stars[0]))
    return {
        system: sum(sum(v) / len(v) for v in by.values()) / len(by) for system, by in cells.items()
    }


def _check_ruler_boards(site: Path, sent: Sent, plan: dict[str, Any]) -> None:
    """Each criterion's board holds every rated system's hand-computed mean; the agreement page
    has the criterion's interval alpha."""
    page = html.unescape((site / "schemes" / "index.html").read_text(encoding="utf-8"))
    agreement = html.unescape((site / "agreement" / "index.html").read_text(encoding="utf-8"))
    for criterion in RULER_CRITERIA:
        start = page.index(f"<h2>RULER: {criterion.title} ({plan['pair']})</h2>")
        table = page[start : page.index("</table>", start)]
        shown = dict(re.findall(r'id="[^"]*-t\d+-([^"]+)">.*?data-value="([^"]*)"', table))
        expected = _ratings_by_hand(sent, plan, criterion.name)
        assert "new-mt" in expected and set(shown) == set(expected)
        for system, mean in expected.items():
            assert float(shown[system]) == pytest.approx(mean, abs=1e-9)
        assert f"Krippendorff alpha (interval): {criterion.title}" in agreement


def _check_records(scheme: str, root: Path, cid: str, sent: Sent, plan: dict[str, Any]) -> None:
    """The campaign holds exactly the answers given: hand counts of what the annotators sent."""
    answers = [r for results in sent.values() for r in results]
    records = _records(root, cid)
    assert {r["annotator"] for r in records} == {"a1", "a2"}  # Label Studio users 1 and 2
    if scheme == "bws":  # everyone took TRANSLATION 2 as best, TRANSLATION 3 as worst
        assert len(records) == len(sent)
        assert all(r["best"] == r["systems"][1] and r["worst"] == r["systems"][2] for r in records)
        return
    if scheme == "ruler":  # one record per annotation, the four ratings it sent, by criterion
        sent_scores = sorted(
            tuple(
                sorted(
                    (c.title, r["value"]["rating"])
                    for r in results
                    for c in RULER_CRITERIA
                    if r["from_name"] == c.name
                )
            )
            for results in sent.values()
        )
        assert len(records) == len(sent) and all(len(s) == 4 for s in sent_scores)
        assert sorted(tuple(sorted(r["scores"].items())) for r in records) == sent_scores
        return
    errors = sum(len(r.get("errors", [])) for r in records)
    assert errors == sum(r["type"] == "labels" for r in answers) > 0
    if scheme == "pairwise":  # everyone chose TRANSLATION 2, the item's second system ("b")
        prefs = [r for r in records if "preference" in r]
        assert len(prefs) == len(sent) and {r["preference"] for r in prefs} == {"b"}
        assert {(r["paragraph"], r["a"], r["b"]) for r in prefs} == {
            (i["paragraph"], *i["systems"]) for i in plan["items"]
        }
    if scheme == "esa":
        assert sorted(float(r["score"]) for r in records if "score" in r) == [70.0] * len(sent)


def test_push_and_pull_errors_name_the_address_and_the_fix(
    labelstudio: Server,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    root = copy_root(TRACK, tmp_path / "root")
    plan = tmp_path / "plan.yaml"
    assert (
        main(
            [
                "campaign",
                "plan",
                "fixture-track",
                "--data",
                str(root),
                "--pair",
                "de-en",
                "--systems",
                "new-mt",
                "--scheme",
                "mqm",
                "--budget",
                "16",
                "--paragraphs",
                "4",
                "--seed",
                "5",
                "--out",
                str(plan),
            ]
        )
        == 0
    )
    monkeypatch.delenv("LABEL_STUDIO_TOKEN", raising=False)
    push = ["campaign", "push", str(plan), "--data", str(root), "--url", labelstudio.url]
    assert main(push) == 1
    assert (
        "LABEL_STUDIO_TOKEN: environment: no Label Studio API token (fix: export "
        "LABEL_STUDIO_TOKEN="
    ) in capsys.readouterr().err
    monkeypatch.setenv("LABEL_STUDIO_TOKEN", "not-a-token-of-this-server")
    assert main(push) == 1
    err = capsys.readouterr().err
    assert f"{labelstudio.url}/api/projects/validate/: --url: POST answered HTTP 401" in err
    assert "fix: set LABEL_STUDIO_TOKEN to a valid token of this server" in err
    assert "not-a-token-of-this-server" not in err
    monkeypatch.setenv("LABEL_STUDIO_TOKEN", labelstudio.annotators[0].token)
    out = tmp_path / "export.json"
    pull = ["campaign", "pull", "--project", "999999", "--out", str(out), "--url"]
    assert main(pull + [labelstudio.url]) == 1
    err = capsys.readouterr().err
    assert f"{labelstudio.url}/api/projects/999999/export" in err and "HTTP 404" in err
    assert "check --url (the server's base address) and --project (the project's id)" in err
    assert not out.exists()
    assert main(pull + ["localhost:8080"]) == 1
    assert "'localhost:8080' is not an http(s) address" in capsys.readouterr().err
    closed = f"http://127.0.0.1:{free_port()}"
    assert main(pull + [closed]) == 1
    err = capsys.readouterr().err
    assert f"{closed}/api/projects/999999/export" in err
    assert "start Label Studio (label-studio start)" in err
