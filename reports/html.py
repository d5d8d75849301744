"""One self-contained HTML report: summary, statistics, graphs, audit. Opens offline.

Nothing is fetched: no scripts, no fonts, no stylesheets from elsewhere; graphs are embedded
as base64 PNG. Every value from the store (names, table names, messages) is HTML-escaped, so a
player called ``<script>`` is text on the page.
"""

from __future__ import annotations

import base64
import html
import math
from dataclasses import replace
from decimal import Decimal
from typing import Any

import duckdb
import pandas as pd

from reports.audit import findings_by_code, overview
from reports.filters import Filters
from reports.graph import (
    GraphError,
    figure_bytes,
    position_figure,
    position_frame,
    winnings_figure,
    winnings_series,
)
from reports.stats import SUMMARY_COLUMNS, player_stats

_STYLE = """
body{font-family:system-ui,sans-serif;margin:2em;color:#222}
table{border-collapse:collapse;margin:1em 0;font-size:13px}
th,td{border:1px solid #ccc;padding:3px 8px;text-align:right}
th{background:#f0f0f0} td.t{text-align:left}
img{max-width:100%;border:1px solid #ddd;margin:0.5em 0}
.error{color:#b00}
"""


def esc(value: Any) -> str:
    """HTML-escaped text of any cell (None and NaN as empty)."""
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return ""
    if isinstance(value, list | tuple) or (hasattr(value, "tolist") and not isinstance(value, str)):
        seq = value.tolist() if hasattr(value, "tolist") else value
        if isinstance(seq, list):
            return html.escape(", ".join(str(v) for v in seq))
    if isinstance(value, float):
        return html.escape(f"{value:,.2f}")
    return html.escape(str(value))


def html_table(frame: pd.DataFrame, columns: list[str], css_id: str) -> str:
    cols = [c for c in columns if c in frame.columns]
    head = "".join(f"<th>{esc(c)}</th>" for c in cols)
    rows = []
    for rec in frame[cols].itertuples(index=False):
        cells = []
        for v in rec:
            numeric = isinstance(v, int | float | Decimal) and not isinstance(v, bool)
            cells.append(f"<td>{esc(v)}</td>" if numeric else f'<td class="t">{esc(v)}</td>')
        rows.append("<tr>" + "".join(cells) + "</tr>")
    body = "".join(rows) or f'<tr><td colspan="{len(cols)}">none</td></tr>'
    return f'<table id="{css_id}"><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>'


def _img(png: bytes, alt: str) -> str:
    data = base64.b64encode(png).decode("ascii")
    return f'<img alt="{esc(alt)}" src="data:image/png;base64,{data}">'


def build_report(
    con: duckdb.DuckDBPyConnection,
    filters: Filters | None = None,
    graph_player: str | None = None,
    adjusted: bool = True,
) -> str:
    """The whole report as one HTML string.

    The graphs are drawn for ``graph_player`` (default: the player with most hands among the
    filtered rows, or the hero when the filters ask for the hero).
    """
    f = filters if filters is not None else Filters()
    totals = overview(con)
    stats = player_stats(con, f)
    audit = findings_by_code(con, site=f.site)
    parts = [
        "<!DOCTYPE html><html lang='en'><head><meta charset='utf-8'>",
        "<title>sidepot report</title>",
        f"<style>{_STYLE}</style></head><body>",
        "<h1>sidepot report</h1>",
        "<h2>Summary</h2>",
        f"<p id='summary'>{totals['hands']} hands, {totals['hands_with_errors']} with errors, "
        f"{totals['findings']} findings, {totals['rejects']} rejected hands, "
        f"{totals['files']} files.</p>",
        "<h2>Player statistics</h2>",
        html_table(stats, SUMMARY_COLUMNS + ["rake_paid", "showdown_won", "non_showdown_won"],
                   "stats"),
    ]
    who = graph_player or f.player
    if who is None and not f.hero and not stats.empty:
        who = str(stats.iloc[0]["player"])
    gf = replace(f, player=who) if who is not None else f
    title = "hero" if f.hero and who is None else str(who)
    parts.append("<h2>Graphs</h2>")
    try:
        series = winnings_series(con, gf, unit="bb", adjusted=adjusted)
        parts.append(_img(figure_bytes(winnings_figure(series, f"{title}: won (big blinds)")),
                          f"winnings of {title}"))
        frame = position_frame(con, gf)
        parts.append(_img(figure_bytes(position_figure(frame, f"{title}: bb/100 by position")),
                          f"bb/100 by position of {title}"))
    except GraphError as exc:
        parts.append(f"<p class='error'>no graph: {esc(exc)}</p>")
    parts += [
        "<h2>Audit</h2>",
        html_table(audit, ["severity", "code", "site", "findings", "hands", "examples",
                           "example_message"], "audit"),
        "</body></html>",
    ]
    return "\n".join(parts)
