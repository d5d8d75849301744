"""The stat facts the Python core stores (``seat_flags``) equal the SQL reference's, seat by
seat: on simulated hands of every kind (a sample here, 100,000 hands in ``make slow``) and on
the real corpus (skipped where it is absent). The native core's are held to the Python
core's in tests/native.

Then the reports: ``seat_stats`` and every statistic are the same whether refresh decodes the
stored flags or computes the facts with the SQL (a store from before the flags, flags of
another definition, an attached Dask folder or export).
"""

from __future__ import annotations

from datetime import date
from pathlib import Path

import duckdb
import pyarrow as pa
import pytest

from pipeline.ingest.run import import_paths
from pipeline.store import seat_flags
from pipeline.store.db import Store
from reports.facts import definition
from reports.stats import TABLES, player_stats, refresh, seat_facts
from tests.native.parity import sim_configs, simulated_text
from tests.reports.facts_parity import compare, describe


def _simulated_store(folder: Path, per_kind: int, seed: int = 3) -> Path:
    """Every simulated table kind, ``per_kind`` hands each, imported into one store."""
    paths = []
    for k, (name, kw) in enumerate(sim_configs()):
        path = folder / f"sim-{name}.txt"
        path.write_text(simulated_text(per_kind, seed + k, **kw), "utf-8")
        paths.append(path)
    db = folder / "sim.duckdb"
    import_paths(paths, db)
    return db


def _assert_parity(db: Path, at_least: int) -> None:
    con = duckdb.connect(str(db), read_only=True)
    try:
        result = compare(con)
    finally:
        con.close()
    assert result.hands >= at_least, describe(result)
    assert not result.mismatches, describe(result)
    assert not result.unexplained, describe(result)


@pytest.fixture(scope="module")
def sim_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("SIDEPOT_CORE", "python")
        return _simulated_store(tmp_path_factory.mktemp("facts"), 250)


def test_python_facts_equal_the_sql_on_simulated_hands(sim_db: Path) -> None:
    _assert_parity(sim_db, at_least=9 * 250)


