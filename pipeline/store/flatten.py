"""Hands and their replays -> one Arrow table per hand-keyed table, column by column.

Why this shape (it is the store's hot path: every imported hand passes here once):
- Column-wise, never row by row. Each column is gathered across the whole batch at C speed
  (``map(attrgetter(...), objects)``) and converted by one ``pa.array``; Python code runs per
  row only where a row needs a decision (cards to join). The (site, hand_id) of the child
  tables' rows are one ``take`` from the hands table's columns.
- Rows are related through integer keys, ``hand number << 32 | seat``, looked up with numpy
  (:func:`pipeline.store.columns.lookup`) under the rule of a dict: the last entry of a key
  wins. That is how an action or a pot finds its player's name, a seat its replay result
  and the site's payout.
- Money stays an integer. Each money column is an ``int64`` in the hand's minor unit, scaled
  to cents by an integer multiply only when some hand of the batch has fewer than two
  decimals, and written straight into ``DECIMAL(18, 2)`` buffers
  (:func:`pipeline.store.columns.money`): no Decimal object and no float anywhere.
- Any value a column cannot hold raises, and so does a batch holding a hand that
  :func:`pipeline.store.storable.unstorable` refuses (bounded once per batch over the columns
  gathered here, :func:`pipeline.store.storable.first_unstorable`), so the import falls back
  and rejects the odd hands alone (:func:`pipeline.store.rows.storable_problems`).
- Each table is built by column name and laid out in the order of the column spec
  (:data:`pipeline.store.schema.TABLES`), with the Arrow types derived from it; the same
  function serves the DuckDB store and the Parquet shards of the Dask import, so the two
  always agree on every column.
"""

from __future__ import annotations

import gc
from collections.abc import Sequence
from datetime import datetime
from itertools import chain
from operator import attrgetter

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc

from parsers.model import ActionKind, Hand, Street
from pipeline.engine.result import Replay, Severity
from pipeline.store import columns as col
from pipeline.store.schema import (
    MONEY_SCALE,
    TABLES,
    Kind,
    arrow_type,
    names_after_button,
    positions,
)
from pipeline.store.seat_flags import seat_flags_rows
from pipeline.store.storable import first_unstorable

#: The text stored for each street and action kind, looked up per row like a dict of names
#: (reading the enum's ``value`` property per action costs ~5 % of flattening).
_STREET_NAMES = {s: s.name.lower() for s in Street}
_KIND_NAMES = {k: k.value for k in ActionKind}
_RETURN = ActionKind.UNCALLED_RETURN.value
#: Bound on each term of a seat's net and final stack, so that their sums cannot overflow.
_TERM_LIMIT = 2**61
#: Sites whose printed cash-out amount is already net of the cash-out fee. PokerStars prints
#: "cashed out the hand for $26.10 | Cash Out Fee $0.26" and the player's next stack shows
#: the $26.10 (checked on 40 corpus hands); GGPoker's "Pays Cashout Risk ($X)" is paid out
#: of the pot the player collected, so there the fee comes off.
FEE_INCLUDED_SITES = frozenset({"pokerstars"})

#: Arrow types of the columns, from the spec. Minor units travel as int64 (BIGINT's type) until
#: :func:`pipeline.store.columns.money` turns them into cents.
_S, _I32, _I64 = arrow_type(Kind.VARCHAR), arrow_type(Kind.INTEGER), arrow_type(Kind.BIGINT)
_B, _TS = arrow_type(Kind.BOOLEAN), arrow_type(Kind.TIMESTAMP)
_S_LIST, _I32_LIST = arrow_type(Kind.VARCHAR_LIST), arrow_type(Kind.INTEGER_LIST)
_MONEY_LIST = arrow_type(Kind.MONEY_LIST)

