"""The commands that fill the store and look at what went in: import, attach, formats, rejects.

``import`` has three modes, chosen by its options: a plain import into DuckDB (``--jobs`` worker
processes), ``--watch`` (follow files a client is still writing, until Ctrl-C) and ``--dask``
(parse on a cluster, write Parquet to ``--parquet``). Options that belong to another mode are a
usage error, not silently ignored. Errors are translated in :mod:`pipeline.cli.app`.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from pipeline.cli.options import (
    DEBUG_KEY,
    ConfigOption,
    DbOption,
    DebugOption,
    JsonOption,
    NoPagerOption,
    TzOption,
    db_path,
    open_read,
    zone_settings,
)
from pipeline.cli.render import import_notes, safe, to_json
from pipeline.cli.terminal import Grid, import_progress, watch_line
from pipeline.cli.terminal import show as show_table
from pipeline.config import DEFAULT_BATCH
from pipeline.core_choice import missing_core_note
from pipeline.errors import ImportInterrupted, UsageError
from pipeline.ingest.summary import ImportSummary

# The import's library (the parsers, DuckDB, Arrow: about a second) is loaded by the command
# that runs, not by `sidepot --help` or `sidepot simulate`.
if TYPE_CHECKING:
    import duckdb
    import pandas as pd

    from pipeline.ingest.zones import ZoneSettings

__all__ = ["COMMANDS", "render_summary"]

def render_summary(s: ImportSummary) -> str:
    """An import's summary as aligned text: counts, rejects and findings by reason, speed."""
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
    if s.unknown_format_files:
        lines.append("files in a layout no parser knows (rejected unknown_format; see "
                     "`sidepot rejects`)")
        lines += [f"  {safe(f)}" for f in s.unknown_format_files[:20]]
        if len(s.unknown_format_files) > 20:
            lines.append(f"  ... and {len(s.unknown_format_files) - 20} more")
    if s.skipped_by_reason:
        lines.append("skipped files")
        lines += [f"  {safe(r):<22} {n}" for r, n in s.skipped_by_reason.items()]
    lines += [f"note: {line}" for line in import_notes(s)]
    if s.hands_seen and (missing := missing_core_note(s.core)) is not None:
        lines.append(f"note: {missing}")
    severities = ", ".join(f"{n:,} {safe(level)}" for level, n in s.findings_by_severity.items())
    lines.append("findings" + (f"         {severities}" if severities else
                               "         none" if not s.findings_by_code else ""))
    for code, n in s.findings_by_code.items():
        lines.append(f"  {safe(code):<22} {n}")
    rate = s.hands_seen / s.seconds if s.seconds else 0.0
    workers = f", {s.jobs} worker processes" if s.jobs > 1 else ", one process"
    lines.append(f"seconds          {s.seconds:.2f} ({rate:,.0f} hands/s{workers}) -> "
                 f"{safe(s.db)}")
    if s.stats_seconds or s.allin_seconds:
        lines.append(f"  of which        stat facts {s.stats_seconds:.2f}"
                     + (f", all-in equity {s.allin_seconds:.2f}" if s.allin_seconds else ""))
    return "\n".join(lines)


def _check_modes(*, watch: bool, dask: str | None, parquet: Path | None, db: str | None,
                 jobs: int | None, force: bool) -> None:
    """Each option belongs to one import mode; one given with another mode is a usage error."""
    if watch and dask is not None:
        raise UsageError("--watch follows files into a DuckDB store; --dask writes Parquet: "
                         "give one")
    if dask is not None:
        if parquet is None:
            raise UsageError("--dask needs --parquet DIR (the folder the cluster writes)")
        if db is not None:
            raise UsageError("--dask writes Parquet to --parquet, not to --db: run "
                             "`sidepot attach DIR --db FILE` afterwards")
        if force:
            raise UsageError("--force re-reads files into a DuckDB store; --dask always "
                             "reads every file")
    elif parquet is not None:
        raise UsageError("--parquet is the output folder of --dask: add --dask local (or a "
                         "scheduler address), or drop --parquet")
    if watch and jobs is not None and jobs > 1:
        raise UsageError("--watch reads new hands in one process: drop --jobs")
    if watch and force:
        raise UsageError("--watch resumes each file where it stopped: run `sidepot import "
                         "--force` once, then --watch")


