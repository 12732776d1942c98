"""The schema pieces every variant's document schema is built from: ``Strict`` (an unknown field
is an error at its path, with the field it was likely meant to be), ``Foreign`` (another
variant's field named as such), ``Faults`` (faults found across fields) and ``_given``.
"""
from __future__ import annotations

from typing import Any, ClassVar

from marshmallow import RAISE, Schema, ValidationError, validates_schema

from api.documents.messages import suggest_fields


class Strict(Schema):
    """A JSON object whose every field is declared: an unknown field is an error at its path."""

    class Meta:
        unknown = RAISE

    error_messages = {"type": "must be a JSON object", "unknown": "unknown field"}

    def handle_error(self, error: ValidationError, data: Any, *, many: bool, **kwargs: Any) -> None:
        """An unknown field says which declared one it was likely meant to be."""
        known = (f.data_key or name for name, f in self.load_fields.items())
        suggest_fields(error.messages, data, known)


class Foreign(Strict):
    """Strict, with a plain word for another variant's fields: ``FOREIGN`` maps a field's JSON name
    to the variant it belongs to, ``VARIANT`` names this schema's variant; ``REFUSED`` maps a field
    this variant leaves out of the format it shares (sichuan's ``round_wind``) to why."""

    FOREIGN: ClassVar[dict[str, str]] = {}
    VARIANT: ClassVar[str] = ""
    REFUSED: ClassVar[dict[str, str]] = {}

    @validates_schema(pass_original=True, skip_on_field_errors=False)
    def foreign_fields(self, data: dict[str, Any], original: Any, **kwargs: Any) -> None:
        if isinstance(original, dict):
            wrong = {k: [self.REFUSED.get(k) or f"a {self.FOREIGN[k]} field: not in variant {self.VARIANT}"]
                     for k in original if k in self.FOREIGN or k in self.REFUSED}
            if wrong:
                raise ValidationError(wrong)  # type: ignore[arg-type]

    def handle_error(self, error: ValidationError, data: Any, *, many: bool, **kwargs: Any) -> None:
        """Another variant's field gets the one reason above, not also 'unknown field'."""
        super().handle_error(error, data, many=many, **kwargs)
        messages = error.messages
        if isinstance(messages, dict):
            for key in (set(self.FOREIGN) | set(self.REFUSED)) & set(messages):
                reasons = messages[key]
                if isinstance(reasons, list):
                    messages[key] = [r for r in reasons if not str(r).startswith("unknown field")]


class Faults(dict[str, list[str]]):
    """The faults a schema validator finds across fields (keys are JSON names: ``from``)."""

    def add(self, key: str, reason: str) -> None:
        self.setdefault(key, []).append(reason)

    def raise_any(self) -> None:
        if self:
            raise ValidationError(dict(self))  # type: ignore[arg-type]


def _given(original: object, key: str) -> bool:
    """Whether the raw object gives ``key`` (a null is not giving it)."""
    return isinstance(original, dict) and original.get(key) is not None
