"""Compact per-hand records for the report page's replayer: every stored row a hand needs to be
redrawn action by action (seats, actions with the pot after each, pots with their winners,
findings tied to the action they name), for a list of hands at once.

Money leaves as integers in the store's hundredths (``DECIMAL(18, 2)`` times 100), never as
floats: the page divides by 100 and prints ``decimals`` places in the hand's currency. Names
and messages are data in the JSON (the page sets them as text, never as markup).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from decimal import Decimal
from typing import Any

import duckdb
import pandas as pd

__all__ = ["hand_records", "hundredths"]

_HANDS = """
SELECT h.site, h.hand_id, h.started_at, h.game, h.limit_type, h.currency, h.decimals,
       h.small_blind, h.big_blind, h.ante, h.table_name, h.button_seat, h.max_seats, h.board,
       h.total_pot, h.rake, h.is_tournament, h.tournament_id, h.n_findings, h.has_error
FROM hands h SEMI JOIN _replay_keys k USING (site, hand_id)
"""
_SEATS = """
SELECT s.site, s.hand_id, s.seat, s.player, s.position, s.starting_stack, s.hole_cards,
       s.invested, s.collected, s.net, s.is_hero, s.sitting_out, e.adjusted_net
FROM seats s SEMI JOIN _replay_keys k USING (site, hand_id)
LEFT JOIN ({equity}) e USING (site, hand_id, seat)
ORDER BY s.site, s.hand_id, s.seat
"""
_ACTIONS = """
SELECT a.site, a.hand_id, a.street, a.seat, a.kind, a.amount, a.to_amount, a.all_in, a.cards,
       a.pot_after, a.line
FROM actions a SEMI JOIN _replay_keys k USING (site, hand_id)
ORDER BY a.site, a.hand_id, a.seq
"""
_POTS = """
SELECT p.site, p.hand_id, p.amount, p.eligible_seats, p.winner_seats
FROM pots p SEMI JOIN _replay_keys k USING (site, hand_id)
ORDER BY p.site, p.hand_id, p.pot_index
"""
_FINDINGS = """
SELECT f.site, f.hand_id, f.code, f.severity, f.message, f.line
FROM findings f SEMI JOIN _replay_keys k USING (site, hand_id)
ORDER BY f.site, f.hand_id, f.line NULLS LAST, f.code
"""
_NO_EQUITY = ("SELECT NULL::VARCHAR AS site, NULL::VARCHAR AS hand_id, NULL::INTEGER AS seat, "
              "NULL::DECIMAL(18, 2) AS adjusted_net WHERE false")


def hundredths(value: Decimal | None) -> int | None:
    """A stored amount (two decimal places) as an integer count of hundredths."""
    return None if value is None else int(Decimal(value).scaleb(2))


def _action_index(lines: Sequence[int | None], line: int | None) -> int | None:
    """The action a finding names: the one on its line, else the last one before it."""
    if line is None:
        return None
    best = None
    for i, at in enumerate(lines):
        if at is not None and at <= line:
            best = i
    return best


def hand_records(con: duckdb.DuckDBPyConnection, keys: pd.DataFrame,
                 equity_table: bool) -> list[dict[str, Any]]:
    """One record per hand of ``keys`` (columns site, hand_id), in the order of ``keys``.

    ``equity_table``: the store has ``allin_equity`` (the adjusted net of each contender).
    """
    if keys.empty:
        return []
    con.register("_replay_keys", keys[["site", "hand_id"]])
    try:
        equity = "SELECT site, hand_id, seat, adjusted_net FROM main.allin_equity" \
            if equity_table else _NO_EQUITY
        hands = con.execute(_HANDS).fetchall()
        grouped: dict[str, dict[tuple[str, str], list[tuple]]] = {}
        for name, sql in (("seats", _SEATS.format(equity=equity)), ("actions", _ACTIONS),
                          ("pots", _POTS), ("findings", _FINDINGS)):
            rows: dict[tuple[str, str], list[tuple]] = defaultdict(list)
            for row in con.execute(sql).fetchall():
                rows[(row[0], row[1])].append(row[2:])
            grouped[name] = rows
    finally:
        con.unregister("_replay_keys")
    by_key = {(h[0], h[1]): h for h in hands}
    out = []
    for site, hand_id in zip(keys["site"], keys["hand_id"], strict=True):
        hand = by_key.get((site, hand_id))
        if hand is not None:
            out.append(_record(hand, {n: g.get((site, hand_id), []) for n, g in grouped.items()}))
    return out


def _record(hand: tuple, rows: dict[str, list[tuple]]) -> dict[str, Any]:
    (site, hand_id, started, game, limit_type, currency, decimals, sb, bb, ante, table_name,
     button, max_seats, board, total_pot, rake, is_tournament, tournament_id, n_findings,
     has_error) = hand
    actions = [[street, seat, kind, hundredths(amount), hundredths(to_amount), bool(all_in),
                cards, hundredths(pot_after)]
               for street, seat, kind, amount, to_amount, all_in, cards, pot_after, _ in
               rows["actions"]]
    lines = [r[-1] for r in rows["actions"]]
    return {
        "k": f"{site}:{hand_id}",
        "site": site,
        "t": started.isoformat(sep=" ") if started is not None else None,
        "game": game, "limit": limit_type, "cur": currency,
        "dec": 2 if decimals is None else int(decimals),
        "sb": hundredths(sb), "bb": hundredths(bb), "ante": hundredths(ante),
        "table": table_name, "btn": button, "max": max_seats, "board": board or "",
        "pot": hundredths(total_pot), "rake": hundredths(rake),
        "tour": tournament_id if is_tournament else None,
        "nf": int(n_findings or 0), "err": bool(has_error),
        "seats": [[seat, player, position, hundredths(stack), cards or "", hundredths(invested),
                   hundredths(collected), hundredths(net), bool(hero), bool(out),
                   hundredths(adjusted)]
                  for seat, player, position, stack, cards, invested, collected, net, hero, out,
                  adjusted in rows["seats"]],
        "acts": actions,
        "pots": [[hundredths(amount), list(elig or []), list(winners or [])]
                 for amount, elig, winners in rows["pots"]],
        "fnd": [[code, severity, message, _action_index(lines, line)]
                for code, severity, message, line in rows["findings"]],
    }
