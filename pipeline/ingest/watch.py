"""``sidepot import --watch DIR``: follow hand-history files a poker client is still writing.

Why it is built this way:
- Polling, not OS notifications: it works the same on every platform and network drive, and
  one ``stat`` per file per second costs nothing next to parsing.
- Each pass imports only the files whose size or mtime changed since the last pass, through
  :func:`pipeline.ingest.run.import_paths` with ``live=True``: the store resumes every file at its
  committed ``bytes_consumed``, so a pass parses only the new bytes, and a restart of the
  watcher resumes where the last one stopped.
- A half-written last hand is never imported: it counts once a blank line or the next hand
  follows it. A file left unchanged for ``settle`` seconds is imported as final (a client that
  ends its last hand without a blank line still gets it stored), unless that hand is broken.
- The store is opened only while a pass writes, so reports can read it between passes.
- The library never prints: each pass that read something is handed to ``on_pass``.
- Ctrl-C between passes raises KeyboardInterrupt; inside a pass, the pass's
  :class:`~pipeline.errors.ImportInterrupted` (its committed batches stay stored).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from pipeline.errors import SidepotError
from pipeline.ingest.files import iter_files
from pipeline.ingest.run import import_paths
from pipeline.ingest.summary import ImportSummary
from pipeline.ingest.zones import ZoneSettings

DEFAULT_POLL = 1.0
DEFAULT_SETTLE = 30.0


@dataclass(frozen=True, slots=True)
class _Seen:
    size: int
    mtime_ns: int
    since: float  # monotonic time of the last change
    final: bool  # imported as final after settling


def watch(
    paths: Sequence[str | Path],
    db_path: str | Path,
    *,
    on_pass: Callable[[ImportSummary], None] | None = None,
    stop: threading.Event | None = None,
    poll: float = DEFAULT_POLL,
    zones: ZoneSettings | None = None,
    settle: float = DEFAULT_SETTLE,
    max_passes: int | None = None,
) -> int:
    """Import new hands under ``paths`` until ``stop`` is set; returns the number of passes.

    ``paths`` must exist (a folder may be empty at first). Every pass that found changed files
    calls ``on_pass`` with its summary, even when no new hand was complete yet. ``zones``:
    the user's time zones for hands whose log prints none.
    """
    roots = [Path(p) for p in paths]
    for root in roots:
        if not root.exists():
            raise SidepotError(f"no such file or directory: {root}")
    stop = stop or threading.Event()
    seen: dict[str, _Seen] = {}
    passes = 0
    own = {str(Path(f"{db_path}{suffix}").resolve()) for suffix in ("", ".wal")}
    while not stop.is_set() and (max_passes is None or passes < max_passes):
        changed, settled = _changes(roots, seen, settle, own)
        if changed:
            summary = import_paths(changed, db_path, live=True, settled=settled, zones=zones)
            summary = replace(summary, changed_files=[str(p) for p in changed])
            if on_pass is not None:
                on_pass(summary)
        passes += 1
        stop.wait(poll)
    return passes


def _changes(
    roots: list[Path], seen: dict[str, _Seen], settle: float, own: set[str]
) -> tuple[list[Path], set[str]]:
    """Files changed since the last pass, and those that have now been quiet for ``settle``.

    ``own`` are the store's files: a store kept inside the watched folder is not an input.
    """
    now = time.monotonic()
    changed: list[Path] = []
    settled: set[str] = set()
    for path in iter_files(roots):
        name = str(path)
        if str(path.resolve()) in own:
            continue
        try:
            st = path.stat()
        except OSError:
            continue
        old = seen.get(name)
        if old is None or (old.size, old.mtime_ns) != (st.st_size, st.st_mtime_ns):
            seen[name] = _Seen(st.st_size, st.st_mtime_ns, now, False)
            changed.append(path)
        elif not old.final and now - old.since >= settle:
            seen[name] = _Seen(old.size, old.mtime_ns, old.since, True)
            changed.append(path)
            settled.add(name)
    return changed, settled
