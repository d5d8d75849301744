"""Hands and their replays -> one Arrow table per hand-keyed table, column-wise.

Why this shape (it is the store's hot path: every imported hand passes here once):
- One tuple per row, then one transposition (``zip(*rows)``) per table and one ``pa.array``
  per column: no per-row dict, no per-cell append call.
- Money stays an integer. Each money column is built as ``int64`` in the hand's minor unit,
  scaled to cents by an integer multiply (checked for overflow) only when some hand of the
  batch has fewer than two decimals, then reinterpreted as ``DECIMAL(18, 2)``: a decimal's
  storage *is* its unscaled integer, so ``cents -> decimal128(19, 0) -> view as (19, 2) ->
  checked cast to (18, 2)`` is exact, with no Decimal object and no float anywhere.
- The same function serves the DuckDB store and the Parquet shards of the Dask import, so
  the two always agree on every column.
"""

from __future__ import annotations

import gc
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime

import pyarrow as pa
import pyarrow.compute as pc

from parsers.model import ActionKind, Hand, Street
from pipeline.engine.result import Replay
from pipeline.store_schema import MONEY_SCALE, positions

_MONEY_ARROW = pa.decimal128(18, MONEY_SCALE)
_WIDE_UNITS = pa.decimal128(19, 0)
_WIDE_CENTS = pa.decimal128(19, MONEY_SCALE)
_STREET_NAMES = {s: s.name.lower() for s in Street}
_RETURN = ActionKind.UNCALLED_RETURN
#: Sites whose printed cash-out amount is already net of the cash-out fee. PokerStars prints
#: "cashed out the hand for $26.10 | Cash Out Fee $0.26" and the player's next stack shows
#: the $26.10 (checked on 40 corpus hands); GGPoker's "Pays Cashout Risk ($X)" is paid out
#: of the pot the player collected, so there the fee comes off.
FEE_INCLUDED_SITES = frozenset({"pokerstars"})

HAND_COLS = (
    "site", "hand_id", "source_file", "source_offset", "source_line", "game",
    "limit_type", "currency", "decimals", "small_blind", "big_blind", "ante", "small_bet",
    "big_bet", "started_at", "local_time", "time_zone", "table_name", "button_seat",
    "max_seats", "n_players", "board", "boards", "total_pot", "engine_total_pot", "rake",
    "fees", "tournament_id", "level", "is_tournament", "fast_fold", "payouts_verified",
    "has_error", "n_findings", "imported_at",
)
SEAT_COLS = (
    "site", "hand_id", "seat", "player", "position", "starting_stack",
    "hole_cards", "invested", "collected", "won", "net", "final_stack", "went_to_showdown",
    "is_hero", "sitting_out",
)
ACTION_COLS = (
    "site", "hand_id", "seq", "street", "seat", "player", "kind", "amount",
    "to_amount", "all_in", "cards", "pot_after", "line",
)
POT_COLS = (
    "site", "hand_id", "pot_index", "amount", "printed_amount", "eligible",
    "winners", "eligible_seats", "winner_seats",
)
FINDING_COLS = ("site", "hand_id", "code", "severity", "message", "line")

_MONEY_COLS = frozenset({
    "small_blind", "big_blind", "ante", "small_bet", "big_bet", "total_pot",
    "engine_total_pot", "rake", "fees", "starting_stack", "invested", "collected", "won",
    "net", "final_stack", "amount", "to_amount", "pot_after", "printed_amount",
})

_S, _I32, _I64, _B = pa.string(), pa.int32(), pa.int64(), pa.bool_()
_TS = pa.timestamp("us")
_TYPES: dict[str, pa.DataType] = {
    "site": _S, "hand_id": _S, "source_file": _S, "source_offset": _I64, "source_line": _I32,
    "game": _S, "limit_type": _S, "currency": _S, "decimals": _I32, "started_at": _TS,
    "local_time": _S, "time_zone": _S, "table_name": _S, "button_seat": _I32,
    "max_seats": _I32, "n_players": _I32, "board": _S, "boards": pa.list_(_S),
    "tournament_id": _S, "level": _S, "is_tournament": _B, "fast_fold": _B,
    "payouts_verified": _B, "has_error": _B, "n_findings": _I32, "imported_at": _TS,
    "seat": _I32, "player": _S, "position": _S, "hole_cards": _S, "went_to_showdown": _B,
    "is_hero": _B, "sitting_out": _B, "seq": _I32, "street": _S, "kind": _S, "all_in": _B,
    "cards": _S, "line": _I32, "pot_index": _I32, "eligible": pa.list_(_S),
    "winners": pa.list_(_S), "eligible_seats": pa.list_(_I32), "winner_seats": pa.list_(_I32),
    "code": _S, "severity": _S, "message": _S,
}

