"""``litboard campaign push | pull``: a plan's project to a running Label Studio, its export back.

Standard-library HTTP (urllib) against Label Studio's REST API, authenticated with the token in
the environment variable ``LABEL_STUDIO_TOKEN`` (sent as ``Authorization: Token ...``; never
written to disk, never printed). ``push`` creates the project from the same files ``campaign
export`` writes (config.xml, tasks.json, and project.json: the overlap and blindness settings,
declared once in ``export.project_settings``), and imports the tasks; ``pull`` fetches the
project's JSON export, the file ``campaign import`` reads. Every HTTP failure is a
``DataError`` naming the URL and the fix.
"""

from __future__ import annotations

import json
import os
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass
from typing import Any

from ..errors import DataError, Problem

TOKEN_VARIABLE = "LABEL_STUDIO_TOKEN"
PAGE = 100  # tasks per page when listing a project
TIMEOUT = 120.0  # seconds; an import of a few thousand tasks takes Label Studio a while


def token_from_env() -> str:
    """The API token from ``LABEL_STUDIO_TOKEN``; a ``DataError`` when it is unset."""
    token = os.environ.get(TOKEN_VARIABLE, "").strip()
    if not token:
        raise DataError(
            [
                Problem(
                    TOKEN_VARIABLE,
                    0,
                    "environment",
                    "no Label Studio API token",
                    f"export {TOKEN_VARIABLE}=<the token of Label Studio's Account & "
                    "Settings page> (it is read from the environment only)",
                )
            ]
        )
    return token


@dataclass(frozen=True)
class LabelStudio:
    """One Label Studio server (``url``: its base address) and an API token."""

    url: str
    token: str

    def call(self, method: str, path: str, body: Any = None) -> Any:
        """Send one request; the decoded JSON answer (None for an empty one)."""
        raw = self.fetch(method, path, body)
        return json.loads(raw) if raw.strip() else None

    def fetch(self, method: str, path: str, body: Any = None) -> bytes:
        address = self.url.rstrip("/") + path
        data = None if body is None else json.dumps(body, ensure_ascii=False).encode("utf-8")
        request = urllib.request.Request(
            address,
            data=data,
            method=method,
            headers={
                "Authorization": f"Token {self.token}",
                "Content-Type": "application/json",
                "Accept": "application/json",
            },
        )
        try:
            # check_url admits http(s) addresses only
            with urllib.request.urlopen(request, timeout=TIMEOUT) as answer:  # noqa: S310
                return bytes(answer.read())
        except urllib.error.HTTPError as error:
            raise _http_problem(method, address, error.code, error.read()[:100_000]) from None
        except (urllib.error.URLError, OSError) as error:
            reason = getattr(error, "reason", error)
            raise DataError(
                [
                    Problem(
                        address,
                        0,
                        "--url",
                        f"{method} failed: {reason}",
                        "start Label Studio (label-studio start) and pass its address "
                        "with --url, e.g. http://localhost:8080",
                    )
                ]
            ) from None


def _said(body: bytes) -> str:
    """What the server's error answer says: a JSON answer's ``detail`` (or the JSON), never an
    HTML page's markup (a wrong address gets the server's 'not found' page)."""
    text = body.decode("utf-8", "replace").strip()
    try:
        data = json.loads(text)
    except ValueError:
        return "an HTML page, not an API answer" if text.startswith("<") else text[:400]
    if isinstance(data, dict) and isinstance(data.get("detail"), str):
        return data["detail"][:400]
    return json.dumps(data, ensure_ascii=False)[:400]


def _http_problem(method: str, address: str, status: int, body: bytes) -> DataError:
    said = _said(body).replace("\n", " ")
    if status in (401, 403):
        fix = (
            f"set {TOKEN_VARIABLE} to a valid token of this server (Account & Settings; "
            "legacy tokens must be enabled in the organisation's settings)"
        )
    elif status == 404:
        fix = "check --url (the server's base address) and --project (the project's id)"
    else:
        fix = "read Label Studio's answer above; check --url and the plan's files"
    message = f"{method} answered HTTP {status}: {said}"
    return DataError([Problem(address, 0, "--url", message, fix)])