_SEATS, _ACTIONS, _REPORT = attrgetter("seats"), attrgetter("actions"), attrgetter("report")
_BOARDS, _FEES = attrgetter("boards"), attrgetter("fees")
_POTS, _FINDINGS = attrgetter("pots"), attrgetter("findings")
_SEAT, _PLAYER, _STACK = attrgetter("seat"), attrgetter("player"), attrgetter("stack")
_KNOWN, _HOLE = attrgetter("stack_known"), attrgetter("hole_cards")
_HERO, _OUT = attrgetter("is_hero"), attrgetter("sitting_out")
_INVESTED, _WON = attrgetter("invested"), attrgetter("won")
_NET, _FINAL = attrgetter("net"), attrgetter("final_stack")
_SHOWDOWN = attrgetter("went_to_showdown")
_STREET, _AMOUNT, _TO = attrgetter("street"), attrgetter("amount"), attrgetter("to")
_KIND = attrgetter("kind")
_ALL_IN, _CARDS, _LINE = attrgetter("all_in"), attrgetter("cards"), attrgetter("line")
_INDEX, _ELIGIBLE, _WINNERS = attrgetter("index"), attrgetter("eligible"), attrgetter("winners")


def flatten(batch: Sequence[tuple[Hand, Replay]], now: datetime) -> dict[str, pa.Table]:
    """One Arrow table per hand-keyed table for ``batch`` (money exact, in cents), the stat
    facts (``seat_flags``, computed from the others) included."""
    flat = flatten_batch(batch, now)
    starts = {name: (0, *np.cumsum(counts).tolist()) for name, counts in flat.counts.items()}
    return {**flat.tables, "seat_flags": seat_flags_rows(flat.tables, starts)[0]}


def flatten_batch(batch: Sequence[tuple[Hand, Replay]], now: datetime) -> Batch:
    """:class:`Batch` with the garbage collector off: the columns are lists of strings and
    numbers (no reference cycle to find), and each collection would walk every live Hand of
    the batch for nothing (measured: flattening 2000 hands ran 2.5x slower with it on)."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        return Batch(batch, now)
    finally:
        if enabled:
            gc.enable()


class Batch:
    """One batch flattened: ``tables``, and ``counts[table][i]``, the rows of hand ``i``."""

    __slots__ = ("amounts", "counts", "factors", "hand_id", "n", "numbers", "site", "tables")

    def __init__(self, batch: Sequence[tuple[Hand, Replay]], now: datetime) -> None:
        hands = [h for h, _ in batch]
        replays = [r for _, r in batch]
        seat_lists = list(map(_SEATS, hands))
        act_lists = list(map(_ACTIONS, hands))
        pot_lists = list(map(_POTS, replays))
        finding_lists = list(map(_FINDINGS, replays))
        self.n = len(hands)
        self.counts = {
            "hands": np.ones(self.n, np.int64),
            "seats": col.lengths(seat_lists),
            "actions": col.lengths(act_lists),
            "pots": col.lengths(pot_lists),
            "findings": col.lengths(finding_lists),
        }
        self.site = pa.array([h.site for h in hands], _S)
        self.hand_id = pa.array([h.hand_id for h in hands], _S)
        self.factors = _factors(hands)
        # Magnitudes of what :func:`unstorable` bounds, filled in as the columns are gathered:
        # amounts (minor units) and the values of INTEGER columns.
        self.amounts: list[int] = [0]
        self.numbers: list[int] = [0]
        reports = list(map(_REPORT, hands))
        seats = _seats(self, hands, replays, reports, seat_lists)
        self.tables = {
            "hands": _hands(self, hands, replays, reports, seats, finding_lists, now),
            "seats": seats.table,
            "actions": _actions(self, act_lists, seats),
            "pots": _pots(self, reports, pot_lists, seats),
            "findings": _findings(self, finding_lists),
        }
        problem = first_unstorable(batch, max(self.amounts), max(self.numbers))
        if problem is not None:
            raise pa.ArrowInvalid(problem)

    def rows(self, table: str) -> np.ndarray:
        """The hand number of each row of ``table``."""
        return np.repeat(np.arange(self.n, dtype=np.int64), self.counts[table])

    def key_columns(self, rows: np.ndarray) -> dict[str, pa.Array]:
        """The ``site`` and ``hand_id`` columns of rows belonging to hands ``rows``."""
        index = pa.array(rows)
        return {"site": self.site.take(index), "hand_id": self.hand_id.take(index)}

    def factor(self, rows: np.ndarray) -> np.ndarray | None:
        """Per row, what turns its hand's minor unit into cents (None: cents already)."""
        return None if self.factors is None else self.factors[rows]


