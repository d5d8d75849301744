"""Coded columns of the lean layout: low-cardinality text stored as a small integer.

Why: an action's street and kind and a seat's position take a handful of values over
millions of rows, and a text column costs DuckDB several times what a small integer does to
append (measured 2026-12-06, 40,000 simulated hands: the actions' appends 18.6 -> 14.3 us a
hand, the seats' 7.9 -> 5.8). So these columns are stored as codes, and the views give the
text back.

Why a table of labels rather than a DuckDB ENUM or a fixed list in the code: a value never
seen before (a new position name at a larger table, a new action kind) must never fail an
insert. The writer extends ``stored.labels`` in the transaction that first stores the value,
and the views, which hold the labels as a list literal (a lookup by position, no join), are
made again in the same transaction. Codes are never renumbered, so a stored code keeps its
text for good.
"""

from __future__ import annotations

from collections.abc import Iterable

import duckdb
import pyarrow as pa
import pyarrow.compute as pc

from pipeline.store.schema import Column, Kind, Table

__all__ = ["CODED", "LABELS", "Labels"]

#: The coded columns of each lean table (the stored column holds :attr:`Kind.CODE`).
CODED: dict[str, tuple[str, ...]] = {"seats": ("position",), "actions": ("street", "kind")}

#: Every label of every coded column: ``name`` is ``<table>.<column>``, ``code`` its index.
LABELS = Table("stored.labels", (
    Column("name", Kind.VARCHAR, not_null=True),
    Column("code", Kind.CODE, not_null=True),
    Column("label", Kind.VARCHAR, not_null=True),
), primary_key=("name", "code"))

#: The codes a :attr:`Kind.CODE` column can hold.
_MAX_CODES = 1 << 16


def _literal(text: str) -> str:
    return "'" + text.replace("'", "''") + "'"


class Labels:
    """The labels of the coded columns as stored, plus those a batch adds (``pending``)."""

    def __init__(self, known: dict[str, list[str]]) -> None:
        self.known = known
        self._index = {name: {label: i for i, label in enumerate(labels)}
                       for name, labels in known.items()}
        self.pending: list[tuple[str, int, str]] = []

    @classmethod
    def load(cls, con: duckdb.DuckDBPyConnection) -> Labels:
        known: dict[str, list[str]] = {}
        for name, code, label in con.execute(
                f"SELECT name, code, label FROM {LABELS.name} ORDER BY name, code").fetchall():
            labels = known.setdefault(name, [])
            if code != len(labels):
                raise duckdb.ConstraintException(f"{LABELS.name}: codes of {name} not dense")
            labels.append(label)
        return cls(known)

    def add(self, name: str, values: Iterable[str]) -> None:
        """Give each value of column ``name`` not yet known the next code."""
        labels = self.known.setdefault(name, [])
        index = self._index.setdefault(name, {})
        for value in values:
            if value is None or value in index:
                continue
            if len(labels) >= _MAX_CODES:
                raise ValueError(f"{name}: more than {_MAX_CODES} different values")
            index[value] = len(labels)
            self.pending.append((name, len(labels), value))
            labels.append(value)

    def codes(self, name: str, values: pa.Array | pa.ChunkedArray) -> pa.Array:
        """The codes of ``values`` (NULL stays NULL); a new value gets a code first."""
        self.add(name, pc.unique(values).drop_null().to_pylist())
        value_set = pa.array(self.known.get(name, []), pa.string())
        return pc.cast(pc.index_in(values, value_set=value_set), pa.uint16())

    def save(self, con: duckdb.DuckDBPyConnection) -> bool:
        """Store the labels added since the last save; True when there were any (the views
        must then be made again)."""
        if not self.pending:
            return False
        con.executemany(f"INSERT INTO {LABELS.name} VALUES (?, ?, ?)", self.pending)
        self.pending = []
        return True

    def decode_sql(self, name: str, expr: str) -> str:
        """SQL giving the text of the code ``expr`` holds (NULL for NULL)."""
        labels = ", ".join(_literal(label) for label in self.known.get(name, []))
        return f"([{labels}]::VARCHAR[])[{expr} + 1]"

    def encode_sql(self, name: str, expr: str) -> str:
        """SQL giving the code of the text ``expr`` holds (every value known: :meth:`add`)."""
        labels = ", ".join(_literal(label) for label in self.known.get(name, []))
        return (f"CAST(CASE WHEN {expr} IS NULL THEN NULL "
                f"ELSE list_position([{labels}]::VARCHAR[], {expr}) - 1 END AS {Kind.CODE.value})")
