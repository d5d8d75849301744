"""The native core's stat facts (``facts.rs``, the ``seat_flags`` it emits) against the SQL
reference on stores it imported: a sample of every simulated table kind here, 100,000 hands
in ``make slow``. (tests/native/parity.py holds its ``seat_flags`` rows equal to the Python
core's, file by file; tests/reports/test_facts_parity.py the Python core's to the SQL.)"""

from __future__ import annotations

from pathlib import Path

import duckdb
import pytest

native = pytest.importorskip("sidepot_native", reason="the native core is not built")

from pipeline.ingest.run import import_paths  # noqa: E402
from tests.native.parity import sim_configs, simulated_text  # noqa: E402
from tests.reports.facts_parity import compare, describe  # noqa: E402


def _native_parity(folder: Path, per_kind: int, seed: int,
                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SIDEPOT_CORE", "native")
    paths = []
    for k, (name, kw) in enumerate(sim_configs()):
        path = folder / f"sim-{name}.txt"
        path.write_text(simulated_text(per_kind, seed + k, **kw), "utf-8")
        paths.append(path)
    summary = import_paths(paths, folder / "native.duckdb")
    assert summary.hands_imported >= per_kind * len(paths) * 0.99
    assert summary.core in ("native", "mixed")
    with duckdb.connect(str(folder / "native.duckdb"), read_only=True) as con:
        result = compare(con)
    assert result.hands >= summary.hands_imported * 0.99, describe(result)
    assert not result.mismatches, describe(result)
    assert not result.unexplained, describe(result)


def test_native_facts_equal_the_sql(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _native_parity(tmp_path, 200, 41, monkeypatch)


@pytest.mark.slow
def test_native_facts_equal_the_sql_on_100k_hands(tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    _native_parity(tmp_path, -(-100_000 // len(sim_configs())), 303, monkeypatch)


def test_native_facts_cost_reads_every_hand() -> None:
    """The bench's hook times the facts over the hands it reads natively (a simulated
    file's, but any the native core defers); no hand in the text, none read."""
    hands, seconds = native._facts_cost(simulated_text(50, 5).encode(), 2)
    assert 40 <= hands <= 50
    assert seconds > 0
    assert native._facts_cost(b"not a hand history", 1)[0] == 0
