"""Zip archives read in place, in memory, with limits: nothing is ever extracted by name.

Why this shape:
- Hand histories are often shared zipped. Extracting to disk by member name invites path
  traversal (``../../.bashrc``), and a small archive can inflate to gigabytes (a zip bomb).
  So members are only ever read into memory, and each member's *name* is used as a label
  (``archive.zip!folder/file.txt``), never as a path.
- The limits are checked against the bytes actually read, not the sizes the archive claims
  in its directory (those can lie): a member is read with ``read(limit + 1)``.
- A limit that is hit skips what it concerns with a reason the import summary counts; it is
  never an exception (a hostile archive must not stop an import of many files).
"""

from __future__ import annotations

import zipfile
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

ZIP_MAGIC = b"PK\x03\x04"
EMPTY_ZIP_MAGIC = b"PK\x05\x06"


@dataclass(frozen=True, slots=True)
class ArchiveLimits:
    """How much one archive may hold; defaults fit a few years of one player's hands."""

    max_members: int = 10_000
    max_member_bytes: int = 256 * 1024 * 1024
    max_total_bytes: int = 1024 * 1024 * 1024
    max_ratio: float = 200.0  # uncompressed / compressed, per member


@dataclass(frozen=True, slots=True)
class Member:
    """One archive member read into memory (``data`` is None when it was skipped)."""

    name: str  # "archive.zip!inner/path.txt": a label, never opened as a path
    data: bytes | None
    mtime: datetime | None
    skip: str | None = None  # reason, when data is None


def is_zip(path: Path) -> bool:
    """True when the file starts like a zip archive (the name's suffix is not trusted)."""
    try:
        with open(path, "rb") as fh:
            head = fh.read(4)
    except OSError:
        return False
    return head in (ZIP_MAGIC, EMPTY_ZIP_MAGIC)


def read_members(path: Path, limits: ArchiveLimits | None = None) -> Iterator[Member]:
    """Every regular member of the archive, read into memory within ``limits``.

    A broken archive yields one skipped member named after the archive itself; a member over
    a limit is yielded with ``data=None`` and a ``skip`` reason, so it is counted.
    """
    limits = limits or ArchiveLimits()
    label = str(path)
    try:
        zf = zipfile.ZipFile(path)
    except (zipfile.BadZipFile, OSError, ValueError, EOFError, NotImplementedError):
        yield Member(label, None, None, "bad_archive")
        return
    with zf:
        infos = [i for i in zf.infolist() if not i.is_dir()]
        if len(infos) > limits.max_members:
            yield Member(label, None, None, "archive_too_many_members")
            return
        total = 0
        for info in infos:
            name = f"{label}!{info.filename}"
            mtime = _mtime(info)
            if info.flag_bits & 0x1:
                yield Member(name, None, mtime, "archive_encrypted")
                continue
            budget = min(limits.max_member_bytes, limits.max_total_bytes - total)
            cap = min(budget, int(max(info.compress_size, 1) * limits.max_ratio))
            try:
                with zf.open(info) as fh:
                    data = fh.read(cap + 1)
            except (zipfile.BadZipFile, OSError, ValueError, EOFError, NotImplementedError,
                    RuntimeError):
                yield Member(name, None, mtime, "bad_archive")
                continue
            if len(data) > cap:
                reason = _which_limit(cap, budget, limits)
                yield Member(name, None, mtime, reason)
                if reason == "archive_total_size":
                    return
                continue
            total += len(data)
            yield Member(name, data, mtime)


def _which_limit(cap: int, budget: int, limits: ArchiveLimits) -> str:
    if cap < budget:
        return "archive_ratio"
    if budget < limits.max_member_bytes:
        return "archive_total_size"
    return "archive_member_size"


def _mtime(info: zipfile.ZipInfo) -> datetime | None:
    try:
        return datetime(*info.date_time)
    except (TypeError, ValueError):
        return None
