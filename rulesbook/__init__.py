"""Rulebooks, one package per variant. ``get(variant)`` returns the variant's module."""
from __future__ import annotations

from importlib import import_module
from types import ModuleType

VARIANTS = ("tw16", "riichi", "hk", "guangdong", "wuhan", "sichuan", "shanghai")


def get(variant: str) -> ModuleType:
    if variant not in VARIANTS:
        raise KeyError(variant)
    return import_module(f"rulesbook.{variant}")
