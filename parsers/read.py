"""A file's bytes -> its hands: the decode, choose, split and parse steps, written once.

Every reader of hand-history files (the import, the benchmark, the corpus report, the corpus
tests) takes the same steps, in this order:

1. choose the format: the one named, else the one whose sniffer claims the file's head
   (:func:`parsers.registry.detect` on the first ``DETECT_BYTES`` bytes, so a file nobody
   recognises is never decoded whole);
2. decode the whole file (:func:`parsers.text.decode`: BOMs, UTF-16, per-line cp1252 fallback);
3. split it into hand chunks with the format's own split (its header, or its splitter);
4. parse each chunk.

:func:`split_file` does steps 1-3 and returns a :class:`SplitFile`; :func:`read_hands` adds
step 4, yielding one :class:`HandOutcome` per chunk. A file-level problem (no format, or
several, claim it; an unknown name) raises, exactly as :func:`parsers.registry.detect` and
:func:`parsers.registry.by_name` do; a bad hand never raises: its ParseError is carried in its
outcome. Any other exception from a parser is a bug and propagates; callers that must survive
bugs too (the import) catch it around their own parse.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from parsers.errors import ParseError
from parsers.format import Format
from parsers.model import Hand
from parsers.registry import by_name, detect
from parsers.text import Chunk, decode

__all__ = ["HandOutcome", "SplitFile", "choose_format", "read_hands", "split_file"]


@dataclass(frozen=True, slots=True)
class HandOutcome:
    """One hand chunk of a file and what parsing it gave: the hand, or the ParseError.

    ``chunk`` says where the hand is: ``chunk.offset`` (its first byte in the file),
    ``chunk.line`` (its first line, 1-based) and ``chunk.text``. Exactly one of ``hand`` and
    ``error`` is set.
    """

    chunk: Chunk
    hand: Hand | None = None
    error: ParseError | None = None

    @property
    def ok(self) -> bool:
        """The chunk parsed into a hand."""
        return self.hand is not None


@dataclass(frozen=True, slots=True)
class SplitFile:
    """A file decoded and cut into hand chunks, ready to parse."""

    format: Format
    #: The whole file decoded and normalised (LF line ends, no trailing blanks, no BOMs).
    text: str
    #: What decoding found (``utf-8``, ``utf-16-le``, ``utf-8+cp1252``...).
    encoding: str
    #: The hands, in file order; text before the first hand (a preamble) is in none of them.
    chunks: tuple[Chunk, ...]

    def hands(self, path: str = "") -> Iterator[HandOutcome]:
        """Parse each chunk (``path`` names the file in each hand's source): one outcome each."""
        parse = self.format.parse
        for chunk in self.chunks:
            try:
                hand = parse(chunk, path)
            except ParseError as err:
                yield HandOutcome(chunk, error=err)
            else:
                yield HandOutcome(chunk, hand=hand)


def choose_format(data: bytes, fmt: Format | str | None = None) -> Format:
    """``fmt`` itself, the format named ``fmt`` (case-insensitive), or the one detected in
    ``data``'s head. Raises UnknownFormatError (unknown name, or no format claims the data)
    or AmbiguousFormatError (several do)."""
    if isinstance(fmt, Format):
        return fmt
    if fmt:
        return by_name(fmt)
    return detect(data)


def split_file(data: bytes, fmt: Format | str | None = None) -> SplitFile:
    """Choose the format (see :func:`choose_format`), decode ``data`` and cut it into hands.

    The format is chosen before the whole file is decoded, so a file no format claims costs
    only the decoding of its head.
    """
    chosen = choose_format(data, fmt)
    text, encoding = decode(data)
    return SplitFile(chosen, text, encoding, tuple(chosen.split(text, encoding, data)))


def read_hands(
    data: bytes, path: str = "", *, fmt: Format | str | None = None
) -> Iterator[HandOutcome]:
    """Every hand of a file's bytes, parsed: one :class:`HandOutcome` per hand chunk.

    ``fmt`` chooses the format by name (or is the :class:`Format` itself); without it the
    format is detected. The file-level errors (UnknownFormatError, AmbiguousFormatError) are
    raised by this call itself, before any outcome is read; a bad hand is an outcome carrying
    its ParseError, never an exception.
    """
    return split_file(data, fmt).hands(path)
