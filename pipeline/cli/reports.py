"""The reporting commands of ``sidepot``: stats, audit, show, graph, report.

Thin like the rest of the CLI: resolve the options into a ``reports.filters.Filters``, call one
``reports`` function, render or write its result. ``pipeline/cli.py`` registers each command
(wrapped in its error translation) with one line.
"""

from __future__ import annotations

import enum
import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any

import duckdb
import pandas as pd
import typer

from pipeline.cli.render import money, render_hand, safe, table
from pipeline.config import default_db
from pipeline.errors import SidepotError
from reports import export
from reports.audit import findings_by_code, findings_list, overview
from reports.filters import FilterError, Filters, parse_date
from reports.hand import find_hands, hand_detail
from reports.stats import SUMMARY_COLUMNS, player_stats


class OutputFormat(enum.Enum):
    table = "table"
    csv = "csv"
    json = "json"
    parquet = "parquet"


class Severity(enum.Enum):
    error = "error"
    warning = "warning"
    info = "info"


class Unit(enum.Enum):
    money = "money"
    bb = "bb"


DbOption = Annotated[
    str | None,
    typer.Option("--db", help="DuckDB file (default: $SIDEPOT_DB or ./sidepot.duckdb)."),
]
PlayerOpt = Annotated[str | None, typer.Option("--player", help="Only this player.")]
HeroOpt = Annotated[bool, typer.Option("--hero", help="Only the hero's seats (Dealt to ...).")]
SiteOpt = Annotated[str | None, typer.Option("--site", help="Only this site, e.g. pokerstars.")]
GameOpt = Annotated[str | None, typer.Option("--game", help="Only this game, e.g. holdem.")]
LimitOpt = Annotated[str | None, typer.Option("--limit", help="Only this limit type, e.g. nl.")]
StakesOpt = Annotated[str | None, typer.Option("--stakes", help="SB/BB, e.g. 0.05/0.10.")]
PositionOpt = Annotated[
    list[str] | None, typer.Option("--position", help="Only these positions (repeatable).")
]
FromOpt = Annotated[str | None, typer.Option("--from", help="From this date (UTC, inclusive).")]
ToOpt = Annotated[str | None, typer.Option("--to", help="Up to this date (UTC, inclusive).")]
CashOpt = Annotated[bool, typer.Option("--cash", help="Only cash games.")]
TourneyOpt = Annotated[bool, typer.Option("--tournament", help="Only tournaments.")]
FormatOpt = Annotated[
    OutputFormat, typer.Option("--format", help="table, csv, json or parquet (needs -o).")
]
OutOpt = Annotated[Path | None, typer.Option("-o", "--output", help="Write to this file.")]


@dataclass(frozen=True)
class FilterArgs:
    player: str | None = None
    hero: bool = False
    site: str | None = None
    game: str | None = None
    limit: str | None = None
    stakes: str | None = None
    position: list[str] | None = None
    date_from: str | None = None
    date_to: str | None = None
    cash: bool = False
    tournament: bool = False

    def filters(self) -> Filters:
        if self.cash and self.tournament:
            raise SidepotError("--cash and --tournament exclude each other")
        kind = True if self.tournament else (False if self.cash else None)
        try:
            return Filters(
                player=self.player, hero=self.hero, site=self.site, game=self.game,
                limit_type=self.limit, stakes=self.stakes,
                positions=tuple(self.position) if self.position else None,
                date_from=parse_date(self.date_from), date_to=parse_date(self.date_to),
                tournament=kind,
            )
        except FilterError as exc:
            raise SidepotError(str(exc)) from None


def open_read(db: str | None) -> duckdb.DuckDBPyConnection:
    path = db or default_db()
    if not Path(path).exists():
        raise SidepotError(f"no database at {path}: run `sidepot import PATH` first")
    return duckdb.connect(path, read_only=True)


