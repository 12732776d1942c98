"""Tenhou game records → one ``mjref/1`` document of variant ``riichi`` (RULEBOOK_RIICHI §10, §11),
and the recorded facts beside it.

``import_tenhou(source)`` reads a file path or bytes: mjlog XML (plain or gzip, told apart by the
magic bytes, never by the name) or tenhou.net/6 JSON (one document with every hand in ``log``, or
JSON Lines with one hand a line as mjx writes them). It returns ``(document, recorded)``:

* ``document``: the whole game, ``hands`` in order, each hand's events in table order. Nothing the
  referee must judge is taken from the record: no riichi deposit, no furiten, no value.
* ``recorded``: what the server settled, for an audit to compare with the ruling (never inside the
  document, whose loader rejects unknown fields), in points and player names::

      {"source": "mjlog" | "tenhou6", "id": the game's id (JSON's ``ref``) | null, "players": [...],
       "owari": {"scores", "points"} | null,
       "hands": [{"label": "East 3, 1 honba", "deltas": {player: points} | null (cut),
                  "before": sc's scores before the result (mjlog) | null, "draw": null | "exhaustive"
                  | "nagashi" | an abort kind, "tenpai": [players] | null, "results": [
          {"result": "win", "who", "from", "pao": player | null, "han", "fu", "points", "limit",
           "yaku": [[Tenhou id, han]], "yakuman": [Tenhou ids], "hand": the AGARI's hai (mjlog)
           | null, "dora": [indicators], "ura": [indicators], "deltas", "value" (JSON only)},
          {"result": "draw", "type", "tenpai", "deltas"}]}]}

  ``han`` is None for a yakuman (and ``fu`` for a JSON limit hand, whose value string has none);
  ``points`` is what the winner is paid without honba and sticks (mjlog's ``ten``).

A three-player game (``ThreePlayerGame``), a file that is not a Tenhou record, or a record that
contradicts itself raises ``TenhouError``, whose message is one line naming the place (the tag or the hand).

The tenhou.net/6 JSON holds per seat a list of tiles taken and a list of tiles given; the importer
interleaves them by playing the turn order (a call string in a take list moves the turn to the
caller; kans and riichi sit in the give lists; ``60`` is the drawn tile discarded) and places the
kan-dora reveals, which the JSON does not time, by RJ-FLOW-4's ``tenhou`` timing.

The parts: ``api.records.tenhou_game`` (what both formats share), ``api.records.tenhou_mjlog`` (mjlog XML) and
``api.records.tenhou6`` (tenhou.net/6 JSON); this module tells them apart and reads the source.
"""
from __future__ import annotations

import json

from api.limits import MAX_INFLATION, MAX_RECORD_BYTES
from api.records.tenhou_game import Source, TenhouError


def import_tenhou(source: Source) -> tuple[dict, dict]:
    """The ``mjref/1`` document of a Tenhou record and its recorded facts (see the module doc).
    The readers are imported on the first record: an audit that meets none (``is_record`` tells)
    never loads them."""
    from api.records.tenhou6 import _json_documents, _Tenhou6
    from api.records.tenhou_mjlog import _Mjlog

    data = _read(source)
    if data[:2] == b"\x1f\x8b":
        data = inflate(data)
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as err:
        raise TenhouError(f"not UTF-8 text (byte {err.start})") from None
    head = text.lstrip()[:1]
    if head == "<":
        return _Mjlog(text).run()
    if head in ("{", "["):
        return _Tenhou6(_json_documents(text)).run()
    raise TenhouError("not a Tenhou record: neither mjlog XML nor tenhou.net/6 JSON")


def is_tenhou6(value: object) -> bool:
    """Whether a JSON value is a tenhou.net/6 record (a ``log`` list), not an ``mjref/1`` document."""
    return isinstance(value, dict) and isinstance(value.get("log"), list) and "format" not in value


def is_record(data: bytes) -> bool:
    """Whether bytes hold a Tenhou record, by their content: gzip, mjlog XML, or JSON whose first
    line (the whole document, or the first of JSON Lines) is a tenhou.net/6 record."""
    if data[:2] == b"\x1f\x8b":
        return True
    text = data.lstrip(b"\xef\xbb\xbf \t\r\n")
    if text[:8] == b"<mjloggm" or text[:5] == b"<?xml":
        return True
    if text[:1] != b"{":
        return False
    try:
        return is_tenhou6(json.loads(text.split(b"\n", 1)[0]))
    except (ValueError, RecursionError):  # not JSON, or not UTF-8
        return False


_CHUNK = 2**18  # bytes inflated by one call: the output buffer never grows past what is kept


def inflate(data: bytes) -> bytes:
    """The gzip ``data`` inflated (every member, as ``gzip.decompress``), or ``TenhouError``: broken
    data, or more than ``MAX_RECORD_BYTES`` or ``MAX_INFLATION`` times ``data``'s size, found
    before more than that is inflated (a gzip bomb costs bounded memory and time)."""
    import zlib

    limit = min(MAX_RECORD_BYTES, MAX_INFLATION * len(data))
    parts: list[bytes] = []
    size = 0
    pending = data
    stream = zlib.decompressobj(wbits=31)  # gzip's header and trailer
    try:
        while True:
            piece = stream.decompress(pending, min(_CHUNK, limit + 1 - size))
            size += len(piece)
            parts.append(piece)
            if size > limit:
                raise TenhouError(
                    f"gzip data inflating past {limit:,} bytes: a record is at most "
                    f"{MAX_RECORD_BYTES:,} bytes and {MAX_INFLATION} times its compressed size")
            if stream.eof:
                pending = stream.unused_data
                if not pending.strip(b"\0"):  # the end, or padding (as gzip.decompress reads it)
                    break
                stream = zlib.decompressobj(wbits=31)  # another member
            else:
                pending = stream.unconsumed_tail
                if not pending:
                    raise TenhouError("broken gzip data (it ends before the end of its stream)")
    except zlib.error as err:
        raise TenhouError(f"broken gzip data ({err})") from None
    return b"".join(parts)


def _read(source: Source) -> bytes:
    """The bytes of a record, at most ``MAX_RECORD_BYTES`` of them."""
    if isinstance(source, (bytes, bytearray)):
        data = bytes(source)
    else:
        data = _read_file(source)
    if len(data) > MAX_RECORD_BYTES:
        raise TenhouError(f"more than {MAX_RECORD_BYTES:,} bytes: not a record of one game")
    return data


def _read_file(source: Source) -> bytes:
    try:
        with open(source, "rb") as fh:
            return fh.read(MAX_RECORD_BYTES + 1)
    except FileNotFoundError:
        raise TenhouError("no such file") from None
    except IsADirectoryError:
        raise TenhouError("is a directory, not a record") from None
    except OSError as err:
        raise TenhouError(f"cannot be read ({err.strerror})") from None
