"""The project instructions a campaign pushes (issue 57, goal 5 and 6): the scheme's question,
the task's categories, every severity the task offers with its own stated weight, escaped."""

from __future__ import annotations

from pathlib import Path

from litboard.campaign.instructions import QUESTIONS, instruction_html, instructions
from litboard.campaign.labelconfig import SEVERITY_CHOICES
from litboard.campaign.labels import Label


def _plan(scheme: str) -> dict:
    return {"campaign": "c1", "scheme": scheme, "items": [], "pair": "de-en"}


def test_every_offered_severity_states_its_weight() -> None:
    labels = [
        Label("Accuracy/Mistranslation", "Accuracy", "Mistranslation"),
        Label("Non-translation", "Non-translation"),
    ]
    view = instructions(_plan("mqm"), labels)
    names = [s.name for s in view.severities]
    assert [n.split(" (")[0] for n in names[:3]] == list(SEVERITY_CHOICES)
    assert names == [
        "Minor (1 point)",
        "Major (5 points)",
        "Critical (5 points)",
        "Non-translation (25 points)",
    ]
    assert "scored as Major" in view.severities[2].text
    assert view.categories == ["Accuracy/Mistranslation", "Non-translation"]
    assert view.question == QUESTIONS["mqm"]


def test_ruler_lists_its_criteria_and_esa_two_severities() -> None:
    ruler = instructions(_plan("ruler"), [])
    assert [c.name for c in ruler.criteria] == [
        "Lexical choice",
        "Proper use of honorifics in dialogues",
        "Syntax and grammar",
        "Content accuracy",
    ]
    assert not ruler.severities and not ruler.categories
    esa = instructions(_plan("esa"), [Label("Error", "Error")])
    assert [s.name for s in esa.severities] == ["Minor (1 point)", "Major (5 points)"]


def test_the_html_escapes_the_tracks_category_names() -> None:
    text = instruction_html(_plan("mqm"), [Label("<b>x</b> & y", "<b>x</b> & y")])
    assert "&lt;b&gt;x&lt;/b&gt; &amp; y" in text and "<b>x</b>" not in text
    assert "Critical (5 points)" in text and "<h3>" in text


def _slots(n: int, double: int) -> dict:
    items = [{"id": f"t{i}", "slots": [1, 2] if i < double else [1]} for i in range(n)]
    return {"items": items, "annotators": 2}


def test_a_plan_with_few_double_annotated_items_warns() -> None:
    from litboard.campaign.plan import agreement_warning

    warning = agreement_warning(_slots(34, 3))
    assert warning.startswith("only 3 of 34 items are double-annotated: agreement at n = 3")
    assert "--double-share 0.59" in warning  # ceil(100 * 20 / 34) / 100: 20 of 34 items
    assert agreement_warning(_slots(40, 20)) == ""
    assert agreement_warning(_slots(10, 0) | {"annotators": 1}) == ""  # one annotator: none
    assert "--double-share 1 " in agreement_warning(_slots(16, 2))


def test_each_task_shows_the_neighbouring_source_paragraphs(tmp_path: Path) -> None:
    """Document context, as Appraise gives it: the work's paragraph before and after the
    judged one (fixture: grey-morning, 8 paragraphs gm-01 ... gm-08), or a note at its ends."""
    import json

    from litboard.cli import main

    from ..helpers import FIXTURES, copy_root

    root = copy_root(FIXTURES / "track", tmp_path / "root")
    plan, out = tmp_path / "plan.yaml", tmp_path / "ls"
    args = ["campaign", "plan", "fixture-track", "--data", str(root), "--pair", "de-en"]
    args += ["--systems", "new-mt", "--scheme", "mqm", "--budget", "24", "--paragraphs", "8"]
    assert main(args + ["--seed", "5", "--out", str(plan)]) == 0
    assert main(["campaign", "export", str(plan), "--data", str(root), "--out", str(out)]) == 0
    paragraphs = FIXTURES / "track" / "corpus" / "works" / "grey-morning" / "paragraphs.jsonl"
    text = {}
    for line in paragraphs.read_text(encoding="utf-8").splitlines():
        row = json.loads(line)
        text[row["index"]] = row["text"]
    by_text = {t: i for i, t in text.items()}
    tasks = json.loads((out / "tasks.json").read_text(encoding="utf-8"))
    seen = set()
    for task in tasks:
        data = task["data"]
        index = by_text[data["src"]]
        seen.add(index)
        first, last = min(text), max(text)
        before = text[index - 1] if index > first else "(none: the paragraph opens the work)"
        after = text[index + 1] if index < last else "(none: the paragraph closes the work)"
        assert (data["context_before"], data["context_after"]) == (before, after)
    assert {min(text), max(text)} <= seen  # both ends of the work were planned
    config = (out / "config.xml").read_text(encoding="utf-8")
    assert 'name="context_before" value="$context_before" selectionEnabled="false"' in config


def test_an_html_error_page_is_named_not_dumped() -> None:
    """A project id that does not exist gets Label Studio's HTML 'not found' page: the error
    says so instead of printing its markup; a JSON answer's detail is quoted."""
    from litboard.campaign.labelstudio_api import _http_problem

    page = b"<!DOCTYPE html><html><head><title>Not found</title></head>" + b"x" * 5000
    problem = _http_problem("GET", "http://127.0.0.1:1/api/projects/9/export", 404, page)
    text = str(problem)
    assert "HTTP 404: an HTML page, not an API answer" in text and "<" not in text
    assert "check --url (the server's base address) and --project" in text
    answer = b'{"detail": "Invalid token.", "status_code": 401}'
    assert "HTTP 401: Invalid token." in str(_http_problem("POST", "http://h/api", 401, answer))
