"""The ``sidepot`` command: thin. Resolve options, call one library function, render, exit.

Data goes to stdout, messages and progress to stderr. Exit codes: 0 success, 1 error, 2 usage.
Errors a user can act on (``SidepotError``, format errors, database errors) become one line on
stderr; anything else is a bug and says so, with the traceback only under ``--debug``.
"""

from __future__ import annotations

import enum
import functools
import json
import sys
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any, TypeVar

import duckdb
import typer

from parsers import registry
from parsers.errors import AmbiguousFormatError, UnknownFormatError
from pipeline.cli.export import export_cmd
from pipeline.cli.render import safe, table
from pipeline.cli.reports import COMMANDS
from pipeline.cli.simulate import simulate_cmd
from pipeline.config import default_db
from pipeline.errors import SidepotError
from pipeline.ingest.run import import_paths
from pipeline.ingest.summary import ImportSummary
from pipeline.ingest.writer import Progress
from reports.audit import rejects_by_reason

app = typer.Typer(
    help="sidepot: parse poker hand histories, audit every hand, load them into DuckDB.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)

_STATE = {"debug": False}
F = TypeVar("F", bound=Callable[..., Any])
_USER_ERRORS = (SidepotError, UnknownFormatError, AmbiguousFormatError, duckdb.Error, OSError)

DbOption = Annotated[
    str | None,
    typer.Option("--db", help="DuckDB file (default: $SIDEPOT_DB or ./sidepot.duckdb)."),
]
JsonOption = Annotated[bool, typer.Option("--json", help="Machine-readable JSON on stdout.")]


class SeverityChoice(enum.Enum):
    error = "error"
    warning = "warning"
    info = "info"


def _err(message: str) -> None:
    typer.echo(f"sidepot: {safe(message)}", err=True)


def translated(fn: F) -> F:
    """The one place exceptions become messages and exit codes (applied to every command)."""

    @functools.wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return fn(*args, **kwargs)
        except (typer.Exit, typer.Abort):
            raise
        except _USER_ERRORS as exc:
            if _STATE["debug"]:
                traceback.print_exc()
            _err(str(exc).splitlines()[0] if str(exc) else type(exc).__name__)
            raise typer.Exit(1) from None
        except Exception as exc:  # noqa: BLE001 - a bug: say so in one line
            if _STATE["debug"]:
                traceback.print_exc()
            _err(f"internal error: {type(exc).__name__}: {exc} (rerun with --debug for details)")
            raise typer.Exit(1) from None

    return wrapper  # type: ignore[return-value]


@app.callback()
def _root(
    debug: Annotated[bool, typer.Option("--debug", help="Show tracebacks on errors.")] = False,
) -> None:
    """sidepot: parse poker hand histories, audit every hand, load them into DuckDB."""
    _STATE["debug"] = debug


def _db(db: str | None) -> str:
    return db or default_db()


def _open_read(db: str | None) -> duckdb.DuckDBPyConnection:
    path = _db(db)
    if not Path(path).exists():
        raise SidepotError(f"no database at {path}: run `sidepot import PATH` first")
    return duckdb.connect(path, read_only=True)


class _Bar:
    """A one-line progress display on stderr, used only when stderr is a terminal."""

    def __call__(self, p: Progress) -> None:
        pct = 100 * p.bytes_done / p.bytes_total if p.bytes_total else 100.0
        sys.stderr.write(
            f"\r  {pct:5.1f}%  files {p.files_done}/{p.files_total}  hands {p.hands_seen}"
        )
        sys.stderr.flush()

    def close(self) -> None:
        sys.stderr.write("\n")


def render_summary(s: ImportSummary) -> str:
    lines = [
        f"files            {s.files}"
        + (f" ({s.skipped_files} skipped)" if s.skipped_files else ""),
        f"hands seen       {s.hands_seen}",
        f"hands imported   {s.hands_imported}",
        f"duplicates       {s.duplicates}",
        f"rejected         {s.rejected}",
    ]
    for reason, n in s.rejected_by_reason.items():
        lines.append(f"  {safe(reason):<22} {n}")
    if s.skipped_by_reason:
        lines.append("skipped files")
        lines += [f"  {safe(r):<22} {n}" for r, n in s.skipped_by_reason.items()]
    lines.append("findings" + ("         none" if not s.findings_by_code else ""))
    for code, n in s.findings_by_code.items():
        lines.append(f"  {safe(code):<22} {n}")
    rate = s.hands_seen / s.seconds if s.seconds else 0.0
    lines.append(f"seconds          {s.seconds:.2f} ({rate:,.0f} hands/s) -> {safe(s.db)}")
    return "\n".join(lines)


@app.command("import")
@translated
def import_cmd(
    paths: Annotated[list[Path], typer.Argument(help="Hand-history files or folders.")],
    db: DbOption = None,
    as_json: JsonOption = False,
    batch_size: Annotated[int, typer.Option(help="Hands per transaction.", min=1)] = 2000,
    watch: Annotated[bool, typer.Option("--watch", help="Keep following files as a poker "
                                        "client appends hands (Ctrl-C stops).")] = False,
    poll: Annotated[float, typer.Option(help="--watch: seconds between passes.", min=0.05)] = 1.0,
    jobs: Annotated[int, typer.Option("--jobs", "-j", min=1, help="Worker processes that parse "
                                      "and replay (one writer stores their results).")] = 1,
    dask: Annotated[str | None, typer.Option("--dask", help="Parse on a Dask cluster (scheduler "
                                             "address, or 'local') and write Parquet to "
                                             "--parquet instead of a DuckDB file.")] = None,
    parquet: Annotated[Path | None, typer.Option("--parquet", help="--dask: output folder "
                                                 "(read it with `sidepot attach`).")] = None,
    debug: Annotated[bool, typer.Option("--debug", help="Show tracebacks on errors.")] = False,
) -> None:
    """Import hand histories (files or folders, recursively) into the store."""
    _STATE["debug"] = _STATE["debug"] or debug
    if watch:
        _watch(paths, _db(db), as_json, poll)
        return
    if dask is not None:
        _dask_import(paths, dask, parquet, jobs, as_json)
        return
    bar = _Bar() if sys.stderr.isatty() else None
    try:
        summary = import_paths(paths, _db(db), progress=bar, batch_size=batch_size, jobs=jobs)
    finally:
        if bar is not None:
            bar.close()
    if summary.hands_imported:
        _refresh_stats(_db(db))
    typer.echo(summary.to_json() if as_json else render_summary(summary))


def _refresh_stats(db: str) -> None:
    """Fold the new hands into the per-seat stat facts now, once, so that `sidepot stats`
    answers from them instead of recomputing every hand's facts on each read-only call."""
    from reports.stats import refresh

    con = duckdb.connect(db)
    try:
        refresh(con)
    finally:
        con.close()


def _dask_import(paths: list[Path], scheduler: str, out: Path | None, jobs: int,
                 as_json: bool) -> None:
    from pipeline.ingest.dask import import_dask

    if out is None:
        raise typer.BadParameter("--dask needs --parquet DIR", param_hint="--parquet")
    s = import_dask(paths, out, scheduler, workers=max(jobs, 2))
    if as_json:
        typer.echo(s.to_json())
        return
    typer.echo(f"{s.hands_written} hands written to {s.out_dir} ({s.files} files, "
               f"{s.partitions} site/month partitions, {s.rejected} rejected) in {s.seconds}s")
    typer.echo(f"query it: sidepot attach {safe(s.out_dir)} --db FILE")


@app.command()
@translated
def attach(
    parquet_dir: Annotated[Path, typer.Argument(help="Folder written by `import --dask` or "
                                                "`export --parquet`.")],
    db: DbOption = None,
    as_json: JsonOption = False,
) -> None:
    """Make every report run over a Parquet folder: views in --db over its files."""
    from pipeline.store.attach import attach as attach_views

    s = attach_views(parquet_dir, _db(db))
    if as_json:
        typer.echo(json.dumps(s.__dict__, indent=2))
        return
    typer.echo(f"{safe(s.db)}: views over {safe(s.parquet_dir)} ({s.layout} layout)")
    for name, n in s.rows.items():
        typer.echo(f"  {name:<9}{n:>12,}")


def _watch(paths: list[Path], db: str, as_json: bool, poll: float) -> None:
    """One line per pass that read something (JSON lines with --json), until Ctrl-C."""
    from pipeline.ingest.watch import watch

    def show(s: ImportSummary) -> None:
        line = (json.dumps(s.to_dict()) if as_json else
                f"+{s.hands_imported} hands ({s.duplicates} duplicates, {s.rejected} rejected)")
        typer.echo(line)

    try:
        watch(paths, db, on_pass=show, poll=poll)
    except KeyboardInterrupt:
        _err("stopped watching")


@app.command()
@translated
def formats(as_json: JsonOption = False) -> None:
    """The hand-history formats sidepot reads, how each is detected, and what it supports."""
    rows = [
        {"name": f.name, "site": f.site, "description": f.description,
         "detection": f.detection, "supports": f.supports}
        for f in registry.FORMATS
    ]
    if as_json:
        typer.echo(json.dumps(rows, indent=2))
        return
    for row in rows:
        typer.echo(f"{row['name']} ({row['site']}): {row['description']}")
        typer.echo(f"  detection: {row['detection']}")
        typer.echo(f"  supports:  {row['supports']}")


@app.command()
@translated
def rejects(
    db: DbOption = None,
    reason: Annotated[str | None, typer.Option(help="List the rejects with this reason.")] = None,
    text: Annotated[bool, typer.Option("--text", help="Print each reject's raw text.")] = False,
    as_json: JsonOption = False,
) -> None:
    """Hands that could not be stored, grouped by reason (or listed for one reason)."""
    with _open_read(db) as con:
        if reason is None:
            frame = rejects_by_reason(con)
        else:
            frame = con.execute(
                "SELECT source_file, source_offset, line, site, reason, detail, raw_text "
                "FROM rejects WHERE reason = ? ORDER BY source_file, source_offset",
                [reason],
            ).df()
    if as_json:
        typer.echo(frame.to_json(orient="records", indent=2))
        return
    if reason is None:
        typer.echo(table(frame, ["reason", "rejects", "files", "example"]))
        return
    for _, r in frame.iterrows():
        typer.echo(f"{safe(r['source_file'])}:{r['line']} (byte {r['source_offset']}) "
                   f"{safe(r['reason'])}: {safe(r['detail'])}")
        if text:
            typer.echo("\n".join("    " + safe(line) for line in r["raw_text"].split("\n")))
    if frame.empty:
        typer.echo("(none)")


app.command("simulate")(translated(simulate_cmd))
app.command("export")(translated(export_cmd))
for _name, _cmd in COMMANDS.items():  # stats, audit, show, graph, report
    app.command(_name)(translated(_cmd))


def main() -> None:
    """Console entry point; the last line of defence against a traceback reaching the user."""
    try:
        app()
    except SystemExit:
        raise
    except Exception as exc:  # noqa: BLE001
        if _STATE["debug"] or "--debug" in sys.argv:
            raise
        _err(f"internal error: {type(exc).__name__}: {exc}")
        sys.exit(1)


if __name__ == "__main__":
    main()
