"""Lazy package exports: a sub-package names its public API without importing every room.

Why lazy: ``pipeline.ingest`` exports names from modules that import ``pipeline.core``, which
itself imports ``pipeline.ingest.parse``; importing all of them from ``__init__`` would make
the import order matter (and make every worker pay for DuckDB and typer). With PEP 562
module ``__getattr__``, ``from pipeline.ingest import import_paths`` loads only what it names.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from importlib import import_module


def lazy_exports(
    package: str, exports: Mapping[str, str]
) -> tuple[list[str], Callable[[str], object], Callable[[], list[str]]]:
    """``(__all__, __getattr__, __dir__)`` for ``package`` exporting ``name -> module``."""

    def __getattr__(name: str) -> object:
        module = exports.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        return getattr(import_module(module), name)

    def __dir__() -> list[str]:
        return sorted(exports)

    return sorted(exports), __getattr__, __dir__
