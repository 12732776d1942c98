"""Exceptions for input that is not a valid document. Findings about the game are data, never
exceptions."""
from __future__ import annotations


class InputError(ValueError):
    """An invalid document: ``errors`` maps JSON paths (``hand.events[3].tile``) to reasons."""

    def __init__(self, errors: dict[str, list[str]]):
        self.errors = errors
        super().__init__("; ".join(f"{path}: {' '.join(msgs)}" for path, msgs in errors.items()))


class ReplayError(ValueError):
    """An event that cannot have happened. ``index`` is its place in the hand's ``events``;
    ``field`` the field at fault, if one is."""

    def __init__(self, index: int, reason: str, field: str | None = None):
        self.index = index
        self.reason = reason
        self.field = field
        super().__init__(f"events[{index}]{'.' + field if field else ''}: {reason}")

    def path(self, prefix: str) -> str:
        return f"{prefix}.events[{self.index}]" + (f".{self.field}" if self.field else "")
