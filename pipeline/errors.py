"""The one exception base of the library: what a user is told, never a traceback.

Library code raises :class:`SidepotError` (or a subclass) for anything a user can fix: a
missing file, a locked or full database, bad options passed to a library call. The CLI
translates it once, in its entry point, into a one-line message and an exit code; anything
else that escapes is a bug and says so.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pipeline.ingest.summary import ImportSummary

__all__ = ["ImportInterrupted", "SidepotError", "StoreBusyError", "UsageError"]


class SidepotError(Exception):
    """Base of the errors sidepot reports to a user: the CLI prints the message, no traceback."""


class UsageError(SidepotError):
    """Options that cannot go together or a value out of range: the CLI exits 2, not 1."""


class StoreBusyError(SidepotError):
    """Another process holds the DuckDB file (an import still running): the message names it."""


class ImportInterrupted(SidepotError):
    """Ctrl-C stopped an import: a batch being stored ended first, committed ones stay.

    ``summary`` (an :class:`pipeline.ingest.summary.ImportSummary`) counts what was committed;
    running the same import again resumes each file where its committed progress stops.
    """

    def __init__(self, message: str, summary: ImportSummary) -> None:
        super().__init__(message)
        self.summary = summary
