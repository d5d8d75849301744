"""The seam between the import flow and whichever core parses: bytes of a file in, rows out.

:func:`parse_file` is the one function a worker runs: decode, detect, split, parse, replay and
flatten one file (or its unread tail) into a :class:`pipeline.ingest.pack.PackedFile`.

Two cores stand behind it:
- **python**, the reference: :mod:`parsers` + :mod:`pipeline.engine` +
  :mod:`pipeline.store.flatten`. It reads every format and is the oracle of the other.
- **native**, the Rust core in ``pipeline/native`` (the private module ``sidepot_native``),
  for PokerStars text and PHH/PHHS. It claims a hand only when it can give exactly the rows
  the Python core gives (the parity tests prove it on the corpus and on simulated hands); a
  file with any hand it does not claim, or anything else unusual, is read by the Python core
  whole, so the choice of core never loses or changes a hand.

``SIDEPOT_CORE=python|native`` forces one; by default the native core runs where it is built.
Each PackedFile says which core read it, and the import summary adds that up.
"""

from __future__ import annotations

import gc
import os
from datetime import UTC, datetime
from functools import cache
from types import ModuleType

import numpy as np
import pyarrow as pa

from parsers import registry
from pipeline import config
from pipeline.errors import SidepotError
from pipeline.ingest.pack import PackedFile, pack
from pipeline.ingest.parse import parse_bytes
from pipeline.store.rows import Rows

__all__ = ["CORE_ENV", "chosen_core", "native_available", "parse_file", "parse_file_python"]

#: The environment variable that forces a core.
CORE_ENV = "SIDEPOT_CORE"
#: The tables a native result carries, in the store's order, with their per-hand row counts.
_COUNTED = (("seats", "n_seats"), ("actions", "n_actions"), ("pots", "n_pots"),
            ("findings", "n_findings"))
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
    """The native core's PackedFile, or None when the Python core must read the file.

    None unless the file is PokerStars text, within the import's size bounds, and the native
    core claims every hand of it; the Python core then decides everything it decides today
    (rejects, a cut last hand, skipped files).
    """
    name = _native_format(data[start:], fmt_name)
    if name is None or _oversized(data[start:]):
        return None
    now = datetime.now(UTC).replace(tzinfo=None)
    stamp = (now - _EPOCH) // _MICROSECOND
    if name == "phh":
        out = _native().parse_phh(data, path, start, stamp, final, _sites())
    else:
        out = _native().parse_pokerstars(data, path, start, stamp, final)
    chunks: pa.Table = out["chunks"]
    if out["deferred"] is not None or chunks.num_rows == 0:
        return None
    if any(status != "rows" for status in chunks.column("status").to_pylist()):
        return None
    return _packed(out, chunks, len(data), name)


#: The formats the native core reads.
_NATIVE_FORMATS = frozenset({"pokerstars", "phh"})


def _native_format(tail: bytes, fmt_name: str | None) -> str | None:
    """The file's format when the native core reads it (PokerStars text or PHH), else None."""
    if fmt_name is not None:
        return fmt_name if fmt_name in _NATIVE_FORMATS else None
    try:
        name = registry.detect(tail[: config.DETECT_BYTES]).name
    except Exception:  # noqa: BLE001 - undetectable: the Python core says why
        return None
    return name if name in _NATIVE_FORMATS else None


@cache
def _sites() -> list[str]:
    """The site names a PHH ``venue`` may name (the Python reader's ``_known_sites``)."""
    return sorted({f.site for f in registry.FORMATS})


_MICROSECOND = datetime(1970, 1, 1, 0, 0, 0, 1) - _EPOCH


def _oversized(tail: bytes) -> bool:
    """A file the Python core bounds (an oversized hand or line becomes a reject there)."""
    if len(tail) > config.MAX_FILE_BYTES:
        return True
    if len(tail) <= config.MAX_LINE_CHARS:
        return False
    return max(map(len, tail.split(b"\n"))) > config.MAX_LINE_CHARS


