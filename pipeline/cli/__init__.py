"""The ``sidepot`` command: typer commands, thin over the library.

Each command resolves its options, calls one library function, renders the result
(:mod:`.render`) and picks the exit code; errors are translated once (:mod:`.app`).
"""

from __future__ import annotations

from pipeline._lazy import lazy_exports

_EXPORTS = {
    "app": "pipeline.cli.app",
    "main": "pipeline.cli.app",
}

__all__, __getattr__, __dir__ = lazy_exports(__name__, _EXPORTS)
