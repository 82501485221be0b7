# Ludothèque: `make play` builds and serves the site, `make test` runs every test.
# Both install what is missing first (npm packages, a Python virtual environment).
PYTHON ?= python3
VENV := .venv
VPY := $(VENV)/bin/python
PORT ?= 8000
HOST ?= 127.0.0.1

.PHONY: play build test test-long test-webkit test-engine test-browser deps need-chromium bench audit clean

play: build
	$(PYTHON) build/serve.py --host $(HOST) --port $(PORT)

build: node_modules/.installed
	$(PYTHON) build/build_site.py

deps: node_modules/.installed $(VENV)/.installed

node_modules/.installed: package.json package-lock.json
	npm ci --no-audit --no-fund
	@touch $@

$(VENV)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(VPY) -m pip install --quiet -e '.[test]'
	@touch $@

# before anything is built or run: a Chromium for the browser tests (LUDO_CHROMIUM, Debian's,
# Playwright's; else `playwright install chromium` is tried), or one line saying how to get one
need-chromium: $(VENV)/.installed
	@$(VPY) build/chromium.py

# the tests run in TEST_JOBS pytest-xdist workers (each its own Chromium), on dist/ as `build`
# just made it (unless LUDO_DIST names another folder: the tests build that one)
TEST_JOBS ?= 2
TESTED_BUILD := LUDO_SKIP_BUILD=$(if $(LUDO_DIST),,1)

test: deps need-chromium build
	$(TESTED_BUILD) $(VPY) -m pytest -m "not long" -n $(TEST_JOBS) --dist worksteal --durations=12

# the long sweeps (every table with long names, the guided games in English, every level pairing
# to the move cap...): a few minutes more, run by CI after `make test`
test-long: deps need-chromium build
	$(TESTED_BUILD) $(VPY) -m pytest -m long

# the page in WebKit (Safari's engine): WebKitGTK's WebDriver and MiniBrowser under an Xvfb of its
# own (Debian: apt-get install webkit2gtk-driver xvfb); run by CI after `make test-long`
# (a test whose WebKit driver stopped answering, a fault of WebKitGTK's driver under Xvfb seen once in
# CI, runs again once; a test that fails any other way fails)
test-webkit: deps build
	LUDO_SKIP_BUILD=1 $(VPY) -m pytest --webkit tests/webkit --durations=12 --reruns 1 --only-rerun ReadTimeoutError

test-engine: $(VENV)/.installed
	$(VPY) -m pytest -m "not browser"

test-browser: deps need-chromium build
	$(TESTED_BUILD) $(VPY) -m pytest -m browser -n $(TEST_JOBS) --dist worksteal

bench: deps build
	$(VPY) bench/startup.py

audit: build
	$(PYTHON) tools/audit.py

clean:
	rm -rf dist .pytest_cache
