"""The seam between the import flow and whichever core parses: bytes of a file in, rows out.

:func:`parse_file` is the one function a worker runs: decode, detect, split, parse, replay and
flatten one file (or its unread tail) into a :class:`pipeline.ingest.pack.PackedFile`.

Two cores stand behind it:
- **python**, the reference: :mod:`parsers` + :mod:`pipeline.engine` +
  :mod:`pipeline.store.flatten`. It reads every format and is the oracle of the other.
- **native**, the Rust core in ``pipeline/native`` (the private module ``sidepot_native``),
  for PokerStars, GGPoker and Ignition text and PHH/PHHS (:data:`NATIVE_ENTRY`). It claims
  a hand only when it can give exactly the rows the Python core gives (the parity tests
  prove it on the corpus, simulated and mutated hands); every hand it does not claim is read
  by the Python core alone and the rows merged in file order (:mod:`pipeline.core_rows`: the
  file's core is then ``"mixed"``), and a file it cannot split exactly is read by the Python
  core whole, so the choice of core never loses or changes a hand.

``SIDEPOT_CORE=python|native`` forces one; by default the native core runs where it is built
(the choice: :mod:`pipeline.core_choice`, below this module and the ingest flow alike).
Each PackedFile says which core read it, and the import summary adds that up.
"""

from __future__ import annotations

import gc
from collections.abc import Sequence
from dataclasses import replace
from datetime import UTC, datetime
from functools import cache

import pyarrow as pa

from parsers import registry
from parsers.shape import leading_hand_text
from parsers.text import Chunk, decode
from pipeline import config
from pipeline.core_choice import CORE_ENV, chosen_core, native_available, native_module
from pipeline.core_rows import Unmerged, merged, native_outcome, packed_from_batch, shifted
from pipeline.ingest.pack import PackedFile, pack, pack_many
from pipeline.ingest.parse import FileParse, parse_bytes
from pipeline.ingest.stream import Piece

__all__ = ["CORE_ENV", "NATIVE_ENTRY", "chosen_core", "native_available", "parse_file",
           "parse_file_python", "parse_files", "with_allin_equity"]

#: The formats the native core reads: format name -> the entry point in ``sidepot_native``
#: that reads it. Each returns the dict ``parse_pokerstars`` returns
#: (``pipeline/native/README.md``); ``parse_text`` reads every text format of
#: ``sidepot_native.SITES`` and takes the format name. A site's reader plugs in here.
NATIVE_ENTRY: dict[str, str] = {
    "pokerstars": "parse_pokerstars",
    "ggpoker": "parse_text",
    "ignition": "parse_text",
    "phh": "parse_phh",
}
_EPOCH = datetime(1970, 1, 1)


def parse_file(args: tuple) -> PackedFile:
    """The worker's job: one file's bytes (from ``start``) -> a PackedFile, by the chosen core.

    ``args``: (data, path, start, format name, final), and for a piece of a big file
    (:mod:`pipeline.ingest.stream`) its :class:`~pipeline.ingest.stream.Piece` sixth: the
    piece is read as a file of its own, then its positions moved to the file's.
    """
    if len(args) > 5:
        return _parse_piece(*args)
    args = _detected(args)
    if chosen_core() == "native":
        packed = _parse_native(*args)
        if packed is not None:
            return packed
    return parse_file_python(args)


def parse_file_python(args: tuple, followed: bool = False) -> PackedFile:
    """The reference: :func:`pipeline.ingest.parse.parse_bytes` then :func:`pack`."""
    data, path, start, fmt_name, final = args[:5]
    # No collection while one file is parsed: hands are trees of frozen values, so the
    # collector would walk them for nothing; cycles from the odd exception are collected
    # after the file, so memory stays bounded by one file.
    enabled = gc.isenabled()
    gc.disable()
    try:
        return pack(parse_bytes(data, path, start=start, fmt_name=fmt_name, final=final,
                                followed=followed))
    finally:
        if enabled:
            gc.enable()


def _parse_piece(data: bytes, path: str, start: int, fmt_name: str | None, final: bool,
                 piece: Piece) -> PackedFile:
    """One piece of a big file: mid-file (not its last piece) another hand follows it, so its
    last hand is whole and ``final`` is the file's only for its last piece."""
    followed = not piece.last
    final = final or followed
    packed = None
    if chosen_core() == "native":
        packed = _parse_native(data, path, start, fmt_name, final, followed)
    if packed is None:
        packed = parse_file_python((data, path, start, fmt_name, final), followed)
    return shifted(packed, piece.base, piece.line_base, keep_skip=piece.first)


