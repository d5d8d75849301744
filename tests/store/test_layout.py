"""pipeline/store/layout.py: the lean stored tables, and the views that read as the tables did.

Every check compares what users read (the views in ``main``) with the readable rows the cores
produce, or with a store of the earlier layout (the hand tables as plain tables, made with
that layout's DDL, :data:`pipeline.store.schema.SCHEMA`).
"""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime
from pathlib import Path

import duckdb
import pyarrow as pa
import pytest

from pipeline.engine.replay import replay
from pipeline.errors import SidepotError
from pipeline.export.pokerstars import write_hands
from pipeline.ingest.run import import_paths
from pipeline.sim.dealer import simulate
from pipeline.store import layout
from pipeline.store.db import Store
from pipeline.store.rows import flatten_rows
from pipeline.store.schema import HAND_TABLES, SCHEMA, TABLES, arrow_schema
from tests.support.paths import SAMPLES

#: Columns that say when rows were written: two imports of the same hands differ there.
_WHEN = {"imported_at"}


def _user_rows(con: duckdb.DuckDBPyConnection, name: str) -> list[tuple]:
    columns = [c for c in TABLES[name].names if c not in _WHEN]
    return sorted(con.execute(f"SELECT {', '.join(columns)} FROM main.{name}").fetchall(),
                  key=repr)


def _sim_file(folder: Path, n: int, seed: int) -> Path:
    path = folder / f"sim{seed}.txt"
    path.write_text(write_hands([s.hand for s in simulate(n, seed)]), encoding="utf-8")
    return path


def test_the_views_give_back_the_rows_the_cores_made(tmp_path):
    batch = [(s.hand, replay(s.hand)) for s in simulate(60, 3)]
    rows = flatten_rows(batch, datetime(2026, 1, 1))
    with Store(tmp_path / "s.duckdb") as store:
        store.write_rows(rows)
        for name in HAND_TABLES:
            made = rows.tables[name]
            names = made.schema.names
            got = store.con.sql(f"SELECT {', '.join(names)} FROM main.{name}").to_arrow_table()
            assert got.schema.equals(made.schema)
            assert sorted(got.to_pylist(), key=repr) == sorted(made.to_pylist(), key=repr)
        # the lean part is real: child rows carry the integer key, not the strings
        stored_actions = store.con.execute(
            "SELECT count(*), count(player) FROM stored.actions").fetchone()
        assert stored_actions[0] == rows.tables["actions"].num_rows and stored_actions[1] == 0
        assert "site" not in {r[0] for r in store.con.execute("DESCRIBE stored.seats").fetchall()}


def _readable(name: str, rows: list[dict]) -> pa.Table:
    return pa.Table.from_pylist(rows, schema=arrow_schema(name))


def test_an_action_keeps_its_own_name_where_its_seat_cannot_give_it():
    """A seat number listed twice (stored, with an error finding), an action whose name is
    not its seat's, an action of no seat and one with no name: each reads back as written."""
    hands = _readable("hands", [{"site": "s", "hand_id": "1"}, {"site": "s", "hand_id": "2"}])
    seats = _readable("seats", [
        {"site": "s", "hand_id": "1", "seat": 1, "player": "Ann"},
        {"site": "s", "hand_id": "1", "seat": 2, "player": "Bob"},
        {"site": "s", "hand_id": "1", "seat": 2, "player": "Cy"},
        {"site": "s", "hand_id": "2", "seat": 1, "player": None},
        {"site": "s", "hand_id": "2", "seat": 2, "player": "Dee"},
    ])
    actions = _readable("actions", [
        {"site": "s", "hand_id": "1", "seq": 0, "seat": 1, "player": "Ann"},
        {"site": "s", "hand_id": "1", "seq": 1, "seat": 2, "player": "Cy"},
        {"site": "s", "hand_id": "1", "seq": 2, "seat": 1, "player": "Zed"},
        {"site": "s", "hand_id": "2", "seq": 0, "seat": None, "player": None},
        {"site": "s", "hand_id": "2", "seq": 1, "seat": 1, "player": None},
        {"site": "s", "hand_id": "2", "seq": 2, "seat": 2, "player": None},
        {"site": "s", "hand_id": "2", "seq": 3, "seat": 3, "player": "Eve"},
        {"site": "s", "hand_id": "2", "seq": 4, "seat": 2, "player": "Dee"},
    ])
    tables = {"hands": hands, "seats": seats, "actions": actions}
    counts = {"hands": [1, 1], "seats": [3, 2], "actions": [3, 5]}
    con = duckdb.connect()
    labels = layout.create(con)
    encoded = layout.encode(tables, {k: pa.array(v).to_numpy() for k, v in counts.items()}, 7,
                            labels)
    labels.save(con)
    con.execute(layout.view_ddl(labels))
    for name, table in encoded.items():
        _rows = table  # read by name below
        con.execute(f"INSERT INTO {name} BY NAME SELECT * FROM _rows")
    flags = con.execute("SELECT seat_player FROM stored.actions ORDER BY hand_key, seq"
                        ).fetchall()
    assert [f for (f,) in flags] == [True, False, False, False, True, False, False, True]
    assert con.execute("SELECT DISTINCT hand_key FROM stored.seats ORDER BY 1").fetchall() == \
        [(7,), (8,)]
    got = con.execute("SELECT hand_id, seq, seat, player FROM actions ORDER BY ALL").fetchall()
    assert got == sorted((a["hand_id"], a["seq"], a["seat"], a["player"])
                         for a in actions.to_pylist())


