"""The terminal, for a person: tables that fit its width, a pager for long output, the
import's progress bar. Built on rich; only where stdout (or stderr) is a terminal.

Why apart from :mod:`.render`: that module makes text that is the same wherever it goes (a
pipe, a file, a test); this one decides how text reaches a terminal. Off a terminal every
function here prints what it did before rich: the same plain aligned tables (scripts and
``grep`` read them), no pager, no bar (a line of progress every few seconds instead, never
under ``--json``).

Untrusted text: player, table and file names come from files anyone can write. Every value
passes :func:`pipeline.cli.render.safe` (control characters made visible) and reaches rich as
a :class:`rich.text.Text`, never as markup: a name ``[bold red]x[/]`` prints as written, and
no consoles here parse markup or emoji codes at all.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import IO, TYPE_CHECKING, Any

import typer
from rich import box
from rich.cells import cell_len
from rich.console import Console, Group, RenderableType
from rich.pager import Pager
from rich.progress import BarColumn, Progress, ProgressColumn, Task, TextColumn
from rich.table import Table
from rich.text import Text

from pipeline.cli.render import cell, is_number, safe, table

if TYPE_CHECKING:  # names for the annotations only: the CLI starts without pandas
    import pandas as pd

    from pipeline.ingest.writer import Progress as ImportProgress

__all__ = ["Grid", "PlainProgress", "RichProgress", "console", "import_progress", "rich_grid",
           "show"]

#: The pager used on a terminal (None: rich's system pager, $PAGER or ``less``); tests set it.
PAGER: Pager | None = None
#: Seconds between two plain progress lines when stderr is no terminal.
PLAIN_EVERY = 10.0


def console(file: IO[str] | None = None, **options: Any) -> Console:
    """A console that never reads markup, emoji codes or highlights into the text it prints
    (``options`` go to rich: ``force_terminal``, ``width``... for tests)."""
    return Console(file=file or sys.stdout, markup=False, emoji=False, highlight=False,
                   **options)


@dataclass(frozen=True)
class Grid:
    """A table to show: a frame, the columns to show, and an optional line above it."""

    frame: pd.DataFrame
    columns: Sequence[str]
    head: str = ""

    def plain(self) -> str:
        """As plain aligned text (off a terminal, in a file)."""
        body = table(self.frame, self.columns)
        return f"{self.head}\n{body}" if self.head else body


#: Text columns fold down to this many cells (or their header's width) before any is hidden.
TEXT_MIN = 12
_GAP = 2  # cells between two columns


def _fitted(grid: Grid, numeric: dict[str, bool], width: int) -> tuple[list[str], list[str]]:
    """The columns that fit ``width`` in order (numbers whole, text folded to :data:`TEXT_MIN`)
    and those left out: a table must never cut a number short to fit."""
    shown, hidden, used = [], [], 0
    for name in grid.columns:
        values = [cell(v) for v in grid.frame[name].tolist()]
        natural = max([cell_len(name)] + [cell_len(v) for v in values])
        need = natural if numeric[name] else min(natural, max(TEXT_MIN, cell_len(name)))
        gap = _GAP if shown else 0
        if used + gap + need <= width:
            shown.append(name)
            used += gap + need
        else:
            hidden.append(name)
    return shown, hidden


def rich_grid(grid: Grid, width: int = 10_000) -> RenderableType:
    """``grid`` as a rich table that fits ``width`` cells: numbers right-aligned and never cut,
    text folded when the columns do not fit, and columns that still do not fit left out and
    named under the table; every cell escaped (see the module)."""
    frame = grid.frame
    numeric = {c: bool(len(frame)) and bool(frame[c].map(is_number).all())
               for c in grid.columns}
    columns, hidden = _fitted(grid, numeric, width)
    caption = (f"not shown (the terminal is {width} columns wide; --format csv has every "
               f"column): {', '.join(hidden)}") if hidden else None
    shown = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False, collapse_padding=True)
    for name in columns:
        values = [cell(v) for v in frame[name].tolist()]
        natural = max([cell_len(name)] + [cell_len(v) for v in values])
        shown.add_column(Text(safe(name)), justify="right" if numeric[name] else "left",
                         no_wrap=numeric[name], overflow="fold",
                         min_width=natural if numeric[name] else min(natural, TEXT_MIN))
    for row in zip(*(frame[c].tolist() for c in columns), strict=True):
        shown.add_row(*(Text(cell(v)) for v in row))
    head = [Text(safe(grid.head))] if grid.head else []
    return Group(*head, shown, *([Text(caption)] if caption else []))


def _lines(what: Grid | str) -> int:
    return len(what.frame) + 4 if isinstance(what, Grid) else what.count("\n") + 1


def show(what: Grid | str, *, no_pager: bool = False, out: Console | None = None) -> None:
    """Print a table or text on stdout: on a terminal a table fits its width, and output
    longer than its height goes through the pager (unless ``no_pager``); elsewhere plain.

    Text given here is already safe (made by :mod:`.render`); it is printed as it is."""
    con = out or console()
    if not con.is_terminal:
        typer.echo(what.plain() if isinstance(what, Grid) else what.rstrip("\n"))
        return
    renderable: RenderableType = (rich_grid(what, con.width) if isinstance(what, Grid)
                                  else Text(what.rstrip("\n")))
    if not no_pager and _lines(what) > con.size.height:
        with con.pager(pager=PAGER, styles=False):
            con.print(renderable)
        return
    con.print(renderable)


class _Rate(ProgressColumn):
    """Hands read per second since the import started."""

    def render(self, task: Task) -> Text:
        elapsed = task.elapsed or 0.0
        hands = task.fields.get("hands", 0)
        rate = hands / elapsed if elapsed > 0 else 0.0
        return Text(f"{hands:,} hands  {rate:,.0f}/s")


class _Eta(ProgressColumn):
    """Time left, from the bytes read so far (rich's own estimate, said as h:mm:ss)."""

    def render(self, task: Task) -> Text:
        left = task.time_remaining
        if left is None:
            return Text("ETA -:--:--")
        minutes, seconds = divmod(int(left), 60)
        return Text(f"ETA {minutes // 60}:{minutes % 60:02d}:{seconds:02d}")


def _short(path: str, width: int = 40) -> str:
    """A file's name for one line: its tail, escaped."""
    name = safe(path)
    return name if len(name) <= width else "…" + name[-(width - 1):]


class RichProgress:
    """The import's progress on a terminal (stderr): percent, bar, files, hands and rate, ETA
    and the file being read. Called by the import after every batch and file."""

    def __init__(self, err: Console | None = None) -> None:
        self.progress = Progress(
            TextColumn("{task.percentage:>5.1f}%", markup=False), BarColumn(bar_width=24),
            TextColumn("files {task.fields[files]}", markup=False), _Rate(), _Eta(),
            TextColumn("{task.fields[file]}", markup=False),
            console=err or console(sys.stderr), transient=True)
        self.task = self.progress.add_task("import", total=None, files="0/0", hands=0, file="")
        self.progress.start()

    def __call__(self, p: ImportProgress) -> None:
        self.progress.update(self.task, total=max(p.bytes_total, 1), completed=p.bytes_done,
                             files=f"{p.files_done}/{p.files_total}", hands=p.hands_seen,
                             file=_short(p.path))

    def close(self) -> None:
        self.progress.stop()


class PlainProgress:
    """The import's progress where stderr is no terminal (a log, CI): one plain line every
    :data:`PLAIN_EVERY` seconds, so a short import prints none."""

    def __init__(self, err: IO[str] | None = None, every: float = PLAIN_EVERY) -> None:
        self.err = err or sys.stderr
        self.every = every
        self.start = self.last = time.monotonic()

    def __call__(self, p: ImportProgress) -> None:
        now = time.monotonic()
        if now - self.last < self.every:
            return
        self.last = now
        self.err.write(progress_line(p, now - self.start) + "\n")
        self.err.flush()

    def close(self) -> None:
        """Nothing to take down (the lines stay)."""


def progress_line(p: ImportProgress, elapsed: float) -> str:
    """One plain line of an import's progress: percent, files, hands and rate, ETA, file."""
    done = p.bytes_done / p.bytes_total if p.bytes_total else 1.0
    rate = p.hands_seen / elapsed if elapsed > 0 else 0.0
    eta = ""
    if 0 < done < 1 and elapsed > 0:
        left = int(elapsed * (1 - done) / done)
        eta = f", ETA {left // 3600}:{left // 60 % 60:02d}:{left % 60:02d}"
    return (f"sidepot: {100 * done:5.1f}%  files {p.files_done}/{p.files_total}  "
            f"{p.hands_seen:,} hands ({rate:,.0f}/s{eta})  {_short(p.path)}")


def import_progress(as_json: bool) -> RichProgress | PlainProgress | None:
    """The progress display an import gets: a bar on a terminal, plain lines in a log, and
    nothing where ``--json`` output is read by a program from a non-terminal stderr."""
    if sys.stderr.isatty():
        return RichProgress()
    return None if as_json else PlainProgress()


def watch_line(when: float, files: Sequence[str], imported: int, duplicates: int,
               rejected: int) -> str:
    """One line per ``--watch`` pass: the local time, what it stored, the file(s) it read."""
    stamp = time.strftime("%H:%M:%S", time.localtime(when))
    named = ", ".join(_short(f) for f in files[:3]) + (
        f" and {len(files) - 3} more" if len(files) > 3 else "")
    return (f"{stamp}  +{imported} hands ({duplicates} duplicates, {rejected} rejected)"
            + (f"  {named}" if named else ""))
