"""Settings shared across the import flow, each defined once.

Tuned values carry the reason for their size; change them here and nowhere else.
"""

from __future__ import annotations

import os

__all__ = [
    "BULK_CHECKPOINT",
    "DEFAULT_BATCH",
    "DETECT_BYTES",
    "IMPORT_MEMORY_LIMIT",
    "default_db",
]

#: Hands per committed batch: big enough to amortise a DuckDB transaction, small enough that a
#: crash loses little (each batch commits with its files' progress rows).
DEFAULT_BATCH = 2000

#: DuckDB's memory while importing (measured: without it the writer grows ~0.8 MB per 1,000
#: hands, the buffer pool caching what it wrote).
IMPORT_MEMORY_LIMIT = "512MB"

#: How much log (WAL) a bulk load lets accumulate before DuckDB checkpoints it into the file.
BULK_CHECKPOINT = "64MB"

#: How many bytes of a file are decoded to detect its format before the whole file is decoded
#: (the sniffers themselves look at ``parsers.registry.SNIFF_BYTES`` characters of that).
DETECT_BYTES = 16384


def default_db() -> str:
    """``$SIDEPOT_DB`` when set, else ``sidepot.duckdb`` in the current directory."""
    return os.environ.get("SIDEPOT_DB") or "sidepot.duckdb"
