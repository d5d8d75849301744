"""Hands written back out: the model as PHH, Open Hand History or PokerStars text.

:mod:`.phh`, :mod:`.ohh` and :mod:`.pokerstars` each turn a :class:`parsers.model.Hand` into
text; :mod:`.run` loads stored hands and writes them to files (``sidepot export``).
"""

from __future__ import annotations

from pipeline._lazy import lazy_exports

_EXPORTS = {
    "ExportSummary": "pipeline.export.run",
    "export_ohh": "pipeline.export.run",
    "export_phh": "pipeline.export.run",
    "load_hands": "pipeline.export.run",
}

__all__, __getattr__, __dir__ = lazy_exports(__name__, _EXPORTS)
