"""The reporting commands of ``sidepot``: stats, audit, show, graph, report.

Thin like the rest of the CLI: resolve the options into a ``reports.filters.Filters``
(:mod:`pipeline.cli.options`), call one ``reports`` function, render or write its result.
:mod:`pipeline.cli.app` registers each command of :data:`COMMANDS` and translates its errors.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from pipeline.cli.options import (
    AdjustedOption,
    AnonymousOption,
    CashOption,
    DbOption,
    FilterArgs,
    FormatOption,
    FromOption,
    GameOption,
    HeroOption,
    JsonOption,
    LimitOption,
    NoPagerOption,
    OutputFormat,
    OutputOption,
    PlayerOption,
    PositionOption,
    Severity,
    SiteOption,
    StakesOption,
    ToOption,
    TournamentOption,
    Unit,
    open_read,
)
from pipeline.cli.render import money, render_hand, safe, to_json
from pipeline.cli.terminal import Grid, show
from pipeline.errors import SidepotError, UsageError
from reports.defaults import DEFAULT_MAX_HANDS

# The report modules (pandas, numpy, DuckDB: about a second) are loaded by the command that
# runs, as matplotlib and Jinja2 are by the commands that draw: `sidepot --help` needs none.
if TYPE_CHECKING:
    import pandas as pd

__all__ = ["COMMANDS", "emit", "render_audit"]

def _chosen_format(fmt: OutputFormat, as_json: bool, out: Path | None) -> OutputFormat:
    """``--json`` is short for ``--format json``; with another ``--format`` it is a clash.
    Checked before any query runs, so a usage error costs nothing."""
    if as_json and fmt not in (OutputFormat.table, OutputFormat.json):
        raise UsageError(f"--json and --format {fmt.value} ask for two formats: give one")
    _check_destination(fmt, out)
    return OutputFormat.json if as_json else fmt


def _check_destination(fmt: OutputFormat, out: Path | None) -> None:
    if fmt is OutputFormat.parquet and out is None:
        raise UsageError("--format parquet writes a file: add -o FILE")


def _write_text(text: str, out: Path | None) -> None:
    """Text to stdout, or to ``out`` with a line on stderr naming the file."""
    if out is None:
        typer.echo(text.rstrip("\n"))
        return
    out.write_text(text if text.endswith("\n") else text + "\n", encoding="utf-8")
    typer.echo(f"wrote {safe(out)}", err=True)


def emit(frame: pd.DataFrame, fmt: OutputFormat, out: Path | None,
         grid: Callable[[pd.DataFrame], Grid], no_pager: bool = False) -> None:
    """Data to stdout (or ``out``) in the chosen format; Parquet needs a file. A table on a
    terminal fits its width and pages when long (:func:`pipeline.cli.terminal.show`)."""
    from reports import export

    _check_destination(fmt, out)
    if fmt is OutputFormat.parquet and out is not None:
        export.to_parquet(frame, out)
        typer.echo(f"wrote {safe(out)}", err=True)
        return
    if fmt is OutputFormat.table and out is None:
        show(grid(frame), no_pager=no_pager)
        return
    text = {
        OutputFormat.csv: lambda: export.to_csv(frame),
        OutputFormat.json: lambda: to_json(frame),
        OutputFormat.table: lambda: grid(frame).plain(),
    }[fmt]()
    _write_text(text, out)


def _stats_table(frame: pd.DataFrame) -> Grid:
    """The stats as a table: money in the table's units; a ``kind`` column (cash, or the
    tournament, or how many) when any row is a tournament's."""
    from reports.stats import SUMMARY_COLUMNS

    shown = frame.assign(
        net_won=[money(v, c, 0 if c == "CHIPS" else 2)
                 for v, c in zip(frame["net_won"], frame["currency"], strict=True)]
    )
    columns = list(SUMMARY_COLUMNS)
    if "is_tournament" in frame and frame["is_tournament"].any():
        shown["kind"] = [
            ("tournaments" if n != 1 else "tournament") + f" ({n})" if t else "cash"
            for t, n in zip(frame["is_tournament"], frame["tournaments"], strict=True)]
        columns.insert(columns.index("currency") + 1, "kind")
    return Grid(shown, columns)