def _earlier_store(path: Path, source: Path, *, before_columns: bool = False) -> None:
    """A store of the earlier layout holding ``source``'s rows: the hand tables as plain
    tables in ``main`` (that layout's DDL; ``before_columns``: also without the columns
    added since, as the oldest stores are)."""
    with duckdb.connect(str(path)) as con:
        con.execute(SCHEMA)
        con.execute(f"ATTACH '{source}' AS s (READ_ONLY)")
        for name in TABLES:
            con.execute(f"INSERT INTO main.{name} BY NAME SELECT * FROM s.main.{name}")
        for (meta,) in con.execute(  # the definition the copied stat flags were made by
                "SELECT table_name FROM duckdb_tables() WHERE database_name = 's' "
                "AND table_name = 'seat_flags_meta'").fetchall():
            con.execute(f"CREATE TABLE main.{meta} AS FROM s.main.{meta}")
        if before_columns:
            for name, table in TABLES.items():
                for column in table.columns:
                    if column.added_later:
                        con.execute(f"ALTER TABLE {name} DROP COLUMN {column.name}")


@pytest.mark.parametrize("before_columns", [False, True])
def test_an_earlier_store_is_upgraded_in_place_and_reads_the_same(tmp_path, before_columns):
    first, second = _sim_file(tmp_path, 80, 5), _sim_file(tmp_path, 50, 6)
    lean = tmp_path / "lean.duckdb"
    import_paths([SAMPLES, first], lean)
    earlier = tmp_path / "earlier.duckdb"
    _earlier_store(earlier, lean, before_columns=before_columns)
    with duckdb.connect(str(earlier), read_only=True) as con:  # read as it is, read-only
        assert layout.is_earlier_layout(con)
        before = {name: _user_rows(con, name) for name in TABLES if not before_columns}
    with Store(earlier) as store:  # a writable open upgrades it
        assert not layout.is_earlier_layout(store.con)
        for name, rows in before.items():
            assert _user_rows(store.con, name) == rows, name
    with duckdb.connect(str(lean), read_only=True) as a, \
            duckdb.connect(str(earlier), read_only=True) as b:
        for name in HAND_TABLES:
            if before_columns:  # the added columns come back empty, the rest as it was
                added = {c.name for c in TABLES[name].columns if c.added_later} | _WHEN
                keep = [c for c in TABLES[name].names if c not in added]
                query = f"SELECT {', '.join(keep)} FROM main.{name}"
                assert sorted(a.execute(query).fetchall(), key=repr) == \
                    sorted(b.execute(query).fetchall(), key=repr)
            else:
                assert _user_rows(a, name) == _user_rows(b, name)
    # and it takes more hands, as a store made lean from the start does
    summary = import_paths([second], earlier)
    import_paths([second], lean)
    assert summary.hands_imported == 50
    with duckdb.connect(str(lean), read_only=True) as a, \
            duckdb.connect(str(earlier), read_only=True) as b:
        for name in HAND_TABLES:
            assert _user_rows(a, name) == _user_rows(b, name), name
        keys = b.execute("SELECT count(DISTINCT hand_key), count(*) FROM stored.hands"
                         ).fetchone()
        assert keys[0] == keys[1]