def emit(frame: pd.DataFrame, fmt: OutputFormat, out: Path | None,
         render_table: Callable[[pd.DataFrame], str]) -> None:
    """Data to stdout (or ``out``) in the chosen format; Parquet needs a file."""
    if fmt is OutputFormat.parquet:
        if out is None:
            raise SidepotError("--format parquet needs -o FILE")
        export.to_parquet(frame, out)
        typer.echo(f"wrote {safe(out)}", err=True)
        return
    text = {
        OutputFormat.csv: lambda: export.to_csv(frame),
        OutputFormat.json: lambda: export.to_json(frame),
        OutputFormat.table: lambda: render_table(frame),
    }[fmt]()
    if out is None:
        typer.echo(text.rstrip("\n"))
    else:
        out.write_text(text, encoding="utf-8")
        typer.echo(f"wrote {safe(out)}", err=True)


def _stats_table(frame: pd.DataFrame) -> str:
    shown = frame.assign(
        net_won=[money(v, c, 0 if c == "CHIPS" else 2)
                 for v, c in zip(frame["net_won"], frame["currency"], strict=True)]
    )
    return table(shown, SUMMARY_COLUMNS)


def stats_cmd(
    db: DbOption = None, player: PlayerOpt = None, hero: HeroOpt = False, site: SiteOpt = None,
    game: GameOpt = None, limit: LimitOpt = None, stakes: StakesOpt = None,
    position: PositionOpt = None, date_from: FromOpt = None, date_to: ToOpt = None,
    cash: CashOpt = False, tournament: TourneyOpt = False,
    min_hands: Annotated[int, typer.Option(help="Hide players with fewer hands.", min=1)] = 1,
    fmt: FormatOpt = OutputFormat.table, out: OutOpt = None,
    as_json: Annotated[bool, typer.Option("--json", help="Same as --format json.")] = False,
) -> None:
    """Per player: hands, VPIP, PFR, 3-bet, c-bet, steal, WTSD, W$SD, AF, net won, bb/100.

    Every statistic also comes as its two counts (done, opportunities) in CSV/JSON/Parquet.
    """
    f = FilterArgs(player, hero, site, game, limit, stakes, position, date_from, date_to,
                   cash, tournament).filters()
    with open_read(db) as con:
        frame = player_stats(con, f, min_hands=min_hands)
    emit(frame, OutputFormat.json if as_json else fmt, out, _stats_table)


def audit_cmd(
    db: DbOption = None,
    severity: Annotated[Severity | None, typer.Option(help="Only this severity.")] = None,
    code: Annotated[str | None, typer.Option(help="Only this finding code.")] = None,
    site: SiteOpt = None,
    examples: Annotated[int, typer.Option(help="Example hands per group.", min=0)] = 3,
    fmt: FormatOpt = OutputFormat.table, out: OutOpt = None,
    as_json: Annotated[bool, typer.Option("--json", help="Totals and groups as JSON.")] = False,
) -> None:
    """Findings grouped by code, site and severity, with example hands; --format exports all."""
    level = severity.value if severity is not None else None
    with open_read(db) as con:
        totals = overview(con)
        groups = findings_by_code(con, severity=level, code=code, examples=examples, site=site)
        listing = findings_list(con, severity=level, code=code, site=site) \
            if fmt is not OutputFormat.table else None
    if as_json:
        payload = {"totals": totals, "codes": export.to_records(groups)}
        typer.echo(json.dumps(payload, indent=2, default=str, ensure_ascii=False))
        return
    if listing is not None:
        emit(listing, fmt, out, table)
        return
    typer.echo(render_audit(totals, groups))


def render_audit(totals: dict[str, int], groups: pd.DataFrame) -> str:
    head = (f"{totals['hands']} hands, {totals['hands_with_errors']} with errors, "
            f"{totals['findings']} findings, {totals['rejects']} rejects")
    return head + "\n" + table(groups, ["severity", "code", "site", "findings", "hands",
                                        "examples"])


def show_cmd(
    hand: Annotated[str, typer.Argument(help="SITE:HAND_ID, e.g. pokerstars:247100000104.")],
    db: DbOption = None,
) -> None:
    """One hand replayed street by street: stacks, actions, pots, payouts, findings."""
    site, sep, hand_id = hand.partition(":")
    with open_read(db) as con:
        if not sep:
            hand_id = site
            sites = find_hands(con, hand_id)
            if len(sites) != 1:
                raise SidepotError(
                    f"hand {hand_id} is in {len(sites)} sites; write SITE:HAND_ID"
                    if sites else f"no hand {hand_id} in the store"
                )
            site = sites[0]
        detail = hand_detail(con, site, hand_id)
    if detail is None:
        raise SidepotError(f"no hand {site}:{hand_id} in the store")
    typer.echo(render_hand(detail))


