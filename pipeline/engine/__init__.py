"""The rules engine: ``replay(hand) -> Replay``, the pure-Python reference for what a hand
history may say.

It walks a parsed hand (``parsers.model.Hand``) through the rules of hold'em betting, recomputes
the pots and who wins them, and compares the money with what the site printed. Every broken rule
or disagreement becomes a ``Finding`` with a stable code (``CODES``, ``catalogue()``); nothing
raises for a bad hand. No I/O: the store, the CLI and the exporters consume the ``Replay``.

The modules, in the order a replay uses them: ``walk`` (the pass over the actions) with
``posting`` (posts live or dead), ``checks`` (the betting rules), ``state`` (the table and its
unchecked transitions) and ``streets`` (closing a betting round); then ``cards``, ``pots``,
``showdown`` and ``reconcile``; ``replay`` runs them, and ``cascade`` folds the echoes of a
wrong header into one root finding; ``result`` and ``codes`` define what comes out. ``sites``
holds each site's conventions (posts, turn order, awards): the one table the others read.
"""

from pipeline.engine.codes import CODES, Code, catalogue
from pipeline.engine.replay import replay
from pipeline.engine.result import Finding, Pot, Replay, SeatResult, Severity

__all__ = [
    "replay",
    "Replay",
    "Finding",
    "Pot",
    "SeatResult",
    "Severity",
    "CODES",
    "Code",
    "catalogue",
]
