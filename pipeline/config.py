"""Settings shared across the import flow, each defined once.

Tuned values carry the reason for their size; change them here and nowhere else.
"""

from __future__ import annotations

import os
from pathlib import Path

# How many bytes of a file are decoded to detect its format: defined with the format contract,
# where detection uses it, and re-exported here with the import flow's other settings.
from parsers.format import DETECT_BYTES

__all__ = [
    "BULK_CHECKPOINT",
    "DEFAULT_BATCH",
    "DETECT_BYTES",
    "IMPORT_MEMORY_LIMIT",
    "MAX_FILE_BYTES",
    "MAX_HAND_CHARS",
    "MAX_LINE_CHARS",
    "PARALLEL_BYTES",
    "PARALLEL_FILE_BYTES",
    "PIECE_BYTES",
    "REJECT_TEXT_CHARS",
    "SETTLE_ENV",
    "SETTLE_SECONDS",
    "default_config",
    "default_db",
    "may_still_grow",
    "settle_seconds",
]

#: Hands per committed batch: big enough to amortise a DuckDB transaction, small enough that a
#: crash loses little (each batch commits with its files' progress rows, so a rerun resumes
#: after the last one). Measured on 60,000 simulated hands written with the native core's
#: rows: 43 us of writer CPU a hand with batches of 2,000, 37 with 10,000 (most of a batch's
#: actions then fill whole row groups, which DuckDB writes once instead of via its log). The
#: batch's rows take about 3.6 KB a hand of Arrow (36 MB).
DEFAULT_BATCH = 10_000

#: DuckDB's memory while importing: without a limit the buffer pool keeps every block it
#: wrote (~0.8 MB per 1,000 hands). Measured on one 1,000,000-hand file: the writer's peak
#: stayed flat at 290-360 MB with 128 MB (it grew to 740 MB with 512 MB), no slower.
IMPORT_MEMORY_LIMIT = "128MB"

#: How much log (WAL) a bulk load lets accumulate before DuckDB checkpoints it into the file.
BULK_CHECKPOINT = "64MB"

#: The largest file (or archive member) an import reads; a bigger one is skipped as
#: ``too_large``. A file is parsed whole, and its replayed hands take about 35-40 times its
#: size until they are flattened (measured: 2.9 MB of PokerStars text, 2,000 hands -> 95 MB).
#: Real files reach tens of MB (the corpus's largest is 1.9 MB; a client's file per table and
#: day stays far below this), so 64 MB takes them all and keeps one worker near 2.5 GB.
MAX_FILE_BYTES = 64 * 1024 * 1024

#: A big file of a streamed format (:mod:`pipeline.ingest.stream`: PokerStars, GGPoker,
#: Ignition) is read and stored in pieces of about this many bytes (a quarter on the Python
#: core), so it is not bound by MAX_FILE_BYTES. 4 MB is ~2,800 PokerStars hands: several runs
#: for the native core's threads; their rows take ~10 MB (measured: 3.6 KB of Arrow per hand).
#: The importing process holds a few pieces at once (sent, parsed and waiting, batched), so the
#: piece sets its peak: 200,000 simulated hands with 2 workers peaked at 555 MB with 8 MB
#: pieces and 431 MB with 4 MB ones, in the same time (2026-12-07).
PIECE_BYTES = 4 * 1024 * 1024

#: ``sidepot import`` without ``--jobs`` parses in one worker process a core
#: (:func:`pipeline.ingest.pool.default_jobs`) once its input holds at least this many bytes
#: (two pieces of a streamed file, :data:`PIECE_BYTES`) in files of :data:`PARALLEL_FILE_BYTES`
#: or more on average; otherwise the importing process parses alone (forking and the pipes
#: would cost more than they share). Measured on 2 cores (2026-12-07, quiet): the whole corpus
#: (94 MB, 3,235 files) 9.0 s with 2 workers against 14.7 s in one process; its PokerStars,
#: GGPoker and Ignition files 8.9 s against 10.8 s; 5,000 one-hand PHH files (5 MB) 8.7 s
#: against 7.5 s; the 36 KB of data/samples the same either way.
PARALLEL_BYTES = 2 * PIECE_BYTES
#: The mean file size below which workers do not pay (see :data:`PARALLEL_BYTES`): a folder
#: of one-hand files (about 1 KB each) costs more in results sent back than it shares.
PARALLEL_FILE_BYTES = 4 * 1024

