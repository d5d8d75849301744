"""Player statistics as DataFrames: SQL in ``reports/sql/seat_facts.sql`` (per seat and hand)
and ``reports/sql/player_stats.sql`` (aggregated per site, player and currency).

Every statistic comes as two counts, done and opportunities (``three_bet_hands`` over
``three_bet_opps``, ...), so figures from several rows or databases add up correctly; the
percentage columns are derived from them. See :data:`DEFINITIONS` for the meaning of each.
"""

from __future__ import annotations

import duckdb
import pandas as pd

from reports.filters import Filters
from reports.sql import frame, load, query

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
    ``rake_paid``, ``showdown_won``, ``non_showdown_won``) are exact Decimals.
    """
    f = filters if filters is not None else Filters(**kwargs)  # type: ignore[arg-type]
    frame = query(con, "player_stats", {**f.params(), "min_hands": min_hands})
    frame["postflop_actions"] = (
        frame["postflop_bets_raises"] + frame["postflop_calls"] + frame["postflop_folds"]
    )
    return frame


def seat_facts(con: duckdb.DuckDBPyConnection, filters: Filters | None = None) -> pd.DataFrame:
    """The per-seat, per-hand rows behind every statistic, in hand order (time, then id)."""
    f = filters if filters is not None else Filters()
    sql = f"SELECT * FROM ({_facts_sql()}) f ORDER BY started_at NULLS LAST, site, hand_id, seat"
    return frame(con, sql, f.params())


def _facts_sql() -> str:
    return load("seat_facts")