TABLE_COLS = {
    "hands": HAND_COLS, "seats": SEAT_COLS, "actions": ACTION_COLS, "pots": POT_COLS,
    "findings": FINDING_COLS,
}


def arrow_schema(table: str) -> pa.Schema:
    """The Arrow schema of one hand-keyed table (empty Parquet shards need it)."""
    return pa.schema([
        (col, _MONEY_ARROW if col in _MONEY_COLS else _TYPES[col]) for col in TABLE_COLS[table]
    ])


def flatten(batch: Sequence[tuple[Hand, Replay]], now: datetime) -> dict[str, pa.Table]:
    """One Arrow table per hand-keyed table for ``batch`` (money exact, in cents).

    The garbage collector is off meanwhile: the rows are tuples of strings and numbers (no
    reference cycle to find), and each collection would walk every live Hand of the batch
    for nothing (measured: flattening 2000 hands ran 2.5x slower with it on).
    """
    enabled = gc.isenabled()
    gc.disable()
    try:
        return _flatten(batch, now)
    finally:
        if enabled:
            gc.enable()


def _flatten(batch: Sequence[tuple[Hand, Replay]], now: datetime) -> dict[str, pa.Table]:
    rows: dict[str, list[tuple]] = {name: [] for name in TABLE_COLS}
    scales: dict[str, list[int]] = {name: [] for name in TABLE_COLS}
    uniform = True
    for hand, replay in batch:
        counts = _rows(hand, replay, now, rows)
        scale = 10 ** (MONEY_SCALE - hand.decimals)
        uniform = uniform and scale == 1
        for name, count in zip(TABLE_COLS, counts, strict=True):
            scales[name].extend([scale] * count)
    return {
        name: _table(name, rows[name], None if uniform else scales[name]) for name in TABLE_COLS
    }


def _table(name: str, rows: list[tuple], scale: list[int] | None) -> pa.Table:
    cols = TABLE_COLS[name]
    columns = list(zip(*rows, strict=True)) if rows else [()] * len(cols)
    factor = pa.array(scale, _I64) if scale is not None else None
    arrays = []
    for col, values in zip(cols, columns, strict=True):
        if col in _MONEY_COLS:
            arrays.append(_money(values, factor))
        else:
            arrays.append(pa.array(values, _TYPES[col]))
    return pa.Table.from_arrays(arrays, names=list(cols))


def _money(values: Sequence[int | None], factor: pa.Array | None) -> pa.Array:
    """Minor units -> exact DECIMAL(18, 2): integer scaling, then a reinterpretation."""
    units = pa.array(values, _I64)
    if factor is not None:
        units = pc.multiply_checked(units, factor)
    return units.cast(_WIDE_UNITS).view(_WIDE_CENTS).cast(_MONEY_ARROW)