def _parse_native(data: bytes, path: str, start: int, fmt_name: str | None,
                  final: bool, followed: bool = False) -> PackedFile | None:
    """The native core's PackedFile (its rows, and the Python core's for the hands it
    defers), or None when the Python core must read the whole file: a format no native entry
    point reads, a file over the import's size bound, one the native core defers whole (an
    encoding it does not reproduce exactly), or one with no hand (the Python core says why).
    """
    read = _read_native_file(data, path, start, fmt_name, final, followed)
    if isinstance(read, Unmerged):
        return merged(read, pack(read.deferred))
    return read


def _read_native_file(data: bytes, path: str, start: int, fmt_name: str | None,
                      final: bool, followed: bool = False) -> PackedFile | Unmerged | None:
    """:func:`_parse_native` with the hands it defers read by the Python core but not yet
    flattened (:class:`~pipeline.core_rows.Unmerged`), so that a group's are flattened in
    one batch (:func:`_parse_files`)."""
    fmt = _native_format(data[start:], fmt_name)
    if fmt is None or len(data) - start > config.MAX_FILE_BYTES:
        return None
    if fmt == "phh" and _oversized(data[start:]):
        return None
    now = datetime.now(UTC).replace(tzinfo=None)
    stamp = (now - _EPOCH) // _MICROSECOND
    out = _read_native(fmt, data, path, start, stamp, final)
    if out["deferred"] is not None or out["chunks"].num_rows == 0:
        return None
    if fmt == "phh" and any(s != "rows" for s in out["chunks"].column("status").to_pylist()):
        return None  # the PHH reader does not hand back deferred hands' text yet
    if start == 0 and _leads_with_hand_text(data, out["chunks"]):
        return None  # the Python core rejects that text (truncated_hand); rare, so all of it
    return native_outcome(out, data, path, start, fmt, followed)


def _leads_with_hand_text(data: bytes, chunks: pa.Table) -> bool:
    """Whether the text before a file's first hand holds the end of a hand whose start the
    file does not hold (:func:`parsers.shape.leading_hand_text`): the reject the Python core
    stores for it (``pipeline.ingest.parse.leading_reject``) is made there alone."""
    first = chunks.column("offset")[0].as_py()
    if first == 0:
        return False
    line = chunks.column("line")[0].as_py()
    return leading_hand_text(decode(data[:first])[0], Chunk("", first, line)) is not None


@cache
def _sites() -> list[str]:
    """The site names a PHH ``venue`` may name (the Python reader's ``_known_sites``)."""
    return sorted({f.site for f in registry.FORMATS})


_MICROSECOND = datetime(1970, 1, 1, 0, 0, 0, 1) - _EPOCH


def _read_native(fmt: str, data: bytes, path: str, start: int, stamp: int,
                 final: bool) -> dict:
    """One native entry point's result for a file of format ``fmt``."""
    entry = getattr(native_module(), NATIVE_ENTRY[fmt])
    # A chunk longer than the line bound may be oversized: the Python core bounds it.
    bound = {"defer_above": config.MAX_LINE_CHARS}
    if fmt == "phh":
        return entry(data, path, start, stamp, final, _sites())
    if NATIVE_ENTRY[fmt] == "parse_text":
        return entry(data, path, fmt, start, stamp, final, **bound)
    return entry(data, path, start, stamp, final, **bound)


def _native_format(tail: bytes, fmt_name: str | None) -> str | None:
    """The format's name when a native entry point reads it, else None: also for a file
    holding NUL bytes (UTF-16, or stray ones the Python decoder drops), which the native
    readers do not decode as the Python core does, and for a file of no format (a whole
    file's format was detected by :func:`_detected` already; a piece's by the stream)."""
    if fmt_name is None or b"\x00" in tail:
        return None
    return fmt_name if fmt_name in NATIVE_ENTRY else None


def _detected(args: tuple) -> tuple:
    """A whole-file job with its format named, detected here once: the PHH batching, the
    native seam and the Python core would each ask the registry again (half a millisecond a
    file each time, a tenth of a corpus import). Left unnamed when detection fails (the
    Python core says why: no format, several, binary) or the file holds NUL bytes (the
    Python core decodes it first, see :func:`_native_format`)."""
    data, path, start, fmt_name, final = args
    if fmt_name is not None:
        return args
    tail = data[start:] if start else data
    if b"\x00" in tail:
        return args
    try:
        fmt_name = registry.detect(tail[: config.DETECT_BYTES]).name
    except Exception:  # noqa: BLE001 - undetectable: the Python core says why
        return args
    return (data, path, start, fmt_name, final)


