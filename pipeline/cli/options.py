"""The options several commands share, each defined once, and how they resolve.

A typer option is its ``Annotated[type, typer.Option(...)]``: flag, help text and checks in
one value. Commands that take the same option use the same alias from here, so ``--db`` or
``--from`` reads and behaves the same in every command. The choice enums sit here too, and the
two resolutions every command needs: the database path (``--db`` or the default) and the
report filters (the filter options into one :class:`reports.filters.Filters`).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from pipeline.config import default_config, default_db
from pipeline.errors import SidepotError, UsageError
from reports.filters import FilterError, Filters, parse_date

if TYPE_CHECKING:  # loaded by the functions that use them: the CLI starts without DuckDB
    import duckdb

    from pipeline.ingest.zones import ZoneSettings

__all__ = [
    "DEBUG_KEY", "AdjustedOption", "AnonymousOption", "CashOption", "DbOption", "DebugOption",
    "FilterArgs", "NoPagerOption",
    "FormatOption", "FromOption", "GameOption", "HandOption", "HeroOption", "JsonOption",
    "LimitChoice", "LimitOption", "OutputFormat", "OutputOption", "PlayerOption",
    "PositionOption", "Severity", "SimFormat", "SiteOption", "StakesOption", "ToOption",
    "TournamentOption", "TzOption", "ConfigOption", "Unit", "db_path", "existing_db",
    "open_read", "zone_settings",
]


class OutputFormat(enum.Enum):
    """How a report frame leaves: an aligned table, CSV, JSON, or a Parquet file."""

    table = "table"
    csv = "csv"
    json = "json"
    parquet = "parquet"


class Severity(enum.Enum):
    """The severities of an audit finding, most serious first."""

    error = "error"
    warning = "warning"
    info = "info"


class Unit(enum.Enum):
    """What a winnings graph counts: the table's money (one currency) or big blinds."""

    money = "money"
    bb = "bb"


class LimitChoice(enum.Enum):
    """The betting structures the simulator deals."""

    NL = "NL"
    PL = "PL"
    FL = "FL"


class SimFormat(enum.Enum):
    """The hand-history formats the simulator writes."""

    pokerstars = "pokerstars"
    phh = "phh"


DbOption = Annotated[
    str | None,
    typer.Option("--db", help="DuckDB file (default: $SIDEPOT_DB or ./sidepot.duckdb)."),
]
JsonOption = Annotated[bool, typer.Option("--json", help="Machine-readable JSON on stdout.")]
DebugOption = Annotated[bool, typer.Option("--debug", help="Show tracebacks on errors.")]
#: where ``--debug`` (of the root or of a command) is kept in the click context's ``meta``,
#: which every nested context shares: the error translation reads it there
DEBUG_KEY = "sidepot.debug"
OutputOption = Annotated[Path | None, typer.Option("-o", "--output", help="Write to this file.")]
FormatOption = Annotated[
    OutputFormat, typer.Option("--format", help="table, csv, json or parquet (needs -o).")
]
AdjustedOption = Annotated[bool, typer.Option(help="Draw the all-in adjusted line.")]

PlayerOption = Annotated[str | None, typer.Option("--player", help="Only this player.")]
HeroOption = Annotated[bool, typer.Option("--hero", help="Only the hero's seats (Dealt to ...).")]
SiteOption = Annotated[str | None, typer.Option("--site", help="Only this site, e.g. pokerstars.")]
HandOption = Annotated[
    list[str] | None, typer.Option(
        "--hand", help="Only this hand: SITE:HAND_ID or HAND_ID (repeatable).")
]
GameOption = Annotated[str | None, typer.Option("--game", help="Only this game, e.g. holdem.")]
LimitOption = Annotated[str | None, typer.Option("--limit", help="Only this limit type, e.g. nl.")]
StakesOption = Annotated[str | None, typer.Option("--stakes", help="SB/BB, e.g. 0.05/0.10.")]
PositionOption = Annotated[
    list[str] | None, typer.Option("--position", help="Only these positions (repeatable).")
]
FromOption = Annotated[
    str | None, typer.Option("--from", help="From this date (UTC, inclusive).")
]
ToOption = Annotated[str | None, typer.Option("--to", help="Up to this date (UTC, inclusive).")]
CashOption = Annotated[bool, typer.Option("--cash", help="Only cash games.")]
TournamentOption = Annotated[bool, typer.Option("--tournament", help="Only tournaments.")]
NoPagerOption = Annotated[bool, typer.Option(
    "--no-pager", help="Print long output straight to the terminal, not through the pager.")]
AnonymousOption = Annotated[bool, typer.Option(
    "--include-anonymous", help="Count the seats of anonymous tables (Ignition's 'Big Blind', "
    "'UTG+1'...: a position, not a player) as players; the hero is always one.")]


TzOption = Annotated[
    list[str] | None, typer.Option(
        "--tz", metavar="SITE=ZONE",
        help="The time zone of SITE's hands whose log prints none, as an IANA name "
             "(e.g. --tz pkr=Europe/London; repeatable). Beats the config file; a zone the "
             "log prints always wins.")
]
ConfigOption = Annotated[
    Path | None, typer.Option(
        "--config", help="TOML settings file ([time_zones] SITE = \"ZONE\"); default "
                         "$SIDEPOT_CONFIG, else ~/.config/sidepot/config.toml if present.")
]


def zone_settings(tz: list[str] | None, config: Path | None) -> ZoneSettings:
    """The import's time zone settings: ``--tz`` over the config file (``--config``, else
    the default one); anything malformed is a usage error (exit 2)."""
    from pipeline.ingest.zones import settings_from

    if config is not None:
        path, named = config, True
    else:
        path, named = default_config()
    return settings_from(tz or (), path, config_required=named)


def db_path(db: str | None) -> str:
    """The database a command works on: ``--db``, else ``$SIDEPOT_DB``, else the default."""
    return db or default_db()


def existing_db(db: str | None) -> str:
    """The database path of a command that reads the store; a missing file says how to make
    one (rather than DuckDB creating an empty store and the report finding nothing)."""
    path = db_path(db)
    if not Path(path).exists():
        raise SidepotError(f"no database at {path}: run `sidepot import PATH` first")
    return path


def open_read(db: str | None) -> duckdb.DuckDBPyConnection:
    """A read-only connection to an existing store (without DuckDB's own progress bar: the
    terminal is the CLI's to draw on)."""
    from pipeline.store.db import connect

    con = connect(existing_db(db), read_only=True)  # a store held by an import: one line
    con.execute("SET enable_progress_bar = false")
    return con


@dataclass(frozen=True)
class FilterArgs:
    """The filter options of a report command, as given, before they mean anything."""

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
    include_anonymous: bool = False

    def filters(self) -> Filters:
        """The options as report filters; a clash or a value that means nothing is a usage
        error (exit 2), said in one line."""
        if self.cash and self.tournament:
            raise UsageError("--cash and --tournament exclude each other: give one")
        kind = True if self.tournament else (False if self.cash else None)
        try:
            return Filters(
                player=self.player, hero=self.hero, site=self.site, game=self.game,
                limit_type=self.limit, stakes=self.stakes,
                positions=tuple(self.position) if self.position else None,
                date_from=parse_date(self.date_from), date_to=parse_date(self.date_to),
                tournament=kind, include_anonymous=self.include_anonymous,
            )
        except FilterError as exc:
            raise UsageError(str(exc)) from None