def _factors(hands: list[Hand]) -> np.ndarray | None:
    """Per hand, what turns its minor unit into cents; None when every hand is in cents."""
    decimals = [h.decimals for h in hands]
    if all(d == MONEY_SCALE for d in decimals):
        return None
    if any(d > MONEY_SCALE for d in decimals):
        raise pa.ArrowInvalid(f"a hand finer than {MONEY_SCALE} decimals cannot be stored")
    return np.array([10 ** (MONEY_SCALE - d) for d in decimals], np.int64)


# -- seats ---------------------------------------------------------------------------------


class _Seats:
    """The seats table, and what the other tables look up in it: players by seat key."""

    __slots__ = ("keys", "players", "table")

    def __init__(self, table: pa.Table, keys: np.ndarray, players: pa.Array) -> None:
        self.table = table
        self.keys = keys
        self.players = players

    def names(self, keys: np.ndarray) -> pa.Array:
        """The player sitting at each key (hand << 32 | seat), null where nobody does."""
        return col.take(self.players, col.lookup(self.keys, keys))


def _seats(batch: Batch, hands: list[Hand], replays: list[Replay], reports: list,
           seat_lists: list) -> _Seats:
    seats = list(chain.from_iterable(seat_lists))
    rows = batch.rows("seats")
    number = pa.array(list(map(_SEAT, seats)), _I32)
    batch.numbers.append(col.magnitude(number))
    seat_keys = (rows << 32) + col.ints(number)
    players = pa.array(list(map(_PLAYER, seats)), _S)
    sitting_out = pa.array(list(map(_OUT, seats)), _B)

    # The replay's result for each seat (``results.get(seat)`` of a dict: the last one wins).
    result_lists = list(map(_SEATS, replays))
    results = list(chain.from_iterable(result_lists))
    result_rows = np.repeat(np.arange(batch.n, dtype=np.int64), col.lengths(result_lists))
    at = col.lookup(col.keys(result_rows, list(map(_SEAT, results))), seat_keys)
    result_invested = np.array(list(map(_INVESTED, results)), np.int64)
    result_won = np.array(list(map(_WON, results)), np.int64)
    batch.amounts.extend(col.magnitude(np.array(list(map(get, results)), np.int64))
                         for get in (_NET, _FINAL))
    batch.amounts.extend((col.magnitude(result_invested), col.magnitude(result_won)))
    invested = col.pick(result_invested, at, 0)
    won = col.pick(result_won, at, 0)
    showdown = col.pick(results, at, False, _SHOWDOWN, np.bool_)
    collected = _collected(batch, hands, reports, rows, seat_keys, won)

    # net = final stack - starting stack, always: the site's collections (cash-outs
    # included) decide both; a stack the log never printed is unknown, not 0.
    known = np.array(list(map(_KNOWN, seats)), np.bool_)
    starting = pa.array(list(map(_STACK, seats)), _I64)
    batch.amounts.append(col.magnitude(starting))  # unknown stacks too
    if not known.all():
        starting = pa.array(col.ints(starting), mask=~known)
    stack = col.ints(starting.fill_null(0)) if starting.null_count else col.ints(starting)
    for term in (stack, invested, collected):
        if term.size and int(np.abs(term).max()) >= _TERM_LIMIT:
            raise pa.ArrowInvalid(f"a stack or payout does not fit DECIMAL(18, {MONEY_SCALE})")
    final = pa.array(stack - invested + collected, mask=None if known.all() else ~known)

    factor = batch.factor(rows)
    table = _table("seats", {
        **batch.key_columns(rows),
        "seat": number,
        "player": players,
        "position": _positions(hands, seat_lists, rows, seat_keys, sitting_out),
        "starting_stack": col.money(starting, factor),
        "hole_cards": _cards(list(map(_HOLE, seats))),
        "invested": col.money(invested, factor),
        "collected": col.money(collected, factor),
        "won": col.money(won, factor),
        "net": col.money(collected - invested, factor),
        "final_stack": col.money(final, factor),
        "went_to_showdown": pa.array(showdown, _B),
        "is_hero": pa.array(list(map(_HERO, seats)), _B),
        "sitting_out": sitting_out,
    })
    return _Seats(table, seat_keys, players)


