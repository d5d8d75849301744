"""One generator of fast constructors for frozen slotted value objects: the parsers' model
objects (``parsers/build.py``) and the engine's results (``pipeline/engine/replay.py``).

Model objects and engine results are ``@dataclass(frozen=True, slots=True)``: a contract, and
the right shape for values that cross into the store. Their generated ``__init__`` goes around
``frozen`` with an ``object.__setattr__(self, name, value)`` lookup and call per field, and a
hand builds them by the dozen (~16 actions, ~8.5 engine results). ``maker(cls)`` instead
fills a *draft*: an instance of a plain, unfrozen class with exactly ``cls``'s ``__slots__``
(so the same memory layout), by ordinary attribute stores, which the interpreter specializes
to direct slot writes; then it assigns the draft's ``__class__`` to ``cls``, which Python
allows between layout-compatible classes. That costs about half of writing each slot through
its member descriptor (this module's earlier way) and a third of ``__init__``. From then on
the object *is* a ``cls`` with those values: equality, hashing, immutability, ``repr``,
pickling and ``dataclasses.replace`` are the class's own (``tests/test_construct.py`` holds
them side by side with ``cls(...)``).

The constructor is generated once, at import, from ``dataclasses.fields(cls)`` (as
``dataclasses`` generates ``__init__`` itself), so a field added to a class later is picked
up with its default. What would make the object differ from ``cls(...)`` is refused with a
``TypeError`` naming the reason: a ``__post_init__`` (validation the draft would skip), a
field outside ``__init__``, a default factory where a default is kept. What only concerns the
layout (slots spread over base classes, or the ``__class__`` switch refused: checked on a
probe object at import) falls back to a constructor with the same parameters that calls
``cls`` by keyword: slower, never wrong. ``maker.drafts`` on the result says which one it is.
It lives in ``parsers`` so that parsers (which import nothing from ``pipeline``) and the engine
share it.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

T = TypeVar("T")


def maker(
    cls: type[T], params: Sequence[str] | None = None, *, defaults: bool = True
) -> Callable[..., T]:
    """A constructor for the frozen slotted dataclass ``cls``.

    ``params``: the constructor's parameters by name, in call order; the default is the class's
    own signature (every field, keyword-only ones after ``*``). A field left out takes its
    class default (a factory is called for each object, as ``__init__`` does): the parsers'
    builders leave out the flags their site never sets. Fields are stored by name, so the
    class may reorder its fields or grow new ones with defaults without breaking a caller
    that passes ``params`` positionally. ``defaults``: parameters keep the class's plain
    defaults; without, every parameter is required (the fast parsers always pass them all),
    and a default factory on a parameter is then no obstacle.
    """
    if not (dataclasses.is_dataclass(cls) and "__slots__" in cls.__dict__):
        raise TypeError(f"{cls.__name__} is not a slotted dataclass")
    if hasattr(cls, "__post_init__"):
        raise TypeError(f"{cls.__name__} validates in __post_init__: build it with its __init__")
    fields = {f.name: f for f in dataclasses.fields(cls)}
    if not all(f.init for f in fields.values()):
        raise TypeError(f"{cls.__name__} has a field outside __init__")
    if params is None:
        keyword_only = tuple(n for n, f in fields.items() if f.kw_only)
        names = (*(n for n, f in fields.items() if not f.kw_only), *keyword_only)
    else:
        names, keyword_only = tuple(params), ()
    signature, namespace = _signature(cls, fields, names, keyword_only, defaults)
    left_out = [f for n, f in fields.items() if n not in names]
    make = _generate(cls, names, signature, namespace, left_out, _draft_class(cls, fields))
    if make is None:  # the layout switch is refused: the class's own constructor, by keyword
        make = _generate(cls, names, signature, namespace, left_out, None)
    return make  # type: ignore[return-value]


def _signature(
    cls: type, fields: dict[str, dataclasses.Field], names: tuple[str, ...],
    keyword_only: tuple[str, ...], defaults: bool,
) -> tuple[str, dict[str, Any]]:
    """The parameter list's source text, and the namespace holding its defaults; a name that
    is not a field, a default factory kept as a default, a required parameter after one with a
    default, or a left-out field without a default is a ``TypeError``."""
    namespace: dict[str, Any] = {"_new": object.__new__, "_cls": cls}
    unknown = [n for n in names if n not in fields]
    if unknown or len(set(names)) != len(names):
        raise TypeError(f"{cls.__name__} has no fields {unknown} (or a name is repeated)")
    texts: list[str] = []
    after_default = False
    for name in names:
        f = fields[name]
        if name in keyword_only and "*" not in texts:
            texts.append("*")
        if not defaults or (f.default is dataclasses.MISSING
                            and f.default_factory is dataclasses.MISSING):
            if after_default and name not in keyword_only:
                raise TypeError(f"{cls.__name__}: required {name} after a parameter with default")
            texts.append(name)
        elif f.default_factory is not dataclasses.MISSING:
            raise TypeError(f"{cls.__name__}.{name} has a default factory")
        else:
            namespace[f"_default_{name}"] = f.default
            texts.append(f"{name}=_default_{name}")
            after_default = after_default or name not in keyword_only
    for name, f in fields.items():
        if name in names:
            continue
        if f.default is not dataclasses.MISSING:
            namespace[f"_default_{name}"] = f.default
        elif f.default_factory is not dataclasses.MISSING:
            namespace[f"_factory_{name}"] = f.default_factory
        else:
            raise TypeError(f"{cls.__name__}.{name} is left out and has no default")
    return ", ".join(texts), namespace


def _draft_class(cls: type, fields: dict[str, dataclasses.Field]) -> type | None:
    """The unfrozen class with ``cls``'s slots, or None when ``cls``'s own slots do not hold
    all its fields (some live in a base class: the layouts could not match)."""
    slots = cls.__dict__["__slots__"]
    slots = (slots,) if isinstance(slots, str) else tuple(slots)
    if set(slots) - {"__weakref__"} != set(fields):
        return None
    return type(f"_{cls.__name__}Draft", (), {"__slots__": slots})


def _generate(
    cls: type, names: tuple[str, ...], signature: str, namespace: dict[str, Any],
    left_out: list[dataclasses.Field], draft: type | None,
) -> Callable[..., Any] | None:
    """Compile the constructor: a draft filled then switched to ``cls`` (checked on a probe
    object: None when Python refuses the switch), or, with no draft, a keyword call of ``cls``
    (left-out fields then take their defaults in ``__init__``)."""
    if draft is None:
        body = f"    return _cls({', '.join(f'{n}={n}' for n in names)})\n"
    else:
        namespace = {**namespace, "_draft": draft}
        values = [(n, n) for n in names] + [
            (f.name, f"_factory_{f.name}()" if f"_factory_{f.name}" in namespace
             else f"_default_{f.name}") for f in left_out
        ]
        stores = "".join(f"    o.{n} = {v}\n" for n, v in values)
        body = f"    o = _new(_draft)\n{stores}    o.__class__ = _cls\n    return o\n"
    exec(f"def make({signature}):\n{body}", namespace)  # noqa: S102 (our own source text)
    make = namespace["make"]
    make.__qualname__ = make.__name__ = f"make_{cls.__name__}"
    make.__doc__ = (f"{cls.__name__}({', '.join(names)}), "
                    + ("built as a draft (see parsers.construct)" if draft else "by keyword"))
    make.drafts = draft is not None
    if draft is not None:
        try:  # the layout check of __class__ assignment, once, at import
            probe = make(**dict.fromkeys(names))
        except TypeError:
            return None
        if type(probe) is not cls:  # pragma: no cover - the assignment either works or raises
            return None
    return make
