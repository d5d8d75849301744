"""Random legal hands for tests and benchmarks, deterministic for a seed.

The simulator deals with its own dealer and its own pot arithmetic (:mod:`.money`) and never
imports the engine, so the engine can be tested against it.
"""

from __future__ import annotations

from importlib import import_module

_EXPORTS = {
    "SimulatedHand": "pipeline.sim.dealer",
    "TableConfig": "pipeline.sim.dealer",
    "simulate": "pipeline.sim.dealer",
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
