"""Parse and replay in worker processes; one writer stores the results in file order.

Why this shape:
- The unit of work is a group of files (a large file, or a piece of one, alone):
  :func:`pipeline.core.parse_files` is pure, so a worker needs nothing but the bytes, and the
  writer keeps every decision that depends on the store (where to start, which format, what
  is unchanged) in one process. A group, not a file: a group's small PHH files are read by
  one native call and its Python-core files flattened as one batch (a few ms saved a file);
  sent one file at a time, ``--jobs 2`` took 51 s over the corpus where ``--jobs 1`` took 33.
- Workers send back :class:`pipeline.ingest.pack.PackedFile` (Arrow tables, not objects).
- Results come back in submission order (a deque of futures), with at most ``window`` groups
  in flight, so memory is bounded by a few groups whatever the input size, and ``--jobs N``
  stores exactly what ``--jobs 1`` stores, batch boundaries included. Only groups with a file
  count towards the window (not the items with nothing to parse, such as the writer's
  end-of-file markers): counted, they halved it, and a worker waited for the writer.
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
from functools import partial
from typing import TypeVar

import pyarrow as pa

from pipeline.config import PARALLEL_BYTES, PARALLEL_FILE_BYTES
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


def jobs_for(total_bytes: int, files: int, jobs: int | None = None) -> int:
    """The worker processes an import of ``files`` files holding ``total_bytes`` runs:
    ``jobs`` when given, else one a core once the input is big enough to share
    (:data:`~pipeline.config.PARALLEL_BYTES`) in files that are not tiny
    (:data:`~pipeline.config.PARALLEL_FILE_BYTES` on average), else 1 (the importing
    process parses)."""
    if jobs is not None:
        return max(1, jobs)
    shared = total_bytes >= PARALLEL_BYTES and total_bytes >= PARALLEL_FILE_BYTES * files
    return default_jobs() if shared else 1


#: Pools stopped mid-work (see :meth:`Pool.stop`): their threads are never joined.
_ABANDONED: list[object] = []


def left_a_thread_behind() -> bool:
    """Whether a pool was stopped mid-work: exit must not wait on what it left (a manager
    thread waiting forever for a terminated worker's message, a queue's feeder thread)."""
    return bool(_ABANDONED)


class Pool:
    """An ordered map over worker processes (or inline when ``jobs == 1``).

    Start it before opening the store (``with Pool(jobs) as pool``): the workers fork then.
    """

    def __init__(self, jobs: int, window: int | None = None, *, allin: bool = False) -> None:
        self.jobs = max(1, jobs)
        #: Count each hand's all-in equity where it is parsed (the default job only).
        self.allin = allin
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
        # Whatever else a stopped pool leaves (its manager thread still waiting, a queue's
        # feeder thread, a child the interpreter would join), exit must not wait on it: once
        # seen once in a loaded test run, an interrupted import printed its line and hung.
        _ABANDONED.append(executor)
        self.executor = None

    def map_ordered(
        self,
        items: Iterable[T],
        job: Callable[[T], tuple | None],
        fn: Callable[[tuple], PackedFile] = parse_file,
    ) -> Iterator[tuple[T, PackedFile | None]]:
        """``(item, fn(job(item)))`` in the order of ``items``; ``job`` returning None means
        nothing to parse for that item (its result is None). With ``fn`` the default
        :func:`parse_file`, the jobs go a group at a time to :func:`parse_files` (the same
        results, many small files a call); another ``fn`` is called one job at a time. At most
        ``window`` groups in flight."""
        grouped = fn is parse_file
        if self.executor is None:
            groups = _groups(items, job, GROUP_FILES, GROUP_BYTES) if grouped else _singles(
                items, job)
            for group in groups:
                jobs = [args for _, args in group]
                yield from zip([item for item, _ in group],
                               parse_files(jobs, self.allin) if grouped else _each(fn, jobs),
                               strict=True)
            return
        call = partial(parse_files, allin=self.allin) if grouped else partial(_each, fn)
        groups = _groups(items, job, WORKER_GROUP_FILES, WORKER_GROUP_BYTES) if grouped else (
            _singles(items, job))
        pending: deque[tuple[list[T], Future | None]] = deque()
        held = 0  # groups sent and not handed back (items with nothing to parse hold nothing)
        for group in groups:
            jobs = [args for _, args in group]
            future = (self.executor.submit(call, jobs)
                      if any(args is not None for args in jobs) else None)
            pending.append(([item for item, _ in group], future))
            held += future is not None
            while held > self.window or (pending and _ready(pending[0][1])):
                entry = pending.popleft()
                held -= entry[1] is not None
                yield from _resolve(entry)
        while pending:
            yield from _resolve(pending.popleft())


#: A worker's group of files: smaller than the in-process one, so that the workers share the
#: files evenly and the writer gets results early, still large enough to batch small files.
WORKER_GROUP_FILES = 64
WORKER_GROUP_BYTES = 1024 * 1024


def _groups(items: Iterable[T], job: Callable[[T], tuple | None], most_files: int,
            most_bytes: int) -> Iterator[list[tuple[T, tuple | None]]]:
    """The items with their jobs, in order, a group at a time: at most ``most_files`` jobs
    and about ``most_bytes`` bytes; a job of ``most_bytes`` or more (a large file, a piece of
    a streamed one) starts a group of its own, so it does not hold back the small files
    before it. Items with nothing to parse ride along with their neighbours."""
    group: list[tuple[T, tuple | None]] = []
    files = size = 0
    for item in items:
        args = job(item)
        n = len(args[0]) if args is not None else 0
        if files and n >= most_bytes:
            yield group
            group, files, size = [], 0, 0
        group.append((item, args))
        files += args is not None
        size += n
        if files >= most_files or size >= most_bytes:
            yield group
            group, files, size = [], 0, 0
    if group:
        yield group


def _singles(items: Iterable[T], job: Callable[[T], tuple | None]
             ) -> Iterator[list[tuple[T, tuple | None]]]:
    """Each item with its job as a group of one."""
    for item in items:
        yield [(item, job(item))]


def _each(fn: Callable[[tuple], PackedFile], jobs: list[tuple | None]
          ) -> list[PackedFile | None]:
    """``fn`` of each job (None for a None job)."""
    return [fn(args) if args is not None else None for args in jobs]


def _ready(future: Future | None) -> bool:
    return future is None or future.done()


def _resolve(entry: tuple[list[T], Future | None]) -> Iterator[tuple[T, PackedFile | None]]:
    items, future = entry
    results = future.result() if future is not None else [None] * len(items)
    return zip(items, results, strict=True)
