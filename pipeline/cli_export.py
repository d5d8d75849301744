"""``sidepot export-hands --phh OUT | --ohh OUT``: stored hands as PHH or Open Hand History.

Thin: resolve options, call :mod:`pipeline.export`, render the :class:`ExportSummary` (a line
on stderr, or JSON on stdout with ``--json``). Registered in ``pipeline/cli.py``; it is its own
command because ``sidepot export`` already writes the Parquet/CSV dump.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from pipeline.export import export_ohh, export_phh, load_hands
from pipeline.ingest import default_db
from pipeline.store import SidepotError


def export_hands_cmd(
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
    """Export stored hands as PHH (.phhs or a folder of .phh) or OHH (JSON lines)."""
    if (phh_out is None) == (ohh_out is None):
        typer.echo("sidepot: give exactly one of --phh OUT or --ohh OUT", err=True)
        raise typer.Exit(2)
    hands = load_hands(db or default_db(), site, tuple(hand or ()))
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