def import_cmd(
    ctx: typer.Context,
    paths: Annotated[list[Path], typer.Argument(help="Hand-history files or folders.")],
    db: DbOption = None,
    as_json: JsonOption = False,
    batch_size: Annotated[int, typer.Option(help="Hands per transaction.", min=1)] = DEFAULT_BATCH,
    watch: Annotated[bool, typer.Option("--watch", help="Keep following files as a poker "
                                        "client appends hands (Ctrl-C stops).")] = False,
    poll: Annotated[float, typer.Option(help="--watch: seconds between passes.", min=0.05)] = 1.0,
    jobs: Annotated[int | None, typer.Option(
        "--jobs", "-j", min=1, help="Worker processes that parse and replay (one writer stores "
        "their results). Default: one a core when a file holds 8 MB or more, else the "
        "importing process alone (many small files gain nothing yet).", show_default=False)] = None,
    force: Annotated[bool, typer.Option("--force", help="Read every file again from its start "
                                        "(duplicates are still skipped).")] = False,
    settle_seconds: Annotated[float | None, typer.Option(
        "--settle-seconds", min=0, help="A file changed less than this many seconds ago may "
        "still be growing: its last hand, if cut short, is held back (pending) instead of "
        "rejected. Default: $SIDEPOT_SETTLE_SECONDS, else 300.", show_default=False)] = None,
    dask: Annotated[str | None, typer.Option("--dask", help="Parse on a Dask cluster (scheduler "
                                             "address, or 'local') and write Parquet to "
                                             "--parquet instead of a DuckDB file.")] = None,
    parquet: Annotated[Path | None, typer.Option("--parquet", help="--dask: output folder "
                                                 "(read it with `sidepot attach`).")] = None,
    tz: TzOption = None,
    config: ConfigOption = None,
    allin: Annotated[bool | None, typer.Option("--allin/--no-allin", help="Compute and store "
                                               "the all-in adjusted results `graph` and "
                                               "`report` read. Default: on where the native "
                                               "core counts the boards (milliseconds a hand), "
                                               "off on the Python core (a tenth of a second "
                                               "a hand; readers then compute them when "
                                               "read).", show_default=False)] = None,
    debug: DebugOption = False,
) -> None:
    """Import hand histories (files or folders, recursively) into the store."""
    if debug:
        ctx.meta[DEBUG_KEY] = True
    _check_modes(watch=watch, dask=dask, parquet=parquet, db=db, jobs=jobs, force=force)
    zones = zone_settings(tz, config)
    if watch:
        _watch(paths, db_path(db), as_json, poll, zones)
    elif dask is not None and parquet is not None:
        _dask_import(paths, dask, parquet, jobs, as_json, zones, settle_seconds, allin)
    else:
        _import(paths, db_path(db), as_json, batch_size, jobs, force, zones, allin,
                settle_seconds)


def _import(paths: list[Path], db: str, as_json: bool, batch_size: int, jobs: int | None,
            force: bool, zones: ZoneSettings, allin: bool | None = None,
            settle: float | None = None) -> None:
    from pipeline.ingest.run import import_paths
    from reports.equity import native_counting
    from reports.stats_tables import Alongside

    if allin is None:  # the default: where the boards are counted natively
        allin = native_counting()
    bar = import_progress(as_json)
    done: list[ImportSummary] = []
    with _to_the_end(done):
        try:
            done.append(import_paths(paths, db, progress=bar, batch_size=batch_size,
                                     jobs=jobs, force=force, zones=zones, settle=settle,
                                     allin=allin, after_batch=Alongside()))
        finally:
            if bar is not None:
                bar.close()
        done[0] = _refresh_stats(db, done[0], allin)
        typer.echo(to_json(done[0]) if as_json else render_summary(done[0]))


@contextmanager
def _to_the_end(done: list[ImportSummary]) -> Iterator[None]:
    """Ctrl-C after the import's last commit (in the stats refresh, while the summary prints,
    between the two) is still an interrupted import: exit 130 with what was stored and how
    to go on, never a traceback or DuckDB's own words for it. Everything is committed by
    then: the rerun finds the files unchanged and finishes the refresh. (Before the import
    returns, it raises :class:`ImportInterrupted` itself.)"""
    from pipeline.ingest.run import interrupted, noting_ctrl_c

    seen: list[bool] = []
    try:
        with noting_ctrl_c(seen):
            yield
    except ImportInterrupted:
        raise
    except BaseException as exc:
        if not done or not (seen or interrupted(exc)):
            raise
        summary = done[0]
        raise ImportInterrupted(
            f"interrupted: {summary.hands_imported:,} hands stored in {summary.db}; run the "
            "same import again to resume", summary) from None


