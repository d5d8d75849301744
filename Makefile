# Every target creates or reuses .venv and installs the project into it first: one editable
# install, `pip install -e '.[test]'`, which also builds the native core (Rust, setuptools-rust:
# pyproject.toml) in place where cargo is present, in release, into the private module
# sidepot_native. Without a Rust toolchain sidepot installs on its Python core, and says so
# here (`sidepot --version`). A change to the Rust sources installs again: cargo rebuilds
# what changed, the rest takes seconds.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
NATIVE := pipeline/native
NATIVE_SOURCES := $(shell find $(NATIVE) \( -path $(NATIVE)/target -o -path $(NATIVE)/fuzz \) -prune \
	-o \( -name '*.rs' -o -name 'Cargo.toml' -o -name 'Cargo.lock' -o -name 'codes.tsv' \) \
	-print 2>/dev/null)

.PHONY: demo test slow bench bench-long lint clean fuzz fuzz-native corpus-report native native-check

# The extension is optional to pip (no cargo, no core), not to a developer who has cargo: the
# old in-place build is removed first, so a Rust build that fails cannot pass unseen behind
# it. sidepot-native is the separate package venvs made before one install still hold (it
# would shadow the core built here).
$(STAMP): pyproject.toml $(NATIVE_SOURCES)
	test -x $(BIN)/python || $(PY) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	-@$(BIN)/python -m pip uninstall -q -y sidepot-native 2>/dev/null
	rm -f $(NATIVE)/python/sidepot_native/*.so
	$(BIN)/python -m pip install -q -e '.[test]'
	@if command -v cargo >/dev/null 2>&1 && ! $(BIN)/python -c 'import sidepot_native'; then \
		echo "cargo is here but the native core did not build: pip install -v -e . says why"; \
		exit 1; \
	fi
	$(BIN)/sidepot --version
	touch $(STAMP)

native: $(STAMP)

# What CI checks of the Rust crates: formatting, clippy with warnings as errors, their tests.
native-check:
	cd $(NATIVE) && cargo fmt --all --check && cargo clippy --workspace --all-targets --release -- -D warnings \
		&& cargo test --release

demo: $(STAMP)
	$(BIN)/python -m pipeline.dev.demo

# One pytest worker per core (pytest-xdist); `pytest` alone still runs the suite serially.
test: $(STAMP)
	$(BIN)/python -m pytest -n auto --dist loadgroup

slow: $(STAMP)
	$(BIN)/python -m pytest -m slow -s tests/engine/test_differential.py tests/engine/test_property.py \
		tests/native tests/reports/test_facts_parity.py

# Every parser and the engine over a folder of real files (default ../shared/corpus).
corpus-report: $(STAMP)
	$(BIN)/python -m pipeline.dev.corpus_report $(CORPUS)

# `make bench`: every figure of the import's targets in one run, in a few minutes
# (pipeline.dev.bench_targets: a simulated file --no-allin and default vs the regex pass, each
# stage's cost a hand on both cores, the corpus's native sites, the whole corpus, one-hand PHH
# files vs pokerkit), into bench/targets.json. BENCH_ARGS e.g. '--hands 100000' or '--quick'.
# `make bench-long`: the stage-by-stage bench (pipeline.dev.bench, into bench/results.json),
# then `sidepot stats` over 1M/10M-hand stores (bench_stats; its first run builds them under
# bench/: tens of minutes, ~10 GB) and `report`/`graph` over the corpus (bench_report).
BENCH_ARGS ?=
bench: $(STAMP)
	$(BIN)/python -m pipeline.dev.bench_targets $(BENCH_ARGS)

bench-long: $(STAMP)
	$(BIN)/python -m pipeline.dev.bench $(BENCH_ARGS)
	$(BIN)/python -m pipeline.dev.bench_stats
	$(BIN)/python -m pipeline.dev.bench_report

# Coverage-guided fuzzing of the importer (atheris). FUZZ_ARGS: libFuzzer flags; drop
# --allow-internal to stop at the first caught parser/engine exception.
FUZZ_SECONDS ?= 600
FUZZ_ARGS ?= --allow-internal
fuzz: $(STAMP)
	@$(BIN)/python -c "import atheris" 2>/dev/null || $(BIN)/python -m pip install -q atheris \
		|| echo "make fuzz: atheris does not install on this Python; the harness cannot run"
	$(BIN)/python -m pipeline.dev.fuzz -max_total_time=$(FUZZ_SECONDS) $(FUZZ_ARGS)
	@$(MAKE) --no-print-directory fuzz-native

# cargo-fuzz on the native parser and engine (pipeline/native/fuzz; libFuzzer needs a nightly
# toolchain): each target for FUZZ_SECONDS, seeded with the sample files.
FUZZ_TARGETS ?= parse_file one_hand
fuzz-native:
	@if ! command -v cargo >/dev/null 2>&1 || ! rustup toolchain list 2>/dev/null | grep -q nightly; then \
		echo "make fuzz: cargo-fuzz needs a nightly Rust toolchain (rustup toolchain install nightly)"; \
	else \
		command -v cargo-fuzz >/dev/null 2>&1 || cargo install -q cargo-fuzz --locked || exit 1; \
		mkdir -p $(NATIVE)/fuzz/corpus/parse_file $(NATIVE)/fuzz/corpus/one_hand; \
		cp data/samples/*.txt $(NATIVE)/fuzz/corpus/parse_file/; \
		cd $(NATIVE)/fuzz && for t in $(FUZZ_TARGETS); do \
			cargo +nightly fuzz run $$t -- -max_total_time=$(FUZZ_SECONDS) || exit 1; done; \
	fi

lint: $(STAMP)
	$(BIN)/ruff check parsers pipeline reports tests

clean:
	rm -rf $(VENV) $(NATIVE)/target $(NATIVE)/python/sidepot_native/*.so build dist demo.duckdb demo-*.png demo-*.html .pytest_cache