def stats_cmd(
    db: DbOption = None, player: PlayerOption = None, hero: HeroOption = False,
    site: SiteOption = None, game: GameOption = None, limit: LimitOption = None,
    stakes: StakesOption = None, position: PositionOption = None,
    date_from: FromOption = None, date_to: ToOption = None,
    cash: CashOption = False, tournament: TournamentOption = False,
    min_hands: Annotated[int, typer.Option(help="Hide players with fewer hands.", min=1)] = 1,
    sort: Annotated[str | None, typer.Option(
        "--sort", metavar="COL", help="Order by this column (numbers largest first, text A-Z; "
        "--ascending flips it), e.g. bb_per_100, vpip, net_won.")] = None,
    ascending: Annotated[bool, typer.Option("--ascending", help="--sort: smallest first "
                                            "(text Z-A).")] = False,
    top: Annotated[int | None, typer.Option("--top", metavar="N", min=1,
                                            help="Only the first N rows.")] = None,
    include_anonymous: AnonymousOption = False,
    fmt: FormatOption = OutputFormat.table, out: OutputOption = None,
    as_json: JsonOption = False, no_pager: NoPagerOption = False,
) -> None:
    """Per player: hands, VPIP, PFR, 3-bet, c-bet, steal, WTSD, W$SD, AF, net won, bb/100.

    Every statistic also comes as its two counts (done, opportunities) in CSV/JSON/Parquet.
    Most hands first unless --sort says otherwise. Cash and tournaments are separate rows;
    a row of several tournaments gives no chip totals (their chips are not one currency).
    """
    from reports.known import resolve
    from reports.stats import player_stats

    chosen = _chosen_format(fmt, as_json, out)
    f = FilterArgs(player, hero, site, game, limit, stakes, position, date_from, date_to,
                   cash, tournament, include_anonymous).filters()
    with open_read(db) as con:
        frame = player_stats(con, resolve(con, f), min_hands=min_hands)
    emit(sort_top(frame, sort, ascending, top), chosen, out, _stats_table, no_pager)


def sort_top(frame: pd.DataFrame, column: str | None, ascending: bool,
             top: int | None) -> pd.DataFrame:
    """``frame`` ordered by ``column`` (numbers largest first, text A-Z, missing values last;
    ``ascending`` flips it; ties keep their order), then its first ``top`` rows. An unknown
    column (compared case-insensitively) is a usage error that lists the valid ones."""
    import pandas as pd

    if column is not None:
        names = {c.lower(): c for c in frame.columns}
        if column.lower() not in names:
            raise UsageError(f"--sort {column!r}: not a column; valid are "
                             f"{', '.join(sorted(frame.columns))}")
        name = names[column.lower()]
        values = frame[name]
        text = values.map(lambda v: isinstance(v, str)).any()
        keys = values if text else pd.to_numeric(values.map(
            lambda v: None if v is None else float(v)), errors="coerce")
        order = keys.sort_values(ascending=(not ascending) if text else ascending,
                                 kind="stable", na_position="last").index
        frame = frame.loc[order].reset_index(drop=True)
    return frame.head(top) if top is not None else frame


def audit_cmd(
    db: DbOption = None,
    severity: Annotated[Severity | None, typer.Option(help="Only this severity.")] = None,
    code: Annotated[str | None, typer.Option(help="Only this finding code.")] = None,
    site: SiteOption = None,
    examples: Annotated[int, typer.Option(help="Example hands per group.", min=0)] = 3,
    fmt: FormatOption = OutputFormat.table, out: OutputOption = None,
    as_json: Annotated[bool, typer.Option("--json", help="Totals and groups as JSON "
                                          "(--format json lists every finding).")] = False,
    no_pager: NoPagerOption = False,
) -> None:
    """Findings grouped by code, site and severity, with example hands; --format exports all."""
    if as_json and fmt is not OutputFormat.table:
        raise UsageError(f"--json (totals and groups) and --format {fmt.value} (every "
                         "finding) ask for two outputs: give one")
    from reports.audit import findings_by_code, findings_list, overview
    from reports.known import known_value

    _check_destination(fmt, out)
    level = severity.value if severity is not None else None
    with open_read(db) as con:
        site = known_value(con, "site", site) if site else None
        code = known_value(con, "code", code) if code else None
        totals = overview(con)
        groups = findings_by_code(con, severity=level, code=code, examples=examples, site=site)
        listing = findings_list(con, severity=level, code=code, site=site) \
            if fmt is not OutputFormat.table else None
    if as_json:
        _write_text(to_json({"totals": totals, "codes": groups}), out)
    elif listing is not None:
        emit(listing, fmt, out, lambda frame: Grid(frame, list(frame.columns)))
    elif out is not None:
        _write_text(render_audit(totals, groups), out)
    else:
        show(audit_grid(totals, groups), no_pager=no_pager)


def audit_grid(totals: dict[str, int], groups: pd.DataFrame) -> Grid:
    """The audit: one line of totals above the groups."""
    head = (f"{totals['hands']} hands, {totals['hands_with_errors']} with errors, "
            f"{totals['findings']} findings, {totals['rejects']} rejects")
    return Grid(groups, ["severity", "code", "site", "findings", "hands", "examples"], head)


