# litboard — the two entry points are `make site` and `make test` (see README).
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
OUT    ?= public
STAMP  := $(VENV)/.litboard-installed
FORMAT ?= human
BASE   ?= origin/main
CHROMIUM ?= $(or $(LITBOARD_CHROMIUM),/usr/bin/chromium)
LLM_METRICS   ?= gemba-mqm-literary
COMET_METRICS ?= comet
COMET_MODEL   ?=
# Every install comes from a lock (requirements/README.md): each package pinned with the SHA-256 of its
# files, nothing resolved at install time, litboard itself without dependencies. site.txt: what the
# site needs; test.txt: the same versions plus the test needs and the COMET extra (torch 2.13.0+cpu,
# which pip finds on this project's machines (find-links) or, with the workflows'
# PIP_EXTRA_INDEX_URL=https://download.pytorch.org/whl/cpu, on PyTorch's CPU index).
# No pip upgrade: the venv's own pip installs the lock.
SITE_LOCK := requirements/site.txt
TEST_LOCK := requirements/test.txt
## Label Studio (the real-Label-Studio loop tests, issue 44) lives in its own venv from its own lock:
## its pins (Django, numpy 2, pandas 3...) cannot share the test lock's.
LS_VENV  ?= .venv-labelstudio
LS_LOCK  := requirements/labelstudio.txt
LS_STAMP := $(LS_VENV)/.litboard-installed

.PHONY: site public release releases-checkout releases-push dist dist-twine dist-venv dist-smoke dist-check test install install-comet install-test labelstudio chromium axe validate score-sacrebleu score-llm score-comet summary bench clean lock

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(STAMP): pyproject.toml $(SITE_LOCK) | $(BIN)/python
	$(BIN)/python -m pip install -q --require-hashes --no-deps -r $(SITE_LOCK)
	$(BIN)/python -m pip install -q --no-deps --no-build-isolation -e .
	touch $@

## The test needs and the COMET extra: torch + unbabel-comet (the tests score with a tiny checkpoint they build).
$(STAMP)-test: pyproject.toml $(TEST_LOCK) | $(BIN)/python
	$(BIN)/python -m pip install -q --require-hashes --no-deps -r $(TEST_LOCK)
	$(BIN)/python -m pip install -q --no-deps --no-build-isolation -e .
	touch $@ $(STAMP)

install: $(STAMP)

install-comet: $(STAMP)-test

install-test: $(STAMP)-test chromium axe texlive labelstudio

## Label Studio for tests/campaign/test_labelstudio_loop.py (tests/campaign/labelstudio_server.py finds it here).
labelstudio: $(LS_STAMP)

$(LS_STAMP): $(LS_LOCK)
	test -x $(LS_VENV)/bin/python || $(PYTHON) -m venv $(LS_VENV)
	$(LS_VENV)/bin/python -m pip install -q --require-hashes --no-deps -r $(LS_LOCK)
	touch $@

## axe-core (accessibility checks inside the browser tests), from npm into the git-ignored node_modules/.
axe:
	@if [ ! -f node_modules/axe-core/axe.min.js ]; then \
		npm install --no-save --no-audit --no-fund axe-core@4; \
	fi

## Debian's chromium drives the browser tests (Playwright uses /usr/bin/chromium; it never downloads a browser).
chromium:
	@if [ ! -x "$(CHROMIUM)" ]; then \
		echo "installing Debian's chromium for the browser tests"; \
		SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
		$$SUDO apt-get update -qq && $$SUDO apt-get install -y -qq chromium; \
	fi

## pdflatex + booktabs (the LaTeX downloads must compile) and pdftotext (poppler-utils), from Debian.
texlive:
	@if ! command -v pdflatex >/dev/null || ! command -v pdftotext >/dev/null \
		|| ! kpsewhich booktabs.sty >/dev/null; then \
		echo "installing Debian's texlive and poppler-utils for the LaTeX table tests"; \
		SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
		$$SUDO apt-get update -qq && $$SUDO apt-get install -y -qq --no-install-recommends \
			texlive-latex-base texlive-latex-recommended poppler-utils; \
	fi

## Set up and build the site from the repository's own data into public/.
site: install
	$(BIN)/litboard build --out $(OUT)

## The public site: the repository's data plus every release pinned in releases.yaml (sha256-checked).
## MIRROR=DIR reads the release files from DIR/<mirror>/<name> (e.g. ../shared/data) instead of GitHub.
## Every track's BLEU/chrF/TER are recomputed here from main's data (never taken from a pull request).
## The site's Releases page lists every litboard release kept in RELEASES (made by `make release`;
## none yet: the page says how), and the site serves them under public/v/VERSION/ with
## v/versions.json, which the version selector in the header reads.
MIRROR ?=
TRACK_SCORES ?= .cache/track-scores
RELEASES ?= releases
VERSION  ?=
export VERSION
PUBLIC_BUILD = $(BIN)/litboard build --releases $(if $(MIRROR),--mirror '$(MIRROR)') --track-scores $(TRACK_SCORES) \
	--kept-releases $(RELEASES) --out $(OUT)
