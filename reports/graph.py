"""Graphs as matplotlib Figures (Agg backend, no display needed): winnings over hands and
bb/100 by position, drawn from :mod:`reports.series`.

Labels carry player names, which anyone can choose. matplotlib reads ``$...$`` as mathtext (and
hands text to LaTeX under usetex): a name like ``$$Bob`` or ``a$\frac$`` would fail to draw or
draw something else. So every text carrying a name is drawn with ``parse_math=False`` and
``usetex=False`` (taken literally), and :func:`label_text` makes control characters visible.
"""

from __future__ import annotations

import io
import unicodedata

import matplotlib

matplotlib.use("Agg")

import pandas as pd  # noqa: E402
from matplotlib.figure import Figure  # noqa: E402
from matplotlib.ticker import MaxNLocator  # noqa: E402

# the numbers drawn here (re-exported: callers have always imported them from this module)
from reports.series import (  # noqa: E402
    POSITION_ORDER,
    GraphError,
    WinningsSeries,
    position_frame,
    winnings_series,
)

__all__ = ["POSITION_ORDER", "GraphError", "WinningsSeries", "figure_bytes", "label_text",
           "position_figure", "position_frame", "winnings_figure", "winnings_series"]


def label_text(value: object) -> str:
    """A name as drawable text: control and format characters shown as <U+XXXX>."""
    text = "" if value is None else str(value)
    return "".join(
        f"<U+{ord(ch):04X}>" if unicodedata.category(ch)[0] == "C" else ch for ch in text
    )


_LITERAL = {"parse_math": False, "usetex": False}



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
