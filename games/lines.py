"""The lobby's rows: every value a row shows computed once here, so the template reads plain keys.

Rendered from duels, a row of "Your duels" cost the lobby a ``reverse()`` for the board's URL (and
one for the replay's), a ``get_status_display()``, the ``timeuntil`` and ``date`` filters and a
dozen attribute lookups that the template engine tries as a dict key, an attribute and a list
index in turn: about a quarter of a millisecond a row, most of the lobby's template. The URL
patterns are reversed once per list (config.reversing), and the deck choices of the accept forms,
the same for every challenge, are rendered once per page. A row reads only the fields the lobby's
statement reads (games.selectors.lobby_lists) and the seats read with them."""

from __future__ import annotations

from datetime import datetime

from django.utils import dateformat, timezone
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString
from django.utils.timesince import timeuntil

from config.reversing import url_filler
from games.models import Duel, SavedDeck

_STATUSES = {value: str(label) for value, label in Duel.Status.choices}
_DAYS_PER_MOVE = dict(Duel.DAYS_PER_MOVE_CHOICES)
DEADLINE_FORMAT = "j M Y H:i"  # in the site's time zone (TIME_ZONE, UTC), as the board shows it


def duel_lines(duels: list[Duel], now: datetime | None = None) -> list[dict]:
    """The duels (with their seats: `selectors.with_listed_seats`) as rows: the board's URL, the
    players, the status (for a finished duel who won and how, and its replay's URL) and the clock
    (the deadline and the time left, at `now`)."""
    board_url, replay_url = url_filler("games:board"), url_filler("games:replay")
    now = now or timezone.now()
    rows = []
    for duel in duels:
        finished = duel.status == Duel.Status.FINISHED
        deadline = duel.deadline and timezone.localtime(duel.deadline)
        rows.append(
            {
                "pk": duel.pk,
                "url": board_url(duel.pk),
                "players": duel.players,
                "status": duel.outcome() if finished else _STATUSES.get(duel.status, duel.status),
                "replay_url": replay_url(duel.pk) if finished else "",
                "deadline": dateformat.format(deadline, DEADLINE_FORMAT) if deadline else "",
                "time_left": timeuntil(deadline, now) if deadline else "",
            }
        )
    return rows


def challenge_lines(duels: list[Duel]) -> list[dict]:
    """Challenges (with their seats) as rows: who challenges (the challenger sits first), the
    time per move, and the URLs of the accept and decline forms."""
    accept_url, decline_url = url_filler("games:accept"), url_filler("games:decline")
    return [
        {
            "pk": duel.pk,
            "challenger": duel.seat_at(0).display_name,
            "days_per_move": _DAYS_PER_MOVE.get(duel.days_per_move, duel.days_per_move),
            "accept_url": accept_url(duel.pk),
            "decline_url": decline_url(duel.pk),
        }
        for duel in duels
    ]


def deck_options(own: list[SavedDeck], ready_made: list[SavedDeck]) -> SafeString:
    """The `<option>`s of an accept form's deck choice: the player's own decks, then (after a
    separator, when there are both) the ready-made ones."""
    options = format_html_join("", '<option value="{}">{}</option>', ((deck.pk, deck.name) for deck in own))
    if own and ready_made:
        options += format_html('<option value="" disabled>{}</option>', "──")
    return options + format_html_join(
        "", '<option value="{}">{} (ready-made)</option>', ((deck.pk, deck.name) for deck in ready_made)
    )