public: track-scores
	$(PUBLIC_BUILD)

## BLEU/chrF/TER of every track's machine systems against its references (litboard track score).
.PHONY: track-scores results
track-scores: install
	$(BIN)/litboard track score --out $(TRACK_SCORES) $(if $(MIRROR),--mirror '$(MIRROR)')

## The pull request run's own results, as data (pr-results/results.json; PR from the environment): its
## job summary's numbers. pr-comment.yml reads only the pull request's number from it and recomputes
## every number of the results comment with the base branch's code (make pr-comment).
results: install
	$(BIN)/python -m litboard.tracks.pr_results --base $(BASE) --out pr-results --pr "$$PR" \
		--track-scores $(TRACK_SCORES) $(if $(MIRROR),--mirror '$(MIRROR)')

## Make release VERSION (VERSION=2026.11) in one step: build the public site as that release (its
## BibTeX and permalinks cite it), freeze it into RELEASES/v/VERSION/ (release.json, the changelog of
## rank moves against the previous release, versions.json), then build the public site again so its
## Releases page and version selector list the new release (the site cache makes the second build quick).
release: track-scores
	@test -n "$$VERSION" || { echo "make release needs VERSION=..."; exit 2; }
	LITBOARD_RELEASE="$$VERSION" $(PUBLIC_BUILD)
	@$(MAKE) --no-print-directory freeze
	LITBOARD_RELEASE="$$VERSION" $(PUBLIC_BUILD)

## The freeze alone (a sub-make, so the release caches the build just made are listed).
.PHONY: freeze
freeze: install
	$(BIN)/litboard release "$$VERSION" --site $(OUT) --releases $(RELEASES) --data . $(foreach r,$(wildcard .cache/releases/*/*/root),--data $(r))

## CI (pages.yml): the kept releases live on the `releases` branch; check it out as a worktree in
## RELEASES (an empty orphan worktree before the first release, never the main checkout) ...
releases-checkout:
	@if git fetch --depth 1 origin releases; then \
		git worktree add --detach $(RELEASES) FETCH_HEAD; \
	else \
		git worktree add --detach $(RELEASES) HEAD && \
		git -C $(RELEASES) checkout -q --orphan releases-new && \
		git -C $(RELEASES) rm -rq --cached . && \
		find $(RELEASES) -mindepth 1 -maxdepth 1 ! -name .git -exec rm -rf {} +; \
	fi

## ... and push a new release to it (GITHUB_TOKEN: the job's own token, contents: write).
releases-push:
	git -C $(RELEASES) add -A v
	git -C $(RELEASES) -c user.name="litboard release" -c user.email="litboard-release@users.noreply.github.com" commit -m "Release $$VERSION"
	git -C $(RELEASES) push "https://x-access-token:$${GITHUB_TOKEN}@github.com/$${GITHUB_REPOSITORY}.git" HEAD:refs/heads/releases

## Check the data roots (FORMAT=human|json|github; CI uses github for ::error annotations).
## VALIDATE_FLAGS=--releases also checks the pinned releases and every track's submissions (CI).
VALIDATE_FLAGS ?=
validate: install
	$(BIN)/litboard validate --format $(FORMAT) $(VALIDATE_FLAGS)

## A contribution pull request adds one new system folder of a track and changes nothing else.
## The check runs the BASE branch's generator/ (from a temporary folder, with the base's track
## declarations: releases.yaml and corpus/dataset.yaml), not the pull request's own;
## a pull request can still edit this recipe, so the barrier CI relies on is pr-barrier.yml
## (pull_request_target: the base branch's code, the pull request read as git data).
.PHONY: check-pr
check-pr: install
	@dir=$$(mktemp -d) && git archive $(BASE) generator releases.yaml corpus/dataset.yaml | tar -x -C "$$dir" && \
	cd "$$dir" && PYTHONPATH="$$dir/generator" $(abspath $(BIN))/python -m litboard.cli check-pr --base $(BASE) \
		--repo "$(CURDIR)" --format $(FORMAT) --releases "$(CURDIR)/releases.yaml" \
		--cache "$(CURDIR)/.cache/releases" $(if $(MIRROR),--mirror '$(abspath $(MIRROR))'); status=$$?; rm -rf "$$dir"; exit $$status

