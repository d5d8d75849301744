"""Flattened hands as they travel and load: :class:`Rows`, and the fallback that finds which
hands of a refused batch cannot be stored.

Why apart from :mod:`pipeline.store.flatten`: that module turns hands into columns; this
one is what the rest of the import handles. Worker processes send :class:`Rows` back (Arrow
buffers pickle as a few memory copies), the writer cuts and joins them into batches by hand
(``starts`` gives every hand's first row in each table, so no row is looked at), and when a
batch is refused the odd hands are found here, in halves, instead of one conversion per hand.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime

import numpy as np
import pyarrow as pa

from parsers.model import Hand
from pipeline.engine.result import Replay
from pipeline.store.flatten import flatten_batch
from pipeline.store.seat_flags import seat_flags_rows
from pipeline.store.storable import unstorable


def storable_problem(hand: Hand, replay: Replay) -> str | None:
    """Why this one hand cannot be stored: :func:`unstorable`'s reason, else the error
    converting it to Arrow columns; None when it fits."""
    return storable_problems([(hand, replay)])[0]


def storable_problems(batch: Sequence[tuple[Hand, Replay]]) -> list[str | None]:
    """:func:`storable_problem` of every hand: the writer's fallback when a batch failed.

    Each hand is bounded on its own (:func:`unstorable`, cheap); the rest are converted
    together, in halves of halves when that fails, so the odd hand costs a few batches, not
    one conversion per hand (a one-hand batch costs ~1 ms, mostly fixed Arrow costs).
    """
    problems = [unstorable(hand, replay) for hand, replay in batch]
    now = datetime.now(UTC).replace(tzinfo=None)
    pending = [[i for i, problem in enumerate(problems) if problem is None]]
    while pending:
        part = pending.pop()
        try:
            if part:
                flatten_batch([batch[i] for i in part], now)
        except Exception as exc:  # noqa: BLE001 - any conversion failure makes a hand a reject
            if len(part) == 1:
                problems[part[0]] = f"{type(exc).__name__}: {exc}"
            else:
                pending.extend((part[len(part) // 2:], part[:len(part) // 2]))
    return problems


@dataclass(frozen=True)
class Rows:
    """Flattened hands ready to load: one Arrow table per hand-keyed table.

    ``starts[table][i]`` is the first row of hand ``i`` in that table (with a final entry for
    the end), so a run of hands can be sliced out without looking at the rows. This is what
    worker processes send back: Arrow buffers pickle as a few memory copies, where the frozen
    dataclasses of a Hand cost more to pickle than to parse (measured in ``make bench``).
    """

    tables: dict[str, pa.Table]
    starts: dict[str, tuple[int, ...]]
    sources: tuple[str, ...]  # source_file of each hand row (per-file counts)

    @property
    def n_hands(self) -> int:
        return len(self.sources)

    def slice(self, lo: int, hi: int) -> Rows:
        """Hands ``lo`` to ``hi`` (exclusive), every table cut to their rows."""
        tables, starts = {}, {}
        for name, table in self.tables.items():
            s = self.starts[name]
            tables[name] = table.slice(s[lo], s[hi] - s[lo])
            starts[name] = tuple(x - s[lo] for x in s[lo : hi + 1])
        return Rows(tables, starts, self.sources[lo:hi])

    def counts(self, name: str) -> np.ndarray:
        """Rows of ``name`` per hand."""
        return np.diff(np.asarray(self.starts[name], np.int64))

    def __reduce__(self) -> tuple:
        """Pickled (a worker's result, on its way to the writer) as each table's Arrow IPC
        stream, which holds only the table's own rows. Why: a pickled ``pa.Table`` carries
        its whole buffers, and a file's rows are often a slice of a batch's tables (the
        small files of a group flattened or read natively as one batch), so each file's
        result carried the whole batch: measured on the corpus with ``--jobs 2``, the pipes
        cost more CPU than the parsing (20.5 s in the workers and 12.6 s in the writer,
        against 10.5 s of parsing)."""
        return (_rows_from_ipc, ({name: _ipc(table) for name, table in self.tables.items()},
                                 self.starts, self.sources))


def _ipc(table: pa.Table) -> bytes:
    """``table`` as an Arrow IPC stream (only its rows, whatever buffers it slices)."""
    sink = pa.BufferOutputStream()
    with pa.ipc.new_stream(sink, table.schema) as writer:
        writer.write_table(table)
    return sink.getvalue().to_pybytes()


def _rows_from_ipc(streams: dict[str, bytes], starts: dict[str, tuple[int, ...]],
                   sources: tuple[str, ...]) -> Rows:
    """:meth:`Rows.__reduce__` undone."""
    return Rows({name: pa.ipc.open_stream(data).read_all() for name, data in streams.items()},
                starts, sources)


def flatten_rows(batch: Sequence[tuple[Hand, Replay]], now: datetime) -> Rows:
    """:func:`flatten` plus the per-hand row offsets that :class:`Rows` carries, and the
    hands' stat facts (:func:`with_seat_flags`)."""
    flat = flatten_batch(batch, now)
    starts = {name: _starts(flat.counts[name]) for name in flat.tables}
    return with_seat_flags(Rows(flat.tables, starts, tuple(hand.source.file for hand, _ in batch)))


def with_seat_flags(rows: Rows) -> Rows:
    """``rows`` with their ``seat_flags`` table (:mod:`pipeline.store.seat_flags`) computed
    from the other tables, where the core that made them did not give it."""
    if "seat_flags" in rows.tables:
        return rows
    table, counts = seat_flags_rows(rows.tables, rows.starts)
    return Rows({**rows.tables, "seat_flags": table},
                {**rows.starts, "seat_flags": _starts(counts)}, rows.sources)


def _starts(counts: np.ndarray) -> tuple[int, ...]:
    return (0, *np.cumsum(counts).tolist())


#: From this many pieces on, a concatenated batch is combined into one chunk per column.
_COMBINED_PARTS = 16


def concat_rows(parts: Sequence[Rows]) -> Rows:
    """Several Rows as one (a batch made of pieces of several files).

    Many pieces (a folder of small files) are copied into one chunk per column: DuckDB reads
    a table of thousands of tiny chunks about 10x slower than the same rows in one (2,000
    one-hand files, measured 2026-12-02: 0.47-0.59 s of CPU against 0.06 s, plus 0.07 s to
    combine them)."""
    if len(parts) == 1:
        return parts[0]
    if not parts:
        return flatten_rows((), datetime.now(UTC).replace(tzinfo=None))
    tables, starts = {}, {}
    # every table the parts all carry: the hand tables, and what workers add to them (the
    # all-in equity rows, pipeline.ingest.equity_rows)
    names = [name for name in parts[0].tables if all(name in p.tables for p in parts)]
    for name in names:
        tables[name] = pa.concat_tables([p.tables[name] for p in parts])
        if len(parts) >= _COMBINED_PARTS:
            tables[name] = tables[name].combine_chunks()
        acc, s = 0, [0]
        for p in parts:
            ps = p.starts[name]
            s.extend(acc + x for x in ps[1:])
            acc += ps[-1]
        starts[name] = tuple(s)
    return Rows(tables, starts, tuple(x for p in parts for x in p.sources))
