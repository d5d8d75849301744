"""The numbers behind the winnings graphs, without drawing them: cumulative winnings over a
player's hands (real, showdown, non-showdown, all-in adjusted) and bb/100 by position.

Apart from :mod:`reports.graph` so that the HTML page (which draws in the browser) never pays
for importing matplotlib; :mod:`reports.graph` draws these as PNG or SVG.
"""

from __future__ import annotations

from dataclasses import dataclass

import duckdb
import pandas as pd

from reports.allin import adjusted_nets
from reports.filters import Filters
from reports.stats import seat_facts

__all__ = ["POSITION_ORDER", "GraphError", "WinningsSeries", "position_frame",
           "winnings_series"]

POSITION_ORDER = ["UTG", "UTG+1", "UTG+2", "MP", "LJ", "HJ", "CO", "BTN", "SB", "BB"]


class GraphError(ValueError):
    """The graph asked for cannot be drawn honestly (nothing to draw, currencies mixed)."""


@dataclass(frozen=True)
class WinningsSeries:
    """Cumulative lines over the player's hands, in hand order, as floats for drawing only."""

    unit: str  # a currency code, "CHIPS", or "bb"
    net: list[float]
    showdown: list[float]
    non_showdown: list[float]
    allin_adjusted: list[float] | None
    hands: int
    adjusted_hands: int
    #: each hand's start (ISO, UTC where the zone is known), None where the site gave none
    dates: tuple[str | None, ...] = ()



def winnings_series(
    con: duckdb.DuckDBPyConnection,
    filters: Filters,
    unit: str = "money",
    adjusted: bool = True,
    facts: pd.DataFrame | None = None,
) -> WinningsSeries:
    """Cumulative net, showdown and non-showdown winnings (and the all-in adjusted line).

    ``unit`` "money" draws the hand's currency (it must be one currency: cash and chips never
    add up) and "bb" big blinds (always comparable). ``facts``: the rows of
    ``seat_facts(con, filters)`` when the caller has them already.
    """
    facts = seat_facts(con, filters) if facts is None else facts
    if facts.empty:
        raise GraphError("no hands match these filters")
    if unit == "money":
        currencies = sorted(set(facts["currency"].dropna()))
        if len(currencies) > 1:
            raise GraphError(
                f"hands in {', '.join(currencies)}: pick one (--cash/--tournament, --site) "
                "or draw in big blinds (--unit bb)"
            )
        unit_name = currencies[0] if currencies else "money"
    elif unit == "bb":
        unit_name = "bb"
    else:
        raise GraphError(f"unit {unit!r}: expected money or bb")

    def scale(values: pd.Series) -> pd.Series:
        nums = values.map(lambda v: float(v) if v is not None else 0.0)
        if unit == "bb":
            bb = facts["big_blind"].map(lambda v: float(v) if v else float("nan"))
            return (nums / bb).fillna(0.0)
        return nums

    net = scale(facts["net"])
    sd = facts["went_to_showdown"].astype(bool)
    adj_line = None
    adjusted_hands = 0
    if adjusted:
        adj = adjusted_nets(con, facts[["site", "hand_id"]])  # stored at import
        adj_net = []  # floats: the line is drawn, never added up as money
        for site, hand_id, seat, real in zip(facts["site"], facts["hand_id"], facts["seat"],
                                             facts["net"], strict=True):
            value = adj.get((site, hand_id, int(seat)))
            if value is not None:
                adjusted_hands += 1
            adj_net.append(float(value if value is not None else real or 0))
        adj_line = scale(pd.Series(adj_net)).cumsum().tolist()
    started = pd.to_datetime(facts["started_at"]).dt.strftime("%Y-%m-%d %H:%M:%S")
    return WinningsSeries(
        unit=unit_name,
        net=net.cumsum().tolist(),
        showdown=net.where(sd, 0.0).cumsum().tolist(),
        non_showdown=net.where(~sd, 0.0).cumsum().tolist(),
        allin_adjusted=adj_line,
        hands=len(facts),
        adjusted_hands=adjusted_hands,
        dates=tuple(v if isinstance(v, str) else None for v in started.tolist()),
    )



def position_frame(con: duckdb.DuckDBPyConnection, filters: Filters,
                   facts: pd.DataFrame | None = None) -> pd.DataFrame:
    """Hands, net in big blinds and bb/100 per position (seat order, button last)."""
    facts = seat_facts(con, filters) if facts is None else facts
    if facts.empty:
        return pd.DataFrame(columns=["position", "hands", "net_bb", "bb_per_100"])
    grouped = facts.groupby(facts["position"].fillna("?")).agg(
        hands=("net_bb", "size"), net_bb=("net_bb", "sum"))
    grouped["bb_per_100"] = 100.0 * grouped["net_bb"] / grouped["hands"]
    order = {p: i for i, p in enumerate(POSITION_ORDER)}
    grouped = grouped.reset_index().rename(columns={"index": "position"})
    grouped["_o"] = grouped["position"].map(lambda p: order.get(p, len(order)))
    return grouped.sort_values(["_o", "position"]).drop(columns="_o").reset_index(drop=True)

