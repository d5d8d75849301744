"""Player statistics as DataFrames: SQL in ``reports/sql/seat_facts.sql`` (per seat and hand)
and ``reports/sql/player_stats.sql`` (aggregated per site, player and currency).

Every statistic comes as two counts, done and opportunities (``three_bet_hands`` over
``three_bet_opps``, ...), so figures from several rows or databases add up correctly; the
percentage columns are derived from them. See :data:`DEFINITIONS` for the meaning of each.

Speed: the answers come from the facts' tables of :mod:`reports.stats_tables` (a per-seat
view and its monthly rollup), which :func:`refresh` keeps after each import; importers
should call it so that readers find them current. A writable connection brings them up to
date before reading, a read-only one computes the facts of the hands they lack on the fly.
"""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING

import duckdb

if TYPE_CHECKING:  # frames come from DuckDB's .df(): an import's refresh never loads pandas
    import pandas as pd

from reports.filters import Filters
from reports.sql import frame, load, query
from reports.stats_chunks import no_filters
from reports.stats_tables import (
    CHUNK_HANDS,
    REFRESH_MEMORY_LIMIT,
    TABLES,
    RefreshResult,
    facts_now,
    needs_rebuild,
    refresh,
)

__all__ = ["CHUNK_HANDS", "DEFINITIONS", "REFRESH_MEMORY_LIMIT", "SUMMARY_COLUMNS", "TABLES",
           "RefreshResult", "facts_now", "needs_rebuild", "no_filters", "player_stats",
           "refresh", "seat_facts"]

#: statistic -> (done column, opportunities column, meaning). Percent unless noted.
DEFINITIONS: dict[str, tuple[str, str, str]] = {
    "vpip": ("vpip_hands", "vpip_opps",
             "put money in preflop voluntarily (call, bet, raise; blinds are not voluntary) "
             "/ hands dealt minus walks"),
    "pfr": ("pfr_hands", "vpip_opps", "raised preflop / hands dealt minus walks"),
    "three_bet": ("three_bet_hands", "three_bet_opps",
                  "re-raised when facing exactly one preflop raise / times faced one raise"),
    "fold_to_three_bet": ("fold_to_three_bet_hands", "fold_to_three_bet_opps",
                          "opened, then folded to a 3-bet / opened and faced a 3-bet"),
    "four_bet": ("four_bet_hands", "four_bet_opps",
                 "opened, then re-raised a 3-bet / opened and faced a 3-bet"),
    "fold_to_four_bet": ("fold_to_four_bet_hands", "fold_to_four_bet_opps",
                         "3-bet, then folded to a 4-bet / 3-bet and faced a 4-bet"),
    "cbet_flop": ("cbet_flop_hands", "cbet_flop_opps",
                  "last preflop raiser bet the flop / last preflop raiser could bet first"),
    "cbet_turn": ("cbet_turn_hands", "cbet_turn_opps",
                  "flop c-bettor bet the turn too / flop c-bettor could bet the turn first"),
    "fold_to_cbet_flop": ("fold_to_cbet_flop_hands", "fold_to_cbet_flop_opps",
                          "folded facing a flop c-bet (no raise before) / faced one"),
    "fold_to_cbet_turn": ("fold_to_cbet_turn_hands", "fold_to_cbet_turn_opps",
                          "folded facing a turn c-bet / faced one"),
    "steal": ("steal_hands", "steal_opps",
              "raised first in from CO, BTN or SB / folded to in CO, BTN or SB"),
    "fold_sb_to_steal": ("fold_sb_to_steal_hands", "fold_sb_to_steal_opps",
                         "small blind folded to a steal / faced a steal alone in the SB"),
    "fold_bb_to_steal": ("fold_bb_to_steal_hands", "fold_bb_to_steal_opps",
                         "big blind folded to a steal / faced a steal alone in the BB"),
    "wtsd": ("showdowns", "flops_seen", "went to showdown / saw the flop"),
    "wsd": ("showdowns_won", "showdowns", "won money at showdown / went to showdown"),
    "wwsf": ("won_after_flop", "flops_seen", "won money after seeing the flop / saw the flop"),
    "af": ("postflop_bets_raises", "postflop_calls",
           "(bets + raises) / calls, flop to river (a ratio, not a percent)"),
    "afq": ("postflop_bets_raises", "postflop_actions",
            "(bets + raises) / (bets + raises + calls + folds), flop to river"),
}

#: The columns the terminal table shows by default.
SUMMARY_COLUMNS = [
    "player", "site", "currency", "hands", "vpip", "pfr", "three_bet", "cbet_flop", "steal",
    "wtsd", "wsd", "af", "net_won", "bb_per_100",
]


def player_stats(
    con: duckdb.DuckDBPyConnection,
    filters: Filters | None = None,
    min_hands: int = 1,
    **kwargs: object,
) -> pd.DataFrame:
    """One row per (site, player, currency), most hands first.

    Filters come as a :class:`Filters` or as its fields by keyword
    (``player_stats(con, player="Hero", stakes="0.05/0.10")``). Money columns (``net_won``,
    ``rake_paid``, ``showdown_won``, ``non_showdown_won``) are exact Decimals. On a writable
    connection the facts' tables are brought up to date first (see the module doc).
    """
    f = filters if filters is not None else Filters(**kwargs)  # type: ignore[arg-type]
    facts_now(con)
    params = {**f.params(), "min_hands": min_hands, "use_rollup": True}
    cut = any(
        d is not None and d != _month_start(d) for d in (params["date_from"], params["date_to"]))
    con.execute(f"CREATE OR REPLACE TEMP VIEW seat_cut_now AS SELECT 1 AS seats_needed"
                f"{'' if cut else ' WHERE false'}")
    frame = query(con, "player_stats", params)
    frame["postflop_actions"] = (
        frame["postflop_bets_raises"] + frame["postflop_calls"] + frame["postflop_folds"]
    )
    return frame


def seat_facts(con: duckdb.DuckDBPyConnection, filters: Filters | None = None) -> pd.DataFrame:
    """The per-seat, per-hand rows behind every statistic, in hand order (time, then id)."""
    f = filters if filters is not None else Filters()
    facts_now(con)
    # net_bb is stored exact (its sums must not depend on chunks); a frame gets it as a float,
    # the type it always had here
    sql = (f"SELECT * REPLACE (CAST(net_bb AS DOUBLE) AS net_bb) FROM "
           f"({load('seat_stats_filtered')}) f ORDER BY started_at NULLS LAST, site, hand_id, seat")
    return frame(con, sql, f.params())


def _month_start(moment: datetime) -> datetime:
    return moment.replace(day=1, hour=0, minute=0, second=0, microsecond=0)