def _refresh_stats(db: str, summary: ImportSummary,
                   allin: bool | None = None) -> ImportSummary:
    """Fold the new hands into the per-seat stat facts now, once, so that `sidepot stats`
    answers from them instead of recomputing every hand's facts on each read-only call.
    After every import, not only one that stored hands: it costs a few counts when the facts
    are current, and it finishes a refresh an earlier Ctrl-C cut short (or forgets the facts
    of hands stored again). With ``allin`` (None: where the boards are counted natively),
    the all-in adjusted results of the hands stored without them (the import's workers count
    the hands they parse; this fills those of an older store or of a ``--no-allin`` import,
    from the committed rows: the same rows whichever core parsed). The summary comes back
    with their seconds counted in its own: the import is done when these are, so its time
    and rate say so."""
    from pipeline.store.db import connect
    from reports.allin import fill_allin_equity
    from reports.equity import native_counting
    from reports.stats import refresh

    if allin is None:
        allin = native_counting()

    con = connect(db)
    try:
        start = time.perf_counter()
        refresh(con)
        stats = time.perf_counter() - start
        if allin:
            fill_allin_equity(con)
        counted = time.perf_counter() - start - stats
    finally:
        con.close()
    return replace(summary, seconds=round(summary.seconds + stats + counted, 3),
                   stats_seconds=round(stats, 3), allin_seconds=round(counted, 3))


def _dask_import(paths: list[Path], scheduler: str, out: Path, jobs: int | None,
                 as_json: bool, zones: ZoneSettings, settle: float | None = None,
                 allin: bool | None = None) -> None:
    from pipeline.ingest.dask import import_dask
    from reports.equity import native_counting

    if allin is None:  # as a DuckDB import decides it
        allin = native_counting()
    s = import_dask(paths, out, scheduler, workers=max(jobs or 1, 2), zones=zones,
                    settle=settle, allin=allin)
    if as_json:
        typer.echo(to_json(s))
        return
    typer.echo(f"{s.hands_written} hands written to {safe(s.out_dir)} ({s.files} files, "
               f"{s.partitions} site/month partitions, {s.rejected} rejected) in {s.seconds}s")
    if s.unknown_format_files:
        typer.echo(f"files in a layout no parser knows (rejected unknown_format): "
                   f"{', '.join(safe(f) for f in s.unknown_format_files[:20])}")
    typer.echo(f"query it: sidepot attach {safe(s.out_dir)} --db FILE")


def _watch(paths: list[Path], db: str, as_json: bool, poll: float,
           zones: ZoneSettings) -> None:
    """One line per pass that read something (JSON lines with --json), until Ctrl-C.

    Ctrl-C is how a watch ends, not an error: it says so on stderr and exits 0, whether it
    lands between passes or inside one (the pass's committed hands stay stored).
    """
    from pipeline.ingest.watch import watch

    def show(s: ImportSummary) -> None:
        line = (to_json(s, indent=None) if as_json else
                watch_line(time.time(), s.changed_files, s.hands_imported, s.duplicates,
                           s.rejected))
        typer.echo(line)

    try:
        watch(paths, db, on_pass=show, poll=poll, zones=zones)
    except (KeyboardInterrupt, ImportInterrupted):
        typer.echo("sidepot: stopped watching", err=True)


def attach_cmd(
    parquet_dir: Annotated[Path, typer.Argument(help="Folder written by `import --dask` or "
                                                "`export --parquet`.")],
    db: DbOption = None,
    as_json: JsonOption = False,
) -> None:
    """Make every report run over a Parquet folder: views in --db over its files."""
    from pipeline.store.attach import attach as attach_views

    s = attach_views(parquet_dir, db_path(db))
    if as_json:
        typer.echo(to_json(s))
        return
    typer.echo(f"{safe(s.db)}: views over {safe(s.parquet_dir)} ({s.layout} layout)")
    for name, n in s.rows.items():
        typer.echo(f"  {name:<9}{n:>12,}")


