"""The one rule, for every site, of which unreadable lines may be read past.

A hand used to be rejected for any line its parser did not know. Real logs carry lines that say
nothing about the hand's money: tournament notices, a rebuy or add-on by someone not in the
hand, "no rake taken", a client banner, a chat line, a player's connection or sitting-out
status. The rule:

- a line that **names no seated player and moves no chips** into or out of the pot is
  *ignorable*: the hand imports, and the line is kept on the hand (``Hand.ignored_lines``) for
  the engine to report as an ``info`` finding ``ignored_line`` with its text;
- a line that **names a seated player** (unless it is one of the statements that by their
  wording move no chips: chat, connection, sitting out, a tournament finish or bounty, a
  rabbit hunt...) or
  that **could move chips or change the cards** (a betting verb, a pot or street word, cards
  in brackets, a money word beside an amount, a seat line with a stack) still rejects the
  hand with the parser's ``unknown_line``.

A site that writes chat as "NAME: text" (Everleaf) asks :func:`is_colon_chat` about a line its
own grammar did not read as an action, and records the line itself (its seated names are known
by then): the speaker may be seated, but the text must not read as an action could.

Three more kinds of line are read past the same way, each by a rule of its own:

- a client's notice that chat is switched off or on ("Chat has been disabled till the end of
  this hand as one or more players have gone All-in...", :data:`_CHAT_NOTICE`): its betting
  word gives the notice's reason, it names no seated player and holds no amount;

- chat after the summary: a "NAME: text" line (:func:`is_colon_chat`) below the hand's summary
  marker ("*** SUMMARY ***", "** Summary **", "------ Summary ------"), where a client
  writes what was said as the hand closed (888/Pacific): nothing after the summary is an
  action, so the speaker may be seated;
- a negative ante ("posts the ante -10"): no post takes chips out of the pot, so the line is
  no post; it is kept as an ``ignored_line`` info finding with its text (the reader's
  ``bad_amount`` on that line is read past like an ``unknown_line``), never a reject and
  never chips in the player's net.

A site's "Hand cancelled" line (:data:`_CANCELLED`) is never read past: the hand is a
``cancelled_hand`` reject, since the site returned its posts and moved no chips.

How it is applied: :func:`read_past_harmless` runs a site's parse; on ``unknown_line`` at a
known line it leaves that line out and parses again, up to :data:`MAX_IGNORED` times (the
line numbers of the hand parsed are then put back to the original text's). Only once the hand
has parsed, and so its seated names are known, is each line left out judged by
:func:`is_ignorable`: one harmful line and the first error is raised as it was. A parse that
fails another way after a line is left out also raises the first error, so no hand a site
rejected before can import through a misread. Sites opt in
with ``with_site(..., ignore_harmless=True)`` (:func:`parsers.sites._kit.common.with_site`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import replace

from parsers.errors import ParseError
from parsers.model import Hand, IgnoredLine
from parsers.text import Chunk

__all__ = ["MAX_IGNORED", "MAX_TEXT", "clean_text", "is_colon_chat", "is_ignorable",
           "is_negative_ante", "mentions_rabbit_hunt", "read_past_harmless", "summary_line"]

#: The reasons a parse may stop at a line that is then read past (``bad_amount``: only a
#: negative ante's, see the module doc).
_READ_PAST = frozenset({"unknown_line", "bad_amount"})

#: At most this many lines are read past in one hand; one more and the hand is rejected.
MAX_IGNORED = 8

#: An ignored line's text is kept to this many characters.
MAX_TEXT = 160

#: Words that say chips move or a player acts: a line holding one is never ignorable.
_BETTING = re.compile(
    r"\b(?:folds?|folded|checks?|checked|calls?|called|bets?|raises?|raised|posts?|posted|"
    r"straddles?|all[- ]?in|allin|antes?|blinds?|collects?|collected|wins?|won|returns?|"
    r"returned|uncalled|mucks?|mucked|shows?|showed|shown|dealt|deals?|dealing|pot|pots|split|"
    r"board|flop|turn|river)\b",
    re.IGNORECASE,
)

#: Cards in brackets ("[4s]", "[Ah Kd]"): a line dealing or showing cards changes the hand
#: (its board, a showdown), unless it is a rabbit hunt (cards nobody plays).
_CARDS = re.compile(r"[\[(][^\])]*\b(?:10|[2-9TJQKA])[cdhs]\b", re.IGNORECASE)

#: A rabbit hunt: after the hand has ended, the cards that would have come are shown on a
#: player's request ("Rabbit hunt: [Kd 5s]", "Hero rabbit hunts [Kd] [5s]", "*** RABBIT HUNT
#: *** [Kd 5s]", "Rabbit hunting - turn [Kd] river [5s]"). Nobody plays them: the line moves
#: no chips and changes no board, even where it names the player who asked, unless beside
#: the cards it also holds an amount or a word that moves chips (:func:`_is_rabbit_hunt`).
_RABBIT = re.compile(r"\brabbit\b|\brabbit[- ]?hunt\w*", re.IGNORECASE)
_BRACKETED = re.compile(r"\[[^\]]*\]|\([^)]*\)")
_CHIP_WORDS = re.compile(
    r"\b(?:folds?|folded|checks?|checked|calls?|called|bets?|raises?|raised|posts?|posted|"
    r"straddles?|all[- ]?in|allin|antes?|blinds?|collects?|collected|wins?|won|returns?|"
    r"returned|uncalled|pot|pots|split|rake|fees?|jackpot|pays?|paid|cash(?:es|ed)? ?out|"
    r"refund\w*|insurance|stack|chips)\b",
    re.IGNORECASE,
)

#: Words that move money when an amount stands beside them.
_MONEY = re.compile(
    r"\b(?:rake|fees?|jackpot|cash(?:es|ed)? ?out|pays?|paid|refund(?:s|ed)?|insurance|"
    r"stack|chips)\b",
    re.IGNORECASE,
)

#: An amount: a digit, with or without a currency sign.
_AMOUNT = re.compile(r"\d")

#: A seat line ("Seat 3: NAME (1,500)"): with an amount it may be a seat the parser missed.
_SEAT = re.compile(r"^\s*seat\s*#?\d+\b", re.IGNORECASE)

#: Statements about a player that by their wording move no chips in this hand's pot.
_NO_CHIPS = re.compile(
    r"\b(?:is sitting out|sits? out|sat out|is back|has returned|returns? to the table|"
    r"is (?:dis)?connected|has (?:dis)?connected|(?:dis)?connects|reconnect\w*|"
    r"has been (?:dis)?connected|(?:could|did) not respond in time|has requested (?:more )?time|"
    r"disconnect(?:ed|ion)? protection|has timed out|timed out|time ?bank|"
    r"seconds? (?:left|to act)|leaves the table|left the table|joins the table|"
    r"(?:has )?joined the table|has been reseated|is reseated|reseated to this table|"
    r"(?:est|s'est) (?:d[ée]|re)?connect[ée]e?|a quitt[ée] la table|a rejoint la table|"
    r"secondes suppl[ée]mentaires|"
    r"sits? down|sat down|re-?join\w*|stands? up|is seated|will be allowed to play|"
    r"wait(?:s|ing)? for (?:the )?(?:big blind|bb)|wait(?:s|ing)? bb|"
    r"finishe[sd] (?:the tournament )?in|finished the tournament|wins the tournament|"
    r"finished \d+(?:st|nd|rd|th)? out of \d+|"
    r"received|receives|bounty|eliminat\w+|knocked out|re-?buys?|add-?ons?|"
    r"is (?:the )?(?:tournament )?(?:chip )?leader|has been (?:moved|removed))\b",
    re.IGNORECASE,
)

#: A client's notice that chat is switched off or on ("Chat has been disabled till the end of
#: this hand as one or more players have gone All-in. Chat will be enabled as soon as this hand
#: ends.", PartyPoker): its betting word is the reason for the notice, not an action. Read past
#: only with no amount, no cards and no seated name in it.
_CHAT_NOTICE = re.compile(
    r"^chat (?:has been |is |was )?(?:disabled|enabled|blocked|turned (?:off|on))\b"
    r"|\bchat will be (?:re-?)?enabled\b", re.IGNORECASE)

#: Pot words that keep even a no-chips statement from being ignorable.
_POT = re.compile(r"\b(?:pot|pots|collect\w*|uncalled)\b", re.IGNORECASE)

#: A chat line: NAME said, "..." (or NAME chats: ..., the Cake network's later client):
#: whatever it quotes, it moves nothing.
_CHAT = re.compile(r'^.{1,80}? (?:said, ["\u201c]|chats: )')

#: A colon chat line as some sites write it ("Player8: bryan ohio?"): a name of at most 80
#: characters, a colon and a space, then what was said. :func:`is_colon_chat` reads it.
_COLON_CHAT = re.compile(r"^([^:\[\]]{1,80}?): (.*\S.*)$")

#: An amount with a currency sign or word ("$5", "€ 2", "5 USD", "10 chips") or any bracketed
#: amount ("[$ 0.18 USD]", "[274]"): in a chat-looking line it may be a bet the parser missed.
_MONEY_AMOUNT = re.compile(
    r"[$€£ˆ]\s*\d|\d\s*(?:USD|EUR|EURO|GBP|chips?)\b|\[[^\]]*\d[^\]]*\]", re.IGNORECASE)

#: What follows the colon when it is an action, not chat: a betting or chip word first, or
#: after "is"/"has"/"was" ("is all-in", "has folded").
_ACTION_LEAD = re.compile(r"(?:(?:is|has|was|goes|went)\s+)?(?:" + _BETTING.pattern[2:-2] + "|"
                          + _CHIP_WORDS.pattern[2:-2] + r")\b", re.IGNORECASE)

#: A negative ante: the word, then an amount with a minus sign ("posts the ante -10",
#: "Ante -$0.05", "ante $-5", "antes (-25)"), the minus not inside a word or a date.
_NEGATIVE_ANTE = re.compile(
    r"\bantes?\b.*?(?<![\w.\-])(?:-\s*[$€£]?\s*\d|[$€£]\s*-\s*\d)", re.IGNORECASE)

#: A summary section's marker line ("*** SUMMARY ***", "** Summary **", "------ Summary
#: ------", "Summary:").
_SUMMARY_MARK = re.compile(r"^[\s*\-=#]*summary[\s*\-=#:]*$", re.IGNORECASE)

#: The line a site prints in a hand it called off ("Hand cancelled": PokerStars, GGPoker and
#: the layouts that copy theirs; "Hand #123 has been canceled": Full Tilt). The posts go back
#: and no chips move: the hand is a ``cancelled_hand`` reject with that reason, never a hand
#: whose posts nobody matched or returned.
_CANCELLED = re.compile(r"^hand (?:#\d+ has been )?cancell?ed\.?$", re.IGNORECASE)

#: Control and format characters (a hostile line may carry terminal escapes).
_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\u200b-\u200f\u202a-\u202e\u2066-\u2069]")


def clean_text(line: str) -> str:
    """The line as kept in a finding: control characters replaced, cut to :data:`MAX_TEXT`."""
    text = _CONTROL.sub("\N{REPLACEMENT CHARACTER}", line.strip())
    return text if len(text) <= MAX_TEXT else text[: MAX_TEXT - 3] + "..."


def names_in(line: str, names: Iterable[str]) -> list[str]:
    """The seated ``names`` the line holds as a whole word (not inside a longer word)."""
    found = []
    for name in names:
        if not name:
            continue
        pos = line.find(name)
        while pos != -1:
            before = line[pos - 1] if pos else " "
            after = line[pos + len(name)] if pos + len(name) < len(line) else " "
            if not (before.isalnum() or after.isalnum()):
                found.append(name)
                break
            pos = line.find(name, pos + 1)
    return found


def _without_names(text: str, names: Iterable[str]) -> str:
    """``text`` with each seated name it holds as a whole word blanked out."""
    for name in sorted(names_in(text, names), key=len, reverse=True):
        text = text.replace(name, " ")
    return text


def mentions_rabbit_hunt(line: str) -> bool:
    """Whether the line speaks of a rabbit hunt: a site that would skip it unseen (as chat,
    say) leaves it to :func:`is_ignorable` instead, so it is reported as every site does."""
    return _RABBIT.search(line) is not None


def _is_rabbit_hunt(text: str) -> bool:
    """A rabbit-hunt line (names already blanked) that, beside its cards, holds no amount
    and no word that moves chips."""
    rest = _BRACKETED.sub(" ", text)
    return not (_CHIP_WORDS.search(rest) or _AMOUNT.search(rest))


def is_colon_chat(line: str) -> bool:
    """Whether ``line`` is a chat line written "NAME: text" that moves no chips.

    For a site that writes chat so (Everleaf) and calls this only for a line its own grammar
    did not read as an action: the speaker may be seated, but what follows the colon must not
    start as an action does (a betting or chip word, first or after "is"/"has": "raises",
    "is all-in"), must hold no cards in brackets, no amount with a currency or in brackets,
    and no betting or chip word beside any number ("he called 40"). What is left is talk
    ("what is the store called ?"). Anything else is not chat: the line may be an action the
    parser missed, and the hand is rejected as before.
    """
    m = _COLON_CHAT.match(line.strip())
    if m is None or _SEAT.match(m.group(1)):  # "Seat 3: NAME (1,500)" is a seat, not a speaker
        return False
    said = m.group(2)
    if _CARDS.search(said) or _MONEY_AMOUNT.search(said) or _RABBIT.search(said):
        return False
    words = [w.group(0) for w in re.finditer(r"[\w'-]+", said)]
    lead = " ".join(words[:3])  # "raises", "is all-in", "has folded": an action's wording
    if _ACTION_LEAD.match(lead):
        return False
    acts = _BETTING.search(said) or _CHIP_WORDS.search(said)
    return not (acts and _AMOUNT.search(said))


def is_negative_ante(line: str) -> bool:
    """Whether ``line`` posts an ante of a negative amount (module doc): read past, reported."""
    return _NEGATIVE_ANTE.search(line) is not None and not _CARDS.search(line)


def summary_line(lines: list[str]) -> int:
    """The 1-based number of the first summary marker line in ``lines`` (0 when none)."""
    return next((n for n, ln in enumerate(lines, 1) if _SUMMARY_MARK.match(ln)), 0)


def is_ignorable(line: str, names: Iterable[str]) -> bool:
    """Whether ``line`` names no seated player and moves no chips (see the module's rule)."""
    text = line.strip()
    if not text:
        return True
    if _CHAT.match(text):
        return True
    names = list(names)
    unnamed = _without_names(text, names)
    if _RABBIT.search(unnamed):
        return _is_rabbit_hunt(unnamed)
    if _CARDS.search(text):
        return False
    if _NO_CHIPS.search(text) and not _POT.search(text):
        return True
    if names_in(text, names):
        return False
    if _CHAT_NOTICE.search(text) and not _AMOUNT.search(text):
        return True
    if _BETTING.search(text):
        return False
    has_amount = _AMOUNT.search(text) is not None
    if has_amount and (_MONEY.search(text) or _SEAT.match(text)):
        return False
    return True


def read_past_harmless(
    parse_fn: Callable[[Chunk, str], Hand], chunk: Chunk, file: str = ""
) -> Hand:
    """``parse_fn(chunk, file)``, reading past the ignorable lines it stops at (module doc).

    The hand returned keeps the chunk's original text and line numbers and lists the lines
    read past in ``ignored_lines``; any other outcome is exactly what ``parse_fn`` gives.
    """
    try:
        return parse_fn(chunk, file)
    except ParseError as err:
        first = err
    lines = chunk.text.split("\n")
    kept = list(range(1, len(lines) + 1))  # original line number of each line left
    removed: list[int] = []
    err = first
    while True:
        if err.reason not in _READ_PAST or len(removed) >= MAX_IGNORED:
            raise first
        index = err.line - 1
        if not 0 <= index < len(kept) or not lines[kept[index] - 1].strip():
            raise first
        if err.reason == "bad_amount":
            if not is_negative_ante(lines[kept[index] - 1]):
                raise first  # only a negative ante's amount is read past
        elif err.text and err.text.strip() != lines[kept[index] - 1].strip():
            raise first  # the error's line number does not point at its text
        if _CANCELLED.match(lines[kept[index] - 1].strip()):
            raise ParseError("cancelled_hand", "the site cancelled this hand: its posts went "
                             "back and no chips moved", line=kept[index],
                             text=lines[kept[index] - 1])
        removed.append(kept.pop(index))
        text = "\n".join(lines[n - 1] for n in kept)
        try:
            hand = parse_fn(Chunk(text, chunk.offset, chunk.line), file)
        except ParseError as again:
            err = again
            continue
        break
    seated = [s.player for s in hand.seats]
    summary = summary_line(lines)
    if not all(_may_read_past(lines[n - 1], seated, 0 < summary < n) for n in removed):
        raise first
    ignored = tuple(IgnoredLine(n, clean_text(lines[n - 1])) for n in sorted(removed))
    return _renumbered(hand, kept, chunk.text, ignored)


def _may_read_past(line: str, seated: list[str], after_summary: bool) -> bool:
    """The module's rule for one line left out of a parsed hand."""
    return (is_ignorable(line, seated) or is_negative_ante(line)
            or (after_summary and is_colon_chat(line)))


def _renumbered(hand: Hand, kept: list[int], raw: str, ignored: tuple[IgnoredLine, ...]) -> Hand:
    """``hand`` parsed from the kept lines, its line numbers put back to the original text's."""

    def orig(line: int) -> int:
        return kept[line - 1] if 0 < line <= len(kept) else line

    actions = tuple(replace(a, line=orig(a.line)) for a in hand.actions)
    collections = tuple(replace(c, line=orig(c.line)) for c in hand.report.collections)
    report = replace(hand.report, collections=collections)
    # lines the site itself read past (its own chat rule) carry the kept text's numbers
    own = tuple(replace(x, line=orig(x.line)) for x in hand.ignored_lines)
    return replace(hand, actions=actions, report=report, raw_text=raw,
                   ignored_lines=tuple(sorted(own + ignored, key=lambda x: x.line)))
