"""Finding hands: every seat of the hands that match a search, each row with the
``SITE:HAND_ID`` that ``sidepot show`` takes.

Text filters are case-insensitive; a value the store does not hold at all (a site, position or
finding code nobody has) is a :class:`~reports.filters.FilterError` listing the valid ones, so
``--site PokerStars`` finds pokerstars and ``--position XYZ`` says what positions exist rather
than printing nothing (:mod:`reports.known`). The seats of anonymous tables (``seats.anonymous``:
Ignition's "Big Blind", "UTG+1") are no player's unless ``include_anonymous``.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime
from decimal import Decimal

import duckdb
import pandas as pd

from reports.filters import _end, _start, parse_stakes
from reports.known import known_player, known_stakes, known_value
from reports.sql import query

__all__ = ["HandSearch", "find_hands"]


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
    include_anonymous: bool = False


def find_hands(con: duckdb.DuckDBPyConnection, search: HandSearch) -> pd.DataFrame:
    """One row per seat of the matching hands, oldest first, at most ``search.limit`` rows.

    Columns: hand (SITE:HAND_ID), started_at, game, limit_type, small_blind, big_blind,
    currency, player, position, hole_cards, total_pot, net, showdown, all_in, n_findings.
    """
    if search.site:
        known_value(con, "site", search.site)
    for position in search.positions or ():
        known_value(con, "position", position)
    if search.code:
        known_value(con, "code", search.code)
    if search.player:
        known_player(con, search.player, search.include_anonymous)
    if search.stakes:
        known_stakes(con, search.stakes)
    small, big = parse_stakes(search.stakes)
    params = {
        "player": search.player, "site": search.site,
        "small_blind": small, "big_blind": big,
        "date_from": _start(search.date_from), "date_to": _end(search.date_to),
        "positions": [p.lower() for p in search.positions] if search.positions else None,
        "min_pot": search.min_pot, "all_in": search.all_in, "showdown": search.showdown,
        "code": search.code, "min_net": search.min_net, "max_net": search.max_net,
        "limit": search.limit, "include_anonymous": search.include_anonymous,
    }
    return query(con, "hand_search", params)


