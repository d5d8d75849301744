"""``sidepot hands``: find hands by player, site, stakes, date, position, pot, all-in,
showdown, finding code and net won; each row carries the ``SITE:HAND_ID`` ``show`` takes."""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal, InvalidOperation
from typing import TYPE_CHECKING, Annotated, Any

import typer

from pipeline.cli.options import (
    AnonymousOption,
    DbOption,
    FormatOption,
    FromOption,
    JsonOption,
    NoPagerOption,
    OutputFormat,
    OutputOption,
    PlayerOption,
    PositionOption,
    SiteOption,
    StakesOption,
    ToOption,
    open_read,
)
from pipeline.cli.reports import emit
from pipeline.cli.terminal import Grid
from pipeline.errors import UsageError
from reports.filters import parse_date

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["COMMANDS", "hands_cmd"]

_COLUMNS = ["hand", "started_at", "player", "position", "hole_cards", "total_pot", "net",
            "showdown", "all_in", "n_findings"]


def _money(text: str | None, flag: str) -> Decimal | None:
    if text is None:
        return None
    try:
        return Decimal(text.strip().lstrip("$€£"))
    except InvalidOperation:
        raise UsageError(f"{flag} {text!r}: expected an amount like 12.50") from None


def hands_cmd(
    db: DbOption = None, player: PlayerOption = None, site: SiteOption = None,
    stakes: StakesOption = None, position: PositionOption = None,
    date_from: FromOption = None, date_to: ToOption = None,
    min_pot: Annotated[str | None, typer.Option("--min-pot", help="Pot at least this.")] = None,
    all_in: Annotated[bool | None, typer.Option(
        "--all-in/--no-all-in", help="Only seats that went (or did not go) all in.")] = None,
    showdown: Annotated[bool | None, typer.Option(
        "--showdown/--no-showdown", help="Only seats that reached (or missed) showdown.")] = None,
    code: Annotated[str | None, typer.Option("--code", help="Hands with this finding.")] = None,
    min_net: Annotated[str | None, typer.Option("--min-net", help="Net won at least.")] = None,
    max_net: Annotated[str | None, typer.Option("--max-net", help="Net won at most.")] = None,
    limit: Annotated[int, typer.Option("--limit", help="At most this many rows.", min=1)] = 1000,
    include_anonymous: AnonymousOption = False,
    fmt: FormatOption = OutputFormat.table, out: OutputOption = None,
    as_json: JsonOption = False, no_pager: NoPagerOption = False,
) -> None:
    """Seats of the hands matching every filter (case-insensitive), oldest first.

    The seats of anonymous tables (Ignition's "Big Blind", "UTG+1") are listed only with
    --include-anonymous; the hero's always are."""
    if as_json and fmt not in (OutputFormat.table, OutputFormat.json):
        raise UsageError(f"--json and --format {fmt.value} ask for two formats: give one")
    from reports.search import HandSearch, find_hands  # with pandas: when a command runs

    search = HandSearch(
        player=player, site=site, stakes=stakes,
        date_from=parse_date(date_from), date_to=parse_date(date_to),
        positions=tuple(position) if position else None,
        min_pot=_money(min_pot, "--min-pot"), all_in=all_in, showdown=showdown, code=code,
        min_net=_money(min_net, "--min-net"), max_net=_money(max_net, "--max-net"),
        limit=limit, include_anonymous=include_anonymous,
    )
    con = open_read(db)
    try:
        found = find_hands(con, search)
    finally:
        con.close()
    chosen = OutputFormat.json if as_json else fmt
    emit(found, chosen, out, _table, no_pager)


def _table(frame: pd.DataFrame) -> Grid:
    return Grid(frame, _COLUMNS)


COMMANDS: dict[str, Callable[..., Any]] = {"hands": hands_cmd}