def test_an_earlier_store_that_cannot_be_upgraded_is_refused_unchanged(tmp_path):
    lean = tmp_path / "lean.duckdb"
    import_paths([SAMPLES], lean)
    earlier = tmp_path / "earlier.duckdb"
    _earlier_store(earlier, lean)
    with duckdb.connect(str(earlier)) as con:  # a seat row whose hand is gone
        con.execute("INSERT INTO seats (site, hand_id, seat) VALUES ('nowhere', 'x', 1)")
    with pytest.raises(SidepotError, match="no stored hand"):
        Store(earlier)
    with duckdb.connect(str(earlier), read_only=True) as con:
        assert layout.is_earlier_layout(con)
        assert con.execute("SELECT count(*) FROM seats WHERE site = 'nowhere'").fetchone() == (1,)


def test_a_coded_value_never_stored_before_is_stored_and_read_back(tmp_path):
    """Street, kind and position are stored as codes; a value the store has not seen (a new
    kind, a quote in it) gets the next code in the batch that brings it, never a failure."""
    batch = [(s.hand, replay(s.hand)) for s in simulate(20, 4)]
    first, second = (flatten_rows(part, datetime(2026, 1, 1)) for part in (batch[:10], batch[10:]))
    actions = second.tables["actions"]
    kinds = actions.column("kind").to_pylist()
    kinds[0] = "made_up'kind"
    second = replace(second, tables={**second.tables, "actions": actions.set_column(
        actions.schema.get_field_index("kind"), "kind", pa.array(kinds, pa.string()))})
    path = tmp_path / "s.duckdb"
    with Store(path) as store:
        store.write_rows(first)
        known = store.con.execute("SELECT count(*) FROM stored.labels").fetchone()[0]
        store.write_rows(second)
        assert store.con.execute("SELECT count(*) FROM stored.labels").fetchone()[0] == known + 1
    with duckdb.connect(str(path), read_only=True) as con:
        got = [k for (k,) in con.execute("SELECT kind FROM actions").fetchall()]
        want = first.tables["actions"].column("kind").to_pylist() + kinds
        assert sorted(got) == sorted(want)
        assert con.execute("SELECT typeof(street), typeof(kind) FROM stored.actions LIMIT 1"
                           ).fetchone() == ("USMALLINT", "USMALLINT")


def test_a_store_whose_stat_flags_are_a_plain_table_is_upgraded(tmp_path):
    """The stores of the layout before ``seat_flags`` joined the lean tables (every other
    hand table lean, the flags a plain table with (site, hand_id)) move their flags into
    ``stored.seat_flags`` on a writable open, and read the same rows through the view."""
    lean = tmp_path / "lean.duckdb"
    import_paths([SAMPLES, _sim_file(tmp_path, 60, 7)], lean)
    older = tmp_path / "older.duckdb"
    older.write_bytes(lean.read_bytes())
    with duckdb.connect(str(older)) as con:
        want = _user_rows(con, "seat_flags")
        con.execute("CREATE TABLE main.flags_then AS FROM main.seat_flags")
        con.execute("DROP VIEW main.seat_flags")
        con.execute("DROP TABLE stored.seat_flags")
        con.execute("ALTER TABLE main.flags_then RENAME TO seat_flags")
        assert layout.is_earlier_layout(con)
    assert len(want) > 60
    with Store(older) as store:
        assert not layout.is_earlier_layout(store.con)
        assert _user_rows(store.con, "seat_flags") == want
        kind = store.con.execute("SELECT table_type FROM information_schema.tables WHERE "
                                 "table_schema = 'main' AND table_name = 'seat_flags'"
                                 ).fetchone()
        assert kind == ("VIEW",)
