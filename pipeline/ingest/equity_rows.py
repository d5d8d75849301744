"""All-in equity counted where hands are parsed: a batch's flattened rows -> its
``allin_equity`` and ``allin_equity_hands`` rows, which travel with the hands' other rows.

Why here: counted after the import, from the rows read back out of DuckDB, the equities of a
file where most hands end all in took five times the import itself, serially in the one
process that writes. Counted in the worker that parsed the hands (``--jobs N``: in parallel;
a worker's preflop situations met before are looked up, :mod:`reports.situations`), they are
rows like any other of the hand: stored in the same transaction, dropped with it when a
duplicate, taken back with it when its file is read again (:mod:`pipeline.ingest.reread`).

Why from the flattened rows, whichever core made them: the counts are those of
:func:`reports.allin.fill_allin_equity`, which reads the same columns back from the store
(:func:`reports.equity.adjusted_of_hands` does the rest for both), so the rows are the same
whether a hand was counted here or by that fallback (which fills the hands a store holds
without them: an older store, a ``--no-allin`` import).

``allin_equity_hands`` gets a row for every hand (with the ``imported_at`` of its rows): the
fallback's mark that a hand was looked at, adjustable or not.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc

from pipeline.store.rows import Rows
from reports.allin import to_cents
from reports.equity import adjusted_of_hands

__all__ = ["ALLIN_TABLES", "with_equity"]

#: The tables this adds to a batch's rows: the names of pipeline.store.schema's ALLIN_EQUITY
#: and ALLIN_EQUITY_HANDS.
ALLIN_TABLES = ("allin_equity", "allin_equity_hands")
#: The actions whose street says where the betting ended (reports.equity's _CANDIDATES).
_BETTING = pa.array(["fold", "check", "call", "bet", "raise"])
_BEFORE_RIVER = pa.array(["preflop", "flop", "turn"])
_EQUITY_SCHEMA = pa.schema([("site", pa.string()), ("hand_id", pa.string()),
                            ("seat", pa.int32()), ("adjusted_net", pa.decimal128(18, 2))])


def with_equity(rows: Rows) -> Rows:
    """``rows`` with its hands' all-in equity rows (unchanged if it has them already)."""
    if all(name in rows.tables for name in ALLIN_TABLES):
        return rows
    n = rows.n_hands
    hands = rows.tables["hands"]
    chosen, streets = _candidates(rows) if _anyone_all_in(rows) else (np.zeros(0, np.int64), [])
    adjusted = _adjusted(rows, chosen, streets) if len(chosen) else {}
    per_hand = np.zeros(n, np.int64)
    sites, ids, seats, nets = [], [], [], []
    site_col = hands.column("site").to_pylist() if adjusted else []
    id_col = hands.column("hand_id").to_pylist() if adjusted else []
    for (i, seat), value in sorted(adjusted.items()):
        per_hand[i] += 1
        sites.append(site_col[i])
        ids.append(id_col[i])
        seats.append(seat)
        nets.append(to_cents(value))
    equity = pa.table([pa.array(sites, pa.string()), pa.array(ids, pa.string()),
                       pa.array(seats, pa.int32()), pa.array(nets, pa.decimal128(18, 2))],
                      schema=_EQUITY_SCHEMA)
    looked = hands.select(["site", "hand_id", "imported_at"])
    starts = {**rows.starts,
              "allin_equity": (0, *np.cumsum(per_hand).tolist()),
              "allin_equity_hands": tuple(range(n + 1))}
    return replace(rows, tables={**rows.tables, "allin_equity": equity,
                                 "allin_equity_hands": looked}, starts=starts)


def _column(table: pa.Table, name: str) -> pa.Array:
    column = table.column(name)
    return column.combine_chunks() if isinstance(column, pa.ChunkedArray) else column


def _anyone_all_in(rows: Rows) -> bool:
    """Whether any action of the batch is all in: one test, so the many files where nobody
    is (a folder of small files: most of the corpus) skip the candidate search, whose dozen
    Arrow calls cost about 1 ms a file whatever its size (measured on the corpus)."""
    all_in = rows.tables["actions"].column("all_in")
    return rows.n_hands > 0 and all_in.null_count < len(all_in) and bool(pc.any(all_in).as_py())


