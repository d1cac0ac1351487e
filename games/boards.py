"""The board's read: everything a player's board page shows of a duel, in one statement.

The page (and its htmx fragment, and the answer to a move form) shows the duel and its seats, the
reader's own moves (one waiting for the worker; the latest refused, with why) and the duel's
latest events, and names cards by the catalogue. Read apart, those were five round trips to
PostgreSQL with the catalogue's stamp; one prepared statement reads them all (issue #16: a
millisecond of the board's eight, in-process at 100x data, and fewer waits for PostgreSQL under
load). What the statement reads of the reader's moves and of the events depends on the reader
having a seat: a stranger's read returns the duel alone, and the view answers them 404.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime
from typing import NamedTuple

from cards.selectors import CATALOGUE_STAMP_SQL
from config.compiled import fetch_one_prepared
from games.models import Duel, Move
from games.selectors import DUEL_COLUMNS, DUEL_COLUMNS_SQL, duel_from_row, events_for_seat, seat_names

RECENT_EVENTS = 40  # the board's log shows this many of the latest events


class StoredEvent(NamedTuple):
    seq: int
    data: dict


@dataclass(frozen=True)
class Board:
    duel: Duel  # with its seats and their players' names (selectors.duel_from_row)
    seat_index: int | None  # the reader's seat; None for a stranger, who is shown nothing else
    pending: bool  # a move of the reader's waits for the worker
    last_refusal: str | None  # why the reader's latest refused move was refused; None: none was
    stored_events: list[StoredEvent]  # the latest RECENT_EVENTS, oldest first, as stored
    catalogue_stamp: tuple[int, datetime | None]  # cards.selectors.catalogue_names(stamp)

    def events(self) -> list[dict]:
        """The stored events as the reader's seat may see them (hidden ones left out)."""
        return events_for_seat(self.stored_events, self.seat_index, seat_names(self.duel))


# `me` is the reader's seat, if any; each part of the reader's own is read through it, so for a
# stranger they are empty. The events' data is JSON of the engine's own making, kept as stored.
_BOARD = (
    f"SELECT {DUEL_COLUMNS_SQL}, me.index,"  # noqa: S608 (table and column names only; values bound)
    " EXISTS (SELECT 1 FROM games_move m"
    "  WHERE m.duel_id = d.id AND m.seat = me.index AND m.status = %s),"
    " (SELECT m.error FROM games_move m WHERE m.duel_id = d.id AND m.seat = me.index AND m.status = %s"
    "  ORDER BY m.resolved_at DESC NULLS LAST, m.id DESC LIMIT 1),"
    " (SELECT json_agg(json_build_array(e.seq, e.data) ORDER BY e.seq) FROM"
    "  (SELECT seq, data FROM games_event WHERE duel_id = d.id AND me.index IS NOT NULL"
    "   ORDER BY seq DESC LIMIT %s) e),"
    " stamp.*"
    f" FROM games_duel d CROSS JOIN ({CATALOGUE_STAMP_SQL}) stamp"
    " LEFT JOIN games_seat me ON me.duel_id = d.id AND me.user_id = %s"
    " WHERE d.id = %s"
)


def board_seen_by(duel_id: int, user_id: int | None) -> Board | None:
    """The duel's board as the user may see it; None when there is no such duel."""
    row = fetch_one_prepared(
        _BOARD, [Move.Status.PENDING.value, Move.Status.REJECTED.value, RECENT_EVENTS, user_id, duel_id]
    )
    if row is None:
        return None
    seat_index, pending, last_refusal, events_json, card_count, cards_changed = row[DUEL_COLUMNS:]
    events = json.loads(events_json) if isinstance(events_json, str) else events_json or []
    return Board(
        duel=duel_from_row(row),
        seat_index=seat_index,
        pending=bool(pending),
        last_refusal=last_refusal,
        stored_events=[StoredEvent(seq, data) for seq, data in events],
        catalogue_stamp=(card_count, cards_changed),
    )