def formats_cmd(as_json: JsonOption = False) -> None:
    """The hand-history formats sidepot reads, how each is detected, and what it supports."""
    from parsers import registry

    rows = [
        {"name": f.name, "site": f.site, "description": f.description,
         "detection": f.detection, "supports": f.supports}
        for f in registry.FORMATS
    ]
    if as_json:
        typer.echo(to_json(rows))
        return
    for row in rows:
        typer.echo(f"{row['name']} ({row['site']}): {row['description']}")
        typer.echo(f"  detection: {row['detection']}")
        typer.echo(f"  supports:  {row['supports']}")


def rejects_cmd(
    db: DbOption = None,
    reason: Annotated[str | None, typer.Option(help="List the rejects with this reason.")] = None,
    text: Annotated[bool, typer.Option("--text", help="With --reason: print each reject's raw "
                                       "text.")] = False,
    as_json: JsonOption = False, no_pager: NoPagerOption = False,
) -> None:
    """Hands that could not be stored, grouped by reason (or listed for one reason), and
    the files whose last hand is pending (``--reason pending`` lists only those)."""
    if text and reason is None:
        raise UsageError("--text prints the rejects of one reason: add --reason REASON "
                         "(`sidepot rejects` lists the reasons)")
    from reports.audit import rejects_by_reason

    with open_read(db) as con:
        pending = _pending(con)
        if reason == PENDING:
            _show_pending(pending, as_json, text)
            return
        if reason is None:
            frame = rejects_by_reason(con)
        else:
            frame = con.execute(
                "SELECT source_file, source_offset, line, site, reason, detail, raw_text "
                "FROM rejects WHERE reason = ? ORDER BY source_file, source_offset",
                [reason],
            ).df()
    if as_json:
        typer.echo(to_json(frame))
        return
    if reason is None:
        if not frame.empty or pending.empty:
            show_table(Grid(frame, ["reason", "rejects", "files", "example"]), no_pager=no_pager)
        _show_pending(pending, False, False)
        return
    for _, r in frame.iterrows():
        typer.echo(f"{safe(r['source_file'])}:{r['line']} (byte {r['source_offset']}) "
                   f"{safe(r['reason'])}: {safe(r['detail'])}")
        if text:
            typer.echo("\n".join("    " + safe(line) for line in r["raw_text"].split("\n")))
    if frame.empty:
        typer.echo("(none)")


#: The pseudo-reason of ``sidepot rejects --reason``: the last hands held back as pending.
PENDING = "pending"


def _pending(con: duckdb.DuckDBPyConnection) -> pd.DataFrame:
    """The files whose last hand is held back: ``partial`` with bytes left to read (a hand
    not finished while the file may still grow, or an import stopped mid-file)."""
    return con.execute(
        "SELECT path AS source_file, bytes_consumed AS source_offset, "
        "size - bytes_consumed AS bytes, mtime FROM files "
        "WHERE status = 'partial' AND size > bytes_consumed ORDER BY path").df()


def _show_pending(pending: pd.DataFrame, as_json: bool, text: bool) -> None:
    """The pending last hands, one line each (with ``text``: the bytes held, as read now)."""
    if as_json:
        typer.echo(to_json(pending))
        return
    for _, r in pending.iterrows():
        typer.echo(f"pending: {safe(r['source_file'])} from byte {r['source_offset']} "
                   f"({r['bytes']:,} bytes): a last hand not finished, held while the file may "
                   "still grow; the next import reads it again (and rejects it with its "
                   "reason once the file is older)")
        if text:
            held = _held_text(r["source_file"], int(r["source_offset"]))
            typer.echo("\n".join("    " + safe(line) for line in held.split("\n")))


def _held_text(path: str, offset: int) -> str:
    """The held bytes of a file as they are now (empty when the file is gone)."""
    from parsers.text import decode
    from pipeline.config import REJECT_TEXT_CHARS

    try:
        with open(path, "rb") as fh:
            fh.seek(offset)
            return decode(fh.read(4 * REJECT_TEXT_CHARS))[0][:REJECT_TEXT_CHARS]
    except OSError:
        return ""


#: name -> command function, in the order ``sidepot --help`` lists them
COMMANDS: dict[str, Callable[..., None]] = {
    "import": import_cmd,
    "attach": attach_cmd,
    "formats": formats_cmd,
    "rejects": rejects_cmd,
}
