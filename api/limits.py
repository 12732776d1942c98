"""The limits on what the referee accepts, as data: one table, read by the document loader
(``api.documents.schemas.tw16``), the JSON decoder (``api.documents.jsonvalues``), the store and its
routes (ids and cursors), the OpenAPI document (``api.http.wire``) and the README's "Limits"
section.

A limit keeps the work and the answer of every request bounded, whatever the input: a value above
one is refused at its JSON path with the limit's reason; a list longer than one is refused before any
of its items is looked at. Every limit is far above what a real table records (a hand is about 100
to 150 events, a game a few dozen hands).

Any loader of documents (the marshmallow one, or a faster one for valid documents) must enforce the
same limits: import the constants, do not restate the numbers.
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Limit:
    """``name``: the constant's name; ``value``: the largest accepted (a count, an amount or a
    length); ``applies``: where it applies, in the document's or the API's words."""

    name: str
    value: int
    applies: str

    def reason(self, what: str = "") -> str:
        """The reason given when the limit is exceeded, e.g. ``at most 64 bettors``."""
        return f"at most {self.value:,}" + (f" {what}" if what else "")


MONEY = Limit("MAX_MONEY", 10**12, "ruleset.base, ruleset.tai; a side bet's stake base, tai, "
                                   "fixed; a riichi hand's scores (either sign)")
STREAK = Limit("MAX_STREAK", 1000, "a hand's streak and streak_marker; a riichi hand's honba")
TAI = Limit("MAX_TAI", 1000, "a ruleset.tai_table value (tai of one pattern)")
COUNT = Limit("MAX_COUNT", 1000, "every other whole number of a document: a side bet's units, "
                                 "wall_left, watch_violations, dead_hand_violations; riichi "
                                 "sticks and an act's count")
TIME = Limit("MAX_TIME", 10**12, "an event's t (milliseconds since the hand started)")
ID_LENGTH = Limit("MAX_ID_LENGTH", 64, "characters of an id: players, bettors, side bets; also an "
                                       "offence, an option name or value, a tai_table key")
PLAYERS = Limit("PLAYERS", 4, "players: exactly 4, checked before anything else")
BETTORS = Limit("MAX_BETTORS", 64, "bettors of a document")
SIDE_BETS = Limit("MAX_SIDE_BETS", 64, "side bets of one hand")
EVENTS = Limit("MAX_EVENTS", 2000, "events of one hand")
HANDS = Limit("MAX_HANDS", 1000, "hands of a document")
TILES = Limit("MAX_TILES", 144, "tiles of one tile list, or a hand given as a count (the whole set)")
DEPTH = Limit("MAX_DEPTH", 64, "levels of nesting of any JSON body, document or file")
ERRORS = Limit("MAX_ERRORS", 100, "errors listed in one answer (then one entry: 'and K more')")
ROW_ID = Limit("MAX_ROW_ID", 2**63 - 1, "a game id, key id, revision number or cursor "
                                        "(SQLite's signed 64-bit integers)")

#: every limit, in the order the README lists them
LIMITS: tuple[Limit, ...] = (MONEY, STREAK, TAI, COUNT, TIME, ID_LENGTH, PLAYERS, BETTORS, SIDE_BETS,
                             EVENTS, HANDS, TILES, DEPTH, ERRORS, ROW_ID)

# --- what one request may cost (issue 32: answers, pages) -------------------------------------
PAGE = Limit("MAX_PAGE", 200, "items of one page of a list (?limit=): games, a game's revisions, "
                              "API keys")
ANSWER = Limit("MAX_ANSWER", 4 * 1024 * 1024, "bytes of one page of a game's revisions (a page "
                                              "ends before the revision that would pass it; one "
                                              "revision alone may)")
CORRECTIONS = Limit("MAX_CORRECTIONS", 100, "corrections of one review of a stored game")
BODY = Limit("MAX_BODY", 1024 * 1024, "bytes of one HTTP body (the default of REFEREE_MAX_BODY: 413 "
                                      "past it) and of one mjref document the command line reads: a "
                                      "file, standard input, a JSON Lines line")
LIMITS += (PAGE, ANSWER, CORRECTIONS, BODY)
MAX_PAGE = PAGE.value
MAX_BODY = BODY.value
MAX_ANSWER = ANSWER.value
MAX_CORRECTIONS = CORRECTIONS.value
# --- end of what one request may cost ---------------------------------------------------------

MAX_MONEY = MONEY.value
MAX_STREAK = STREAK.value
MAX_TAI = TAI.value
MAX_COUNT = COUNT.value
MAX_TIME = TIME.value
MAX_ID_LENGTH = ID_LENGTH.value
N_PLAYERS = PLAYERS.value
MAX_BETTORS = BETTORS.value
MAX_SIDE_BETS = SIDE_BETS.value
MAX_EVENTS = EVENTS.value
MAX_HANDS = HANDS.value
MAX_TILES = TILES.value
MAX_DEPTH = DEPTH.value
MAX_ERRORS = ERRORS.value
MAX_ROW_ID = ROW_ID.value

#: the longest reason and JSON path an error answer repeats (a safety net: every message the
#: referee writes is far shorter; a longer one is cut with "…")
MAX_REASON = 300
MAX_PATH = 200


# --- Tenhou records (issue 32): what one record may cost to read ---------------------------------
#: a record is refused (an input error) past either, before it is inflated further: a gzip bomb
#: costs at most MAX_RECORD_BYTES of memory and the time to inflate that much
RECORD_BYTES = Limit("MAX_RECORD_BYTES", 8 * 2**20, "bytes of one Tenhou record, as read and once "
                                                     "inflated (a real one is under 100 KB)")
INFLATION = Limit("MAX_INFLATION", 100, "times a gzip record may grow when inflated (real ones: "
                                        "under 3)")
RECORD_LIMITS: tuple[Limit, ...] = (RECORD_BYTES, INFLATION)
MAX_RECORD_BYTES = RECORD_BYTES.value
MAX_INFLATION = INFLATION.value
# --- end of Tenhou records --------------------------------------------------------------------

# --- what one command may start --------------------------------------------------------------
#: ``referee audit --jobs/--workers`` and ``referee serve --workers/--threads`` above it are usage
#: errors (exit status 2) before anything starts: a mistyped number forks no thousands of processes.
#: An audit also starts no more worker processes than it has documents.
PROCESSES = Limit("MAX_PROCESSES", 256, "processes or threads one command starts: referee audit "
                                        "--jobs and --workers, referee serve --workers and --threads")
COMMAND_LIMITS: tuple[Limit, ...] = (PROCESSES,)
MAX_PROCESSES = PROCESSES.value


def markdown_table() -> str:
    """The limits as the README's table (a test keeps the README true to this)."""
    rows = ["| limit | value | applies to |", "|---|---|---|"]
    rows += [f"| `{lim.name}` | {lim.value:,} | {lim.applies} |" for lim in LIMITS + RECORD_LIMITS + COMMAND_LIMITS]
    return "\n".join(rows)
