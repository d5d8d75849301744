"""Graphs as matplotlib Figures (Agg backend, no display needed): winnings over hands and
bb/100 by position.

Labels carry player names, which anyone can choose. matplotlib reads ``$...$`` as mathtext (and
hands text to LaTeX under usetex): a name like ``$$Bob`` or ``a$\frac$`` would fail to draw or
draw something else. So every text carrying a name is drawn with ``parse_math=False`` and
``usetex=False`` (taken literally), and :func:`label_text` makes control characters visible.
"""

from __future__ import annotations

import io
import unicodedata
from dataclasses import dataclass
from fractions import Fraction

import matplotlib

matplotlib.use("Agg")

import duckdb  # noqa: E402
import pandas as pd  # noqa: E402
from matplotlib.figure import Figure  # noqa: E402
from matplotlib.ticker import MaxNLocator  # noqa: E402

from reports.equity import allin_adjusted  # noqa: E402
from reports.filters import Filters  # noqa: E402
from reports.stats import seat_facts  # noqa: E402

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


def label_text(value: object) -> str:
    """A name as drawable text: control and format characters shown as <U+XXXX>."""
    text = "" if value is None else str(value)
    return "".join(
        f"<U+{ord(ch):04X}>" if unicodedata.category(ch)[0] == "C" else ch for ch in text
    )


_LITERAL = {"parse_math": False, "usetex": False}


def winnings_series(
    con: duckdb.DuckDBPyConnection,
    filters: Filters,
    unit: str = "money",
    adjusted: bool = True,
) -> WinningsSeries:
    """Cumulative net, showdown and non-showdown winnings (and the all-in adjusted line).

    ``unit`` "money" draws the hand's currency (it must be one currency: cash and chips never
    add up) and "bb" big blinds (always comparable).
    """
    facts = seat_facts(con, filters)
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
        adj = allin_adjusted(con, facts[["site", "hand_id"]])
        keys = list(zip(facts["site"], facts["hand_id"], facts["seat"], strict=True))
        adj_net = []
        for key, real in zip(keys, facts["net"], strict=True):
            value = adj.get((key[0], key[1], int(key[2])))
            if value is not None:
                adjusted_hands += 1
            adj_net.append(value if value is not None else Fraction(str(real)))
        adj_line = scale(pd.Series([float(v) for v in adj_net])).cumsum().tolist()
    return WinningsSeries(
        unit=unit_name,
        net=net.cumsum().tolist(),
        showdown=net.where(sd, 0.0).cumsum().tolist(),
        non_showdown=net.where(~sd, 0.0).cumsum().tolist(),
        allin_adjusted=adj_line,
        hands=len(facts),
        adjusted_hands=adjusted_hands,
    )


def winnings_figure(series: WinningsSeries, title: str) -> Figure:
    """Net won over hands, with the showdown / non-showdown split and the all-in adjusted line."""
    fig = Figure(figsize=(9, 5), dpi=100)
    ax = fig.add_subplot()
    x = list(range(1, series.hands + 1))
    ax.plot(x, series.net, color="#2a9d3a", linewidth=2, label=f"net won ({series.net[-1]:,.2f})")
    ax.plot(x, series.showdown, color="#1f5fbf", linewidth=1.2,
            label=f"showdown ({series.showdown[-1]:,.2f})")
    ax.plot(x, series.non_showdown, color="#d62728", linewidth=1.2,
            label=f"non-showdown ({series.non_showdown[-1]:,.2f})")
    if series.allin_adjusted is not None:
        ax.plot(x, series.allin_adjusted, color="#ff9f1c", linewidth=1.2, linestyle="--",
                label=f"all-in adjusted ({series.allin_adjusted[-1]:,.2f}; "
                      f"{series.adjusted_hands} hands)")
    ax.axhline(0, color="#888888", linewidth=0.6)
    ax.set_xlabel("hands")
    ax.xaxis.set_major_locator(MaxNLocator(integer=True))  # hand numbers, never 2.5
    ax.set_ylabel(label_text("big blinds" if series.unit == "bb" else series.unit), **_LITERAL)
    ax.set_title(label_text(title), **_LITERAL)
    ax.grid(True, alpha=0.3)
    ax.legend(loc="best", fontsize=8)
    fig.tight_layout()
    return fig


def position_frame(con: duckdb.DuckDBPyConnection, filters: Filters) -> pd.DataFrame:
    """Hands, net in big blinds and bb/100 per position (seat order, button last)."""
    facts = seat_facts(con, filters)
    if facts.empty:
        return pd.DataFrame(columns=["position", "hands", "net_bb", "bb_per_100"])
    grouped = facts.groupby(facts["position"].fillna("?")).agg(
        hands=("net_bb", "size"), net_bb=("net_bb", "sum"))
    grouped["bb_per_100"] = 100.0 * grouped["net_bb"] / grouped["hands"]
    order = {p: i for i, p in enumerate(POSITION_ORDER)}
    grouped = grouped.reset_index().rename(columns={"index": "position"})
    grouped["_o"] = grouped["position"].map(lambda p: order.get(p, len(order)))
    return grouped.sort_values(["_o", "position"]).drop(columns="_o").reset_index(drop=True)


def position_figure(frame: pd.DataFrame, title: str) -> Figure:
    """A bar per position: bb/100, green when winning, red when losing, hands under the bar."""
    fig = Figure(figsize=(8, 4.5), dpi=100)
    ax = fig.add_subplot()
    labels = [label_text(p) for p in frame["position"]]
    values = frame["bb_per_100"].astype(float).tolist()
    colors = ["#2a9d3a" if v >= 0 else "#d62728" for v in values]
    ax.bar(labels, values, color=colors)
    for i, (v, n) in enumerate(zip(values, frame["hands"], strict=True)):
        ax.annotate(f"{v:,.1f}\n{int(n)} h", (i, v), ha="center",
                    va="bottom" if v >= 0 else "top", fontsize=8)
    ax.axhline(0, color="#888888", linewidth=0.6)
    ax.margins(y=0.18)  # room for the labels above the tallest bar and below the deepest
    ax.set_ylabel("bb/100")
    ax.set_title(label_text(title), **_LITERAL)
    for tick in ax.get_xticklabels():
        tick.set_parse_math(False)
        tick.set_usetex(False)
    ax.grid(True, axis="y", alpha=0.3)
    fig.tight_layout()
    return fig


def figure_bytes(fig: Figure, fmt: str = "png") -> bytes:
    """The figure as PNG or SVG bytes (the format decides, never the file name)."""
    if fmt not in ("png", "svg"):
        raise GraphError(f"image format {fmt!r}: expected png or svg")
    buf = io.BytesIO()
    fig.savefig(buf, format=fmt)
    return buf.getvalue()
