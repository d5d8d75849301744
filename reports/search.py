"""Finding hands: every seat of the hands that match a search, each row with the
``SITE:HAND_ID`` that ``sidepot show`` takes.

Text filters are case-insensitive; a value the store does not hold at all (a site, position or
finding code nobody has) is a :class:`~reports.filters.FilterError` listing the valid ones, so
``--site PokerStars`` finds pokerstars and ``--position XYZ`` says what positions exist rather
than printing nothing.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime
from decimal import Decimal

import duckdb
import pandas as pd

from reports.filters import FilterError, _end, _start, parse_stakes
from reports.sql import query

__all__ = ["HandSearch", "find_hands"]

#: the columns whose values are checked against the store, with the query listing them
_VOCABULARY = {
    "site": "SELECT DISTINCT site FROM hands",
    "position": "SELECT DISTINCT position FROM seats WHERE position IS NOT NULL",
    "code": "SELECT DISTINCT code FROM findings",
}


@dataclass(frozen=True, slots=True)
class HandSearch:
    """What ``sidepot hands`` looks for (None = any). Money (``min_pot``, ``min_net``,
    ``max_net``) is in the table's units, as the store keeps it (``Decimal``)."""

    player: str | None = None
    site: str | None = None
    stakes: str | None = None
    date_from: date | datetime | None = None
    date_to: date | datetime | None = None
    positions: tuple[str, ...] | None = None
    min_pot: Decimal | None = None
    all_in: bool | None = None
    showdown: bool | None = None
    code: str | None = None
    min_net: Decimal | None = None
    max_net: Decimal | None = None
    limit: int = 1000


def _check_known(con: duckdb.DuckDBPyConnection, what: str, values: tuple[str, ...]) -> None:
    """Each value must be in the store (compared lower-cased): else an error naming the valid
    ones."""
    known = sorted(str(row[0]) for row in con.sql(_VOCABULARY[what]).fetchall())
    lowered = {k.lower() for k in known}
    for value in values:
        if value.lower() not in lowered:
            raise FilterError(f"unknown {what} {value!r}: valid are {', '.join(known) or 'none'}")


def find_hands(con: duckdb.DuckDBPyConnection, search: HandSearch) -> pd.DataFrame:
    """One row per seat of the matching hands, oldest first, at most ``search.limit`` rows.

    Columns: hand (SITE:HAND_ID), started_at, game, limit_type, small_blind, big_blind,
    currency, player, position, hole_cards, total_pot, net, showdown, all_in, n_findings.
    """
    if search.site:
        _check_known(con, "site", (search.site,))
    if search.positions:
        _check_known(con, "position", search.positions)
    if search.code:
        _check_known(con, "code", (search.code,))
    small, big = parse_stakes(search.stakes)
    params = {
        "player": search.player, "site": search.site,
        "small_blind": small, "big_blind": big,
        "date_from": _start(search.date_from), "date_to": _end(search.date_to),
        "positions": [p.lower() for p in search.positions] if search.positions else None,
        "min_pot": search.min_pot, "all_in": search.all_in, "showdown": search.showdown,
        "code": search.code, "min_net": search.min_net, "max_net": search.max_net,
        "limit": search.limit,
    }
    return query(con, "hand_search", params)