def _positions(hands: list[Hand], seat_lists: list, rows: np.ndarray, seat_keys: np.ndarray,
               sitting_out: pa.Array) -> pa.Array:
    """Each seat's position name (see :func:`positions`), for the whole batch at once.

    Per hand, the seats dealt in are ordered from the button's left (numbers above the
    button's, then below); they are named SB, BB, ... (:func:`names_after_button`), the
    button BTN, and heads-up the other seat BB. A hand that repeats a seat number (a garbled
    file) is left to :func:`positions` itself, whose dict decides which name wins.
    """
    if not np.all(seat_keys[1:] > seat_keys[:-1]) and _repeats(seat_keys):
        return _positions_by_hand(hands, seat_lists)
    n = len(hands)
    buttons = [h.button_seat for h in hands]
    has = np.array([b is not None for b in buttons], np.bool_)
    button = np.array([0 if b is None else b for b in buttons], np.int64)[rows]
    number = seat_keys - (rows << 32)
    dealt = ~col.bools(sitting_out) & has[rows]
    on_button = dealt & (number == button)
    has_button = np.zeros(n, np.bool_)
    has_button[rows[on_button]] = True
    n_dealt = np.bincount(rows[dealt], minlength=n)

    after = np.flatnonzero(dealt & ~on_button)
    after = after[np.lexsort((number[after], number[after] < button[after], rows[after]))]
    hand_of = rows[after]
    rank = np.arange(len(after)) - np.searchsorted(hand_of, hand_of)
    count = (n_dealt - has_button)[hand_of]
    heads_up = (has_button & (n_dealt == 2))[hand_of]

    # name codes: 0 BTN, 1 BB (heads-up), then the names of each distinct count in turn
    counts = np.unique(count)
    names = ["BTN", "BB"]
    base = np.empty(len(counts), np.int64)
    for i, c in enumerate(counts.tolist()):
        base[i] = len(names)
        names.extend(names_after_button(c))
    code = np.full(len(rows), -1, np.int64)
    code[on_button] = 0
    code[after] = np.where(heads_up, 1, base[np.searchsorted(counts, count)] + rank)
    return col.take(pa.array(names, _S), code)


def _repeats(keys: np.ndarray) -> bool:
    ordered = np.sort(keys)
    return bool(np.any(ordered[1:] == ordered[:-1]))


def _positions_by_hand(hands: list[Hand], seat_lists: list) -> pa.Array:
    position: list[str | None] = []
    for hand, hand_seats in zip(hands, seat_lists, strict=True):
        position.extend(map(positions(hand).get, map(_SEAT, hand_seats)))
    return pa.array(position, _S)


