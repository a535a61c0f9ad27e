# The README's two commands: `make run` and `make test`. Both create .venv on first use.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
KERNEL_DEPS := $(VENV)/.kernel-deps

.PHONY: run test coverage docs lint bench clean

# Every test: the tests' modules, and the package's doctests.
PYTEST_ARGS := tests src/roundgames --doctest-modules
# Two test workers a core, at most eight (see `test`); `make test TEST_WORKERS=auto` for one a core.
TEST_WORKERS ?= $(shell $(PYTHON) -c 'import os; print(min(8, 2 * len(os.sched_getaffinity(0))))' 2>/dev/null || echo auto)

# Python writes its bytecode caches (and pytest its rewritten test modules) whatever the environment asks: without
# them each of the test workers, and each command or server a test starts, compiled the same sources again (a
# quarter of a worker's start-up went to rewriting the tests' asserts, every time).
unexport PYTHONDONTWRITEBYTECODE

# MkDocs Material's notice of its successor, printed on every build, says nothing of this site.
export NO_MKDOCS_2_WARNING := 1

# numba and NumPy are installed first, on their own: `make test` compiles the kernels with them (from src/) while
# pip installs the rest, instead of after it (the install leaves a core idle about half its time).
$(KERNEL_DEPS): pyproject.toml
	@$(PYTHON) -c 'import sys; sys.exit(sys.version_info < (3, 11))' || \
		{ echo "roundgames needs Python 3.11 or newer; set PYTHON=python3.11" >&2; exit 2; }
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet numba numpy
	@touch $(KERNEL_DEPS)

# --no-compile: pip would compile all ten thousand modules it installs, some 30 CPU-seconds; Python compiles those
# imported (and keeps their bytecode) as they are first imported.
$(STAMP): $(KERNEL_DEPS)
	$(BIN)/python -m pip install --quiet --no-compile -e '.[dev,docs,envs,sim,cluster,tui,web,webtest,postgres,train]'
	@touch $(STAMP)

## Install and start the main job: the web table on http://127.0.0.1:8000 (tables kept in roundgames.sqlite3), with
## the documentation at /docs/ (built on the first run; `make docs` builds it again).
run: $(STAMP) build/site/index.html
	$(BIN)/roundgames serve

build/site/index.html: $(STAMP)
	$(BIN)/mkdocs build --strict --quiet

# The tests compile the numba kernels without numba's own inlining (src/roundgames/cardbits.py INLINE): three times
# faster to compile, a fifth slower to run, which the tests' small runs do not feel; into a cache of their own, so
# that the commands and benchmarks run from this tree keep the kernels built for speed.
test coverage: export ROUNDGAMES_JIT_INLINE := never
test coverage: export NUMBA_CACHE_DIR := $(CURDIR)/build/numba-tests

## Install and run every check: lint, types, the layers (import-linter), the laws and the site, tests (with doctests).
## The browser tests drive the system Chromium: scripts/ensure-chromium installs it when missing.
## The store tests start their own PostgreSQL server: scripts/ensure-postgres installs Debian's when missing.
## pytest-xdist runs the tests in TEST_WORKERS processes, two for each core (at most 8): many tests wait on a server,
## a browser or a socket, and with one worker a core the cores were busy half the time (10.6 of 22.9 core-minutes);
## a worker that has finished its share takes tests from the others' (--dist worksteal), so that none idles while
## the longest tests end. The numba kernels are compiled once,
## into their disk caches, by scripts/warm_kernels.py (in processes of its own) in the background while the rest is
## installed and the linters run, rather than in every test worker; and the tests are collected once there too, so that the workers find the
## test modules' rewritten asserts and the package's bytecode compiled already. The site built here is the one the tests read (tests/docs_build.py).
test: $(KERNEL_DEPS)
	@mkdir -p build
	PYTHONPATH=src $(BIN)/python scripts/warm_kernels.py > build/warm-kernels.log 2>&1 & echo $$! > build/warm-kernels.pid
	@$(MAKE) --no-print-directory $(STAMP)
	$(BIN)/pytest $(PYTEST_ARGS) --collect-only -q > build/collect.log 2>&1 & echo $$! > build/collect.pid
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/ruff format --check src tests benchmarks
	$(BIN)/mypy
	$(BIN)/lint-imports
	$(BIN)/python scripts/make_docs.py --check
	$(BIN)/mkdocs build --strict --quiet
	bash scripts/ensure-chromium
	bash scripts/ensure-postgres
	bash scripts/ensure-nginx
	@while kill -0 $$(cat build/warm-kernels.pid) 2>/dev/null; do sleep 1; done; cat build/warm-kernels.log
	@while kill -0 $$(cat build/collect.pid) 2>/dev/null; do sleep 1; done; awk -F': ' '{n += $$2} END {print n " tests collected"}' build/collect.log
	$(BIN)/pytest $(PYTEST_ARGS) -n $(TEST_WORKERS) --dist worksteal

## The tests' line coverage of the package (coverage.py; settings in pyproject.toml): every test as `make test` runs
## them, the servers and commands they start in subprocesses measured too; the figure by module and in all at the end.
coverage: $(STAMP)
	@mkdir -p build
	$(BIN)/python scripts/warm_kernels.py
	$(BIN)/mkdocs build --strict --quiet
	bash scripts/ensure-chromium
	bash scripts/ensure-postgres
	rm -f .coverage .coverage.*
	$(BIN)/pytest $(PYTEST_ARGS) -n $(TEST_WORKERS) --dist worksteal --cov --cov-report=term \
		-W ignore::coverage.exceptions.CoverageWarning

## Build the documentation site into build/site/ (`roundgames serve` then serves it at /docs/).
docs: $(STAMP)
	$(BIN)/mkdocs build --strict

lint: $(STAMP)
	$(BIN)/ruff check --fix src tests benchmarks
	$(BIN)/ruff format src tests benchmarks

bench: $(STAMP)
	$(BIN)/python benchmarks/bench_engine.py --game loo --players 5
	$(BIN)/python benchmarks/bench_engine.py --game nap --players 4
	$(BIN)/python benchmarks/bench_web.py
	$(BIN)/python benchmarks/bench_sim.py

clean:
	rm -rf $(VENV) build .mypy_cache .ruff_cache .pytest_cache .hypothesis
