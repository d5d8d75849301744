"""Parse and replay in worker processes; one writer stores the results in file order.

Why this shape:
- The unit of work is one file (or the unread tail of one): :func:`parse_file` is pure, so
  a worker needs nothing but the bytes, and the writer keeps every decision that depends on
  the store (where to start, which format, what is unchanged) in one process.
- Workers send back :class:`PackedFile`: the hands already flattened into Arrow tables
  (:class:`pipeline.store_rows.Rows`) plus a few integers and strings per hand. Pickling the
  frozen dataclasses of a Hand and its Replay costs more than parsing them (see ``make bench``),
  Arrow buffers cost a memory copy.
- Results come back in submission order (a deque of futures), with at most ``window`` files
  in flight, so memory is bounded by a few files whatever the input size, and ``--jobs N``
  stores exactly what ``--jobs 1`` stores, batch boundaries included. Only files count
  towards the window (not the items with nothing to parse, such as the writer's end-of-file
  markers): counted, they halved it, and a worker waited for the writer between two files.
- The pool is started (forked) before the writer opens DuckDB, so no database thread or
  handle is ever duplicated into a worker.
"""

from __future__ import annotations

import gc
import multiprocessing
import os
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import TypeVar

import pyarrow as pa

from pipeline.store_rows import Rows, flatten_rows, storable_problems
from pipeline.store_schema import Reject

T = TypeVar("T")


@dataclass(frozen=True)
class PackedFile:
    """One file's parse, compact: what :class:`pipeline.ingest.FileParse` says, flattened.

    Per outcome ``i``: ``ends[i]`` is the byte where the next hand starts, ``rows_at[i]`` the
    hand's row in ``rows`` (or -1 when rejected), ``codes[i]`` its finding codes. ``rejects``
    maps outcome index -> Reject.
    """

    format: str | None
    skip: str | None
    consumed: int
    ends: tuple[int, ...]
    rows_at: tuple[int, ...]
    codes: tuple[tuple[str, ...], ...]
    rejects: dict[int, Reject]
    rows: Rows

    @property
    def n_outcomes(self) -> int:
        return len(self.ends)

    def first_row(self, i: int) -> int:
        """The row of the first hand at or after outcome ``i`` (rows skip the rejects)."""
        if not self.rejects:
            return i
        return i - sum(1 for k in self.rejects if k < i)


def pack(parsed) -> PackedFile:  # noqa: ANN001 - pipeline.ingest.FileParse (import cycle)
    """Flatten a FileParse. A hand Arrow cannot convert becomes an ``unstorable`` reject."""
    now = datetime.now(UTC).replace(tzinfo=None)
    ends, rows_at, codes, rejects, hands = [], [], [], {}, []
    for i, outcome in enumerate(parsed.outcomes):
        ends.append(outcome.end)
        if outcome.reject is None:
            rows_at.append(len(hands))
            codes.append(tuple(f.code for f in outcome.replay.findings))
            hands.append((outcome.hand, outcome.replay))
        else:
            rows_at.append(-1)
            codes.append(())
            rejects[i] = outcome.reject
    try:
        rows = flatten_rows(hands, now)
    except Exception:  # noqa: BLE001 - some hand does not convert: find it, reject it
        return _pack_slowly(parsed, now)
    return PackedFile(parsed.format, parsed.skip, parsed.consumed, tuple(ends),
                      tuple(rows_at), tuple(codes), rejects, rows)