def _packed(out: dict, chunks: pa.Table, size: int,
            fmt: str = "pokerstars") -> PackedFile | None:
    """A PackedFile from the native result: every chunk is a hand with rows."""
    n = chunks.num_rows
    starts: dict[str, tuple[int, ...]] = {"hands": tuple(range(n + 1))}
    for name, counter in _COUNTED:
        counts = chunks.column(counter).to_numpy()
        starts[name] = tuple(np.concatenate(([0], np.cumsum(counts))).tolist())
    hands: pa.Table = out["hands"]
    if hands.num_rows != n:
        return None
    tables = {name: out[name] for name in ("hands", "seats", "actions", "pots", "findings")}
    codes_column = tables["findings"].column("code").to_pylist()
    fs = starts["findings"]
    codes = tuple(tuple(codes_column[fs[i]:fs[i + 1]]) for i in range(n))
    sources = tuple(hands.column("source_file").to_pylist())
    rows = Rows(tables, starts, sources)
    ends = tuple(chunks.column("end").to_pylist())
    rows_at = tuple(chunks.column("index").to_pylist())
    consumed = int(out["consumed"])
    # Only a last hand left for later (a file still being written) stops short of the end.
    incomplete = consumed < size
    return PackedFile(fmt, None, consumed, ends, rows_at, codes, {}, rows,
                      incomplete=incomplete, core="native")


# --- many small files in one native call -----------------------------------------------------

#: A batch of whole files for one native call: at most this many, and this many bytes. A
#: folder of one-hand PHH files (how the public PHH data sets ship) then costs one call and
#: one set of Arrow tables per few hundred files, not per file (issue 14, item 7).
GROUP_FILES = 256
GROUP_BYTES = 4 * 1024 * 1024
#: A file this small may join a batch (larger ones are read on their own, as ever).
_SMALL_FILE = 256 * 1024


def parse_files(jobs: list[tuple | None]) -> list[PackedFile | None]:
    """:func:`parse_file` over many jobs, in order (None for a None job): the same PackedFiles,
    but the small whole PHH files among them are read by one native call."""
    out: list[PackedFile | None] = [None] * len(jobs)
    batch: list[int] = []
    native = chosen_core() == "native"
    for k, args in enumerate(jobs):
        if args is None:
            continue
        if native and _batchable(*args):
            batch.append(k)
        else:
            out[k] = parse_file(args)
    if len(batch) == 1:
        out[batch[0]] = parse_file(jobs[batch[0]])
    elif batch:
        for k, packed in zip(batch, _parse_phh_batch([jobs[k] for k in batch]), strict=True):
            out[k] = packed
    return out


def _batchable(data: bytes, path: str, start: int, fmt_name: str | None, final: bool) -> bool:
    """A small whole file that the native PHH reader may read in a batch."""
    return (start == 0 and final and len(data) <= _SMALL_FILE
            and _native_format(data, fmt_name) == "phh" and not _oversized(data))


def _parse_phh_batch(jobs: list[tuple]) -> list[PackedFile]:
    """Whole PHH files in one native call; a file it does not claim whole goes to Python."""
    now = datetime.now(UTC).replace(tzinfo=None)
    stamp = (now - _EPOCH) // _MICROSECOND
    out = _native().parse_phh_files([j[0] for j in jobs], [j[1] for j in jobs], stamp,
                                    _sites())
    chunks: pa.Table = out["chunks"]
    status = chunks.column("status").to_pylist()
    ends = chunks.column("end").to_pylist()
    claimed = np.asarray([s == "rows" for s in status], np.bool_)
    starts: dict[str, np.ndarray] = {"hands": np.arange(int(claimed.sum()) + 1)}
    for name, counter in _COUNTED:
        counts = chunks.column(counter).to_numpy()[claimed]
        starts[name] = np.concatenate(([0], np.cumsum(counts)))
    tables = {name: out[name] for name in ("hands", "seats", "actions", "pots", "findings")}
    codes_column = tables["findings"].column("code").to_pylist()
    sources = tables["hands"].column("source_file").to_pylist()
    packed: list[PackedFile] = []
    at = hand = 0  # the file's first chunk, and its first hand in the batch
    for job, n, deferred, consumed in zip(jobs, out["file_chunks"], out["file_deferred"],
                                          out["file_consumed"], strict=True):
        lo, at = at, at + n
        if deferred is not None or n == 0 or not claimed[lo:at].all():
            hand += int(claimed[lo:at].sum())
            packed.append(parse_file_python(job))
            continue
        h0, hand = hand, hand + n
        fs = starts["findings"]
        rows = Rows(
            {name: tables[name].slice(int(starts[name][h0]),
                                      int(starts[name][hand] - starts[name][h0]))
             for name in tables},
            {name: tuple((starts[name][h0:hand + 1] - starts[name][h0]).tolist())
             for name in tables},
            tuple(sources[h0:hand]),
        )
        codes = tuple(tuple(codes_column[fs[i]:fs[i + 1]]) for i in range(h0, hand))
        packed.append(PackedFile("phh", None, consumed, tuple(ends[lo:at]), tuple(range(n)),
                                 codes, {}, rows, incomplete=consumed < len(job[0]),
                                 core="native"))
    return packed
