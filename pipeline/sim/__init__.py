"""Random legal hands for tests and benchmarks, deterministic for a seed.

The simulator deals with its own dealer and its own pot arithmetic (:mod:`.money`) and never
imports the engine, so the engine can be tested against it.
"""

from __future__ import annotations

from pipeline._lazy import lazy_exports

_EXPORTS = {
    "SimulatedHand": "pipeline.sim.dealer",
    "TableConfig": "pipeline.sim.dealer",
    "simulate": "pipeline.sim.dealer",
}

__all__, __getattr__, __dir__ = lazy_exports(__name__, _EXPORTS)