def _image_format(out: Path) -> str:
    suffix = out.suffix.lower().lstrip(".")
    if suffix not in ("png", "svg"):
        raise SidepotError(f"{out}: the graph is written as .png or .svg")
    return suffix


def graph_cmd(
    out: Annotated[Path, typer.Option("-o", "--output", help="PNG or SVG file to write.")] =
    Path("winnings.png"),
    db: DbOption = None, player: PlayerOpt = None, hero: HeroOpt = False, site: SiteOpt = None,
    game: GameOpt = None, limit: LimitOpt = None, stakes: StakesOpt = None,
    position: PositionOpt = None, date_from: FromOpt = None, date_to: ToOpt = None,
    cash: CashOpt = False, tournament: TourneyOpt = False,
    unit: Annotated[Unit, typer.Option(help="money (one currency) or bb.")] = Unit.money,
    adjusted: Annotated[bool, typer.Option(help="Draw the all-in adjusted line.")] = True,
    positions_out: Annotated[
        Path | None, typer.Option("--positions", help="Also write bb/100 by position here.")
    ] = None,
) -> None:
    """Net winnings over hands (showdown, non-showdown, all-in adjusted) as PNG or SVG."""
    # matplotlib costs a third of a second to import: only the commands that draw pay it
    from reports.graph import (
        GraphError,
        figure_bytes,
        position_figure,
        position_frame,
        winnings_figure,
        winnings_series,
    )

    if player is None and not hero:
        raise SidepotError("say whose graph: --player NAME or --hero")
    f = FilterArgs(player, hero, site, game, limit, stakes, position, date_from, date_to,
                   cash, tournament).filters()
    fmt = _image_format(out)
    who = player if player is not None else "hero"
    with open_read(db) as con:
        try:
            series = winnings_series(con, f, unit=unit.value, adjusted=adjusted)
            pos = position_frame(con, f) if positions_out is not None else None
        except GraphError as exc:
            raise SidepotError(str(exc)) from None
    out.write_bytes(figure_bytes(winnings_figure(series, f"{who}: {series.hands} hands"), fmt))
    typer.echo(str(out))
    if positions_out is not None and pos is not None:
        pfmt = _image_format(positions_out)
        positions_out.write_bytes(
            figure_bytes(position_figure(pos, f"{who}: bb/100 by position"), pfmt))
        typer.echo(str(positions_out))


def report_cmd(
    out: Annotated[Path, typer.Option("-o", "--output", help="HTML file to write.")] =
    Path("report.html"),
    db: DbOption = None, player: PlayerOpt = None, hero: HeroOpt = False, site: SiteOpt = None,
    game: GameOpt = None, limit: LimitOpt = None, stakes: StakesOpt = None,
    position: PositionOpt = None, date_from: FromOpt = None, date_to: ToOpt = None,
    cash: CashOpt = False, tournament: TourneyOpt = False,
    adjusted: Annotated[bool, typer.Option(help="Draw the all-in adjusted line.")] = True,
) -> None:
    """One self-contained HTML report (summary, statistics, graphs, audit) that opens offline."""
    from reports.html import build_report  # draws graphs: matplotlib only when asked for

    f = FilterArgs(player, hero, site, game, limit, stakes, position, date_from, date_to,
                   cash, tournament).filters()
    with open_read(db) as con:
        page = build_report(con, f, adjusted=adjusted)
    out.write_text(page, encoding="utf-8")
    typer.echo(str(out))


#: name -> command function, for pipeline/cli.py to register (wrapped in its translation)
COMMANDS: dict[str, Callable[..., Any]] = {
    "stats": stats_cmd,
    "audit": audit_cmd,
    "show": show_cmd,
    "graph": graph_cmd,
    "report": report_cmd,
}
