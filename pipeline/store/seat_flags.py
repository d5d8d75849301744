"""The ``seat_flags`` rows of a flattened batch, and the definition they were made by.

Why here: the stat facts (``reports.facts``, held to ``reports/sql/seat_flags.sql``) are
computed where the hand is parsed, so they cost the worker processes, not the one writer,
and they are stored in the same transaction as the hand's other rows (a hand table like
``seats``: deduplicated, taken back and written to Parquet shards with its hand). They are
computed from the flattened columns (``seats``, ``actions``, ``hands.board``), the rows both
cores produce alike, so every hand gets the same facts whichever core read it.

A store records the definition its flags were made by in ``seat_flags_meta``
(:func:`ensure_current`): flags of another definition are dropped when an import opens the
store, and the hands they belonged to get their facts from the SQL reference again.
"""

from __future__ import annotations

import shutil
from collections.abc import Mapping, Sequence
from pathlib import Path

import duckdb
import numpy as np
import pyarrow as pa
import pyarrow.compute as pc

from pipeline.store.layout import stored
from pipeline.store.schema import arrow_schema
from reports.facts import definition, hand_facts

__all__ = ["META", "TABLE", "ensure_current", "ensure_current_parquet", "seat_flags_rows"]

TABLE = "seat_flags"
#: One row: the :func:`reports.facts.definition` of the flags the store holds.
META = "seat_flags_meta"

_DECISION_KINDS = pa.array(["fold", "check", "call", "bet", "raise"])
_BETTING_STREETS = pa.array(["preflop", "flop", "turn", "river"])


def seat_flags_rows(tables: Mapping[str, pa.Table],
                    starts: Mapping[str, Sequence[int]]) -> tuple[pa.Table, np.ndarray]:
    """The ``seat_flags`` table of a batch (``tables``: its hands, seats and actions;
    ``starts``: each hand's first row in each, as :class:`pipeline.store.rows.Rows` has
    them), and its rows per hand.

    A hand whose dealt seats repeat a seat number gets no rows (``reports.facts.hand_facts``),
    and so has its facts computed by the SQL reference, as a store without flags has.
    """
    hands, seats, actions = tables["hands"], tables["seats"], tables["actions"]
    n = hands.num_rows
    seat_starts = starts["seats"]
    boards = hands.column("board").to_pylist()
    numbers = seats.column("seat").to_pylist()
    position = seats.column("position").to_pylist()
    out = seats.column("sitting_out").fill_null(False).to_pylist()
    showdown = seats.column("went_to_showdown").fill_null(False).to_pylist()
    won = pc.greater(seats.column("collected"), 0).fill_null(False).to_pylist()
    # only the decisions on the betting streets count: the others never enter the loop
    decision = pc.and_(pc.is_in(actions.column("kind"), value_set=_DECISION_KINDS),
                       pc.is_in(actions.column("street"), value_set=_BETTING_STREETS))
    decision = decision.fill_null(False)
    kept = actions.select(["street", "seat", "kind"]).filter(decision)
    of_hand = np.repeat(np.arange(n, dtype=np.int64), np.diff(np.asarray(starts["actions"])))
    per_hand = np.bincount(of_hand[np.asarray(decision.to_numpy(zero_copy_only=False), bool)],
                           minlength=n)
    act_starts = np.concatenate(([0], np.cumsum(per_hand))).tolist()
    moves = list(zip(kept.column("street").to_pylist(), kept.column("seat").to_pylist(),
                     kept.column("kind").to_pylist(), strict=True))

    counts = np.zeros(n, np.int64)
    hand_rows: list[int] = []
    seat_col: list[int] = []
    facts: list[tuple[int, int, int, int]] = []
    for i in range(n):
        dealt = [(numbers[j], position[j], showdown[j], won[j])
                 for j in range(seat_starts[i], seat_starts[i + 1]) if not out[j]]
        if not dealt:
            continue
        found = hand_facts(dealt, _has_flop(boards[i]), moves[act_starts[i]:act_starts[i + 1]])
        if found is None:
            continue
        counts[i] = len(found)
        hand_rows.extend([i] * len(found))
        seat_col.extend(d[0] for d in dealt)
        facts.extend(found)
    return _table(hands, hand_rows, seat_col, facts), counts


def _has_flop(board: str | None) -> bool:
    """seat_hands.sql's ``has_flop``: the stored board names three cards or more."""
    text = (board or "").strip(" ")
    return bool(text) and len(text.split(" ")) >= 3


def _table(hands: pa.Table, hand_rows: list[int], seat_col: list[int],
           facts: list[tuple[int, int, int, int]]) -> pa.Table:
    schema = arrow_schema(TABLE)
    at = pa.array(hand_rows, pa.int64())
    flags, aggr, calls, folds = zip(*facts, strict=True) if facts else ((), (), (), ())
    columns = [hands.column("site").take(at), hands.column("hand_id").take(at),
               pa.array(seat_col, pa.int32()), pa.array(flags, pa.int32()),
               pa.array(aggr, pa.int32()), pa.array(calls, pa.int32()),
               pa.array(folds, pa.int32())]
    return pa.Table.from_arrays(columns, schema=schema)


def ensure_current(con: duckdb.DuckDBPyConnection) -> None:
    """Make ``seat_flags_meta`` name today's definition (an import is about to add flags).

    A store made before the flags existed gets the table with no rows (its hands keep the
    SQL's facts); a store whose flags were made by another definition has them deleted, in
    one transaction with the new name, so no flag is ever read under the wrong definition.
    """
    con.execute(f"CREATE TABLE IF NOT EXISTS {META} (definition VARCHAR)")
    row = con.execute(f"SELECT definition FROM {META}").fetchall()
    if len(row) == 1 and row[0][0] == definition():
        return
    con.begin()
    try:
        con.execute(f"DELETE FROM {stored(TABLE)}")
        con.execute(f"DELETE FROM {META}")
        con.execute(f"INSERT INTO {META} VALUES (?)", [definition()])
        con.commit()
    except BaseException:
        con.rollback()
        raise


def ensure_current_parquet(out: Path) -> None:
    """:func:`ensure_current` for a folder of Parquet shards (the Dask import's): the
    definition goes in ``seat_flags_meta.parquet``, and flags of another definition (an
    earlier run's) are removed before this run's shards are written."""
    import pyarrow.parquet as pq  # noqa: PLC0415 - only the Dask import writes Parquet here

    meta = out / f"{META}.parquet"
    if meta.is_file():
        found = pq.read_table(meta).column("definition").to_pylist()
        if found == [definition()]:
            return
    shutil.rmtree(out / TABLE, ignore_errors=True)
    out.mkdir(parents=True, exist_ok=True)
    tmp = out / f".{META}.parquet.tmp"
    pq.write_table(pa.table({"definition": [definition()]}), tmp)
    tmp.replace(meta)
