"""Errors raised by the parsing layer.

One small hierarchy, all ``ValueError`` subclasses, so callers can catch the whole layer with
``except ValueError`` and still branch on the precise kind. A :class:`ParseError` carries a
stable snake_case ``reason`` code (it becomes the ``rejects.reason`` column and a count in the
import summary) plus the line and text that caused it, so a reject can be found in the file.
"""

from __future__ import annotations


class ParseError(ValueError):
    """A hand (or an amount, card, header...) that cannot be turned into the event model.

    ``reason`` is a short stable code (``bad_amount``, ``unknown_line``, ``truncated_hand``,
    ``bad_header``, ``no_seats``, ``bad_card``, ``unsupported_game``...): code that counts or
    filters rejects relies on it, so never reword it. ``line`` is 1-based within the hand's
    chunk (0 when not known), ``text`` the offending line, ``detail`` a human explanation.
    """

    def __init__(
        self,
        reason: str,
        detail: str = "",
        *,
        line: int = 0,
        text: str = "",
        site: str | None = None,
    ) -> None:
        self.reason = reason
        self.detail = detail
        self.line = line
        self.text = text
        self.site = site
        super().__init__(self._message())

    def _message(self) -> str:
        where = f"line {self.line}: " if self.line else ""
        site = f"[{self.site}] " if self.site else ""
        detail = f": {self.detail}" if self.detail else ""
        shown = self.text if len(self.text) <= 120 else self.text[:117] + "..."
        quoted = f" in {shown!r}" if self.text else ""
        return f"{site}{where}{self.reason}{detail}{quoted}"

    def __str__(self) -> str:
        return self._message()

    def with_context(self, *, line: int | None = None, text: str | None = None,
                     site: str | None = None) -> ParseError:
        """Fill in where the error happened once the caller knows (helpers raise without it).

        Mutates and returns ``self`` so it can be used as ``raise err.with_context(...)``.
        """
        if line is not None and not self.line:
            self.line = line
        if text is not None and not self.text:
            self.text = text
        if site is not None and self.site is None:
            self.site = site
        self.args = (self._message(),)
        return self

    def __reduce__(self):  # keep the attributes when crossing a process-pool boundary
        return (
            _rebuild,
            (type(self), self.reason, self.detail, self.line, self.text, self.site),
        )


def _rebuild(cls, reason, detail, line, text, site):  # type: ignore[no-untyped-def]
    if cls is UnsupportedGame:
        return cls(detail, line=line, text=text, site=site)
    return cls(reason, detail, line=line, text=text, site=site)


class UnsupportedGame(ParseError):
    """A well-formed hand of a game sidepot does not replay (Omaha, stud, razz, draw...).

    Its reason is always ``unsupported_game``: such hands are expected rejects, counted apart
    from broken ones.
    """

    def __init__(
        self, detail: str = "", *, line: int = 0, text: str = "", site: str | None = None
    ) -> None:
        super().__init__("unsupported_game", detail, line=line, text=text, site=site)


class UnknownFormatError(ValueError):
    """No registered format recognises the text."""


class AmbiguousFormatError(ValueError):
    """More than one registered format claims the text; the message names the candidates."""
