# Two entry points for a fresh machine (see README): `make demo` and `make test`.
VENV ?= .venv
UBCAL := $(VENV)/bin/ubcal
QUESTION ?= What are the prerequisites for CPSC 221?

.PHONY: install demo test bench dagster

install:
	@bash scripts/install.sh

demo: install
	$(UBCAL) build --source data/sample-calendar
	$(UBCAL) ask "$(QUESTION)"

# the tests also need Debian's chromium (the browser test) and graphviz (ubcal graph); the demo needs neither
test:
	@bash scripts/install.sh --browser --graph
	$(VENV)/bin/python -m pytest -q -ra -m "not slow" --durations=10

bench: install
	$(VENV)/bin/python -m pytest -q -ra -m slow --durations=10
	$(VENV)/bin/python benchmarks/bench_build.py
	$(VENV)/bin/python benchmarks/bench_crawl.py
	$(VENV)/bin/python benchmarks/bench_ask.py

dagster: install
	mkdir -p .dagster_home && cp pipelines/dagster.yaml .dagster_home/dagster.yaml
	DAGSTER_HOME=$(CURDIR)/.dagster_home $(VENV)/bin/dagster dev -m pipelines.definitions
