"""The ``sidepot`` typer app, its entry point, and the one place errors become exit codes.

Data goes to stdout, messages and progress to stderr. Each command module
(:mod:`.importing`, :mod:`.simulate`, :mod:`.export`, :mod:`.reports`) resolves its options,
calls one library function and renders the result; whatever escapes a command is translated
here, once, by :class:`SidepotGroup`, so the CLI in a test (typer's ``CliRunner``) and the
installed script behave alike:

====  ==========================================================================================
code  when
====  ==========================================================================================
0     success
1     an error the user can act on (:class:`SidepotError`, a format, database or file error):
      one line on stderr; anything else is a bug, said as ``internal error: ...`` in one line
2     a usage error: options that clash, a value out of range or that means nothing, an
      unknown option or command (:class:`pipeline.errors.UsageError`, a report filter's
      :class:`reports.filters.FilterError`, or typer's own): one line on stderr
130   Ctrl-C: one line saying so (an import's :class:`~pipeline.errors.ImportInterrupted`
      says how many hands are stored and how to resume)
141   stdout's reader went away (``sidepot ... | head``): nothing more is printed
====  ==========================================================================================

``--debug`` adds the traceback of errors (not of Ctrl-C or a closed pipe).
"""

from __future__ import annotations

import os
import signal
import sys
import traceback
from collections.abc import Sequence
from typing import Annotated, Any

import typer
import typer.core

from parsers.errors import AmbiguousFormatError, UnknownFormatError
from pipeline.cli import export, hands, importing, reports, simulate
from pipeline.cli.options import DEBUG_KEY, DebugOption
from pipeline.cli.render import safe
from pipeline.core_choice import installed_core
from pipeline.errors import ImportInterrupted, SidepotError, UsageError
from reports.filters import FilterError

__all__ = ["SidepotGroup", "app", "exit_code_for", "main", "version"]

#: errors a user can act on: their message is the whole story, exit 1 (with DuckDB's, see
#: :func:`_is_user_error`)
USER_ERRORS = (SidepotError, UnknownFormatError, AmbiguousFormatError, OSError)
#: the exit code of a process whose output pipe closed: 128 + SIGPIPE, as a shell reports a
#: filter the closed pipe killed (``yes | head -1``); a plain 0 would claim an export finished
EXIT_CLOSED_PIPE = 141
EXIT_INTERRUPTED = 130


def say(message: str) -> None:
    """One message line on stderr, prefixed with the program name, control characters escaped."""
    typer.echo(f"sidepot: {safe(message)}", err=True)


def _is_user_error(exc: BaseException) -> bool:
    """One of :data:`USER_ERRORS`, or DuckDB's own (a locked or corrupt store). DuckDB is
    asked only if a command loaded it: one that did not cannot have raised its error, and
    loading it here would cost every command's start-up its quarter of a second."""
    duckdb = sys.modules.get("duckdb")
    return isinstance(exc, USER_ERRORS) or (duckdb is not None and isinstance(exc, duckdb.Error))


def _first_line(exc: BaseException) -> str:
    text = str(exc).strip()
    return text.splitlines()[0] if text else type(exc).__name__


def _is_interrupt(exc: BaseException) -> bool:
    """Ctrl-C, also when it lands inside a DuckDB query: DuckDB then raises a plain
    ``RuntimeError("Query interrupted")`` in place of the KeyboardInterrupt."""
    return isinstance(exc, KeyboardInterrupt) or (
        type(exc) is RuntimeError and str(exc) == "Query interrupted"
    )


def _interrupted_import(exc: ImportInterrupted) -> str:
    """What an interrupted import left: the hands it committed, and how to go on."""
    s = exc.summary
    return (f"interrupted: {s.hands_imported:,} hands stored in {s.db or 'the store'}; "
            "run the same command again to resume")


