"""A native core's result -> the writer's :class:`~pipeline.ingest.pack.PackedFile`, per hand.

The native core claims a hand (its rows) only where it gives exactly the Python core's rows;
it defers every other hand chunk, with the chunk's text, offset and first line as the Python
split gives them. Here each deferred chunk is read by the Python core alone
(:func:`pipeline.ingest.parse.one_hand`, then flattened by :mod:`pipeline.ingest.pack`: its
rejects, ``unstorable`` hands and all; the caller flattens a group of files' deferred hands
in one batch), and both cores' rows are merged in file order (:func:`merged`). So a file with
one odd hand still has its other hands read natively, and the stored rows are the rows of a
pure Python import (the parity tests in tests/native hold them to it).

The Python core's rules for the last hand of a file are applied to the merged outcomes as
:func:`pipeline.ingest.parse.parse_bytes` applies them: a last hand that fails the way a hand
cut where the file stops fails (:func:`~pipeline.ingest.parse.cut_short`) is left out, its
reject carried as the PackedFile's ``tail`` for the writer to hold back or store.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc

from parsers import registry
from parsers.text import Chunk
from pipeline.ingest.pack import PackedFile
from pipeline.ingest.parse import FileParse, Outcome, cut_short, one_hand
from pipeline.store.rows import Rows, with_seat_flags
from pipeline.store.schema import HAND_TABLES, Reject

__all__ = ["Unmerged", "merged", "native_outcome", "packed_from_batch", "shifted"]

#: The tables a native result carries, with their per-hand row counts in ``chunks``. A core
#: that gives no ``seat_flags`` has them computed from its rows (:func:`with_seat_flags`).
_COUNTED = (("seats", "n_seats"), ("actions", "n_actions"), ("pots", "n_pots"),
            ("findings", "n_findings"), ("seat_flags", "n_seat_flags"))


@dataclass(frozen=True, slots=True)
class _Chunks:
    """The native ``chunks`` table as Python lists (only what the merge reads)."""

    offset: list[int]
    end: list[int]
    line: list[int]
    status: list[str]
    index: list[int]
    text: list[str | None]


@dataclass(frozen=True, slots=True)
class Unmerged:
    """A native result with deferred hands, read by the Python core (``deferred``, a
    FileParse of just those hands) but not flattened yet. :func:`merged` takes their
    PackedFile: flattened alone (:func:`pipeline.ingest.pack.pack`) or together with other
    files' hands (:func:`~pipeline.ingest.pack.pack_many`, what :mod:`pipeline.core` does
    for a group of files: a flatten has a fixed cost of a few milliseconds, and a third of
    the corpus's PokerStars, GGPoker and Ignition files defer a hand or two)."""

    out: dict
    chunks: _Chunks
    #: the chunks kept (a last one cut short is left out) and the byte they settle
    n: int
    consumed: int
    size: int
    #: the deferred chunks' indexes, in the order of ``deferred.outcomes``
    order: tuple[int, ...]
    native_rejects: list[Reject]
    deferred: FileParse
    tail: Reject | None


def native_outcome(out: dict, data: bytes, path: str, start: int, fmt_name: str,
                   followed: bool = False) -> PackedFile | Unmerged | None:
    """What a native result gives: the PackedFile when every hand is the native core's
    (core ``"native"``); an :class:`Unmerged` when some hand was deferred (the caller packs
    its ``deferred`` and calls :func:`merged`: core ``"mixed"``); None when the merge cannot
    take it (the Python core then reads the whole file). ``followed``: ``data`` is a piece
    of a file that goes on (its last hand is never one cut short)."""
    table: pa.Table = out["chunks"]
    claimed = _count(table.column("status"), "rows")
    if out["hands"].num_rows != claimed:
        return None
    if claimed == table.num_rows:
        return _all_native(out, table, len(data), fmt_name)
    cols = table.select(["offset", "end", "line", "status", "index", "text"]).to_pydict()
    return _deferred_read(out, _Chunks(**cols), data, path, start, fmt_name, followed)


def _count(column: pa.ChunkedArray, value: str) -> int:
    return sum(chunk.to_pylist().count(value) for chunk in column.chunks)


def _native_rows(out: dict, table: pa.Table, claimed: list[bool] | None = None) -> Rows:
    """The native tables as Rows: ``starts`` from the per-chunk counts of the claimed hands
    (``claimed``: which chunks have rows; None when all have)."""
    mask = None if claimed is None else np.asarray(claimed, bool)
    n = out["hands"].num_rows
    starts: dict[str, tuple[int, ...]] = {"hands": tuple(range(n + 1))}
    for name, counter in _COUNTED:
        if name not in out:
            continue
        counts = table.column(counter).to_numpy()
        if mask is not None:
            counts = counts[mask]
        starts[name] = tuple(np.concatenate(([0], np.cumsum(counts))).tolist())
    tables = {name: out[name] for name in HAND_TABLES if name in out}
    sources = tuple(out["hands"].column("source_file").to_pylist())
    return with_seat_flags(Rows(tables, starts, sources))


