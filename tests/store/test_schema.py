"""pipeline/store/schema.py: one column spec, and the DDL and Arrow schemas derived from it agree.

The DuckDB side is read back from a fresh store (``information_schema``, ``duckdb_constraints``),
the Arrow side from :func:`arrow_schema`, and DuckDB itself is the judge of whether the two
agree: it describes an (empty) Arrow table of each schema and exports each table as Arrow.
"""

from __future__ import annotations

from dataclasses import fields

import duckdb
import pyarrow as pa
import pytest

from pipeline.store.db import Store
from pipeline.store.layout import STORED, stored
from pipeline.store.schema import (
    DERIVED_TABLES,
    HAND_TABLES,
    MIGRATIONS,
    OTHER_TABLES,
    SCHEMA,
    TABLES,
    Column,
    FileRecord,
    Kind,
    Table,
    arrow_schema,
    arrow_type,
)


@pytest.fixture
def con(tmp_path):
    with Store(tmp_path / "fresh.duckdb") as store:
        yield store.con


def _duckdb_type(kind: Kind) -> str:
    """The spelling DuckDB reports for a kind (it drops the space in ``DECIMAL(18, 2)``)."""
    return kind.value.replace(" ", "")


def test_every_table_is_in_the_spec_once():
    assert tuple(TABLES) == (*HAND_TABLES, *OTHER_TABLES)
    for name in HAND_TABLES:  # the hand key comes first: dedup and joins rely on it
        assert TABLES[name].names[:2] == ("site", "hand_id")
        assert all(c.not_null for c in TABLES[name].columns[:2])


@pytest.mark.parametrize("name", list(TABLES))
def test_fresh_store_information_schema_is_the_spec(con, name):
    """What users read (a table, or the view over a lean table) has the spec's columns and
    types in order; the table holding the rows has its stored spec's nullability and key."""
    table = TABLES[name]
    got = con.execute(
        "SELECT column_name, data_type FROM information_schema.columns "
        "WHERE table_schema = 'main' AND table_name = ? ORDER BY ordinal_position",
        [name]).fetchall()
    assert got == [(c.name, _duckdb_type(c.kind)) for c in table.columns]
    holder = STORED.get(name, table)
    schema, _, bare = stored(name).rpartition(".")
    got = con.execute(
        "SELECT column_name, data_type, is_nullable FROM information_schema.columns "
        "WHERE table_schema = ? AND table_name = ? ORDER BY ordinal_position",
        [schema or "main", bare]).fetchall()
    key = set(holder.primary_key)
    assert got == [
        (c.name, _duckdb_type(c.kind), "NO" if c.not_null or c.name in key else "YES")
        for c in holder.columns
    ]
    keys = con.execute(
        "SELECT constraint_column_names FROM duckdb_constraints() WHERE schema_name = ? "
        "AND table_name = ? AND constraint_type = 'PRIMARY KEY'",
        [schema or "main", bare]).fetchall()
    assert [tuple(k) for (k,) in keys] == ([holder.primary_key] if holder.primary_key else [])


@pytest.mark.parametrize("name", list(TABLES))
def test_ddl_and_arrow_schema_agree_column_by_column(con, name):
    schema = arrow_schema(name, stored=True)
    assert schema.names == list(TABLES[name].names)
    stored = con.execute(f"DESCRIBE {name}").fetchall()
    _empty = pa.Table.from_pylist([], schema=schema)  # read by name below
    read = con.execute("DESCRIBE SELECT * FROM _empty").fetchall()
    assert [(r[0], r[1]) for r in read] == [(r[0], r[1]) for r in stored]
    # and the other way: DuckDB hands the stored table back with exactly these Arrow types
    assert con.sql(f"SELECT * FROM {name}").to_arrow_table().schema.equals(schema)


@pytest.mark.parametrize("name", list(TABLES))
def test_the_cores_schema_leaves_out_what_the_writer_sets(name):
    """A core's rows lack the ``on_store`` columns (hands.zone_source): the writer adds them
    on the rows of either core, so both cores' tables stay comparable as they come."""
    stored, made = arrow_schema(name, stored=True), arrow_schema(name)
    writer = [c.name for c in TABLES[name].columns if c.on_store]
    assert made.names == [n for n in stored.names if n not in writer]
    assert writer == {"hands": ["zone_source"], "seats": ["anonymous"]}.get(name, [])


def test_each_kind_has_one_arrow_type():
    types = {kind: arrow_type(kind) for kind in Kind}
    assert len(set(types.values())) == len(Kind)
    assert types[Kind.MONEY] == pa.decimal128(18, 2)
    assert types[Kind.TIMESTAMP] == pa.timestamp("us")


def test_schema_text_is_the_tables_ddl_and_runs_twice():
    assert SCHEMA.count("CREATE TABLE IF NOT EXISTS") == len(TABLES) + len(DERIVED_TABLES)
    mem = duckdb.connect()
    mem.execute(SCHEMA)
    mem.execute(SCHEMA)  # every open runs it: an existing table is left alone
    assert {r[0] for r in mem.execute("SHOW TABLES").fetchall()} == {*TABLES, *DERIVED_TABLES}


def test_migrations_bring_an_older_store_to_the_spec(tmp_path, con):
    later = [(t, c) for t in TABLES.values() for c in t.columns if c.added_later]
    assert len(MIGRATIONS) == len(later) > 0
    old = tmp_path / "old.duckdb"
    with duckdb.connect(str(old)) as raw:  # the tables as they were before those columns
        for table in TABLES.values():
            before = Table(table.name, tuple(c for c in table.columns if not c.added_later),
                           table.primary_key)
            raw.execute(before.ddl())
    with Store(old) as store:
        query = ("SELECT table_name, column_name, ordinal_position, data_type, is_nullable "
                 "FROM information_schema.columns ORDER BY ALL")
        assert store.con.execute(query).fetchall() == con.execute(query).fetchall()


def test_file_record_is_the_files_row_without_its_write_time():
    # Store.file_state builds a FileRecord positionally from the files columns
    names = tuple(n for n in TABLES["files"].names if n != "imported_at")
    assert tuple(f.name for f in fields(FileRecord)) == names


@pytest.mark.parametrize("columns, key, problem", [
    ((Column("a", Kind.VARCHAR), Column("a", Kind.INTEGER)), (), "twice"),
    ((Column("a", Kind.VARCHAR),), ("b",), "primary key"),
    ((Column("a", Kind.VARCHAR, not_null=True, added_later=True),), (), "added later"),
])
def test_a_table_that_cannot_be_created_is_refused_when_declared(columns, key, problem):
    with pytest.raises(ValueError, match=problem):
        Table("t", columns, key)
