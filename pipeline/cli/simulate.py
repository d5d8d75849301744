"""``sidepot simulate``: write random legal hands as a hand-history file.

Thin, like every command: resolve options, call :func:`pipeline.sim.dealer.simulate` and a
writer, write the file, report counts on stderr. The same seed and options always write the
same bytes, so ``data/samples`` can be regenerated, e.g.::

    sidepot simulate --hands 200 --seed 1 --players 2..9 --limit NL -o data/samples/sim_nl.txt
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Annotated

import typer

from parsers.model import Hand, LimitType
from pipeline.cli.options import LimitChoice, SimFormat
from pipeline.errors import UsageError
from pipeline.export import phh, pokerstars
from pipeline.sim.dealer import simulate

__all__ = ["COMMANDS", "parse_players", "simulate_cmd", "writer_for"]

_LIMITS = {LimitChoice.NL: LimitType.NO_LIMIT, LimitChoice.PL: LimitType.POT_LIMIT,
           LimitChoice.FL: LimitType.FIXED_LIMIT}


def parse_players(text: str) -> tuple[int, int]:
    """``"6"`` -> (6, 6); ``"2..10"`` -> (2, 10). Raises UsageError outside 2..10."""
    low, sep, high = text.partition("..")
    try:
        pair = (int(low), int(high)) if sep else (int(low), int(low))
    except ValueError:
        raise UsageError(f"--players wants N or LOW..HIGH, got {text!r}") from None
    if not 2 <= pair[0] <= pair[1] <= 10:
        raise UsageError(f"--players must lie within 2..10 (LOW <= HIGH), got {text!r}")
    return pair


def writer_for(fmt: SimFormat) -> Callable[[Iterable[Hand]], str]:
    """The function that turns hands into one file's text in ``fmt``."""
    if fmt is SimFormat.pokerstars:
        return pokerstars.write_hands
    return phh.write_hands


def simulate_cmd(
    hands: Annotated[int, typer.Option("--hands", min=1, help="How many hands to deal.")] = 100,
    seed: Annotated[int, typer.Option("--seed", help="Random seed: same seed, same file.")] = 0,
    players: Annotated[
        str, typer.Option("--players", help="Players per hand: N, or LOW..HIGH at random.")
    ] = "2..10",
    limit: Annotated[LimitChoice, typer.Option("--limit", help="NL, PL or FL.")] = LimitChoice.NL,
    antes: Annotated[bool, typer.Option("--antes", help="Every player posts an ante.")] = False,
    straddle: Annotated[
        bool, typer.Option("--straddle", help="Often a straddle (NL/PL, 3+ players).")
    ] = False,
    tournament: Annotated[
        bool, typer.Option("--tournament", help="Tournament chips instead of a cash game.")
    ] = False,
    fmt: Annotated[
        SimFormat, typer.Option("--format", help="Hand-history format to write.")
    ] = SimFormat.pokerstars,
    out: Annotated[
        Path | None, typer.Option("-o", "--output", help="File to write (default: stdout).")
    ] = None,
) -> None:
    """Deal random legal hold'em hands (all-ins, side pots, splits, straddles) and write them."""
    low_high = parse_players(players)
    if straddle and limit is LimitChoice.FL:
        raise UsageError("--straddle deals straddles in NL and PL games only: drop it or "
                         "choose --limit NL or PL")
    write = writer_for(fmt)
    dealt = list(simulate(hands, seed, low_high, _LIMITS[limit], antes, straddle, tournament))
    text = write(d.hand for d in dealt)
    features: Counter[str] = Counter()
    for d in dealt:
        features.update(d.features)
    if out is None:
        typer.echo(text, nl=False)
    else:
        out.write_text(text, encoding="utf-8")
    summary = ", ".join(f"{k} {v}" for k, v in sorted(features.items()))
    typer.echo(f"{len(dealt)} hands written ({summary})", err=True)


#: name -> command function, for :mod:`pipeline.cli.app` to register
COMMANDS: dict[str, Callable[..., None]] = {"simulate": simulate_cmd}