def _rows(hand: Hand, replay: Replay, now: datetime, out: dict[str, list[tuple]]) -> tuple:
    """Append this hand's rows to ``out``; returns how many rows each table got."""
    site, hid = hand.site, hand.hand_id
    report, stakes, source = hand.report, hand.stakes, hand.source
    seats = hand.seats
    names = {seat.seat: seat.player for seat in seats}
    started = hand.started_at
    if started is not None and started.tzinfo is not None:
        started = started.astimezone(UTC).replace(tzinfo=None)
    out["hands"].append((
        site, hid, source.file, source.offset, source.line, hand.game.value,
        hand.limit.value, hand.currency, hand.decimals, stakes.small_blind, stakes.big_blind,
        stakes.ante, stakes.small_bet, stakes.big_bet, started, hand.local_time,
        hand.time_zone, hand.table_name, hand.button_seat, hand.max_seats,
        sum(1 for s in seats if not s.sitting_out), " ".join(hand.board),
        [" ".join(b) for b in hand.boards], report.total_pot, replay.total_pot, report.rake,
        sum(v for _, v in report.fees) if report.fees else 0, hand.tournament_id, hand.level,
        hand.is_tournament, hand.fast_fold, replay.payouts_verified, replay.has_errors,
        len(replay.findings), now,
    ))

    results = {r.seat: r for r in replay.seats}
    site_collected = _site_collected(hand)
    pos = positions(hand)
    seat_rows = out["seats"]
    for seat in seats:
        n = seat.seat
        r = results.get(n)
        invested = r.invested if r else 0
        won = r.won if r else 0
        collected = site_collected.get(n, 0) if site_collected is not None else won
        # net = final stack - starting stack, always: the site's collections (cash-outs
        # included) decide both; a stack the log never printed is unknown, not 0.
        known = seat.stack_known
        final = seat.stack - invested + collected if known else None
        seat_rows.append((
            site, hid, n, seat.player, pos.get(n), seat.stack if known else None,
            " ".join(seat.hole_cards) if seat.hole_cards else None, invested, collected, won,
            collected - invested, final, bool(r and r.went_to_showdown), seat.is_hero,
            seat.sitting_out,
        ))

    pot = 0
    action_rows = out["actions"]
    for seq, act in enumerate(hand.actions):
        pot = pot - act.amount if act.kind is _RETURN else pot + act.amount
        action_rows.append((
            site, hid, seq, _STREET_NAMES[act.street], act.seat, names.get(act.seat),
            act.kind.value, act.amount, act.to, act.all_in,
            " ".join(act.cards) if act.cards else None, pot, act.line,
        ))

    printed = {pp.index: pp.amount for pp in report.pots}
    pot_rows = out["pots"]
    for pt in replay.pots:
        pot_rows.append((
            site, hid, pt.index, pt.amount, printed.get(pt.index),
            [names.get(x, str(x)) for x in pt.eligible],
            [names.get(x, str(x)) for x in pt.winners], list(pt.eligible), list(pt.winners),
        ))

    finding_rows = out["findings"]
    for finding in replay.findings:
        finding_rows.append(
            (site, hid, finding.code, finding.severity.value, finding.message, finding.line)
        )
    return _row_counts(hand, replay)


def _site_collected(hand: Hand) -> dict[int, int] | None:
    """What the site says each seat took home, or None when it printed no collections.

    Cash-outs count as collected; a cash-out or insurance fee is taken off except where the
    site's printed amount is already net of it (:data:`FEE_INCLUDED_SITES`).
    """
    report = hand.report
    if not (report.collections or report.cash_outs):
        return None
    out: dict[int, int] = {}
    for c in report.collections:
        out[c.seat] = out.get(c.seat, 0) + c.amount
    fee_off = hand.site not in FEE_INCLUDED_SITES
    for c in report.cash_outs:
        out[c.seat] = out.get(c.seat, 0) + c.amount - (c.fee if fee_off else 0)
    return out


def storable_problem(hand: Hand, replay: Replay) -> str | None:
    """The error converting this one hand to Arrow columns, or None (the writer's fallback)."""
    try:
        flatten([(hand, replay)], datetime.now(UTC).replace(tzinfo=None))
    except Exception as exc:  # noqa: BLE001 - any conversion failure makes the hand a reject
        return f"{type(exc).__name__}: {exc}"
    return None


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

    def counts(self, name: str) -> list[int]:
        """Rows of ``name`` per hand."""
        s = self.starts[name]
        return [b - a for a, b in zip(s, s[1:], strict=False)]


def flatten_rows(batch: Sequence[tuple[Hand, Replay]], now: datetime) -> Rows:
    """:func:`flatten` plus the per-hand row offsets that :class:`Rows` carries."""
    tables = flatten(batch, now)
    starts: dict[str, tuple[int, ...]] = {}
    per_hand = [_row_counts(hand, replay) for hand, replay in batch]
    for k, name in enumerate(TABLE_COLS):
        acc, s = 0, [0]
        for counts in per_hand:
            acc += counts[k]
            s.append(acc)
        starts[name] = tuple(s)
    return Rows(tables, starts, tuple(hand.source.file for hand, _ in batch))


def concat_rows(parts: Sequence[Rows]) -> Rows:
    """Several Rows as one (a batch made of pieces of several files)."""
    if len(parts) == 1:
        return parts[0]
    if not parts:
        return flatten_rows((), datetime.now(UTC).replace(tzinfo=None))
    tables, starts = {}, {}
    for name in TABLE_COLS:
        tables[name] = pa.concat_tables([p.tables[name] for p in parts])
        acc, s = 0, [0]
        for p in parts:
            ps = p.starts[name]
            s.extend(acc + x for x in ps[1:])
            acc += ps[-1]
        starts[name] = tuple(s)
    return Rows(tables, starts, tuple(x for p in parts for x in p.sources))


def _row_counts(hand: Hand, replay: Replay) -> tuple[int, int, int, int, int]:
    return 1, len(hand.seats), len(hand.actions), len(replay.pots), len(replay.findings)
