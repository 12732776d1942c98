"""The marshmallow schemas of record, one module per variant: ``tw16`` (and the pieces the others
extend), ``riichi``, ``hk``. Imported at the first document the fast loader does not take."""
