"""The rules engine: pure rules, no I/O. ``replay(hand) -> Replay``."""

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