@pytest.mark.slow
def test_python_facts_equal_the_sql_on_100k_simulated_hands(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SIDEPOT_CORE", "python")
    per_kind = -(-100_000 // len(sim_configs()))
    _assert_parity(_simulated_store(tmp_path, per_kind, seed=101), at_least=100_000)


@pytest.mark.corpus
@pytest.mark.slow
def test_facts_equal_the_sql_on_the_corpus(corpus: Path, tmp_path: Path) -> None:
    """The whole corpus, as an import reads it (the native core where built: its rows are
    the Python core's, and so are the facts computed from them)."""
    db = tmp_path / "corpus.duckdb"
    import_paths([corpus], db)
    _assert_parity(db, at_least=10_000)


# -- the reports: stored flags or the SQL, the same answers ----------------------------------


def _stats_tables(con: duckdb.DuckDBPyConnection) -> dict[str, pa.Table]:
    """The refreshed tables (but the bookkeeping) in a fixed order."""
    return {name: con.sql(f"SELECT * FROM main.{name} ORDER BY ALL").to_arrow_table()
            for name in ("seat_stats", "seat_stats_rollup")}


def _answers(con: duckdb.DuckDBPyConnection) -> dict[str, object]:
    return {
        "stats": player_stats(con).sort_values(["site", "player", "currency"])
        .reset_index(drop=True),
        "hero": player_stats(con, hero=True, date_from=date(2020, 1, 15)).reset_index(drop=True),
        "facts": seat_facts(con),
    }


def _same(a: dict, b: dict) -> None:
    assert a.keys() == b.keys()
    for key in a:
        if isinstance(a[key], pa.Table):
            assert a[key].schema == b[key].schema, key
            assert a[key].equals(b[key]), key
        else:
            assert a[key].equals(b[key]), key


def _without_flags(con: duckdb.DuckDBPyConnection) -> None:
    """A store from before the flags: no seat_flags (view and stored rows), no meta."""
    con.execute("DROP VIEW seat_flags")
    con.execute("DROP TABLE stored.seat_flags")
    con.execute("DROP TABLE seat_flags_meta")


def _drop_stats_tables(con: duckdb.DuckDBPyConnection) -> None:
    """The refresh's tables gone, as in a store from before them."""
    con.execute("DROP VIEW IF EXISTS seat_stats")
    for table in TABLES[1:]:
        con.execute(f"DROP TABLE IF EXISTS {table}")


def _copy(db: Path, to: Path) -> Path:
    to.write_bytes(db.read_bytes())
    return to


def _spy_on_queries(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The names of the SQL files a refresh loads from now on (reports.stats_tables and the
    steps it takes, reports.stats_chunks)."""
    import reports.stats_chunks as chunks
    import reports.stats_tables as stats

    loaded: list[str] = []
    real = stats.load

    def load(name: str) -> str:
        loaded.append(name)
        return real(name)

    for module in (stats, chunks):
        monkeypatch.setattr(module, "load", load)
    return loaded


def test_refresh_from_flags_equals_refresh_from_sql(sim_db: Path, tmp_path: Path) -> None:
    flagged = _copy(sim_db, tmp_path / "flagged.duckdb")
    plain = _copy(sim_db, tmp_path / "plain.duckdb")
    with duckdb.connect(str(plain)) as con:  # a store from before the flags
        _without_flags(con)
    tables, answers = {}, {}
    for name, db in (("flags", flagged), ("sql", plain)):
        with duckdb.connect(str(db)) as con:
            _drop_stats_tables(con)
            done = refresh(con, chunk_hands=700)  # several chunks
            assert done.hands_added == con.execute("SELECT count(*) FROM hands").fetchall()[0][0]
            # the flags decoded where stored, the SQL reference's rows stored where not
            computed = con.execute("SELECT count(*) FROM seat_stats_computed").fetchall()[0][0]
            seats = con.execute("SELECT count(*) FROM seat_stats").fetchall()[0][0]
            assert computed == (0 if name == "flags" else seats) and seats > 0
            tables[name] = _stats_tables(con)
            answers[name] = _answers(con)
    assert tables["flags"]["seat_stats"].num_rows > 9 * 250
    _same(tables["flags"], tables["sql"])
    _same(answers["flags"], answers["sql"])


def test_flags_of_another_definition_are_not_read(sim_db: Path, tmp_path: Path) -> None:
    """Stored flags made by another definition, even wrong ones, never reach the stats; an
    import that opens the store drops them."""
    db = _copy(sim_db, tmp_path / "old.duckdb")
    with duckdb.connect(str(db)) as con:
        _drop_stats_tables(con)
        refresh(con)
        want = _stats_tables(con)
        _drop_stats_tables(con)
        con.execute("UPDATE stored.seat_flags SET flags = 0")  # wrong, under another name
        con.execute("UPDATE seat_flags_meta SET definition = 'older'")
        refresh(con)
        _same(_stats_tables(con), want)
    with Store(db) as store:
        assert store.con.execute("SELECT count(*) FROM seat_flags").fetchall()[0][0] == 0
        assert store.con.execute(f"SELECT * FROM {seat_flags.META}").fetchall() == [
            (definition(),)]


def test_read_only_store_without_flags_answers_the_same(sim_db: Path, tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """``sidepot stats`` on a read-only store that has no seat_stats yet computes the facts
    on the fly: from the flags where stored, else with the SQL, the same answers."""
    flagged = _copy(sim_db, tmp_path / "flagged.duckdb")
    plain = _copy(sim_db, tmp_path / "plain.duckdb")
    with duckdb.connect(str(plain)) as con:
        _without_flags(con)
    answers = {}
    loaded = _spy_on_queries(monkeypatch)
    for name, db in (("flags", flagged), ("sql", plain)):
        with duckdb.connect(str(db)) as con:
            _drop_stats_tables(con)
        loaded.clear()
        with duckdb.connect(str(db), read_only=True) as con:
            answers[name] = _answers(con)
        assert ("seat_stats_stored" in loaded) == (name == "flags"), loaded
    _same(answers["flags"], answers["sql"])
