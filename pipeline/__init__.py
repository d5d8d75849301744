"""sidepot's rules engine and import flow, one sub-package per concern.

- :mod:`pipeline.engine`: the rules (replay a hand: pots, payouts, findings); no I/O.
- :mod:`pipeline.core`: the seam where a file's bytes become rows (Python or native core).
- :mod:`pipeline.ingest`: files -> parse -> pack -> pool -> writer -> store.
- :mod:`pipeline.store`: the DuckDB store, its one column spec, flattening, Parquet.
- :mod:`pipeline.export`: hands written back out as PHH, OHH or PokerStars text.
- :mod:`pipeline.sim`: the simulator of random legal hands (its own dealer, not the engine).
- :mod:`pipeline.cli`: the ``sidepot`` command, thin over the library.
- :mod:`pipeline.dev`: benchmarks, fuzzing, the corpus report and the demo (not in the wheel).

Arrows point one way: ``pipeline -> parsers``, ``pipeline.cli -> reports``.
"""

from __future__ import annotations

from pipeline._lazy import lazy_exports

_EXPORTS = {
    "import_paths": "pipeline.ingest.run",
    "ImportSummary": "pipeline.ingest.summary",
    "replay": "pipeline.engine",
    "SidepotError": "pipeline.errors",
}

__all__, __getattr__, __dir__ = lazy_exports(__name__, _EXPORTS)
