"""Writers: the event model back to open formats (PHH text, Open Hand History JSON).

``phh.write_hand(hand) -> str`` and ``ohh.write_hand(hand) -> dict`` are the entry points; both
are pure (no I/O) so exporters, the simulator and tests share them.
"""
