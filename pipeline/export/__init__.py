"""Hands written back out: the model as PHH, Open Hand History or PokerStars text.

:mod:`.phh`, :mod:`.ohh` and :mod:`.pokerstars` each turn a :class:`parsers.model.Hand` into
text; :mod:`.run` loads stored hands and writes them to files (``sidepot export``).
"""

from __future__ import annotations

from importlib import import_module

_EXPORTS = {
    "ExportSummary": "pipeline.export.run",
    "export_ohh": "pipeline.export.run",
    "export_phh": "pipeline.export.run",
    "load_hands": "pipeline.export.run",
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