def _quiet_stdout() -> int:
    """stdout's reader has gone: send what is still buffered to /dev/null, so that neither this
    process nor the interpreter's last flush prints a BrokenPipeError."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError):  # a stdout without a file descriptor (a test's runner)
        pass
    return EXIT_CLOSED_PIPE


def exit_code_for(exc: BaseException, debug: bool) -> int:
    """The one translation of what escaped a command: say it in one line, pick the exit code."""
    if isinstance(exc, BrokenPipeError):
        return _quiet_stdout()
    if isinstance(exc, ImportInterrupted):
        say(_interrupted_import(exc))
        return EXIT_INTERRUPTED
    if _is_interrupt(exc):
        say("interrupted")
        return EXIT_INTERRUPTED
    if debug:
        traceback.print_exception(exc)
    if isinstance(exc, UsageError | FilterError):
        say(_first_line(exc))
        return 2
    if _is_user_error(exc):
        say(_first_line(exc))
        return 1
    detail = f": {_first_line(exc)}" if str(exc).strip() else ""
    say(f"internal error: {type(exc).__name__}{detail} (rerun with --debug for details)")
    return 1


def _usage_code(exc: typer.TyperException) -> int:
    """typer's own usage errors (unknown option, bad value, missing argument): one line."""
    if type(exc).__name__ == "NoArgsIsHelpError":  # typer has already printed the help
        message = exc.format_message().strip()
        if message:
            typer.echo(message, err=True)
        return 2
    ctx = getattr(exc, "ctx", None)
    hint = f" (see `{ctx.command_path} --help`)" if ctx is not None else ""
    say(exc.format_message().strip().replace("\n", " ") + hint)
    return int(getattr(exc, "exit_code", 2))


class SidepotGroup(typer.core.TyperGroup):
    """The ``sidepot`` command group: typer's, with the error translation built in.

    ``invoke`` sees what a command raises (before typer turns Ctrl-C into a silent exit);
    ``main`` sees what typer raises while it parses the command line.
    """

    def invoke(self, ctx: typer.Context) -> Any:  # type: ignore[override]
        try:
            return super().invoke(ctx)
        except (typer.Exit, typer.Abort, typer.TyperException):
            raise
        except (Exception, KeyboardInterrupt) as exc:  # noqa: BLE001 - translated, once
            raise typer.Exit(exit_code_for(exc, bool(ctx.meta.get(DEBUG_KEY)))) from None

    def main(  # type: ignore[override]
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        **extra: Any,
    ) -> Any:
        try:
            code = super().main(args, prog_name, complete_var, standalone_mode=False, **extra)
        except typer.TyperException as exc:
            code = _usage_code(exc)
        except typer.Abort:
            say("aborted")
            code = 1
        code = code if isinstance(code, int) else 0
        if standalone_mode:
            sys.exit(code)
        return code


app = typer.Typer(
    cls=SidepotGroup,
    help="sidepot: parse poker hand histories, audit every hand, load them into DuckDB.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


def version() -> str:
    """The installed sidepot's version (``unknown`` when run from a tree never installed)."""
    from importlib.metadata import PackageNotFoundError
    from importlib.metadata import version as installed

    try:
        return installed("sidepot")
    except PackageNotFoundError:
        return "unknown"


def _print_version(asked: bool) -> None:
    """``sidepot 0.1.0 (native core)``: the version, and which core this install runs on (the
    native one is built by ``pip install .`` only where a Rust toolchain exists)."""
    if asked:
        typer.echo(f"sidepot {version()} ({installed_core()})")
        raise typer.Exit(0)


@app.callback()
def _root(ctx: typer.Context, debug: DebugOption = False,
          show_version: Annotated[bool, typer.Option(
              "--version", callback=_print_version, is_eager=True,
              help="Print sidepot's version and exit.")] = False) -> None:
    """sidepot: parse poker hand histories, audit every hand, load them into DuckDB."""
    ctx.meta[DEBUG_KEY] = debug


for _module in (importing, simulate, export, reports, hands):  # the order of `sidepot --help`
    for _name, _command in _module.COMMANDS.items():
        app.command(_name)(_command)


def main() -> None:
    """Console entry point (``sidepot``, ``python -m pipeline.cli``).

    The app translates everything a command raises; what is left here is the last flush of
    stdout, which is where a closed pipe shows when the command wrote less than a buffer.
    """
    try:
        code = app(standalone_mode=False)
    except KeyboardInterrupt:  # between two commands' worth of work: typer's own code
        say("interrupted")
        code = EXIT_INTERRUPTED
    # The command is over: a Ctrl-C now could only turn this exit into a traceback (or a
    # death by SIGINT, exit -2) while the interpreter shuts down.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        sys.stdout.flush()
    except BrokenPipeError:
        code = _quiet_stdout()
    code = code if isinstance(code, int) else 0
    pool = sys.modules.get("pipeline.ingest.pool")
    if pool is not None and pool.left_a_thread_behind():
        # an interrupted pool's thread that would never be joined: everything is stored
        # and said; leave without the interpreter's wait on it
        sys.stderr.flush()
        os._exit(code)
    sys.exit(code)


if __name__ == "__main__":
    main()
