# litboard — the two entry points are `make site` and `make test` (see README).
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
OUT    ?= public
STAMP  := $(VENV)/.litboard-installed

.PHONY: site test install install-test chromium validate bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install -q -e .
	touch $@

$(STAMP)-test: pyproject.toml $(STAMP)
	$(BIN)/python -m pip install -q -e '.[test]'
	touch $@

install: $(STAMP)

install-test: $(STAMP)-test chromium

## Debian's chromium drives the browser tests (Playwright uses /usr/bin/chromium; it never downloads a browser).
chromium:
	@if [ ! -x /usr/bin/chromium ]; then \
		echo "installing Debian's chromium for the browser tests"; \
		SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
		$$SUDO apt-get update -qq && $$SUDO apt-get install -y -qq chromium; \
	fi

## Set up and build the site from the repository's own data into public/.
site: install
	$(BIN)/litboard build --out $(OUT)

validate: install
	$(BIN)/litboard validate

## Set up (including test needs) and run every test.
test: install-test
	$(BIN)/python -m pytest -q -p no:cacheprovider

bench: install
	$(BIN)/python bench/bench_build.py

clean:
	rm -rf $(OUT) test-artifacts .pytest_cache
