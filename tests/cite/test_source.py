"""Issue 56 goal 6: the site says where it is built from. Every page links to the repository
(``repo_url``), the cite box gives the commit (or says there is none), sitemap.xml is filled
when ``site_url`` is set, and no page fetches anything from the repository's host."""

from __future__ import annotations

import gzip
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from litboard.cite.source import MARKER, Source, git_commit, named, resolve, web
from litboard.files.project import find
from litboard.pipeline.build import build_site

from ..helpers import FIXTURES

REPO_URL = "https://github.com/example-org/litboard"
COMMIT = "0123456789abcdef0123456789abcdef01234567"
VARIABLES = ("LITBOARD_COMMIT", "LITBOARD_REPO_URL", "LITBOARD_SITE_URL")


@pytest.fixture()
def clean(monkeypatch: pytest.MonkeyPatch) -> pytest.MonkeyPatch:
    for name in (*VARIABLES, "GITHUB_SERVER_URL", "GITHUB_REPOSITORY", "LITBOARD_RELEASE"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1764547200")
    return monkeypatch


def _build(tmp_path: Path, name: str) -> Path:
    """The tiny fixture copied outside any git checkout, built without a study (litboard's
    default configuration, whose checkout is the data root's)."""
    root = tmp_path / "tiny"
    if not root.exists():
        shutil.copytree(FIXTURES / "tiny", root)
    (tmp_path / "nowhere").mkdir(exist_ok=True)
    return build_site([root], tmp_path / name, study=find(tmp_path / "nowhere")).out


def _box(page: Path) -> str:
    text = page.read_text(encoding="utf-8")
    return text[text.index('<details class="lb-cite"') :]


def test_every_page_links_the_repository_and_sitemap_lists_the_pages(
    tmp_path: Path, clean: pytest.MonkeyPatch
) -> None:
    clean.setenv("LITBOARD_REPO_URL", REPO_URL)
    clean.setenv("LITBOARD_SITE_URL", "https://example.org/board")
    clean.setenv("LITBOARD_COMMIT", COMMIT)
    site = _build(tmp_path, "site")
    pages = sorted(site.rglob("*.html"))
    assert len(pages) > 10
    link = f'<a href="{REPO_URL}" title="Go to repository" class="md-source">'
    lacking = [str(p.relative_to(site)) for p in pages if link not in p.read_text("utf-8")]
    # the releases page of an empty v/ and 404 are mkdocs pages too: every page has the link
    assert lacking == []
    # the theme's script fetches a GitHub repository's stars from the GitHub API for a
    # data-md-component="source" link: litboard's link has none, so nothing is requested
    assert not [p for p in pages if 'data-md-component="source"' in p.read_text("utf-8")]
    sitemap = (site / "sitemap.xml").read_text(encoding="utf-8")
    listed = re.findall(r"<loc>([^<]+)</loc>", sitemap)
    assert "https://example.org/board/index.html" in listed
    assert "https://example.org/board/tiny/index.html" in listed
    assert all(url.startswith("https://example.org/board/") for url in listed)
    # the reader pages (rendered through one shell per folder, which is removed) are listed,
    # and the shell is not; every page of the site but 404 is listed once
    assert not [url for url in listed if "litboard-shell" in url]
    assert len(listed) == len(set(listed))
    pages_listed = {f"https://example.org/board/{p.relative_to(site).as_posix()}" for p in pages}
    assert set(listed) == pages_listed - {"https://example.org/board/404.html"}
    assert any("/paragraphs/" in url for url in listed)
    packed = gzip.decompress((site / "sitemap.xml.gz").read_bytes()).decode("utf-8")
    assert packed == sitemap
    box = _box(site / "tiny" / "index.html")
    assert f'Built from <a href="{REPO_URL}">{REPO_URL}</a> at commit <code>{COMMIT}</code>' in box
    assert "@misc{litboard-0.1.0-0123456789ab," in box
    assert f"built from {REPO_URL} at commit {COMMIT}" in box


def test_outside_git_the_cite_box_says_so_and_the_build_is_the_same_twice(
    tmp_path: Path, clean: pytest.MonkeyPatch
) -> None:
    first = _build(tmp_path, "one")
    box = _box(first / "tiny" / "index.html")
    assert "not a git checkout: no commit recorded" in box
    assert "@misc{litboard-0.1.0-unreleased," in box
    assert "no <code>repo_url</code> configured" in box
    assert "md-source" not in (first / "index.html").read_text(encoding="utf-8")
    sitemap = (first / "sitemap.xml").read_text(encoding="utf-8")
    assert "<loc>" not in sitemap  # no site_url: mkdocs lists no page (its addresses are unknown)
    second = _build(tmp_path, "two")
    assert _files(first) == _files(second)
    for path in _files(first):  # every file, not only the pages: downloads, sitemap, data API
        assert (first / path).read_bytes() == (second / path).read_bytes(), path


def _files(site: Path) -> list[str]:
    return sorted(str(p.relative_to(site)) for p in site.rglob("*") if p.is_file())


# what names where the site is built from: the canonical link (site_url), the header's
# repository link (repo_url), the cite box (commit, repository, site address)
_SOURCE_BITS = (
    re.compile(r'\n\s*<link rel="canonical" href="[^"]*">'),
    re.compile(
        r'\n\s*<div class="md-(?:header|nav)__source[^"]*">\s*<a href=.*?</a>\s*</div>', re.S
    ),
    re.compile(r'<details class="lb-cite" data-search-exclude>.*?</details>', re.S),
)


def _without_source(text: str) -> str:
    for bit in _SOURCE_BITS:
        text = bit.sub("", text)
    # 404.html is mkdocs' own page, not compacted: the blank lines its template leaves around
    # the repository link
    return re.sub(r"\n\s*\n", "\n", text)


def test_two_sources_change_only_the_cite_repository_and_sitemap_bits(
    tmp_path: Path, clean: pytest.MonkeyPatch
) -> None:
    """The Source is an input like the data: another one changes the cite boxes, the repository
    link, canonical links and sitemap.xml, nothing else; the site cache keys on it."""
    root = tmp_path / "tiny"
    shutil.copytree(FIXTURES / "tiny", root)
    (tmp_path / "nowhere").mkdir()
    study, cache = find(tmp_path / "nowhere"), tmp_path / "cache"
    plain = build_site([root], tmp_path / "plain", study=study, cache=cache).out
    clean.setenv("LITBOARD_REPO_URL", REPO_URL)
    # at a host's root: below one, mkdocs' 404 page would also take the path for its links
    clean.setenv("LITBOARD_SITE_URL", "https://example.org/")
    clean.setenv("LITBOARD_COMMIT", COMMIT)
    named = build_site([root], tmp_path / "named", study=study, cache=cache).out  # same cache
    assert _files(plain) == _files(named)
    changed = [p for p in _files(plain) if (plain / p).read_bytes() != (named / p).read_bytes()]
    assert "sitemap.xml" in changed and "tiny/index.html" in changed
    for path in changed:
        assert path.endswith(".html") or path.startswith("sitemap.xml"), path
        if path.endswith(".html"):
            before, after = ((s / path).read_text(encoding="utf-8") for s in (plain, named))
            assert _without_source(before) == _without_source(after), path
    # the cached dataset was not reused under another Source: its cite box names this one
    assert f"at commit <code>{COMMIT}</code>" in _box(named / "tiny" / "index.html")
    reader = (named / "tiny" / "paragraphs" / "p1.html").read_text(encoding="utf-8")
    # a reader page (filled into its folder's shell) is its own canonical address
    assert '<link rel="canonical" href="https://example.org/tiny/paragraphs/p1.html">' in (
        reader
    )


def test_the_commit_is_the_checkout_s_and_addresses_are_only_web_ones(
    tmp_path: Path, clean: pytest.MonkeyPatch
) -> None:
    git = shutil.which("git")
    assert git is not None
    repo = tmp_path / "repo"
    repo.mkdir()
    run = {"cwd": repo, "check": True, "capture_output": True}
    subprocess.run([git, "init", "-q"], **run)  # type: ignore[call-overload]
    (repo / "a.txt").write_text("a", encoding="utf-8")
    subprocess.run([git, "add", "a.txt"], **run)  # type: ignore[call-overload]
    subprocess.run(
        [git, "-c", "user.name=t", "-c", "user.email=t@e", "commit", "-q", "-m", "a"],
        **run,  # type: ignore[call-overload]
    )
    head = subprocess.run(
        [git, "rev-parse", "HEAD"], **run, text=True  # type: ignore[call-overload]
    ).stdout.strip()
    assert git_commit(repo) == head and git_commit(tmp_path / "elsewhere") == ""
    assert resolve("", "", repo, {}) == Source("", "", head)
    env = {"LITBOARD_COMMIT": COMMIT}  # a CI job hands over the commit it checked out
    assert resolve("", "", repo, env).commit == COMMIT
    assert resolve("", "", repo, {"LITBOARD_COMMIT": "abc"}).commit == head  # not a commit
    env.update(GITHUB_SERVER_URL="https://github.com", GITHUB_REPOSITORY="o/r")
    assert resolve("", "", repo, env).repo_url == "https://github.com/o/r"
    assert resolve(REPO_URL + "/", "", repo, env).repo_url == REPO_URL  # mkdocs.yml's wins
    env["LITBOARD_SITE_URL"] = "https://example.org/b/"
    assert resolve("", "", repo, env).site_url == "https://example.org/b/"
    assert resolve("", "https://x.org/", repo, env).site_url == "https://x.org/"
    assert web("javascript:alert(1)") == "" and web('https://x.org/"><b>') == ""


def test_the_submit_page_names_the_repository(repo: Path) -> None:
    """The walkthrough's "a checkout of the repository" names it: the plugin writes the address
    where site/submit.md has the marker (tests/cite/test_source.py builds no site for it)."""
    text = (repo / "site" / "submit.md").read_text(encoding="utf-8")
    assert f"From a checkout of the leaderboard's repository{MARKER} (with" in text
    assert named(REPO_URL) == (
        f', <a href="{REPO_URL}">example-org/litboard</a> (`git clone {REPO_URL}`)'
    )
    assert "names none" in named("") and "names none" in named("file:///etc")