def _collected(batch: Batch, hands: list[Hand], reports: list, rows: np.ndarray,
               seat_keys: np.ndarray, won: np.ndarray) -> np.ndarray:
    """What the site says each seat took home, or what the replay says it won when the site
    printed no collections for that hand.

    Cash-outs count as collected; a cash-out or insurance fee is taken off except where the
    site's printed amount is already net of it (:data:`FEE_INCLUDED_SITES`).
    """
    coll_lists = [r.collections for r in reports]
    cash_lists = [r.cash_outs for r in reports]
    coll_counts, cash_counts = col.lengths(coll_lists), col.lengths(cash_lists)
    reported = (coll_counts + cash_counts) > 0
    if not reported.any():
        return won
    hand_numbers = np.arange(len(hands), dtype=np.int64)
    colls = list(chain.from_iterable(coll_lists))
    cashes = list(chain.from_iterable(cash_lists))
    cash_rows = np.repeat(hand_numbers, cash_counts)
    fee_off = np.array([h.site not in FEE_INCLUDED_SITES for h in hands], np.bool_)[cash_rows]
    fees = np.array([c.fee for c in cashes], np.int64)
    coll_amounts = np.array(list(map(_AMOUNT, colls)), np.int64)
    cash_amounts = np.array(list(map(_AMOUNT, cashes)), np.int64)
    batch.amounts.extend((col.magnitude(coll_amounts), col.magnitude(cash_amounts)))
    amounts = np.concatenate([coll_amounts, cash_amounts - np.where(fee_off, fees, 0)])
    keys = np.concatenate([
        col.keys(np.repeat(hand_numbers, coll_counts), list(map(_SEAT, colls))),
        col.keys(cash_rows, list(map(_SEAT, cashes))),
    ])
    keys, totals = col.group_sums(keys, amounts)
    printed = col.pick(totals, col.lookup(keys, seat_keys), 0)
    return np.where(reported[rows], printed, won)


# -- hands, actions, pots, findings --------------------------------------------------------


def _hands(batch: Batch, hands: list[Hand], replays: list[Replay], reports: list,
           seats: _Seats, finding_lists: list, now: datetime) -> pa.Table:
    seat_counts = batch.counts["seats"]
    dealt = np.concatenate([[0], np.cumsum(~col.bools(seats.table.column("sitting_out")))])
    ends = np.cumsum(seat_counts)
    board, boards = _boards(list(map(_BOARDS, hands)))
    errors = np.array([f.severity is Severity.ERROR for f in chain.from_iterable(
        finding_lists)], np.bool_)
    has_error = np.zeros(batch.n, np.bool_)
    has_error[batch.rows("findings")[errors]] = True

    def money(objects: list, name: str) -> pa.Array:
        units = _attr(objects, name, _I64)
        batch.amounts.append(col.magnitude(units))
        return col.money(units, batch.factors)

    def integers(name: str) -> pa.Array:
        values = _attr(hands, name, _I32)
        batch.numbers.append(col.magnitude(values))
        return values

    stakes = [r.stakes or h.stakes for h, r in zip(hands, replays, strict=True)]
    fee_lists = list(map(_FEES, reports))
    fee_sums = pa.array([sum(v for _, v in f) if f else 0 for f in fee_lists], _I64)
    batch.amounts.append(col.magnitude(fee_sums))
    batch.amounts.append(max((abs(v) for f in fee_lists for _, v in f), default=0))

    return _table("hands", {
        "site": batch.site,
        "hand_id": batch.hand_id,
        "source_file": _attr(hands, "source.file", _S),
        "source_offset": _attr(hands, "source.offset", _I64),
        "source_line": integers("source.line"),
        "game": _attr(hands, "game.value", _S),
        "limit_type": _attr(hands, "limit.value", _S),
        "currency": _attr(hands, "currency", _S),
        "decimals": _attr(hands, "decimals", _I32),
        # the stakes the engine judged the hand at (the posts under a stale header)
        "small_blind": money(stakes, "small_blind"),
        "big_blind": money(stakes, "big_blind"),
        "ante": money(stakes, "ante"),
        "small_bet": money(stakes, "small_bet"),
        "big_bet": money(stakes, "big_bet"),
        # Arrow converts a datetime with a time zone to UTC (and keeps a naive one as is)
        "started_at": _attr(hands, "started_at", _TS),
        "local_time": _attr(hands, "local_time", _S),
        "time_zone": _attr(hands, "time_zone", _S),
        "table_name": _attr(hands, "table_name", _S),
        "button_seat": integers("button_seat"),
        "max_seats": integers("max_seats"),
        "n_players": pa.array(dealt[ends] - dealt[ends - seat_counts], _I32),
        "board": board,
        "boards": boards,
        "total_pot": money(reports, "total_pot"),
        "engine_total_pot": money(replays, "total_pot"),
        "rake": money(reports, "rake"),
        "fees": col.money(fee_sums, batch.factors),
        "tournament_id": _attr(hands, "tournament_id", _S),
        "level": _attr(hands, "level", _S),
        "is_tournament": _attr(hands, "is_tournament", _B),
        "fast_fold": _attr(hands, "fast_fold", _B),
        "payouts_verified": _attr(replays, "payouts_verified", _B),
        "has_error": pa.array(has_error, _B),
        "n_findings": pa.array(batch.counts["findings"], _I32),
        "imported_at": pa.array([now] * batch.n, _TS),
    })


