"""PartyPoker's stub for a hand it did not write: a game number and no hand.

When the client could not write a hand (the table closed under it, the connection was lost), a
session file holds, where the hand would be::

    Game #16714417692 starts.
    #Game No : 16714417692
    Table Closed
    The hand history for this hand number is not available here.Please use Instant Hand
    History in the "Game Rules & Options"  menu to have this hand history delivered ...

There is no "***** Hand History for Game N *****" header, so split on the header alone these
lines trail the hand before and were read past as its ignored lines: a lost hand nobody saw.
:data:`STUB_START` starts a chunk of its own at the stub's "Game #N starts." line (only where
the sentence follows within a few lines), and :func:`reject_stub` makes it a reject that says
so, with the game number and the raw text.
"""

from __future__ import annotations

import re

from parsers.errors import ParseError

__all__ = ["STUB_START", "reject_stub"]

_SENTENCE = "The hand history for this hand number is not available"

#: The stub's first line, where the sentence follows within three lines and no hand header
#: comes first (a hand that starts "Game #N starts." is never taken for one).
STUB_START = (r"Game #\w+ starts\.(?=[ \t\r]*\n#Game No : \w+[^\n]*\n"
              r"(?:(?![ \t]*\*{5} Hand History)[^\n]*\n){0,3}" + re.escape(_SENTENCE) + ")")

_GAME_NO = re.compile(r"#Game No : (\w+)")


def reject_stub(lines: list[str]) -> None:
    """Raise the stub's reject where ``lines`` (one chunk) are a stub, not a hand."""
    if not lines or not lines[0].startswith("Game #"):
        return
    at = next((k for k, line in enumerate(lines[:6]) if line.startswith(_SENTENCE)), None)
    if at is None:
        return
    m = _GAME_NO.search("\n".join(lines[:at]))
    game = f"game {m[1]}" if m else "a game"
    raise ParseError("history_not_available",
                     f"{game}: the site wrote no history for this hand (its stub asks to "
                     "order it by e-mail)", line=at + 1, text=lines[at][:160])