def render_audit(totals: dict[str, int], groups: pd.DataFrame) -> str:
    """The audit as text: one line of totals, then the groups as a table."""
    return audit_grid(totals, groups).plain()


def show_cmd(
    hand: Annotated[str, typer.Argument(help="SITE:HAND_ID, e.g. pokerstars:247100000104.")],
    db: DbOption = None, no_pager: NoPagerOption = False,
) -> None:
    """One hand replayed street by street: stacks, actions, pots, payouts, findings."""
    from reports.hand import find_hands, hand_detail

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
    show(render_hand(detail), no_pager=no_pager)


def _image_format(out: Path) -> str:
    """The image format a graph file's name asks for; anything but .png/.svg is a usage error."""
    suffix = out.suffix.lower().lstrip(".")
    if suffix not in ("png", "svg"):
        raise UsageError(f"{out}: the graph is written as .png or .svg")
    return suffix


def graph_cmd(
    out: Annotated[Path, typer.Option("-o", "--output", help="PNG or SVG file to write.")] =
    Path("winnings.png"),
    db: DbOption = None, player: PlayerOption = None, hero: HeroOption = False,
    site: SiteOption = None, game: GameOption = None, limit: LimitOption = None,
    stakes: StakesOption = None, position: PositionOption = None,
    date_from: FromOption = None, date_to: ToOption = None,
    cash: CashOption = False, tournament: TournamentOption = False,
    include_anonymous: AnonymousOption = False,
    unit: Annotated[Unit, typer.Option(help="money (one currency) or bb.")] = Unit.money,
    adjusted: AdjustedOption = True,
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
    from reports.known import resolve

    if player is None and not hero:
        raise UsageError("say whose graph: --player NAME or --hero")
    f = FilterArgs(player, hero, site, game, limit, stakes, position, date_from, date_to,
                   cash, tournament, include_anonymous).filters()
    fmt = _image_format(out)
    pfmt = _image_format(positions_out) if positions_out is not None else ""
    with open_read(db) as con:
        f = resolve(con, f)
        who = f.player if f.player is not None else "hero"
        try:
            series = winnings_series(con, f, unit=unit.value, adjusted=adjusted)
            pos = position_frame(con, f) if positions_out is not None else None
        except GraphError as exc:
            raise SidepotError(str(exc)) from None
    out.write_bytes(figure_bytes(winnings_figure(series, f"{who}: {series.hands} hands"), fmt))
    typer.echo(str(out))
    if positions_out is not None and pos is not None:
        positions_out.write_bytes(
            figure_bytes(position_figure(pos, f"{who}: bb/100 by position"), pfmt))
        typer.echo(str(positions_out))


def report_cmd(
    out: Annotated[Path, typer.Option("-o", "--output", help="HTML file to write.")] =
    Path("report.html"),
    db: DbOption = None, player: PlayerOption = None, hero: HeroOption = False,
    site: SiteOption = None, game: GameOption = None, limit: LimitOption = None,
    stakes: StakesOption = None, position: PositionOption = None,
    date_from: FromOption = None, date_to: ToOption = None,
    cash: CashOption = False, tournament: TournamentOption = False,
    include_anonymous: AnonymousOption = False,
    adjusted: AdjustedOption = True,
    min_hands: Annotated[int, typer.Option(help="Grid: hide players with fewer hands.",
                                           min=1)] = 1,
    max_hands: Annotated[int, typer.Option(
        help="Hands embedded for the replayer (the audit's examples first, then hands with "
             "findings, then the biggest pots); the page says how many of how many.",
        min=0)] = DEFAULT_MAX_HANDS,
) -> None:
    """One self-contained interactive HTML page that opens offline: summary, a sortable and
    searchable stats grid, breakdowns, graphs, the audit, and a hand replayer.

    Every filter applies to every section. At most --max-hands hands are embedded.
    """
    from reports.html import build_report  # Jinja2 and the graph module: only when asked for
    from reports.known import resolve

    f = FilterArgs(player, hero, site, game, limit, stakes, position, date_from, date_to,
                   cash, tournament, include_anonymous).filters()
    with open_read(db) as con:
        page = build_report(con, resolve(con, f), adjusted=adjusted, min_hands=min_hands,
                            max_hands=max_hands)
    out.write_text(page, encoding="utf-8")
    typer.echo(str(out))


#: name -> command function, in the order ``sidepot --help`` lists them
COMMANDS: dict[str, Callable[..., Any]] = {
    "stats": stats_cmd,
    "audit": audit_cmd,
    "show": show_cmd,
    "graph": graph_cmd,
    "report": report_cmd,
}
