# Every target creates or reuses .venv and installs the project into it first.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: demo test slow bench lint clean

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PY) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e '.[test]'
	touch $(STAMP)

demo: $(STAMP)
	$(BIN)/python -m pipeline.demo

test: $(STAMP)
	$(BIN)/python -m pytest

slow: $(STAMP)
	$(BIN)/python -m pytest -m slow -s tests/test_differential.py tests/test_property.py

bench: $(STAMP)
	$(BIN)/python -m pipeline.bench

lint: $(STAMP)
	$(BIN)/ruff check parsers pipeline reports tests

clean:
	rm -rf $(VENV) demo.duckdb demo-*.png demo-*.html .pytest_cache