def _native_codes(rows: Rows) -> list[tuple[str, ...]]:
    """Each native hand's finding codes, in its findings' order."""
    column = rows.tables["findings"].column("code").to_pylist()
    fs = rows.starts["findings"]
    return [tuple(column[fs[i]:fs[i + 1]]) for i in range(rows.n_hands)]


def _all_native(out: dict, table: pa.Table, size: int, fmt_name: str) -> PackedFile:
    """Every chunk a hand with native rows: the common case, no per-hand Python work."""
    rows = _native_rows(out, table)
    ends = tuple(table.column("end").to_pylist())
    consumed = int(out["consumed"])
    # Only a last hand left for later (a file still being written) stops short of the end.
    return PackedFile(fmt_name, None, consumed, ends, tuple(range(rows.n_hands)),
                      tuple(_native_codes(rows)), {}, rows, incomplete=consumed < size,
                      core="native")


def _deferred_read(out: dict, c: _Chunks, data: bytes, path: str, start: int,
                   fmt_name: str, followed: bool) -> Unmerged:
    """The Python core's outcomes of the deferred chunks, and the native rejects."""
    fmt = registry.by_name(fmt_name)
    n = len(c.offset)
    consumed = int(out["consumed"])
    deferred: dict[int, Outcome] = {}
    for k in range(n):
        if c.status[k] == "deferred":
            text = c.text[k] or ""
            deferred[k] = one_hand(Chunk(text, c.offset[k], c.line[k]), path, fmt, c.end[k])
    native_rejects = [Reject(**r) for r in out["rejects"].to_pylist()]
    # parse_bytes' rule for a last hand (only when the native core kept it: a file still
    # being written has its unfinished last hand left out already).
    tail = None
    if n and consumed == len(data) and c.status[-1] != "rows" and not followed:
        last = deferred.get(n - 1) or Outcome(
            c.offset[-1], c.end[-1], reject=native_rejects[c.index[-1]])
        raw = c.text[-1] if c.text[-1] is not None else last.reject.raw_text
        chunk = Chunk(raw, c.offset[-1], c.line[-1])
        if cut_short(last, chunk, mid_line=not _ends_with_newline(data[start:])):
            n, consumed, tail = n - 1, c.offset[-1], last.reject
            deferred.pop(n, None)
    order = tuple(sorted(deferred))
    parse = FileParse(fmt_name, None, tuple(deferred[k] for k in order), consumed)
    return Unmerged(out, c, n, consumed, len(data), order, native_rejects, parse, tail)


def merged(u: Unmerged, python: PackedFile) -> PackedFile:
    """Native rows, native rejects and the Python core's outcomes of the deferred chunks
    (``python``: ``u.deferred`` packed), in file order."""
    c, n, out, native_rejects = u.chunks, u.n, u.out, u.native_rejects
    at_python = {k: j for j, k in enumerate(u.order)}
    nat = _native_rows(out, out["chunks"], [status == "rows" for status in c.status])
    nat_codes = _native_codes(nat)
    src, row, rows_at, codes, rejects = [], [], [], [], {}
    for k in range(n):
        status = c.status[k]
        if status == "rows":
            src.append(0)
            row.append(c.index[k])
        elif status == "deferred":
            j = at_python[k]
            if python.rows_at[j] < 0:
                rejects[k] = python.rejects[j]
                rows_at.append(-1)
                codes.append(())
                continue
            src.append(1)
            row.append(python.rows_at[j])
        else:
            rejects[k] = native_rejects[c.index[k]]
            rows_at.append(-1)
            codes.append(())
            continue
        rows_at.append(len(src) - 1)
        codes.append(nat_codes[row[-1]] if src[-1] == 0 else python.codes[j])
    rows = _merge_rows(nat, python.rows, np.asarray(src, np.int64), np.asarray(row, np.int64))
    core = "mixed" if u.order else "native"
    return PackedFile(u.deferred.format, None, u.consumed, tuple(c.end[:n]), tuple(rows_at),
                      tuple(codes), rejects, rows, incomplete=u.consumed < u.size, core=core,
                      tail=u.tail)


def _ends_with_newline(tail: bytes) -> bool:
    """Whether the decoded text ends with a line end (``parse_bytes``' ``mid_line`` test):
    blanks at the end of a line are dropped, a CR ends a line as an LF does."""
    return tail.rstrip(b" \t").endswith((b"\n", b"\r"))