def _boards(board_lists: list[tuple[tuple[str, ...], ...]]) -> tuple[pa.Array, pa.Array]:
    """The ``board`` (the first board, "" when none) and ``boards`` (every board, for a hand
    run twice) columns, each board as its cards joined by spaces."""
    boards = [list(map(" ".join, b)) for b in board_lists]
    return pa.array([b[0] if b else "" for b in boards], _S), pa.array(boards, _S_LIST)


def _cards(card_lists: list[tuple[str, ...] | None]) -> pa.Array:
    """Each entry's cards as one space-separated string, null where there are none. Most
    entries have none (an action that shows nothing, a hand nobody showed): only the others
    are visited by Python code."""
    joined: list[str | None] = [None] * len(card_lists)
    for i in filter(card_lists.__getitem__, range(len(card_lists))):
        joined[i] = " ".join(card_lists[i])
    return pa.array(joined, _S)


def _table(name: str, columns: dict[str, pa.Array]) -> pa.Table:
    """``columns`` as the table ``name`` of the spec, in the spec's order; every column of the
    spec must be given (but those the writer sets on storing), and no other."""
    names = tuple(c.name for c in TABLES[name].columns if not c.on_store)
    if len(columns) != len(names) or not columns.keys() <= set(names):
        raise ValueError(f"the {name} columns built differ from the spec: {sorted(columns)}")
    return pa.Table.from_arrays([columns[n] for n in names], names=list(names))


def _attr(objects: list, name: str, type_: pa.DataType) -> pa.Array:
    """Attribute ``name`` (dotted: through attributes) of every object, as one Arrow array."""
    return pa.array(list(map(attrgetter(name), objects)), type_)


def _actions(batch: Batch, act_lists: list, seats: _Seats) -> pa.Table:
    acts = list(chain.from_iterable(act_lists))
    rows = batch.rows("actions")
    counts = batch.counts["actions"]
    seat = pa.array(list(map(_SEAT, acts)), _I32)
    kind = pa.array(list(map(_KIND_NAMES.__getitem__, map(_KIND, acts))), _S)
    amount = pa.array(list(map(_AMOUNT, acts)), _I64)
    to = pa.array(list(map(_TO, acts)), _I64)
    line = pa.array(list(map(_LINE, acts)), _I32)
    units = col.ints(amount)
    # a running pot is at most a hand's actions times its largest (as unstorable bounds it)
    batch.amounts.extend((col.magnitude(units) * max(int(counts.max(initial=0)), 1),
                          col.magnitude(to)))
    batch.numbers.extend((col.magnitude(seat), col.magnitude(line)))
    returned = col.bools(pc.equal(kind, _RETURN))  # uncalled bets come back out of the pot
    factor = batch.factor(rows)
    return _table("actions", {
        **batch.key_columns(rows),
        "seq": pa.array(np.arange(len(acts)) - np.repeat(np.cumsum(counts) - counts, counts),
                        _I32),
        "street": pa.array(list(map(_STREET_NAMES.__getitem__, map(_STREET, acts))), _S),
        "seat": seat,
        "player": seats.names((rows << 32) + col.ints(seat)),
        "kind": kind,
        "amount": col.money(amount, factor),
        "to_amount": col.money(to, factor),
        "all_in": pa.array(list(map(_ALL_IN, acts)), _B),
        "cards": _cards(list(map(_CARDS, acts))),
        "pot_after": col.money(col.running_sums(np.where(returned, -units, units), counts),
                               factor),
        "line": line,
    })


