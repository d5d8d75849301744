"""The seam between the import flow and whichever core parses: bytes of a file in, rows out.

:func:`parse_file` is the one function a worker runs: decode, detect, split, parse, replay and
flatten one file (or its unread tail) into a :class:`pipeline.ingest.pack.PackedFile`.

Two cores stand behind it:
- **python**, the reference: :mod:`parsers` + :mod:`pipeline.engine` +
  :mod:`pipeline.store.flatten`. It reads every format and is the oracle of the other.
- **native**, the Rust core in ``pipeline/native`` (the private module ``sidepot_native``),
  for PokerStars, GGPoker and Ignition text (:data:`NATIVE_ENTRY`). It claims a hand only when it can give exactly
  the rows the Python core gives (the parity tests prove it on the corpus, simulated and
  mutated hands); every hand it does not claim is read by the Python core alone and the rows
  merged in file order (:mod:`pipeline.core_rows`: the file's core is then ``"mixed"``), and
  a file it cannot split exactly is read by the Python core whole, so the choice of core
  never loses or changes a hand.

``SIDEPOT_CORE=python|native`` forces one; by default the native core runs where it is built.
Each PackedFile says which core read it, and the import summary adds that up.
"""

from __future__ import annotations

import gc
import os
from datetime import UTC, datetime
from functools import cache
from types import ModuleType

from parsers import registry
from pipeline import config
from pipeline.core_rows import packed_from_native
from pipeline.errors import SidepotError
from pipeline.ingest.pack import PackedFile, pack
from pipeline.ingest.parse import parse_bytes

__all__ = ["CORE_ENV", "NATIVE_ENTRY", "chosen_core", "native_available", "parse_file",
           "parse_file_python"]

#: The environment variable that forces a core.
CORE_ENV = "SIDEPOT_CORE"
#: The formats the native core reads: format name -> the entry point in ``sidepot_native``
#: that reads it. Each returns the dict ``parse_pokerstars`` returns
#: (``pipeline/native/README.md``); ``parse_text`` reads every text format of
#: ``sidepot_native.SITES`` and takes the format name. A site's reader plugs in here.
NATIVE_ENTRY: dict[str, str] = {
    "pokerstars": "parse_pokerstars",
    "ggpoker": "parse_text",
    "ignition": "parse_text",
}
_EPOCH = datetime(1970, 1, 1)


@cache
def _native() -> ModuleType | None:
    """The native module, or None where it is not built (the project then runs on Python)."""
    try:
        import sidepot_native  # noqa: PLC0415 - optional, built by maturin when cargo exists
    except ImportError:
        return None
    return sidepot_native


def native_available() -> bool:
    """Whether the native core is built and importable here."""
    return _native() is not None


def chosen_core() -> str:
    """``"native"`` or ``"python"``: ``$SIDEPOT_CORE`` when set, else native where built.

    Forcing ``native`` where it is not built is an error, not a silent fallback.
    """
    wanted = os.environ.get(CORE_ENV, "").strip().lower()
    if wanted not in ("", "python", "native"):
        raise SidepotError(f"{CORE_ENV} must be 'python' or 'native', not {wanted!r}")
    if wanted == "native" and not native_available():
        raise SidepotError(f"{CORE_ENV}=native, but the native core is not built here "
                           "(run `make test` or `make demo` with a Rust toolchain)")
    if wanted == "python" or not native_available():
        return "python"
    return "native"


def parse_file(args: tuple[bytes, str, int, str | None, bool]) -> PackedFile:
    """The worker's job: one file's bytes (from ``start``) -> a PackedFile, by the chosen core."""
    if chosen_core() == "native":
        packed = _parse_native(*args)
        if packed is not None:
            return packed
    return parse_file_python(args)


def parse_file_python(args: tuple[bytes, str, int, str | None, bool]) -> PackedFile:
    """The reference: :func:`pipeline.ingest.parse.parse_bytes` then :func:`pack`."""
    data, path, start, fmt_name, final = args
    # No collection while one file is parsed: hands are trees of frozen values, so the
    # collector would walk them for nothing; cycles from the odd exception are collected
    # after the file, so memory stays bounded by one file.
    enabled = gc.isenabled()
    gc.disable()
    try:
        return pack(parse_bytes(data, path, start=start, fmt_name=fmt_name, final=final))
    finally:
        if enabled:
            gc.enable()


def _parse_native(data: bytes, path: str, start: int, fmt_name: str | None,
                  final: bool) -> PackedFile | None:
    """The native core's PackedFile (its rows, and the Python core's for the hands it
    defers), or None when the Python core must read the whole file: a format no native entry
    point reads, a file over the import's size bound, one the native core defers whole (an
    encoding it does not reproduce exactly), or one with no hand (the Python core says why).
    """
    fmt = _native_format(data[start:], fmt_name)
    if fmt is None or len(data) - start > config.MAX_FILE_BYTES:
        return None
    now = datetime.now(UTC).replace(tzinfo=None)
    stamp = (now - _EPOCH) // _MICROSECOND
    out = _read_native(fmt, data, path, start, stamp, final)
    if out["deferred"] is not None or out["chunks"].num_rows == 0:
        return None
    return packed_from_native(out, data, path, start, fmt)


_MICROSECOND = datetime(1970, 1, 1, 0, 0, 0, 1) - _EPOCH


def _read_native(fmt: str, data: bytes, path: str, start: int, stamp: int,
                 final: bool) -> dict:
    """One native entry point's result for a file of format ``fmt``."""
    entry = getattr(_native(), NATIVE_ENTRY[fmt])
    # A chunk longer than the line bound may be oversized: the Python core bounds it.
    bound = {"defer_above": config.MAX_LINE_CHARS}
    if NATIVE_ENTRY[fmt] == "parse_text":
        return entry(data, path, fmt, start, stamp, final, **bound)
    return entry(data, path, start, stamp, final, **bound)


def _native_format(tail: bytes, fmt_name: str | None) -> str | None:
    """The format's name when a native entry point reads it, else None."""
    if fmt_name is None:
        try:
            fmt_name = registry.detect(tail[: config.DETECT_BYTES]).name
        except Exception:  # noqa: BLE001 - undetectable: the Python core says why
            return None
    return fmt_name if fmt_name in NATIVE_ENTRY else None
