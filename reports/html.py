"""One self-contained interactive HTML page: summary, a sortable, searchable, paged stats grid,
breakdowns, Plotly graphs, the audit with links, and a hand replayer. Opens from a file.

Why this shape:
- Nothing is fetched: the page's script, its style, Plotly's offline bundle (from the
  ``plotly`` Python package) and the data are all inside the file, so it works with no server
  and no network.
- The data travels once, as JSON in a ``<script type="application/json">`` element, and the
  page draws from it: the grid pages 50 rows at a time in the browser instead of holding
  20,000 table rows in the DOM; the replayer draws a hand from its compact record.
- HTML comes from a Jinja2 template with autoescaping on: every value from the store (names,
  table names, messages) is escaped in markup, and the JSON goes through Jinja's ``tojson``,
  which escapes ``<``, ``>``, ``&`` and ``'`` so a name holding ``</script>`` cannot end the
  element. The page's script sets store values with ``textContent`` only.
"""

from __future__ import annotations

from functools import cache
from importlib import resources
from typing import Any

import duckdb
from jinja2 import Environment, PackageLoader, select_autoescape
from markupsafe import Markup

from reports.filters import Filters
from reports.page import DEFAULT_MAX_HANDS, PageOptions, page_data

__all__ = ["DEFAULT_MAX_HANDS", "build_report", "render_page"]


@cache
def _environment() -> Environment:
    env = Environment(loader=PackageLoader("reports", "templates"),
                      autoescape=select_autoescape(("html", "j2")), trim_blocks=True,
                      lstrip_blocks=True)
    # NaN is not JSON (the browser's JSON.parse refuses the page): fail here, loudly, instead
    env.policies["json.dumps_kwargs"] = {"sort_keys": False, "allow_nan": False}
    return env


@cache
def _asset(name: str) -> Markup:
    """One of our own files (the page's script or style), trusted as it is."""
    return Markup(resources.files("reports").joinpath("templates", name).read_text("utf-8"))


@cache
def _plotly_js() -> Markup:
    """Plotly's offline bundle, shipped inside the ``plotly`` package (no CDN). The bundle
    holds no ``</script`` (checked), so it can sit inside a script element as it is."""
    from plotly.offline import get_plotlyjs

    text = get_plotlyjs()
    if "</script" in text.lower():  # pragma: no cover - a future bundle that would break out
        text = text.replace("</script", "<\\/script").replace("</SCRIPT", "<\\/SCRIPT")
    return Markup(text)


def render_page(data: dict[str, Any]) -> str:
    """The page for the data of :func:`reports.page.page_data`."""
    return _environment().get_template("report.html.j2").render(
        data=data, css=_asset("report.css"), script=_asset("report.js"),
        plotly_js=_plotly_js())


def build_report(
    con: duckdb.DuckDBPyConnection,
    filters: Filters | None = None,
    graph_player: str | None = None,
    adjusted: bool = True,
    min_hands: int = 1,
    max_hands: int = DEFAULT_MAX_HANDS,
) -> str:
    """The whole report as one HTML string, every section under ``filters``.

    The graphs are drawn for ``graph_player`` (default: the filters' player, else the hero
    when the filters ask for the hero, else the player with most hands); the grid lists
    players with ``min_hands`` or more; at most ``max_hands`` hands are embedded.
    """
    options = PageOptions(min_hands=min_hands, max_hands=max_hands, graph_player=graph_player,
                          adjusted=adjusted)
    return render_page(page_data(con, filters, options))
