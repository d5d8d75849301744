"""What the interactive report page shows, as plain JSON-ready data: one query per section,
every section under the same filters.

The filters pick seats (:mod:`reports.filters`); the page covers the hands holding at least one
kept seat (``page_keys.sql``), so ``--player X`` narrows the summary, the audit and the hand
list to the hands X played, and the grid, breakdowns and graphs to X's seats. Nothing here
draws or formats: :mod:`reports.html` renders this data through a Jinja2 template and the page's
own script draws it (grid paging in the browser, Plotly graphs, the replayer).

Money leaves as integer hundredths with its currency (see :mod:`reports.replay`); ratios as
floats rounded for display; dates as ISO text.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from decimal import Decimal
from typing import Any

import duckdb
import numpy as np
import pandas as pd

from reports.defaults import DEFAULT_MAX_HANDS
from reports.filters import Filters
from reports.replay import hand_records, hundredths
from reports.series import GraphError, position_frame, winnings_series
from reports.sql import load
from reports.stats import player_stats, seat_facts

__all__ = ["DEFAULT_MAX_HANDS", "GRID_COLUMNS", "PageOptions", "page_data"]

#: The stats grid's columns, in order (money columns are hundredths in the row's currency;
#: tournaments: 0 on a cash row, else how many tournaments the row adds up).
GRID_COLUMNS = ["player", "site", "currency", "tournaments", "hands", "vpip", "pfr", "three_bet",
                "fold_to_three_bet", "cbet_flop", "fold_to_cbet_flop", "steal", "wtsd", "wsd",
                "wwsf", "af", "net_won", "bb_per_100", "rake_paid"]
_MONEY = {"net_won", "rake_paid"}
_TEXT = {"player", "site", "currency"}
_DIMENSIONS = ["stakes", "position", "limit", "month", "table size"]


@dataclass(frozen=True, slots=True)
class PageOptions:
    """How much the page holds: grid rows need ``min_hands``; ``max_hands`` hands embedded;
    ``examples`` hands per audit group; graphs for ``graph_player`` (default: the filter's
    player, else the hero when asked for, else the player with most hands)."""

    min_hands: int = 1
    max_hands: int = DEFAULT_MAX_HANDS
    examples: int = 3
    graph_player: str | None = None
    adjusted: bool = True


def _num(value: Any, places: int = 2) -> float | None:
    """A ratio for display (None for missing or not a number)."""
    if value is None or (isinstance(value, float) and math.isnan(value)) or value is pd.NA:
        return None
    return round(float(value), places)


def _column(name: str, values: pd.Series) -> list[Any]:
    """One grid column as JSON values: money as hundredths, ratios rounded, text as text."""
    if name in _MONEY:
        return [None if v is None or v is pd.NA or (isinstance(v, float) and math.isnan(v))
                else hundredths(Decimal(v)) for v in values]
    if name in _TEXT:
        return [None if v is None or (isinstance(v, float) and math.isnan(v)) else str(v)
                for v in values]
    if name == "hands":
        return [int(v) for v in values]
    rounded = pd.to_numeric(values, errors="coerce").astype(float).round(1)
    return [None if math.isnan(v) else v for v in rounded.tolist()]


def _grid(stats: pd.DataFrame) -> dict[str, Any]:
    cols = [c for c in GRID_COLUMNS if c in stats.columns]
    columns = [_column(c, stats[c]) for c in cols]
    return {"cols": cols, "money": sorted(_MONEY & set(cols)),
            "rows": [list(r) for r in zip(*columns, strict=True)] if cols else []}


def _summary(con: duckdb.DuckDBPyConnection) -> dict[str, Any]:
    row = con.execute(load("page_summary")).fetchall()[0]
    names = ["hands", "hands_with_errors", "findings", "players", "sites", "first_hand",
             "last_hand", "tournament_hands"]
    out = dict(zip(names, row, strict=True))
    for key in ("first_hand", "last_hand"):
        out[key] = out[key].isoformat(sep=" ") if out[key] is not None else None
    store = con.execute("SELECT (SELECT count(*) FROM hands), (SELECT count(*) FROM rejects), "
                        "(SELECT count(*) FROM files)").fetchall()[0]
    out.update(store_hands=store[0], rejects=store[1], files=store[2])
    return {k: (int(v) if isinstance(v, int | Decimal) else v) for k, v in out.items()}


def _breakdowns(con: duckdb.DuckDBPyConnection, f: Filters) -> dict[str, list[list[Any]]]:
    out: dict[str, list[list[Any]]] = {d: [] for d in _DIMENSIONS}
    for dim, value, cur, hands, net, net_bb, bb100, vpip, pfr in con.execute(
            load("page_breakdown"), f.params()).fetchall():
        out[dim].append([value, cur, int(hands), hundredths(net), _num(net_bb),
                         _num(bb100), _num(vpip, 1), _num(pfr, 1)])
    return out


def _audit(con: duckdb.DuckDBPyConnection, examples: int) -> list[list[Any]]:
    return [[sev, code, site, int(n), int(h), list(ex or []), msg]
            for code, site, sev, n, h, ex, msg in
            con.execute(load("page_audit"), {"examples": examples}).fetchall()]


def _graph_player(f: Filters, opts: PageOptions, stats: pd.DataFrame) -> str | None:
    if opts.graph_player is not None:
        return opts.graph_player
    if f.player is not None or f.hero:
        return f.player
    if stats.empty:
        return None
    by_player = stats.groupby("player")["hands"].sum().sort_values(ascending=False)
    return str(by_player.index[0])


def _rounded(values: list[float]) -> list[float | None]:
    """Floats to two places for the page; not-a-number (no big blind) as null, as JSON has it."""
    rounded = np.round(np.asarray(values, dtype=float), 2)
    return [None if math.isnan(v) else v for v in rounded.tolist()]


def _graphs(con: duckdb.DuckDBPyConnection, f: Filters, who: str | None,
            adjusted: bool) -> dict[str, Any]:
    gf = replace(f, player=who) if who is not None else f
    title = who if who is not None else "hero"
    facts = seat_facts(con, gf)  # once for both graphs
    try:
        s = winnings_series(con, gf, unit="bb", adjusted=adjusted, facts=facts)
        pos = position_frame(con, gf, facts=facts)
    except GraphError as exc:
        return {"player": title, "error": str(exc)}
    dated = bool(s.dates) and all(d is not None for d in s.dates)
    return {
        "player": title, "unit": s.unit, "hands": s.hands, "adjusted_hands": s.adjusted_hands,
        "x": list(s.dates) if dated else list(range(1, s.hands + 1)), "dated": dated,
        "net": _rounded(s.net), "sd": _rounded(s.showdown), "nsd": _rounded(s.non_showdown),
        "adj": _rounded(s.allin_adjusted) if s.allin_adjusted else None,
        "positions": [[str(p), int(h), _num(b)] for p, h, b in
                      zip(pos["position"], pos["hands"], pos["bb_per_100"], strict=True)],
    }


def _embedded(con: duckdb.DuckDBPyConnection, audit: list[list[Any]],
              max_hands: int) -> pd.DataFrame:
    """The hands the page lists: audit examples first, then hands with errors, then hands
    with the most pots (side pots are what an auditor replays), then with findings, then the
    biggest pots (in big blinds); at most ``max_hands``, shown oldest first."""
    examples = [e.split(":", 1) for row in audit for e in row[5]]
    con.register("_page_examples", pd.DataFrame(
        {"site": [e[0] for e in examples], "hand_id": [e[1] for e in examples]},
        dtype=object) if examples else pd.DataFrame({"site": pd.Series([], dtype=object),
                                                     "hand_id": pd.Series([], dtype=object)}))
    try:
        return con.execute(
            "SELECT site, hand_id FROM (SELECT h.site, h.hand_id, h.started_at FROM hands h "
            "SEMI JOIN page_keys USING (site, hand_id) "
            "LEFT JOIN (SELECT DISTINCT site, hand_id, true AS ex FROM _page_examples) e "
            "USING (site, hand_id) "
            "LEFT JOIN (SELECT site, hand_id, count(*) AS n_pots FROM pots "
            "SEMI JOIN page_keys USING (site, hand_id) GROUP BY ALL) p USING (site, hand_id) "
            "ORDER BY coalesce(e.ex, false) DESC, h.has_error DESC, "
            "coalesce(p.n_pots, 0) DESC, h.n_findings DESC, "
            "h.total_pot / nullif(h.big_blind, 0) DESC NULLS LAST, h.site, h.hand_id "
            "LIMIT ?) ORDER BY started_at NULLS LAST, site, hand_id", [max_hands]).df()
    finally:
        con.unregister("_page_examples")


def _has_equity(con: duckdb.DuckDBPyConnection) -> bool:
    return bool(con.execute(
        "SELECT count(*) FROM information_schema.tables WHERE table_catalog = "
        "current_database() AND table_schema = 'main' AND table_name = 'allin_equity'"
    ).fetchall()[0][0])


def page_data(con: duckdb.DuckDBPyConnection, filters: Filters | None = None,
              options: PageOptions | None = None) -> dict[str, Any]:
    """Every section of the page as JSON-ready data (see the module doc)."""
    f = filters if filters is not None else Filters()
    opts = options if options is not None else PageOptions()
    stats = player_stats(con, f, min_hands=opts.min_hands)  # also brings the facts up to date
    con.execute("CREATE OR REPLACE TEMP TABLE page_keys AS " + load("page_keys"), f.params())
    audit = _audit(con, opts.examples)
    keys = _embedded(con, audit, opts.max_hands)
    summary = _summary(con)
    return {
        "generated": datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC"),
        "filters": _filter_text(f),
        "summary": summary,
        "min_hands": opts.min_hands,
        "stats": _grid(stats),
        "breakdowns": _breakdowns(con, f),
        "graph": _graphs(con, f, _graph_player(f, opts, stats), opts.adjusted),
        "audit": audit,
        "hands": hand_records(con, keys, _has_equity(con)),
        "hands_total": summary["hands"],
        "hands_cap": opts.max_hands,
    }


def _filter_text(f: Filters) -> list[str]:
    """The filters in force, as "name=value" texts for the page's header."""
    out = []
    for name in ("player", "site", "game", "limit_type", "stakes", "date_from", "date_to"):
        value = getattr(f, name)
        if value is not None:
            out.append(f"{name}={value}")
    if f.hero:
        out.append("hero")
    if f.positions:
        out.append("position=" + ",".join(f.positions))
    if f.tournament is not None:
        out.append("tournament" if f.tournament else "cash")
    if f.include_anonymous:
        out.append("anonymous seats counted as players")
    return out
