"""Parse and replay in worker processes; one writer stores the results in file order.

Why this shape:
- The unit of work is one file (or the unread tail of one): :func:`pipeline.core.parse_file`
  is pure, so a worker needs nothing but the bytes, and the writer keeps every decision that
  depends on the store (where to start, which format, what is unchanged) in one process.
- Workers send back :class:`pipeline.ingest.pack.PackedFile` (Arrow tables, not objects).
- Results come back in submission order (a deque of futures), with at most ``window`` files
  in flight, so memory is bounded by a few files whatever the input size, and ``--jobs N``
  stores exactly what ``--jobs 1`` stores, batch boundaries included. Only files count
  towards the window (not the items with nothing to parse, such as the writer's end-of-file
  markers): counted, they halved it, and a worker waited for the writer between two files.
- The pool is started (forked) before the writer opens DuckDB, so no database thread or
  handle is ever duplicated into a worker.
- Ctrl-C reaches every process of the terminal's group. Workers ignore SIGINT: the parent
  alone decides, and when it leaves the pool with an exception it cancels what is queued and
  terminates the workers instead of waiting for their files (and no worker prints a
  traceback of its own).
"""

from __future__ import annotations

import gc
import multiprocessing
import os
import signal
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from contextlib import contextmanager
from typing import TypeVar

import pyarrow as pa

from pipeline.core import GROUP_BYTES, GROUP_FILES, parse_file, parse_files
from pipeline.ingest.pack import PackedFile

T = TypeVar("T")


#: A rarer young-generation GC while importing (writer and workers alike).
IMPORT_GC_THRESHOLD = (50_000, 20, 20)


def _worker_init() -> None:
    """Workers ignore Ctrl-C (the parent stops them), and hold few long-lived objects: a
    rarer young-generation GC saves ~20 % there."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    gc.set_threshold(*IMPORT_GC_THRESHOLD)


@contextmanager
def fewer_collections() -> Iterator[None]:
    """A rarer young-generation GC while importing: a batch keeps ~100k live objects that
    every collection would walk again (measured: flattening runs ~2x faster)."""
    before = gc.get_threshold()
    gc.set_threshold(*IMPORT_GC_THRESHOLD)
    try:
        yield
    finally:
        gc.set_threshold(*before)


def default_jobs() -> int:
    """Cores this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


#: Manager threads of stopped pools that did not end (see :meth:`Pool.stop`).
_ABANDONED: list[object] = []


def left_a_thread_behind() -> bool:
    """Whether a stopped pool left a manager thread that exit would wait on forever."""
    return bool(_ABANDONED)


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

    def __exit__(self, exc_type: type[BaseException] | None, *exc: object) -> None:
        if self.executor is None:
            return
        if exc_type is None:
            try:
                self.executor.shutdown(wait=True, cancel_futures=True)
            except BaseException:  # Ctrl-C while the idle workers exit: stop them now
                self.stop()
                raise
        else:
            self.stop()

    def stop(self) -> None:
        """Stop now: nothing queued starts, the workers are terminated (their results are
        not wanted), and this returns once they are gone."""
        executor = self.executor
        if executor is None:
            return
        # The executor has no public way to end running calls (3.14 adds terminate_workers):
        # its processes are in ``_processes``.
        workers = list(getattr(executor, "_processes", {}).values())
        # The queue of calls is fed by a thread that may be blocked writing a file's bytes
        # into a full pipe that no terminated worker will read: joined at exit (by the
        # interpreter, and by the executor's manager thread once it sees the pool broken),
        # it would hang the process after its last line was printed. Its calls are not
        # wanted: never join it.
        call_queue = getattr(executor, "_call_queue", None)
        if call_queue is not None:
            call_queue.cancel_join_thread()
        executor.shutdown(wait=False, cancel_futures=True)
        for process in workers:
            if process.is_alive():
                process.terminate()
        for process in workers:
            process.join(timeout=10)
        # A worker terminated while sending its result leaves the executor's manager thread
        # waiting forever for the rest of that message; the interpreter joins that thread at
        # exit, so the process would hang after its last line. Say so: the CLI then exits
        # without the join (the store is closed by then).
        manager = getattr(executor, "_executor_manager_thread", None)
        if manager is not None:
            manager.join(timeout=2)
            if manager.is_alive():
                _ABANDONED.append(manager)
        self.executor = None

    def map_ordered(
        self,
        items: Iterable[T],
        job: Callable[[T], tuple | None],
        fn: Callable[[tuple], PackedFile] = parse_file,
    ) -> Iterator[tuple[T, PackedFile | None]]:
        """``(item, fn(job(item)))`` in the order of ``items``; ``job`` returning None means
        nothing to parse for that item (its result is None). At most ``window`` in flight."""
        if self.executor is None:
            if fn is parse_file:  # small files are read many per native call
                yield from _in_groups(items, job)
                return
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


def _in_groups(items: Iterable[T], job: Callable[[T], tuple | None]
               ) -> Iterator[tuple[T, PackedFile | None]]:
    """``(item, parse_file(job(item)))`` in order, the jobs taken a group at a time (at most
    GROUP_FILES files, GROUP_BYTES bytes) so that many small files cost one native call."""
    group: list[tuple[T, tuple | None]] = []
    size = 0
    for item in items:
        args = job(item)
        group.append((item, args))
        size += len(args[0]) if args is not None else 0
        if len(group) >= GROUP_FILES or size >= GROUP_BYTES:
            yield from zip([g[0] for g in group], parse_files([g[1] for g in group]), strict=True)
            group, size = [], 0
    if group:
        yield from zip([g[0] for g in group], parse_files([g[1] for g in group]), strict=True)


def _ready(future: Future | None) -> bool:
    return future is None or future.done()


def _resolve(entry: tuple[T, Future | None]) -> tuple[T, PackedFile | None]:
    item, future = entry
    return item, (future.result() if future is not None else None)