def _candidates(rows: Rows) -> tuple[np.ndarray, list[str]]:
    """The hands to count (row numbers) and the street each one's betting ended on: hold'em,
    someone all in, the last fold, check, call, bet or raise before the river (the store's
    query, :data:`reports.equity._CANDIDATES`, on the batch's rows)."""
    n = rows.n_hands
    actions = rows.tables["actions"]
    if n == 0 or actions.num_rows == 0:
        return np.zeros(0, np.int64), []
    hand_of = np.repeat(np.arange(n), rows.counts("actions"))
    all_in = _column(actions, "all_in").fill_null(False).to_numpy(zero_copy_only=False)
    any_all_in = np.bincount(hand_of[all_in], minlength=n) > 0
    holdem = pc.equal(_column(rows.tables["hands"], "game"), "holdem").fill_null(False)
    wanted = any_all_in & holdem.to_numpy(zero_copy_only=False)
    betting = pc.is_in(_column(actions, "kind"), value_set=_BETTING).fill_null(False)
    mask = betting.to_numpy(zero_copy_only=False) & wanted[hand_of]
    at = np.flatnonzero(mask)
    if not len(at):
        return np.zeros(0, np.int64), []
    seq = _column(actions, "seq").fill_null(-1).to_numpy(zero_copy_only=False)[at]
    owner = hand_of[at]
    order = np.lexsort((seq, owner))  # by hand, then seq: each hand's last one ends its run
    at, owner = at[order], owner[order]
    last = np.flatnonzero(np.append(owner[1:] != owner[:-1], True))
    last_rows, last_hands = at[last], owner[last]
    street = _column(actions, "street").take(pa.array(last_rows, pa.int64()))
    early = pc.is_in(street, value_set=_BEFORE_RIVER).fill_null(False).to_numpy(
        zero_copy_only=False)
    return last_hands[early], street.filter(pa.array(early)).to_pylist()


def _per_hand(rows: Rows, name: str, columns: list[str], chosen: np.ndarray
              ) -> list[list[tuple]]:
    """The rows of table ``name`` (those columns) of each chosen hand, in table order."""
    counts = rows.counts(name)
    take = np.zeros(rows.n_hands, np.bool_)
    take[chosen] = True
    table = rows.tables[name].select(columns)
    picked = table.filter(pa.array(np.repeat(take, counts)))
    values = list(zip(*(picked.column(c).to_pylist() for c in columns), strict=True))
    out, lo = [], 0
    for k in counts[chosen].tolist():
        out.append(values[lo:lo + k])
        lo += k
    return out


def _adjusted(rows: Rows, chosen: np.ndarray, streets: list[str]
              ) -> dict[tuple[int, int], Fraction]:
    """(hand row, seat) -> all-in adjusted net of the chosen hands."""
    boards = _column(rows.tables["hands"], "board").take(pa.array(chosen, pa.int64()))
    games = _column(rows.tables["hands"], "game").take(pa.array(chosen, pa.int64()))
    seats = _per_hand(rows, "seats", ["seat", "hole_cards", "invested", "collected"], chosen)
    pots = _per_hand(rows, "pots", ["pot_index", "amount", "eligible_seats"], chosen)
    keys = [(0, int(i)) for i in chosen]  # by row: a batch may hold a hand twice
    hands = [(*key, board, game, street) for key, board, game, street in zip(
        keys, boards.to_pylist(), games.to_pylist(), streets, strict=True)]
    # as the store's query gives them: a hand without seats (or pots) has no entry, its pots
    # in pot_index order (NULLs last)
    seats_by = {key: mine for key, mine in zip(keys, seats, strict=True) if mine}
    pots_by = {key: [(amount, elig) for _, amount, elig in sorted(
        pot, key=lambda p: (p[0] is None, p[0] or 0))]
        for key, pot in zip(keys, pots, strict=True) if pot}
    return {(i, seat): value for (_, i, seat), value in
            adjusted_of_hands(hands, seats_by, pots_by).items()}