def _oversized(tail: bytes) -> bool:
    """A file the Python core bounds (an oversized hand or line becomes a reject there)."""
    if len(tail) > config.MAX_FILE_BYTES:
        return True
    if len(tail) <= config.MAX_LINE_CHARS:
        return False
    return max(map(len, tail.split(b"\n"))) > config.MAX_LINE_CHARS


# --- many small files in one native call -----------------------------------------------------

#: A batch of whole files for one native call: at most this many, and this many bytes. A
#: folder of one-hand PHH files (how the public PHH data sets ship) then costs one call and
#: one set of Arrow tables per few hundred files, not per file (issue 14, item 7).
GROUP_FILES = 256
GROUP_BYTES = 4 * 1024 * 1024
#: A file this small may join a batch (larger ones are read on their own, as ever).
_SMALL_FILE = 256 * 1024


def parse_files(jobs: list[tuple | None], allin: bool = False) -> list[PackedFile | None]:
    """:func:`parse_file` over many jobs, in order (None for a None job): the same PackedFiles,
    but the small whole PHH files among them are read by one native call, and the whole files
    the Python core reads are flattened as one batch (:func:`parse_files_python`).
    ``allin``: with each hand's all-in equity rows (:func:`with_allin_equity`)."""
    out = _parse_files(jobs)
    return [with_allin_equity(p) for p in out] if allin else out


def with_allin_equity(packed: PackedFile | None) -> PackedFile | None:
    """``packed`` with its hands' all-in equity rows, counted here (in the worker that parsed
    them: :mod:`pipeline.ingest.equity_rows`)."""
    if packed is None:
        return None
    from pipeline.ingest.equity_rows import with_equity  # numpy enumeration, duckdb: on demand

    return replace(packed, rows=with_equity(packed.rows))


def _parse_files(jobs: list[tuple | None]) -> list[PackedFile | None]:
    jobs = [_detected(j) if j is not None and len(j) == 5 else j for j in jobs]
    out: list[PackedFile | None] = [None] * len(jobs)
    batch: list[int] = []  # small whole PHH files, for one native call
    python: list[int] = []  # whole files the Python core reads, flattened together
    unmerged: dict[int, Unmerged] = {}  # native files with deferred hands, flattened so too
    native = chosen_core() == "native"
    for k, args in enumerate(jobs):
        if args is None:
            continue
        if len(args) > 5:
            out[k] = parse_file(args)
        elif native and _batchable(*args):
            batch.append(k)
        elif (read := _read_native_file(*args) if native else None) is None:
            python.append(k)
        elif isinstance(read, Unmerged):
            unmerged[k] = read
        else:
            out[k] = read
    if len(batch) == 1:
        out[batch[0]] = parse_file(jobs[batch[0]])
    elif batch:
        for k, packed in zip(batch, _parse_phh_batch([jobs[k] for k in batch]), strict=True):
            out[k] = packed
    packed = parse_files_python([jobs[k] for k in python],
                                also=[u.deferred for u in unmerged.values()])
    whole, deferred = packed[:len(python)], packed[len(python):]
    for k, one in zip(python, whole, strict=True):
        out[k] = one
    for (k, u), one in zip(unmerged.items(), deferred, strict=True):
        out[k] = merged(u, one)
    return out


def parse_files_python(jobs: list[tuple], also: Sequence[FileParse] = ()) -> list[PackedFile]:
    """:func:`parse_file_python` of whole-file jobs, their hands flattened as one batch
    (:func:`pipeline.ingest.pack.pack_many`: a folder of small files paid a batch's fixed
    cost per file), with the PackedFiles of ``also`` (parses made elsewhere: the hands the
    native core deferred) after theirs, flattened in the same batch."""
    enabled = gc.isenabled()
    gc.disable()  # as in parse_file_python
    try:
        parses = [parse_bytes(data, path, start=start, fmt_name=fmt_name, final=final)
                  for data, path, start, fmt_name, final in jobs]
        return pack_many([*parses, *also]) if parses or also else []
    finally:
        if enabled:
            gc.enable()


def _batchable(data: bytes, path: str, start: int, fmt_name: str | None, final: bool) -> bool:
    """A small whole file that the native PHH reader may read in a batch."""
    return (start == 0 and final and len(data) <= _SMALL_FILE
            and _native_format(data, fmt_name) == "phh" and not _oversized(data))


def _parse_phh_batch(jobs: list[tuple]) -> list[PackedFile]:
    """Whole PHH files in one native call; a file it does not claim whole goes to Python."""
    now = datetime.now(UTC).replace(tzinfo=None)
    stamp = (now - _EPOCH) // _MICROSECOND
    out = native_module().parse_phh_files([j[0] for j in jobs], [j[1] for j in jobs], stamp,
                                    _sites())
    return packed_from_batch(out, jobs, parse_file_python)
