# Every target creates or reuses .venv and installs the project into it first.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: demo test slow bench lint clean fuzz corpus-report

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PY) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e '.[test]'
	touch $(STAMP)

demo: $(STAMP)
	$(BIN)/python -m pipeline.dev.demo

test: $(STAMP)
	$(BIN)/python -m pytest

slow: $(STAMP)
	$(BIN)/python -m pytest -m slow -s tests/engine/test_differential.py tests/engine/test_property.py

# Every parser and the engine over a folder of real files (default ../shared/corpus).
corpus-report: $(STAMP)
	$(BIN)/python -m pipeline.dev.corpus_report $(CORPUS)

# pipeline.dev.bench: import speed and memory vs a regex pass and pokerkit, on simulated hands (and
# the corpus where present), into bench/results.json; BENCH_ARGS e.g. '--hands 50000'.
# bench_stats runs second: it merges its figures into bench/results.json under "stats".
# The first run builds its stores under bench/ (1M and 10M hands: tens of minutes, ~10 GB).
BENCH_ARGS ?=
bench: $(STAMP)
	$(BIN)/python -m pipeline.dev.bench $(BENCH_ARGS)
	$(BIN)/python -m pipeline.dev.bench_stats

# Coverage-guided fuzzing of the importer (atheris). FUZZ_ARGS: libFuzzer flags; drop
# --allow-internal to stop at the first caught parser/engine exception.
FUZZ_SECONDS ?= 600
FUZZ_ARGS ?= --allow-internal
fuzz: $(STAMP)
	@$(BIN)/python -c "import atheris" 2>/dev/null || $(BIN)/python -m pip install -q atheris \
		|| echo "make fuzz: atheris does not install on this Python; the harness cannot run"
	$(BIN)/python -m pipeline.dev.fuzz -max_total_time=$(FUZZ_SECONDS) $(FUZZ_ARGS)

lint: $(STAMP)
	$(BIN)/ruff check parsers pipeline reports tests

clean:
	rm -rf $(VENV) demo.duckdb demo-*.png demo-*.html .pytest_cache
