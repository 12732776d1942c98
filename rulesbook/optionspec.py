"""What every variant's options table shares: the shape of ``OPTIONS_SPEC`` and the checks of one
option, one preset name, and the key an equal ruleset is cached by.

A variant's ``OPTIONS_SPEC`` maps an option's name to ``(allowed, default, clause)``. ``allowed`` is
``bool``, a tuple of choices (strings, or whole numbers: a value must have a choice's type, so
``True`` and ``3.0`` are no number here), or a string
the variant reads itself (``"integer"``, ``"a|b|fixed:K"``: the variant passes its own check for
that option in ``special``). ``api.http.rulebooks`` and ``api.http.wire`` read the same table.
"""
from __future__ import annotations

from typing import Callable, Mapping, Optional

Spec = Mapping[str, tuple[object, object, str]]
Check = Callable[[object], Optional[str]]


def option_error(spec: Spec, name: str, value: object,
                 special: Mapping[str, Check] | None = None) -> Optional[str]:
    """Why ``value`` is not a valid value of option ``name`` of ``spec``; None when it is.
    ``special`` holds the variant's own check of the options whose ``allowed`` is not bool or
    choices."""
    if name not in spec:
        return f"unknown option {name!r}; known: {', '.join(spec)}"
    if special and name in special:
        return special[name](value)
    allowed = spec[name][0]
    if allowed is bool:
        return None if isinstance(value, bool) else "must be true or false"
    # a choice of the same type only: True == 1 == 1.0, but neither is the number of 番 1
    if type(value) in {type(a) for a in allowed} and value in allowed:  # type: ignore[attr-defined,operator]
        return None
    return _choices(allowed)


def _choices(allowed: object) -> str:
    return f"must be one of {', '.join(str(a) for a in allowed)}"  # type: ignore[attr-defined]


def preset_error(presets: Mapping[str, object], value: object, lead: str = "known") -> Optional[str]:
    """Why ``value`` names no preset of ``presets``; None when it does (a list or an object is no
    preset's name)."""
    if isinstance(value, str) and value in presets:
        return None
    return f"unknown preset {value!r}; {lead}: {', '.join(presets)}"


def typed(mapping: Mapping[str, object]) -> tuple:
    """A mapping as a cache key that keeps each value's type: 1, 1.0 and True are equal keys, not
    equal options. Unhashable values make an unhashable key (the caller reads those uncached)."""
    return tuple((k, type(v), v) for k, v in mapping.items())
