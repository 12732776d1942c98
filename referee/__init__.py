"""The mahjong referee engine: tiles, events, replay, hand analysis, ledger, adjudication.

Pure Python: imports no web, schema or database library.
"""
