"""Filter values checked against the store: case-insensitive, and an unknown one is an error.

A filter that matches nothing prints an empty table, and an empty table reads as "no such
hands" when the truth is "no such value": ``--site PokerStars`` (the store says
``pokerstars``), ``--position XYZ``, ``--stakes 8/16`` typed for a game stored as 4/8 blinds.
So every text filter is compared lower-cased with what the store holds and replaced by the
store's own spelling (the SQL then compares exactly, which keeps the rollup's filters cheap),
and a value the store does not hold at all is a :class:`~reports.filters.FilterError` that
lists the valid ones. A player is matched the same way; a player name that is only ever a seat
label of an anonymous table (Ignition's "Big Blind") says so and how to count it anyway.

Stakes are read as the game is named: the blinds, but the small and big bet of a fixed-limit
game (``8/16`` is the $8/$16 limit game of $4/$8 blinds), as ``reports/sql/seat_hands.sql``
compares them.
"""

from __future__ import annotations

import difflib
from dataclasses import replace
from decimal import Decimal

import duckdb

from reports.filters import FilterError, Filters, parse_stakes
from reports.sql import with_new_columns

__all__ = ["known_player", "known_value", "resolve"]

#: what -> (the query listing the store's values, the option that names it)
_VOCABULARY = {
    "site": ("SELECT DISTINCT site FROM hands WHERE site IS NOT NULL", "--site"),
    "game": ("SELECT DISTINCT game FROM hands WHERE game IS NOT NULL", "--game"),
    "limit": ("SELECT DISTINCT limit_type FROM hands WHERE limit_type IS NOT NULL", "--limit"),
    "position": ("SELECT DISTINCT position FROM seats WHERE position IS NOT NULL",
                 "--position"),
    "code": ("SELECT DISTINCT code FROM findings WHERE code IS NOT NULL", "--code"),
}
#: the stakes of every stored hand as its game is named (see the module docstring)
_STAKES = """
SELECT DISTINCT
    CASE WHEN limit_type = 'FL' AND coalesce(small_bet, 0) > 0 THEN small_bet
         ELSE small_blind END AS small,
    CASE WHEN limit_type = 'FL' AND coalesce(big_bet, 0) > 0 THEN big_bet
         ELSE big_blind END AS big
FROM hands WHERE big_blind IS NOT NULL
"""
_LISTED = 40  # valid values named in one message at most


def _listing(values: list[str]) -> str:
    shown = ", ".join(values[:_LISTED]) or "none"
    return shown + (f" and {len(values) - _LISTED} more" if len(values) > _LISTED else "")


def known_value(con: duckdb.DuckDBPyConnection, what: str, value: str) -> str:
    """The store's spelling of ``value`` (compared lower-cased) for one of ``site``, ``game``,
    ``limit``, ``position`` or ``code``; a value it does not hold is a FilterError listing
    the valid ones."""
    sql, option = _VOCABULARY[what]
    known = sorted(str(row[0]) for row in con.execute(sql).fetchall())
    by_lower = {k.lower(): k for k in known}
    found = by_lower.get(value.strip().lower())
    if found is None:
        raise FilterError(f"{option} {value!r}: not in the store; valid are {_listing(known)}")
    return found


def known_player(con: duckdb.DuckDBPyConnection, player: str,
                 include_anonymous: bool = False) -> str:
    """The store's spelling of ``player`` (compared lower-cased; the most frequent spelling
    when several differ only in case); an unknown name, or one that is only an anonymous
    seat label while those are left out, is a FilterError saying what to do."""
    with_new_columns(con)
    rows = con.execute(
        "SELECT player, count(*) AS n, bool_and(coalesce(anonymous, false)) AS anonymous "
        "FROM seats WHERE lower(player) = lower(?) GROUP BY player ORDER BY n DESC, player",
        [player.strip()]).fetchall()
    if not rows:
        names = [r[0] for r in con.execute(
            "SELECT DISTINCT player FROM seats WHERE player IS NOT NULL").fetchall()]
        close = difflib.get_close_matches(player, names, n=5)
        hint = f"; did you mean {', '.join(repr(c) for c in close)}?" if close else ""
        raise FilterError(f"--player {player!r}: no such player in the store{hint}")
    if not include_anonymous and all(r[2] for r in rows):
        raise FilterError(
            f"--player {player!r}: a seat label of anonymous tables (the site hides names: "
            "each hand's seat in that position, not one player); add --include-anonymous "
            "to count it anyway")
    return str(rows[0][0])


def known_stakes(con: duckdb.DuckDBPyConnection, text: str) -> None:
    """Stakes the store holds, as games are named; else a FilterError listing them."""
    small, big = parse_stakes(text)
    if big is None:
        return
    held = con.execute(_STAKES).fetchall()
    if any(b == big and (small is None or s == small) for s, b in held):
        return
    named = sorted({(s, b) for s, b in held if s is not None and b is not None})
    listed = [f"{_amount(s)}/{_amount(b)}" for s, b in named]
    raise FilterError(f"--stakes {text!r}: no such stakes in the store (fixed-limit games by "
                      f"their bets); valid are {_listing(listed)}")


def _amount(value: Decimal) -> str:
    return f"{value.normalize():f}" if value == value.to_integral() else f"{value:f}"


def resolve(con: duckdb.DuckDBPyConnection, f: Filters) -> Filters:
    """``f`` with every text value in the store's spelling, each checked (see the module)."""
    changes: dict[str, object] = {}
    if f.site:
        changes["site"] = known_value(con, "site", f.site)
    if f.game:
        changes["game"] = known_value(con, "game", f.game)
    if f.limit_type:
        changes["limit_type"] = known_value(con, "limit", f.limit_type)
    if f.positions:
        changes["positions"] = tuple(known_value(con, "position", p) for p in f.positions)
    if f.player:
        changes["player"] = known_player(con, f.player, f.include_anonymous)
    if f.stakes:
        known_stakes(con, f.stakes)
    return replace(f, **changes) if changes else f  # type: ignore[arg-type]
