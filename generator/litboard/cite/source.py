"""Where a site is built from: the repository's web address and git commit, and the site's own.

A build resolves them once (``resolve``), where its request is made (``pipeline.request``:
``build_site`` after it reads mkdocs.yml, or the litboard plugin for a plain ``mkdocs build``),
from the build's inputs, never from the clock, and hands the frozen ``Source`` down to the cite
boxes, the releases page, the header's repository link and sitemap.xml; nothing sets it in the
environment. The commit is ``LITBOARD_COMMIT`` when it is a whole commit (a CI job passes the
commit it checked out), else ``git rev-parse HEAD`` of the study's folder (the folder of its
mkdocs.yml; without a study, of the first data root), else "" (not a git checkout: the cite box
says so). The repository's address is mkdocs.yml's ``repo_url``, else ``LITBOARD_REPO_URL``,
else the repository a GitHub Actions job runs in (``GITHUB_SERVER_URL``/``GITHUB_REPOSITORY``);
the site's address is mkdocs.yml's ``site_url``, else ``LITBOARD_SITE_URL``. Those variables are
user-facing overrides, read only by ``resolve`` from the environment it is given.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Mapping

from ..runtime.process import git

COMMIT_VARIABLE = "LITBOARD_COMMIT"  # the repository commit the site is built from
REPO_VARIABLE = "LITBOARD_REPO_URL"  # the repository's web address (mkdocs.yml repo_url)
SITE_VARIABLE = "LITBOARD_SITE_URL"  # the site's own address (mkdocs.yml site_url)
# a page's words for the repository (site/submit.md): the plugin writes its address in its place
MARKER = "<!-- litboard:repository -->"
_WEB = re.compile(r"https?://[^\s\"'<>`]+")
_COMMIT = re.compile(r"[0-9a-f]{40}")


@dataclass(frozen=True)
class Source:
    repo_url: str = ""  # "" when none is configured
    site_url: str = ""  # "" when none is configured
    commit: str = ""  # "" when not built from a git checkout

    def repo_name(self) -> str:
        """The name the header shows: ``owner/name`` of a repository address."""
        return "/".join(self.repo_url.rstrip("/").split("/")[3:5]) or self.repo_url

    def key(self) -> str:
        """What the site cache's keys hash of it (``pipeline.site_cache``)."""
        return f"repo={self.repo_url}|site={self.site_url}|commit={self.commit}"


NOWHERE = Source()  # a build that names no repository, no address and no commit


def web(url: str) -> str:
    """``url`` when it is an http(s) address, else "" (nothing else becomes a link)."""
    url = url.strip()
    return url if _WEB.fullmatch(url) else ""


def named(repo_url: str) -> str:
    """What follows "the repository" on a page (``MARKER``): its address as a link and the
    ``git clone`` command; without one, that this build names none."""
    url = web(repo_url)
    if not url:
        return " (this build names none: its mkdocs.yml has no `repo_url`)"
    shown = html.escape(Source(url).repo_name())
    return f', <a href="{html.escape(url)}">{shown}</a> (`git clone {url}`)'


def git_commit(folder: Path) -> str:
    """The commit checked out in ``folder``'s git repository; "" when it is not in one."""
    commit = git(folder, "rev-parse", "HEAD")
    return commit if _COMMIT.fullmatch(commit) else ""


def resolve(repo_url: str, site_url: str, folder: Path, env: Mapping[str, str]) -> Source:
    """The build's source: ``repo_url``/``site_url`` as mkdocs.yml gives them (None: ""),
    ``folder`` the checkout whose commit it is, ``env`` the environment whose overrides it
    reads (the caller's ``os.environ``; see the module's docstring)."""
    actions = (
        f"{env['GITHUB_SERVER_URL']}/{env['GITHUB_REPOSITORY']}"
        if env.get("GITHUB_SERVER_URL") and env.get("GITHUB_REPOSITORY")
        else ""
    )
    repo = web(repo_url) or web(env.get(REPO_VARIABLE, "")) or web(actions)
    site = web(site_url) or web(env.get(SITE_VARIABLE, ""))
    given = env.get(COMMIT_VARIABLE, "").strip().lower()
    commit = given if _COMMIT.fullmatch(given) else git_commit(folder)
    return Source(repo.rstrip("/"), site, commit)