def _merge_rows(a: Rows, b: Rows, src: np.ndarray, row: np.ndarray) -> Rows:
    """Hands from ``a`` (src 0) and ``b`` (src 1), in the order given, as one Rows."""
    if not b.n_hands and a.tables.keys() == set(HAND_TABLES) and np.array_equal(
            row, np.arange(a.n_hands)):
        # Every hand a's, in a's order: the usual mixed file, whose deferred hands were all
        # rejected (124 of the corpus's 134 in PokerStars, GGPoker and Ignition). The take
        # below would copy every column of every table to give the same rows.
        return a
    tables, starts = {}, {}
    from_a = src == 0
    from_b = ~from_a
    for name in HAND_TABLES:
        sa = np.asarray(a.starts[name], np.int64)
        sb = np.asarray(b.starts[name], np.int64)
        begin = np.empty(len(src), np.int64)
        count = np.empty(len(src), np.int64)
        ra, rb = row[from_a], row[from_b]
        begin[from_a], count[from_a] = sa[ra], sa[ra + 1] - sa[ra]
        begin[from_b], count[from_b] = sb[rb] + sa[-1], sb[rb + 1] - sb[rb]
        ends = np.cumsum(count)
        total = int(ends[-1]) if len(ends) else 0
        take = np.repeat(begin - (ends - count), count) + np.arange(total)
        both = pa.concat_tables([a.tables[name], b.tables[name]])
        tables[name] = both.take(pa.array(take, pa.int64()))
        starts[name] = (0, *ends.tolist())
    sources = tuple(a.sources[r] if s == 0 else b.sources[r] for s, r in zip(src, row,
                                                                            strict=True))
    return Rows(tables, starts, sources)


def packed_from_batch(out: dict, jobs: list[tuple],
                      python: Callable[[tuple], PackedFile]) -> list[PackedFile]:
    """Per-file PackedFiles from one native call over many whole files (``parse_phh_files``):
    each file's slice of the batch's tables, or ``python(job)`` for a file the native core
    does not claim whole."""
    chunks: pa.Table = out["chunks"]
    status = chunks.column("status").to_pylist()
    ends = chunks.column("end").to_pylist()
    claimed = np.asarray([s == "rows" for s in status], np.bool_)
    whole = _native_rows(out, chunks, claimed.tolist())
    # Python ints: a file's slice of them is a few of them (numpy's per-call cost, paid per
    # table per file, was a tenth of a folder of one-hand files' import)
    starts = {name: list(s) for name, s in whole.starts.items()}
    tables = whole.tables
    codes_column = tables["findings"].column("code").to_pylist()
    sources = tables["hands"].column("source_file").to_pylist()
    packed: list[PackedFile] = []
    at = hand = 0  # the file's first chunk, and its first hand in the batch
    for job, n, deferred, consumed in zip(jobs, out["file_chunks"], out["file_deferred"],
                                          out["file_consumed"], strict=True):
        lo, at = at, at + n
        if deferred is not None or n == 0 or not claimed[lo:at].all():
            hand += int(claimed[lo:at].sum())
            packed.append(python(job))
            continue
        h0, hand = hand, hand + n
        fs = starts["findings"]
        rows = Rows(
            {name: tables[name].slice(starts[name][h0], starts[name][hand] - starts[name][h0])
             for name in tables},
            {name: tuple(x - starts[name][h0] for x in starts[name][h0:hand + 1])
             for name in tables},
            tuple(sources[h0:hand]),
        )
        codes = tuple(tuple(codes_column[fs[i]:fs[i + 1]]) for i in range(h0, hand))
        packed.append(PackedFile("phh", None, consumed, tuple(ends[lo:at]), tuple(range(n)),
                                 codes, {}, rows, incomplete=consumed < len(job[0]),
                                 core="native"))
    return packed


#: The columns that hold a position in the file: (table, column, "offset" or "line"). (An
#: action's or finding's ``line`` counts from its hand's first line: it does not move.)
_POSITIONS = (("hands", "source_offset", "offset"), ("hands", "source_line", "line"))


def shifted(packed: PackedFile, base: int, line_base: int, *,
            keep_skip: bool = True) -> PackedFile:
    """A piece's PackedFile (read as a file of its own) with its positions moved to the
    file's: bytes by ``base``, lines by ``line_base`` (:mod:`pipeline.ingest.stream`).
    ``keep_skip=False`` (a piece past the file's first): no skip reason, which is the file's
    start's to say."""
    if base == 0 and line_base == 0 and keep_skip:
        return packed
    rows = packed.rows
    tables = dict(rows.tables)
    for name, column, kind in _POSITIONS:
        table = tables[name]
        at = table.schema.get_field_index(column)
        by = base if kind == "offset" else line_base
        moved = pc.add(table.column(at), pa.scalar(by, table.schema.field(at).type))
        tables[name] = table.set_column(at, column, moved)
    def moved(r: Reject) -> Reject:
        return replace(r, source_offset=r.source_offset + base, line=r.line + line_base)

    rejects = {k: moved(r) for k, r in packed.rejects.items()}
    return replace(packed, skip=packed.skip if keep_skip else None,
                   consumed=packed.consumed + base,
                   ends=tuple(e + base for e in packed.ends), rejects=rejects,
                   rows=Rows(tables, rows.starts, rows.sources),
                   tail=None if packed.tail is None else moved(packed.tail))
