"""Which core reads files here: the native one where it is installed, unless told otherwise.

The choice lives in a module of its own, below both :mod:`pipeline.ingest` and
:mod:`pipeline.core`, because both need it: the core to read a file, the ingest flow to size
a big file's pieces (:func:`pipeline.ingest.stream.piece_bytes`). With the choice in the core
itself the two imported each other, a circle ``tests/test_layout.py`` now forbids.

The native core is the extension module ``sidepot_native``, built from
``pipeline/native/python`` by ``pip install .`` where a Rust toolchain exists (``pyproject.toml``,
setuptools-rust). Where it does not, sidepot installs and runs on its Python core; the import
summary's ``core`` and ``sidepot --version`` say which one ran.
"""

from __future__ import annotations

import os
from functools import cache
from types import ModuleType

from pipeline.errors import SidepotError

__all__ = ["CORE_ENV", "chosen_core", "installed_core", "missing_core_note", "native_available",
           "native_module"]

#: The environment variable that forces a core.
CORE_ENV = "SIDEPOT_CORE"


@cache
def native_module() -> ModuleType | None:
    """The native module, or None where it is not built (the project then runs on Python)."""
    try:
        import sidepot_native  # noqa: PLC0415 - optional: built only where cargo exists
    except ImportError:
        return None
    return sidepot_native


def native_available() -> bool:
    """Whether the native core is built and importable here."""
    return native_module() is not None


def chosen_core() -> str:
    """``"native"`` or ``"python"``: ``$SIDEPOT_CORE`` when set, else native where built.

    Forcing ``native`` where it is not built is an error, not a silent fallback.
    """
    wanted = os.environ.get(CORE_ENV, "").strip().lower()
    if wanted not in ("", "python", "native"):
        raise SidepotError(f"{CORE_ENV} must be 'python' or 'native', not {wanted!r}")
    if wanted == "native" and not native_available():
        raise SidepotError(f"{CORE_ENV}=native, but the native core is not built here "
                           "(install sidepot where a Rust toolchain exists: `pip install .`)")
    if wanted == "python" or not native_available():
        return "python"
    return "native"


def installed_core() -> str:
    """What ``sidepot --version`` adds: the core installed here, and why when it is Python."""
    if native_available():
        return "native core"
    return "python core: the native core is not installed"


def missing_core_note(core: str) -> str | None:
    """The import's one line that says it ran on the Python core because the native one is
    not installed (None when it was, or when the native core read the files)."""
    if core != "python" or native_available():
        return None
    return ("read by the Python core: the native core is not installed (it is built by "
            "`pip install .` where a Rust toolchain exists; `sidepot --version` says which)")
