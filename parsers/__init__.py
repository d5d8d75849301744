"""sidepot's parsers: online-poker hand-history files -> one event model (standard library only).

Reading a file is one call::

    from parsers import read_hands

    for outcome in read_hands(path.read_bytes(), str(path)):
        if outcome.ok:
            use(outcome.hand)
        else:
            report(outcome.chunk.line, outcome.error.reason)

:func:`read_hands` detects the format (or takes ``fmt="pokerstars"``), decodes, splits the file
into hands and parses each: one :class:`HandOutcome` per hand, carrying the :class:`Hand` or
the :class:`ParseError`. A bad hand never raises; a file no format (or several) claims raises
UnknownFormatError (AmbiguousFormatError). :func:`split_file` stops before parsing.

Where things are:

- :mod:`parsers.model`: the event model every format parses into (Hand, Seat, Action...);
- :mod:`parsers.format` and :mod:`parsers.registry`: what a format declares (:class:`Format`),
  the list of them (:data:`FORMATS`) and choosing one (:func:`detect`, :func:`by_name`);
- :mod:`parsers.read`: the file -> hands steps above;
- :mod:`parsers.text` (decoding, splitting, exact money), :mod:`parsers.cards`,
  :mod:`parsers.errors`;
- :mod:`parsers.sites`: one module (or package) per site, each declaring its ``FORMAT``, and
  ``sites/_kit/``, the machinery and tables they share.

The model, the errors and :class:`Format` are imported with the package. The names of the
registry and of :mod:`parsers.read` import every site parser, which takes most of a second,
so they load on first use: code that only needs the model (the rules engine, the writers)
does not pay for 26 parsers.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

from parsers.errors import AmbiguousFormatError, ParseError, UnknownFormatError, UnsupportedGame
from parsers.format import Format
from parsers.model import (
    PLAY_MONEY,
    TOURNAMENT_CHIPS,
    Action,
    ActionKind,
    Game,
    Hand,
    LimitType,
    Seat,
    Stakes,
    Street,
)

if TYPE_CHECKING:
    from parsers.read import HandOutcome, SplitFile, read_hands, split_file
    from parsers.registry import FORMATS, by_name, detect

__all__ = [
    "FORMATS",
    "PLAY_MONEY",
    "TOURNAMENT_CHIPS",
    "Action",
    "ActionKind",
    "AmbiguousFormatError",
    "Format",
    "Game",
    "Hand",
    "HandOutcome",
    "LimitType",
    "ParseError",
    "Seat",
    "SplitFile",
    "Stakes",
    "Street",
    "UnknownFormatError",
    "UnsupportedGame",
    "by_name",
    "detect",
    "read_hands",
    "split_file",
]

#: The names loaded on first use, and the module each comes from.
_ON_FIRST_USE = {
    "FORMATS": "parsers.registry",
    "by_name": "parsers.registry",
    "detect": "parsers.registry",
    "HandOutcome": "parsers.read",
    "SplitFile": "parsers.read",
    "read_hands": "parsers.read",
    "split_file": "parsers.read",
}


def __getattr__(name: str) -> Any:
    """``parsers.read_hands`` and the other format names, imported when first asked for."""
    module = _ON_FIRST_USE.get(name)
    if module is None:
        raise AttributeError(f"module 'parsers' has no attribute {name!r}")
    value = getattr(import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_ON_FIRST_USE})
