"""The ``sidepot`` command: typer commands, thin over the library.

Each command resolves its options, calls one library function, renders the result
(:mod:`.render`) and picks the exit code; errors are translated once (:mod:`.app`).
"""

from __future__ import annotations

from importlib import import_module

_EXPORTS = {
    "app": "pipeline.cli",
    "main": "pipeline.cli",
}

__all__ = sorted(_EXPORTS)


def __getattr__(name: str) -> object:
    """Exports load on first use: importing one room never drags in the others."""
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(import_module(module), name)


def __dir__() -> list[str]:
    return sorted(__all__)
