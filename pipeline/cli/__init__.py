"""The ``sidepot`` command: typer commands, thin over the library.

Where things are: :mod:`.app` holds the typer app, the entry point and the one place errors
become exit codes; :mod:`.options` the options several commands share (``--db``, ``--json``,
the report filters, the choice enums); one module per command group (:mod:`.importing`:
import, attach, formats, rejects; :mod:`.simulate`; :mod:`.export`; :mod:`.reports`: stats,
audit, show, graph, report); :mod:`.render` the terminal text and the one JSON encoder;
:mod:`.terminal` how it reaches a terminal (rich: tables that fit, the pager, progress).

The typer app itself is ``pipeline.cli.app.app`` (the package attribute ``app`` is the
module of that name, so it is not re-exported here).
"""

from __future__ import annotations

import sys

__all__ = ["main"]


def main() -> None:
    """The ``sidepot`` console script: :func:`pipeline.cli.app.main`, loaded here so that a
    Ctrl-C while the CLI's modules are still importing ends in one line, not a traceback."""
    try:
        from pipeline.cli.app import main as run
    except KeyboardInterrupt:
        sys.stderr.write("sidepot: interrupted\n")
        raise SystemExit(130) from None
    run()
