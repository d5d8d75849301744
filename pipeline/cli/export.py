"""``sidepot export``: the store as Parquet or CSV tables, or its hands as PHH or OHH.

One command, one destination per run: ``--parquet DIR`` (tables partitioned by site and month),
``--csv DIR`` (spreadsheet-safe), ``--phh OUT`` (a .phhs file or a folder of .phh) or ``--ohh
OUT`` (Open Hand History, JSON lines). Thin: resolve options, call :mod:`pipeline.export.run` or the
store, render the summary (a line on stderr, or JSON on stdout with ``--json``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from pipeline.config import default_db
from pipeline.errors import SidepotError
from pipeline.export.run import export_ohh, export_phh, load_hands
from pipeline.store.db import Store


def export_cmd(
    parquet_out: Annotated[Path | None, typer.Option(
        "--parquet", help="Folder for the tables as Parquet, by site and month.")] = None,
    csv_out: Annotated[Path | None, typer.Option(
        "--csv", help="Folder for the tables as CSV (formula cells neutralised).")] = None,
    phh_out: Annotated[Path | None, typer.Option(
        "--phh", help="PHH output: a .phhs file, or a folder of .phh files.")] = None,
    ohh_out: Annotated[Path | None, typer.Option(
        "--ohh", help="Open Hand History output: a JSON-lines file (one hand per line).")] = None,
    db: Annotated[str | None, typer.Option(
        "--db", help="DuckDB file (default: $SIDEPOT_DB or ./sidepot.duckdb).")] = None,
    site: Annotated[str | None, typer.Option("--site", help="Only this site's hands.")] = None,
    hand: Annotated[list[str] | None, typer.Option(
        "--hand", help="Only this hand id (repeatable).")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Summary as JSON on stdout.")] = False,
) -> None:
    """Export the store: tables as Parquet or CSV, or hands as PHH or Open Hand History."""
    chosen = [o for o in (parquet_out, csv_out, phh_out, ohh_out) if o is not None]
    if len(chosen) != 1:
        typer.echo("sidepot: give exactly one of --parquet DIR, --csv DIR, --phh OUT, --ohh OUT",
                   err=True)
        raise typer.Exit(2)
    path = db or default_db()
    if not Path(path).exists():
        raise SidepotError(f"no database at {path}: run `sidepot import PATH` first")
    if parquet_out is not None or csv_out is not None:
        with Store(path) as store:
            written = (store.export_parquet(parquet_out) if parquet_out is not None
                       else store.export_csv(csv_out))
        for w in written:
            typer.echo(w)
        return
    hands = load_hands(path, site, tuple(hand or ()))
    summary = export_phh(hands, phh_out) if phh_out else export_ohh(hands, ohh_out)  # type: ignore[arg-type]
    if summary.hands == 0 and summary.skipped == 0:
        raise SidepotError("no stored hand matches")
    if as_json:
        typer.echo(summary.to_json())
        return
    msg = f"wrote {summary.hands} hands to {summary.out}"
    if summary.skipped:
        msg += f"; skipped {summary.skipped} ({summary.skipped_by_reason})"
    if summary.lossy_by_reason:
        msg += f"; written with a loss: {summary.lossy_by_reason}"
    typer.echo(msg, err=True)
