"""``sidepot export``: the store as Parquet or CSV tables, or its hands as PHH or OHH.

One command, one destination per run: ``--parquet DIR`` (tables partitioned by site and month),
``--csv DIR`` (spreadsheet-safe), ``--phh OUT`` (a .phhs file or a folder of .phh) or ``--ohh
OUT`` (Open Hand History, JSON lines). Thin: resolve options, call :mod:`pipeline.export.run` or
the store, render the summary (a line on stderr, or JSON on stdout with ``--json``). Giving no
destination, two of them, or a hand filter with a table export (which always writes every row)
is a usage error.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from pipeline.cli.options import DbOption, HandOption, JsonOption, SiteOption, existing_db
from pipeline.cli.render import safe, to_json
from pipeline.errors import SidepotError, UsageError

if TYPE_CHECKING:  # the export's library is loaded when it runs: the CLI starts without it
    from pipeline.export.run import ExportSummary

__all__ = ["COMMANDS", "export_cmd"]


def _check(chosen: list[Path], tables: bool, site: str | None, hand: list[str] | None) -> None:
    if len(chosen) != 1:
        raise UsageError("give exactly one of --parquet DIR, --csv DIR, --phh OUT, --ohh OUT")
    if tables and (site is not None or hand):
        raise UsageError("--site and --hand choose hands for --phh or --ohh; --parquet and "
                         "--csv write every table whole")


def export_cmd(
    parquet_out: Annotated[Path | None, typer.Option(
        "--parquet", help="Folder for the tables as Parquet, by site and month.")] = None,
    csv_out: Annotated[Path | None, typer.Option(
        "--csv", help="Folder for the tables as CSV (formula cells neutralised).")] = None,
    phh_out: Annotated[Path | None, typer.Option(
        "--phh", help="PHH output: a .phh file (one hand), a .phhs file, or a folder of .phh "
        "files.")] = None,
    ohh_out: Annotated[Path | None, typer.Option(
        "--ohh", help="Open Hand History output: a JSON-lines file (one hand per line).")] = None,
    db: DbOption = None,
    site: SiteOption = None,
    hand: HandOption = None,
    as_json: JsonOption = False,
) -> None:
    """Export the store: tables as Parquet or CSV, or hands as PHH or Open Hand History."""
    from pipeline.export.run import export_ohh, export_phh, load_hands
    from pipeline.store.db import Store

    tables = parquet_out is not None or csv_out is not None
    _check([o for o in (parquet_out, csv_out, phh_out, ohh_out) if o is not None], tables,
           site, hand)
    path = existing_db(db)
    if tables:
        with Store(path) as store:
            written = (store.export_parquet(parquet_out) if parquet_out is not None
                       else store.export_csv(csv_out))  # type: ignore[arg-type]
        if as_json:
            typer.echo(to_json({"files": written}))
            return
        for w in written:
            typer.echo(safe(w))
        return
    hands = load_hands(path, site, tuple(hand or ()))
    summary = export_phh(hands, phh_out) if phh_out else export_ohh(hands, ohh_out)  # type: ignore[arg-type]
    if summary.hands == 0 and summary.skipped == 0:
        raise SidepotError("no stored hand matches")
    if as_json:
        typer.echo(to_json(summary))
    else:
        typer.echo(_render(summary), err=True)


def _render(summary: ExportSummary) -> str:
    msg = f"wrote {summary.hands} hands to {safe(summary.out)}"
    if summary.skipped:
        msg += f"; skipped {summary.skipped} ({_counts(summary.skipped_by_reason)})"
    if summary.lossy_by_reason:
        msg += f"; written with a loss: {_counts(summary.lossy_by_reason)}"
    return msg


def _counts(by_reason: dict[str, int]) -> str:
    return ", ".join(f"{safe(reason)} {n}" for reason, n in by_reason.items())


#: name -> command function, for :mod:`pipeline.cli.app` to register
COMMANDS: dict[str, Callable[..., None]] = {"export": export_cmd}