#: The largest hand, in characters; a bigger chunk is rejected as ``oversized_hand`` without
#: being parsed. Real hands take 1-8 KB (the corpus's largest real hand: an XML tournament
#: hand of 7.7 KB; pasted into source files, 19 KB), so 1 MB is 50 times any of them.
MAX_HAND_CHARS = 1024 * 1024

#: The longest line a hand may hold, in characters; a hand with a longer one is rejected as
#: ``oversized_line`` without being parsed. The corpus's longest line in a hand is 1.4 KB (an
#: iPoker XML line); a line of megabytes is not a hand history, and the parsers' regular
#: expressions would try their patterns all along it.
MAX_LINE_CHARS = 64 * 1024

#: How much text the reject of an oversized hand keeps: enough to recognise it in
#: ``sidepot rejects --text``, never the megabytes themselves.
REJECT_TEXT_CHARS = 4096


#: How long after its last change a file may still be growing. A file's last hand that fails
#: the way a hand cut where the file stops fails (:func:`pipeline.ingest.parse.cut_short`) is
#: held back, neither stored nor rejected, while the file was modified less than this long
#: ago (or is followed by ``--watch``): a client may be writing it. An older file will not
#: grow: the hand is a reject with the reader's reason, which gives way to the whole hand if
#: the file grows after all. Clients write a hand within seconds of its end; five minutes
#: also covers a hand played slowly and a client that writes a hand's lines as they happen.
SETTLE_SECONDS = 300.0

#: The environment variable that sets :data:`SETTLE_SECONDS` (``sidepot import
#: --settle-seconds`` sets it for one import).
SETTLE_ENV = "SIDEPOT_SETTLE_SECONDS"


def settle_seconds() -> float:
    """``$SIDEPOT_SETTLE_SECONDS`` when it is a number of seconds (>= 0), else
    :data:`SETTLE_SECONDS`."""
    raw = os.environ.get(SETTLE_ENV, "").strip()
    try:
        value = float(raw) if raw else SETTLE_SECONDS
    except ValueError:
        return SETTLE_SECONDS
    return value if value >= 0 else SETTLE_SECONDS


def may_still_grow(age_seconds: float, settle: float) -> bool:
    """Whether a file last changed ``age_seconds`` ago may still be growing: changed less than
    ``settle`` seconds ago, either way (a negative age is a clock a little ahead). The one rule
    of both the DuckDB import (:mod:`pipeline.ingest.writer`) and the Dask path."""
    return abs(age_seconds) < settle


def default_db() -> str:
    """``$SIDEPOT_DB`` when set, else ``sidepot.duckdb`` in the current directory."""
    return os.environ.get("SIDEPOT_DB") or "sidepot.duckdb"


#: The environment variable naming the config file (its ``[time_zones]`` table: README).
CONFIG_ENV = "SIDEPOT_CONFIG"


def default_config() -> tuple[Path, bool]:
    """(the config file, whether the user named it): ``$SIDEPOT_CONFIG`` when set, else
    ``$XDG_CONFIG_HOME/sidepot/config.toml`` (``~/.config/sidepot/config.toml``). A file
    the user named must exist; the default one may not."""
    named = os.environ.get(CONFIG_ENV)
    if named:
        return Path(named).expanduser(), True
    base = os.environ.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    return Path(base) / "sidepot" / "config.toml", False
