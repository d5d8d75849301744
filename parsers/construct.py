"""Building frozen slotted value objects (engine results, small model objects) at half the
cost of their ``__init__``.

Engine results and model objects are frozen slotted dataclasses: a contract, and the right
shape for values that cross into the store. Their generated ``__init__`` goes around
``frozen`` with one ``object.__setattr__`` lookup and call per field; with a ``SeatResult``
per seat and a ``Pot`` per pot, that was a tenth of a replay. ``maker(cls)`` generates, once
at import and from ``dataclasses.fields(cls)`` (as ``dataclasses`` generates ``__init__``
itself), a constructor with the same parameters that writes each slot through its member
descriptor. The object is the one ``cls(...)`` builds: equal, hashable, picklable
(``tests/test_construct.py`` holds them side by side). A field added to a class later is
picked up with its default; classes that validate in ``__post_init__`` or use default
factories are refused. It lives in ``parsers`` so that parsers (which import nothing from
``pipeline``) and the engine share it.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T")


def maker(cls: type[T]) -> Callable[..., T]:
    """A constructor for the frozen slotted dataclass ``cls``, same parameters as ``cls``."""
    if not (dataclasses.is_dataclass(cls) and "__slots__" in cls.__dict__):
        raise TypeError(f"{cls.__name__} is not a slotted dataclass")
    if hasattr(cls, "__post_init__"):
        raise TypeError(f"{cls.__name__} validates in __post_init__: build it with its __init__")
    fields = dataclasses.fields(cls)
    names = [f.name for f in fields]
    namespace: dict[str, Any] = {"_new": object.__new__, "_cls": cls}
    params = []
    for f in fields:
        if f.default_factory is not dataclasses.MISSING:
            raise TypeError(f"{cls.__name__}.{f.name} has a default factory")
        namespace[f"_set_{f.name}"] = getattr(cls, f.name).__set__
        if f.default is dataclasses.MISSING:
            params.append(f.name)
        else:
            namespace[f"_default_{f.name}"] = f.default
            params.append(f"{f.name}=_default_{f.name}")
    body = "\n".join(f"    _set_{n}(obj, {n})" for n in names)
    source = f"def make({', '.join(params)}):\n    obj = _new(_cls)\n{body}\n    return obj\n"
    exec(source, namespace)  # noqa: S102 (our own source text, built from field names)
    make = namespace["make"]
    make.__qualname__ = make.__name__ = f"make_{cls.__name__}"
    make.__doc__ = f"{cls.__name__}({', '.join(names)}), without the generated __init__"
    return make
