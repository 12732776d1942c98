"""A meld on the table, as the replay keeps it and the rulebooks read it."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional


@dataclass(frozen=True)
class MeldView:
    """A meld on the table. ``kind``: chi/pon/kong; ``kong``: concealed/added/claimed (kongs only);
    ``tile``: the claimed tile (None for a concealed kong); ``source``: whom it was claimed from."""

    kind: str
    tiles: tuple[int, ...]
    kong: Optional[str] = None
    tile: Optional[int] = None
    source: Optional[str] = None

    @property
    def concealed(self) -> bool:
        return self.kind == "kong" and self.kong == "concealed"

    @property
    def base(self) -> int:
        """The meld's lowest tile (its kind for a triplet or kong)."""
        return min(self.tiles)