## pr-barrier.yml (pull_request_target, the base branch's checkout): fetch pull request PR's commits
## as git objects (never checked out) and run this checkout's check-pr on them (BASE_REF: its base).
## The fetch is pinned: refs/pull/PR/head must be HEAD_SHA, the commit the check reports on (both
## workflows pass it; a newer push fails this run, its own run checks it). Without HEAD_SHA (a local
## run) it checks whatever commit it fetched.
## A submission to a release track (LiteraryTranslation, Creativity Bias) is checked with its pinned
## release (sha256-checked; MIRROR=DIR reads the files from DIR/<mirror>/<name>, else from GitHub).
BARRIER_RELEASES ?= --releases $(if $(MIRROR),--mirror '$(MIRROR)')
.PHONY: pr-barrier pr-comment
pr-barrier: install
	@case "$$PR" in ''|*[!0-9]*) echo "make pr-barrier needs PR=<number>"; exit 2;; esac
	@case "$$HEAD_SHA" in *[!0-9a-f]*) false;; esac && case $${#HEAD_SHA} in 0|40|64) ;; *) false;; esac || \
		{ echo "make pr-barrier: HEAD_SHA must be the commit id it reports on"; exit 2; }
	git fetch --no-tags origin "+refs/pull/$$PR/head:refs/litboard/pr-head"
	@at=$$(git rev-parse refs/litboard/pr-head) && { [ -z "$$HEAD_SHA" ] || [ "$$at" = "$$HEAD_SHA" ]; } || \
		{ echo "litboard: pull request #$$PR is at $$at, not at $$HEAD_SHA: pushed since; the newer push's run checks it" >&2; exit 1; }
	$(BIN)/litboard check-pr --base "origin/$${BASE_REF:-main}" --head refs/litboard/pr-head --format $(FORMAT) \
		$(BARRIER_RELEASES) $(if $(BARRIER_LOG),> '$(BARRIER_LOG)')

## pr-comment.yml (workflow_run, the default branch's checkout and install): pr-verify reads the pull
## request's number from pr-results/results.json (nothing else of it) and checks that the pull request
## is at HEAD_SHA, writing number= and base= to $$GITHUB_OUTPUT; the workflow then runs pr-barrier
## (FORMAT=json BARRIER_LOG=barrier.json), and pr-comment recomputes every number with this checkout's
## code from the pull request's files at HEAD_SHA (git data; BASE_REF: its base), renders the comment
## (the barrier's problems when BARRIER is not success) and posts it (REPO, HEAD_SHA, RUN_URL,
## GITHUB_TOKEN from the workflow). DRY_RUN=1 prints.
.PHONY: pr-verify
pr-verify:
	$(BIN)/python -m litboard.tracks.pr_comment verify --artifact pr-results --repo "$$REPO" \
		--head-sha "$$HEAD_SHA" $(if $(GITHUB_OUTPUT),--output "$$GITHUB_OUTPUT") $(if $(DRY_RUN),--dry-run)

pr-comment:
	$(BIN)/python -m litboard.tracks.pr_comment post --artifact pr-results --repo "$$REPO" \
		--head-sha "$$HEAD_SHA" --base "origin/$${BASE_REF:-main}" --barrier "$$BARRIER" \
		--barrier-log barrier.json --run-url "$$RUN_URL" $(if $(MIRROR),--mirror '$(MIRROR)') \
		$(if $(DRY_RUN),--dry-run)

## pr.yml: code=true when the pull request changes more than one track system folder, else code=false
## (also appended to $$GITHUB_OUTPUT): a data-only contribution skips the code tests.
.PHONY: pr-changes
pr-changes: install
	$(BIN)/python -m litboard.tracks.pr_changes --base $(BASE)

## Score the missing translations with sacreBLEU (no secrets, no network; CI runs it on every PR).
score-sacrebleu: install
	$(BIN)/litboard score --metric bleu --metric chrf --metric ter

## LLM judges and COMET: need an API key / a local model; only the llm-score workflow runs them.
score-llm: install
	$(BIN)/litboard score $(foreach m,$(LLM_METRICS),--metric $(m))

score-comet: install-comet
	$(BIN)/litboard score $(foreach m,$(COMET_METRICS),--metric $(m)) $(if $(COMET_MODEL),--comet-model '$(COMET_MODEL)')

## Markdown summary of the provisional ranks of the systems changed since BASE (CI job summary).
summary: install
	$(BIN)/python -m litboard.tracks.ci_summary --base $(BASE) >> "$${GITHUB_STEP_SUMMARY:-/dev/stdout}"

## Set up (including test needs) and run every test.
## TEST_WORKERS processes (pytest-xdist; 0: one process): a module's tests, the browser tests and the
## Label Studio tests each stay in one process, so their fixtures are made once (tests/conftest.py).
## Two, one per core: a third worker was measured in a fresh clone at the same wall time (2,098 s
## of tests against 2,080 s with two; 62 CPU-min both): the suite is CPU-bound on two cores.
TEST_WORKERS ?= 2
test: install-test
	$(BIN)/python -m pytest -q -p no:cacheprovider -n $(TEST_WORKERS) --dist loadgroup

## Scale benchmark (bench/bench_scale.py): for each BENCH_SIZE, that many segments x 15 systems x 3
## raters (synthetic WMT MQM, imported, built and released once): wall beside CPU seconds and load,
## sizes, the ratios between the largest and the smallest size; "easy" builds the easier second set
## (bench/make_synthetic_easy.py) paired with it, size by size. BENCH_MODES="... public" adds `make public`
## from fresh caches (track score per track, then the build; MIRROR, default ../shared/data when
## present), "liteval combined incremental" the LitEval release, the combined site and rebuilds.
BENCH_SIZE  ?= 2000 20000
BENCH_MODES ?= synthetic easy
BENCH_MIRROR = $(or $(MIRROR),$(wildcard ../shared/data))
bench: install
	$(BIN)/python bench/bench_scale.py $(foreach s,$(BENCH_SIZE),--size $(s)) $(foreach m,$(BENCH_MODES),--mode $(m)) \
		$(if $(BENCH_MIRROR),--mirror '$(BENCH_MIRROR)')

## Regenerate both locks from pyproject.toml (+ requirements/*.in) with pip-tools in a throwaway venv:
## PyPI only, plus torch's CPU build (TORCH_WHEELS); pins already in the locks are kept while they
## still fit, UPGRADE=1 takes the newest versions. Review the diff like code (requirements/README.md).
LOCK_VENV ?= .cache/lock-venv
UPGRADE   ?=
TORCH_WHEELS ?= $(if $(wildcard /opt/wheels/torch-2.13.0+cpu-*),--find-links /opt/wheels,--extra-index-url https://download.pytorch.org/whl/cpu)
PIP_COMPILE = env -u PIP_FIND_LINKS -u PIP_INDEX_URL -u PIP_EXTRA_INDEX_URL PIP_CONFIG_FILE=/dev/null CUSTOM_COMPILE_COMMAND="make lock" \
	$(LOCK_VENV)/bin/pip-compile -q --generate-hashes --allow-unsafe --strip-extras --no-emit-index-url \
	--no-emit-find-links --index-url https://pypi.org/simple $(if $(UPGRADE),--upgrade)
lock:
	test -x $(LOCK_VENV)/bin/pip-compile || { $(PYTHON) -m venv $(LOCK_VENV) && \
		$(LOCK_VENV)/bin/python -m pip install -q pip-tools==7.6.2; }
	$(PIP_COMPILE) $(TORCH_WHEELS) --extra test --extra comet --output-file $(TEST_LOCK) pyproject.toml requirements/test.in
	$(PIP_COMPILE) --output-file $(SITE_LOCK) pyproject.toml requirements/site.in
	$(PIP_COMPILE) --output-file $(LS_LOCK) requirements/labelstudio.in
	$(PIP_COMPILE) --output-file $(RELEASE_LOCK) requirements/release.in

clean:
	rm -rf $(OUT) test-artifacts .pytest_cache

## Release (release.yml; each step runs locally too). dist: the sdist and the wheel into dist/ (after
## `make install`: the build backend comes from the site lock). dist-check: twine check, the wheel in a
## fresh venv (DIST_VENV) with the site lock, and a study made and built with it outside the checkout
## (SMOKE). Both default to the runner's temporary folder in CI, else /tmp.
DIST_VENV ?= $(or $(RUNNER_TEMP),/tmp)/litboard-dist-venv
SMOKE     ?= $(or $(RUNNER_TEMP),/tmp)/litboard-smoke
# twine for dist-twine, hash-pinned like every install (make lock regenerates it)
RELEASE_LOCK := requirements/release.txt

dist:
	rm -rf dist
	$(BIN)/python -c "from setuptools.build_meta import build_sdist, build_wheel; build_sdist('dist'); build_wheel('dist')"

dist-twine:
	$(PYTHON) -m pip install -q --require-hashes -r $(RELEASE_LOCK)
	$(PYTHON) -m twine check --strict dist/*

dist-venv:
	rm -rf $(DIST_VENV)
	$(PYTHON) -m venv $(DIST_VENV)
	$(DIST_VENV)/bin/python -m pip install -q --require-hashes --no-deps -r $(SITE_LOCK)
	$(DIST_VENV)/bin/python -m pip install -q --no-deps dist/*.whl
	$(DIST_VENV)/bin/python -m pip check

dist-smoke:
	rm -rf $(SMOKE) && mkdir -p $(SMOKE)
	cd $(SMOKE) && $(DIST_VENV)/bin/litboard init smoke --title "Smoke test"
	cd $(SMOKE)/smoke && $(DIST_VENV)/bin/litboard validate && $(DIST_VENV)/bin/litboard build
	test -f $(SMOKE)/smoke/public/index.html

dist-check: dist-twine dist-venv dist-smoke