def _pack_slowly(parsed, now: datetime) -> PackedFile:  # noqa: ANN001
    """The fallback: every hand converted on its own, the ones that fail rejected."""
    ends, rows_at, codes, rejects, hands = [], [], [], {}, []
    problems = iter(storable_problems(
        [(o.hand, o.replay) for o in parsed.outcomes if o.reject is None]))
    for i, outcome in enumerate(parsed.outcomes):
        ends.append(outcome.end)
        reject = outcome.reject
        if reject is None:
            hand, result = outcome.hand, outcome.replay
            problem = next(problems)
            if problem is None:
                rows_at.append(len(hands))
                codes.append(tuple(f.code for f in result.findings))
                hands.append((hand, result))
                continue
            src = hand.source
            reject = Reject(src.file, src.offset, src.line, hand.site, "unstorable", problem,
                            hand.raw_text)
        rows_at.append(-1)
        codes.append(())
        rejects[i] = reject
    return PackedFile(parsed.format, parsed.skip, parsed.consumed, tuple(ends),
                      tuple(rows_at), tuple(codes), rejects, flatten_rows(hands, now))


def parse_file(args: tuple[bytes, str, int, str | None, bool]) -> PackedFile:
    """The worker's job: :func:`pipeline.ingest.parse_bytes` then :func:`pack`."""
    from pipeline.ingest import parse_bytes

    data, path, start, fmt_name, final = args
    # No collection while one file is parsed: hands are trees of frozen values, so the
    # collector would walk them for nothing (~10 % of the parse); cycles from the odd
    # exception are collected after the file, so memory stays bounded by one file.
    enabled = gc.isenabled()
    gc.disable()
    try:
        return pack(parse_bytes(data, path, start=start, fmt_name=fmt_name, final=final))
    finally:
        if enabled:
            gc.enable()


def _worker_init() -> None:
    """Workers hold few long-lived objects: a rarer young-generation GC saves ~20 % there."""
    gc.set_threshold(50_000, 20, 20)


def default_jobs() -> int:
    """Cores this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


class Pool:
    """An ordered map over worker processes (or inline when ``jobs == 1``).

    Start it before opening the store (``with Pool(jobs) as pool``): the workers fork then.
    """

    def __init__(self, jobs: int, window: int | None = None) -> None:
        self.jobs = max(1, jobs)
        self.window = window or 2 * self.jobs
        self.executor: Executor | None = None
        if self.jobs > 1:
            # pyarrow imports pandas on its first array (~0.15 s of CPU): once here, before
            # the fork, instead of once in every worker.
            pa.array([0], pa.int64())
            method = "fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn"
            self.executor = ProcessPoolExecutor(
                self.jobs, mp_context=multiprocessing.get_context(method),
                initializer=_worker_init,
            )
            # Fork every worker now, before the caller opens DuckDB.
            for future in [self.executor.submit(int) for _ in range(self.jobs)]:
                future.result()

    def __enter__(self) -> Pool:
        return self

    def __exit__(self, *exc: object) -> None:
        if self.executor is not None:
            self.executor.shutdown(wait=True, cancel_futures=True)

    def map_ordered(
        self,
        items: Iterable[T],
        job: Callable[[T], tuple | None],
        fn: Callable[[tuple], PackedFile] = parse_file,
    ) -> Iterator[tuple[T, PackedFile | None]]:
        """``(item, fn(job(item)))`` in the order of ``items``; ``job`` returning None means
        nothing to parse for that item (its result is None). At most ``window`` in flight."""
        if self.executor is None:
            for item in items:
                args = job(item)
                yield item, (fn(args) if args is not None else None)
            return
        pending: deque[tuple[T, Future | None]] = deque()
        held = 0  # files sent and not handed back (items with nothing to parse hold nothing)
        for item in items:
            args = job(item)
            if args is None:
                pending.append((item, None))
            else:
                pending.append((item, self.executor.submit(fn, args)))
                held += 1
            while held > self.window or (pending and _ready(pending[0][1])):
                entry = pending.popleft()
                held -= entry[1] is not None
                yield _resolve(entry)
        while pending:
            yield _resolve(pending.popleft())


def _ready(future: Future | None) -> bool:
    return future is None or future.done()


def _resolve(entry: tuple[T, Future | None]) -> tuple[T, PackedFile | None]:
    item, future = entry
    return item, (future.result() if future is not None else None)
