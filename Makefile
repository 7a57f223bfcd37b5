# `make run` and `make test` each set up .venv on a fresh machine first.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: run test quick check format bench docs clean

$(STAMP): pyproject.toml Makefile
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	# CPU build of torch from the local wheel, before anything can ask for a CUDA one
	$(PY) -m pip install -q torch==2.13.0
	# scale: ray[rllib], so the RLlib tests run (tests/training/test_rllib.py, docs/scaling.md);
	# render: rgb_array frames and videos (envs/raster.py); web: doubloon serve (training/web)
	$(PY) -m pip install -q -e '.[train,dev,scale,render,web]'
	touch $(STAMP)

run: $(STAMP)
	$(PY) -m training run

# lint, formatting and types (pyproject.toml: [tool.ruff], [tool.mypy]); no kernel compiles
check: $(STAMP)
	$(PY) -m ruff check .
	$(PY) -m ruff format --check .
	$(PY) -m mypy

# applies the formatter and the safe lint fixes to the tree
format: $(STAMP)
	$(PY) -m ruff format .
	$(PY) -m ruff check --fix .

# kernels compile once per game, in parallel (tools/warm.py), then the tests run on every
# core; the RLlib tests share one worker (their xdist_group)
test: $(STAMP)
	$(PY) -m tools.warm
	$(PY) -m pytest -q -n auto --dist loadgroup

# the quick loop: every test but those marked slow (CONTRIBUTING.md), a few minutes warm
quick: $(STAMP)
	$(PY) -m tools.warm
	$(PY) -m pytest -q -n auto --dist loadgroup -m "not slow"

# throughput against connect_four_v3, each game's step against its memory floor (floors.py),
# the drawn boards' frames per second, then the cold start (minutes: empty caches)
bench: $(STAMP)
	$(PY) benchmarks/throughput.py
	$(PY) benchmarks/floors.py
	$(PY) benchmarks/render_fps.py
	$(PY) benchmarks/cold_start.py

docs: $(STAMP)
	$(PY) -m tools.docs

clean:
	rm -rf $(VENV) .pytest_cache