def check_url(url: str) -> str:
    """``url`` when it is an http(s) address with a host; a ``DataError`` otherwise."""
    parts = urllib.parse.urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise DataError(
            [
                Problem(
                    "--url",
                    0,
                    "--url",
                    f"{url!r} is not an http(s) address",
                    "pass the server's base address, e.g. http://localhost:8080",
                )
            ]
        )
    return url


def push(
    server: LabelStudio,
    plan: dict[str, Any],
    settings: dict[str, Any],
    config: str,
    tasks: list[dict[str, Any]],
) -> int:
    """Create the project with ``settings`` (``project.json``, written by ``campaign export``)
    and ``config``, import the tasks, give each task its item's overlap; the project id."""
    server.call("POST", "/api/projects/validate/", {"label_config": config})
    project = server.call("POST", "/api/projects/", settings | {"label_config": config})
    pid = int(project["id"])
    done = server.call("POST", f"/api/projects/{pid}/import", tasks)
    if int((done or {}).get("task_count", -1)) != len(tasks):
        raise DataError(
            [
                Problem(
                    f"{server.url}/api/projects/{pid}/import",
                    0,
                    "task_count",
                    f"Label Studio imported {done and done.get('task_count')} of "
                    f"{len(tasks)} tasks",
                    "delete the project and push again",
                )
            ]
        )
    set_overlap(server, pid, plan)
    return pid


def project_tasks(server: LabelStudio, pid: int) -> list[dict[str, Any]]:
    """Every task of project ``pid`` (id, data, overlap), page by page."""
    out: list[dict[str, Any]] = []
    page = 1
    while True:
        query = f"project={pid}&page={page}&page_size={PAGE}&fields=all"
        answer = server.call("GET", f"/api/tasks/?{query}")
        batch = answer["tasks"] if isinstance(answer, dict) else answer
        out += batch
        total = int(answer.get("total", len(out))) if isinstance(answer, dict) else len(out)
        if len(batch) < PAGE or len(out) >= total:
            return out
        page += 1


def set_overlap(server: LabelStudio, pid: int, plan: dict[str, Any]) -> None:
    """Label Studio gives every imported task the project's ``maximum_annotations``; a task whose
    plan item has fewer annotator slots gets its own ``overlap``, so it is done when they are (a
    task of a per-annotator project, ``batches``, wants one)."""
    from .batches import planned_slots

    wanted = {item: len(slots) for item, slots in planned_slots(plan).items()}
    for task in project_tasks(server, pid):
        slots = wanted.get(str(task["data"].get("item", "")), 0)
        slots = 1 if slots and "slot" in task["data"] else slots  # a slot project's task
        if slots and slots != task.get("overlap"):
            server.call("PATCH", f"/api/tasks/{task['id']}/", {"overlap": slots})


def pull(server: LabelStudio, project: int) -> bytes:
    """The project's JSON export (every task, annotated or not), with one task per line: Label
    Studio's is one line, and the import names each task's line."""
    query = "exportType=JSON&download_all_tasks=true"
    raw = server.fetch("GET", f"/api/projects/{project}/export?{query}")
    try:
        tasks = json.loads(raw)
    except ValueError:
        tasks = None
    if not isinstance(tasks, list):
        raise DataError(
            [
                Problem(
                    f"{server.url}/api/projects/{project}/export",
                    0,
                    "export",
                    "the answer is not a JSON list of tasks",
                    "check --url and --project",
                )
            ]
        )
    lines = ",\n".join(json.dumps(task, ensure_ascii=False) for task in tasks)
    return f"[\n{lines}\n]\n".encode("utf-8") if tasks else b"[]\n"