def _pots(batch: Batch, reports: list, pot_lists: list, seats: _Seats) -> pa.Table:
    pots = list(chain.from_iterable(pot_lists))
    rows = batch.rows("pots")
    index = pa.array(list(map(_INDEX, pots)), _I32)
    # The site's amount of the same pot (``printed.get(index)`` of a dict: the last one wins)
    printed_lists = [r.pots for r in reports]
    printed = list(chain.from_iterable(printed_lists))
    printed_rows = np.repeat(np.arange(batch.n, dtype=np.int64), col.lengths(printed_lists))
    printed_keys = col.keys(printed_rows, list(map(_INDEX, printed)))
    at = col.lookup(printed_keys, (rows << 32) + col.ints(index))
    factor = batch.factor(rows)
    amounts = pa.array(list(map(_AMOUNT, pots)), _I64)
    printed_amounts = pa.array(list(map(_AMOUNT, printed)), _I64)
    batch.amounts.extend((col.magnitude(amounts), col.magnitude(printed_amounts)))
    eligible_names, eligible_seats = _seat_lists(list(map(_ELIGIBLE, pots)), rows, seats)
    winner_names, winner_seats = _seat_lists(list(map(_WINNERS, pots)), rows, seats)
    return _table("pots", {
        **batch.key_columns(rows),
        "pot_index": index,
        "amount": col.money(amounts, factor),
        "printed_amount": col.money(col.take(printed_amounts, at), factor),
        "eligible": eligible_names,
        "winners": winner_names,
        "eligible_seats": eligible_seats,
        "winner_seats": winner_seats,
    })


def _seat_lists(lists: list[tuple[int, ...]], rows: np.ndarray,
                seats: _Seats) -> tuple[pa.Array, pa.Array]:
    """A pot's seats as two list columns: the players' names (the seat number as text where
    no player sits there) and the seat numbers."""
    lengths = col.lengths(lists)
    offsets = pa.array(np.concatenate([[0], np.cumsum(lengths)]), _I32)
    numbers = pa.array(list(chain.from_iterable(lists)), _I32)
    names = seats.names((np.repeat(rows, lengths) << 32) + col.ints(numbers))
    if names.null_count:
        names = pc.if_else(names.is_valid(), names, numbers.cast(_S))
    return (pa.ListArray.from_arrays(offsets, names, type=_S_LIST),
            pa.ListArray.from_arrays(offsets, numbers, type=_I32_LIST))


def _findings(batch: Batch, finding_lists: list) -> pa.Table:
    found = list(chain.from_iterable(finding_lists))
    line = pa.array([f.line for f in found], _I32)
    batch.numbers.append(col.magnitude(line))
    rows = batch.rows("findings")
    return _table("findings", {
        **batch.key_columns(rows),
        "code": pa.array([f.code for f in found], _S),
        "severity": pa.array([f.severity.value for f in found], _S),
        "message": pa.array([f.message for f in found], _S),
        "line": line,
        "amounts": _amount_lists(batch, [f.amounts for f in found], rows),
    })


def _amount_lists(batch: Batch, lists: list[tuple[int, ...]], rows: np.ndarray) -> pa.Array:
    """Each finding's amounts (minor units) as a list of exact money, in its hand's cents."""
    lengths = col.lengths(lists)
    offsets = pa.array(np.concatenate([[0], np.cumsum(lengths)]), _I32)
    flat = np.array(list(chain.from_iterable(lists)), np.int64)
    batch.amounts.append(col.magnitude(flat))
    factor = batch.factor(np.repeat(rows, lengths))
    return pa.ListArray.from_arrays(offsets, col.money(flat, factor), type=_MONEY_LIST)
