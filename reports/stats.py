"""Player statistics as DataFrames: SQL in ``reports/sql/player_stats.sql``.

Definitions (tracker meaning):
- VPIP: hands with a voluntary preflop call, bet or raise (posting a blind is not voluntary),
  over hands in which the player had a preflop decision. A walk, where everyone folds to the
  big blind, is not an opportunity, so it neither helps nor hurts.
- PFR: hands with a preflop bet or raise, over the same opportunities.
- net won: sum of (collected - invested), exact DECIMAL in the hand's currency or chips.
- bb/100: net won in big blinds of each hand, per 100 hands dealt.
Rows are per (site, player, currency): chips and dollars never add up together.
"""

from __future__ import annotations

import duckdb
import pandas as pd

from reports.sql import query

COLUMNS = ["site", "player", "currency", "hands", "vpip", "pfr", "net_won", "bb_per_100"]


def player_stats(
    con: duckdb.DuckDBPyConnection,
    player: str | None = None,
    site: str | None = None,
    min_hands: int = 1,
) -> pd.DataFrame:
    """One row per (site, player, currency), most hands first.

    Extra columns ``vpip_opps``, ``vpip_hands`` and ``pfr_hands`` hold the raw counts behind
    the percentages, so a reader can check any figure by hand.
    """
    return query(
        con, "player_stats", {"player": player, "site": site, "min_hands": min_hands}
    )
