"""The seam between the import flow and whichever core parses: bytes of a file in, rows out.

:func:`parse_file` is the one function a worker runs: decode, detect, split, parse, replay and
flatten one file (or its unread tail) into a :class:`pipeline.ingest.pack.PackedFile`. Today
it is the pure-Python reference (:mod:`parsers` + :mod:`pipeline.engine` +
:mod:`pipeline.store.flatten`); the native core plugs in here, so nothing downstream knows
which core ran.
"""

from __future__ import annotations

import gc

from pipeline.ingest.pack import PackedFile, pack
from pipeline.ingest.parse import parse_bytes

__all__ = ["parse_file"]


def parse_file(args: tuple[bytes, str, int, str | None, bool]) -> PackedFile:
    """The worker's job: :func:`pipeline.ingest.parse.parse_bytes` then :func:`pack`."""
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
