"""The counters of one import run, kept by the writer (:mod:`pipeline.ingest.writer`).

Apart from the writer so that module stays within the size bound; the public result of a
run is :class:`pipeline.ingest.summary.ImportSummary`, built from these.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field, replace

from pipeline.ingest.pack import PackedFile

__all__ = ["RunCounts", "pending_tail"]


@dataclass
class RunCounts:
    """Mutable counters of one run (private; the public result is ImportSummary)."""

    hands_seen: int = 0
    imported: int = 0
    duplicates: int = 0
    rejected: int = 0
    reasons: Counter = field(default_factory=Counter)
    codes: Counter = field(default_factory=Counter)
    severities: Counter = field(default_factory=Counter)  # the findings stored, by severity
    skipped: Counter = field(default_factory=Counter)
    bytes_done: int = 0
    unchanged: int = 0
    resumed: int = 0
    recognised: int = 0
    incomplete: int = 0  # files whose last hand is left for the next import
    replaced: int = 0  # stored hands dropped to be stored again from a longer reading
    cores: Counter = field(default_factory=Counter)  # files parsed, by the core that read them
    skipped_paths: dict = field(default_factory=dict)  # reason -> the files skipped for it
    incomplete_files: list = field(default_factory=list)  # files whose last hand is left
    pending: list = field(default_factory=list)  # PendingTail of each, as a dict
    unzoned: Counter = field(default_factory=Counter)  # hands with a time but no zone, by site
    rezoned: int = 0  # stored hands given a time anew by this run's zone settings
    #: Files whose hands no format claims (rejected ``unknown_format``), in the order met.
    unknown_files: dict[str, None] = field(default_factory=dict)

    def skip(self, reason: str, path: str) -> None:
        """A file skipped (not a hand history, too large, unreadable ...), with its name."""
        self.skipped[reason] += 1
        self.skipped_paths.setdefault(reason, []).append(path)

    def snapshot(self) -> RunCounts:
        """A copy (its counters too): what a committed batch leaves, kept for Ctrl-C."""
        return replace(self, reasons=self.reasons.copy(), codes=self.codes.copy(),
                       severities=self.severities.copy(),
                       skipped_paths={r: list(p) for r, p in self.skipped_paths.items()},
                       incomplete_files=list(self.incomplete_files),
                       pending=list(self.pending),
                       unzoned=self.unzoned.copy(),
                       skipped=self.skipped.copy(), cores=self.cores.copy(),
                       unknown_files=self.unknown_files.copy())


def pending_tail(name: str, size: int, parsed: PackedFile) -> dict:
    """What the summary says of a file whose last hand is held back: the file, where the
    hand starts, the bytes left, and (when it was read) the line and reason of the reject it
    would be; both None: a file followed live, its last hand not read yet."""
    tail = parsed.tail
    return {"file": name, "offset": parsed.consumed, "bytes": size - parsed.consumed,
            "line": tail.line if tail is not None else None,
            "reason": tail.reason if tail is not None else None}
