"""Reads of the games app. Everything a player receives about a duel goes through here, and
everything from the rules state goes through `rules.Duel.view(seat)` / `Event.for_seat(seat)`."""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass

from django.contrib.auth import get_user_model
from django.db import connection
from django.db.models import F, Func, IntegerField, Prefetch, Q, QuerySet, Subquery, Value, Window
from django.db.models.functions import RowNumber
from django.shortcuts import get_object_or_404

import rules
from config.compiled import CompiledQuery, as_prefetched, fetch_one_prepared
from games.actions.decks import deck_problems
from games.models import Duel, Move, Notification, SavedDeck, Seat
from games.rows import from_row


def with_players(duels: QuerySet[Duel]) -> QuerySet[Duel]:
    """The duels with their seats and the seats' players, in one query beside the duels'."""
    return duels.prefetch_related(Prefetch("seats", queryset=Seat.objects.select_related("user")))


_MOVE_FIELDS = Move._meta.concrete_fields
_MOVE_COLUMNS = ", ".join(f"m.{connection.ops.quote_name(f.column)}" for f in _MOVE_FIELDS)
# The model's own column names; the values are bound.
_MOVE_SEEN_BY = (
    f"SELECT {_MOVE_COLUMNS}, s.index FROM games_move m "  # noqa: S608
    "LEFT JOIN games_seat s ON s.duel_id = m.duel_id AND s.user_id = %s WHERE m.id = %s"
)


def move_seen_by(move_id: int, user_id: int) -> Move | None:
    """The move with `viewers_seat`, the reader's seat in its duel (None for a stranger), in one
    statement; None when there is no such move. Raw SQL, and the row made into a Move by hand
    with each field's own conversion: the read is the cheapest API call, and the ORM compiling
    its subquery, or a raw queryset mapping its columns, cost more than running it (issue #16).
    Prepared: parsed and planned once per connection."""
    row = fetch_one_prepared(_MOVE_SEEN_BY, [user_id, move_id])
    if row is None:
        return None
    move = from_row(Move, _MOVE_FIELDS, row[:-1])
    move.viewers_seat = row[-1]
    return move


# What `player_view` reads of a duel (in the model's order, as Model.from_db takes them), and
# each seat with its player's name, in one row.
_VIEWED = {"id", "status", "version", "days_per_move", "deadline", "seed_commitment", "seed",
           "seed_revealed", "result", "winner", "state"}  # fmt: skip
_VIEWED_FIELDS = [field for field in Duel._meta.concrete_fields if field.name in _VIEWED]
_USER = get_user_model()
# Table and column names from the models' own metadata. A statement reading a duel as
# `duel_from_row` takes it: the duel's columns, then its seats with their players' names (one
# JSON array), from `games_duel d`.
_DUEL_FIELDS_SQL = ", ".join(f"d.{connection.ops.quote_name(f.column)}" for f in _VIEWED_FIELDS)
_USERNAME_SQL = connection.ops.quote_name(_USER._meta.get_field(_USER.USERNAME_FIELD).column)
DUEL_COLUMNS_SQL = (
    f"{_DUEL_FIELDS_SQL}, (SELECT json_agg(json_build_array(s.id, s.index, s.user_id, s.bot,"  # noqa: S608
    f" u.{_USERNAME_SQL}) ORDER BY s.index)"
    f" FROM games_seat s LEFT JOIN {connection.ops.quote_name(_USER._meta.db_table)} u ON u.id = s.user_id"
    " WHERE s.duel_id = d.id)"
)
DUEL_COLUMNS = len(_VIEWED_FIELDS) + 1
_DUEL_SEEN_BY = f"SELECT {DUEL_COLUMNS_SQL} FROM games_duel d WHERE d.id = %s"  # noqa: S608 (names only)


def duel_seen_by(duel_id: int) -> Duel | None:
    """The duel with what `player_view` shows of it and its seats with their players' names, in
    one statement, run prepared; None when there is no such duel. The read of a duel by the API,
    made twice per move by a client (the mover's legal actions, the board after the move): the
    ORM's query and its prefetch of the seats (their decks and whole user rows) cost two round
    trips and twice the CPU (issue #16: 0.93 -> 0.47 ms in-process). Any other field of the duel,
    a seat or a user is deferred: read from the database if something asks for it
    (tests/games/test_page_costs.py counts the board's statements)."""
    row = fetch_one_prepared(_DUEL_SEEN_BY, [duel_id])
    return None if row is None else duel_from_row(row)


def duel_from_row(row) -> Duel:
    """The duel read by DUEL_COLUMNS_SQL (the row's first DUEL_COLUMNS values), its seats and
    their players' names given to it as prefetched."""
    duel = from_row(Duel, _VIEWED_FIELDS, row[: DUEL_COLUMNS - 1])
    seats_json = row[DUEL_COLUMNS - 1]
    seats = [
        _listed_seat(duel.pk, *values)
        for values in (json.loads(seats_json) if isinstance(seats_json, str) else seats_json or [])
    ]
    as_prefetched(duel, "seats", seats)
    return duel


def _listed_seat(duel_id: int, seat_id: int, index: int, user_id: int | None, bot: str, username) -> Seat:
    """A seat as lists and the duel's API show it: who sits there (a bot, or a player and their
    name); its deck and its player's other columns are deferred."""
    seat = Seat.from_db(connection.alias, ["id", "duel_id", "index", "user_id", "bot"],
                        [seat_id, duel_id, index, user_id, bot])  # fmt: skip
    if user_id is not None:
        seat.user = _USER.from_db(connection.alias, ["id", _USER.USERNAME_FIELD], [user_id, username])
    return seat


_LISTED_SEATS = (
    # Table and column names from the models' own metadata; the duels' ids are bound, as one array.
    "SELECT s.duel_id, s.id, s.index, s.user_id, s.bot,"  # noqa: S608
    f" u.{_USERNAME_SQL}"
    f" FROM games_seat s LEFT JOIN {connection.ops.quote_name(_USER._meta.db_table)} u ON u.id = s.user_id"
    " WHERE s.duel_id = ANY(%s) ORDER BY s.duel_id, s.index"
)


def with_listed_seats(duels: list[Duel]) -> None:
    """Give each duel its seats and their players' names (`duel.seats.all()` then reads nothing),
    all of them in one statement. What `listed`'s prefetch reads, without the ORM building the
    prefetch's query on every call: a millisecond of the lobby's CPU (issue #16)."""
    if not duels:
        return
    seats: dict[int, list[Seat]] = {duel.pk: [] for duel in duels}
    with connection.cursor() as cursor:
        cursor.execute(_LISTED_SEATS, [list(seats)])
        for duel_id, *values in cursor.fetchall():
            seats[duel_id].append(_listed_seat(duel_id, *values))
    for duel in duels:  # a duel in two lists is two instances: each gets the seats
        as_prefetched(duel, "seats", seats[duel.pk])


def listed(duels: QuerySet[Duel]) -> QuerySet[Duel]:
    """Duels as every list shows them (the lobby's four, the API's), without their rules state,
    which no list shows and which is the bulk of a duel's row. A list gives its duels their seats
    and players with `with_listed_seats`, in one statement for all of them."""
    return duels.defer("state")


# The lobby's lists, in the order they are read: a signed-in player's four, a visitor's first.
LOBBY_LISTS = ("open_challenges", "your_turn", "challenges", "my_duels")
LOBBY_LIST_MAX = 50
# What a lobby row shows of a duel (games.lines): the rest of its row is left unread.
_LOBBY_FIELDS = ("id", "created_by_id", "status", "days_per_move", "to_move", "deadline", "winner", "result")


def _lobby_list(duels: QuerySet[Duel], name: str, *ordering) -> QuerySet[Duel]:
    """One list of the lobby as a part of its one statement: the fields a row shows, which list
    it is and each duel's place in it (a statement's parts come back in no promised order)."""
    return (
        duels.only(*_LOBBY_FIELDS)
        .annotate(
            lobby_list=Value(LOBBY_LISTS.index(name), output_field=IntegerField()),
            place=Window(RowNumber(), order_by=list(ordering)),
        )
        .order_by(*ordering)[:LOBBY_LIST_MAX]
    )


def _lobby_of(user_id: int) -> QuerySet[Duel]:
    latest = F("updated_at").desc()
    return (
        _lobby_list(open_challenges(user_id), "open_challenges", latest)
        .union(
            _lobby_list(your_turn(user_id), "your_turn", F("deadline").asc()),
            _lobby_list(challenges_for(user_id), "challenges", latest),
            _lobby_list(duels_of(user_id), "my_duels", latest),
            all=True,
        )
        .order_by("lobby_list", "place")
    )


# The lobby's lists as one statement, from the selectors' own querysets, compiled once per
# process (a signed-in player's own id bound); a visitor's, the open challenges alone. Prepared,
# its statuses written into its text (config.compiled): PostgreSQL's generic plan for it, with
# the statuses bound, read every duel for the open challenges (21 ms at 100x data); with them
# written it is the plan made for each player, without the planning (1.2 -> 0.5 ms).
_LOBBY = CompiledQuery(_lobby_of)
_LOBBY_FOR_VISITORS = CompiledQuery(
    lambda: _lobby_list(open_challenges(), "open_challenges", F("updated_at").desc())
)


def lobby_lists(user) -> dict[str, list[Duel]]:
    """The lobby's lists: the open challenges (not the player's own), and for a signed-in player
    the duels waiting for their move, the challenges to them and their latest duels (at most
    LOBBY_LIST_MAX each). One statement reads the four lists and only the fields a row shows
    (four statements of whole rows cost the lobby 3 ms more), one more the seats and players of
    them all. A duel in two lists is two instances."""
    if getattr(user, "is_authenticated", False):
        lists: dict[str, list[Duel]] = {name: [] for name in LOBBY_LISTS}
        duels = _LOBBY(user.pk)
    else:
        lists, duels = {"open_challenges": []}, _LOBBY_FOR_VISITORS()
    for duel in duels:
        lists[LOBBY_LISTS[duel.lobby_list]].append(duel)
    with_listed_seats(duels)
    return lists


def duels_of(user) -> QuerySet[Duel]:
    """The player's duels. A subquery rather than a join: no DISTINCT over every column to undo
    the join."""
    return listed(Duel.objects.filter(pk__in=Seat.objects.filter(user=user).values("duel_id")))


def your_turn(user) -> QuerySet[Duel]:
    """Active duels waiting for this player's move."""
    return listed(
        Duel.objects.filter(status=Duel.Status.ACTIVE, seats__user=user, seats__index=F("to_move"))
    ).order_by("deadline")


def your_turn_count(user) -> int:
    if not getattr(user, "is_authenticated", False):
        return 0
    return your_turn(user).count()


def open_challenges(user=None) -> QuerySet[Duel]:
    """Open challenges; a player's own left out (`user`: a signed-in user or a user's id)."""
    duels = listed(Duel.objects.filter(status=Duel.Status.OPEN))
    signed_in = isinstance(user, int) or getattr(user, "is_authenticated", False)
    return duels.exclude(created_by=user) if signed_in else duels


def challenges_for(user) -> QuerySet[Duel]:
    return listed(Duel.objects.filter(status=Duel.Status.CHALLENGED, seats__index=1, seats__user=user))


def unread_notifications(user) -> QuerySet[Notification]:
    return Notification.objects.filter(user=user, read_at__isnull=True)


def _count(queryset: QuerySet) -> Subquery:
    return Subquery(
        queryset.order_by().annotate(n=Func("pk", function="COUNT")).values("n"), output_field=IntegerField()
    )


_HEADER_COUNTS = CompiledQuery(
    lambda user_id: (
        get_user_model()
        .objects.filter(pk=user_id)
        .values(
            your_turn_count=_count(your_turn(user_id)), unread_count=_count(unread_notifications(user_id))
        )[:1]
    )
)


def header_counts(user) -> dict[str, int]:
    """The navigation's two numbers for a signed-in player, in one query on every page: duels
    waiting for their move, and unread notifications (a partial index holds only the unread)."""
    if not getattr(user, "is_authenticated", False):
        return {"your_turn_count": 0, "unread_count": 0}
    return _HEADER_COUNTS.first(user.pk) or {"your_turn_count": 0, "unread_count": 0}


def seats_summary(duel: Duel) -> list[dict]:
    return [
        {"index": seat.index, "player": seat.display_name, "bot": seat.bot or None}
        for seat in duel.seats.all()
    ]


def player_view(duel: Duel, seat_index: int) -> dict:
    """What one seat may see of a duel: the rules view plus the duel's public facts."""
    data = {
        "id": duel.pk,
        "status": duel.status,
        "version": duel.version,
        "days_per_move": duel.days_per_move,
        "deadline": duel.deadline.isoformat() if duel.deadline else None,
        "seats": seats_summary(duel),
        "your_seat": seat_index,
        "seed_commitment": duel.seed_commitment or None,
        "seed": duel.seed if duel.seed_revealed else None,
        "result": duel.result or None,
        "winner": duel.winner,
        "legal_actions": [],
    }
    if duel.state is None:
        data["view"] = None
        return data
    state = rules.Duel.from_json(duel.state)
    data["view"] = state.view(seat_index)
    if duel.status == Duel.Status.ACTIVE and state.to_move == seat_index:
        data["legal_actions"] = [action.to_json() for action in state.legal_actions()]
    return data


def discard_choice(data: dict) -> dict | None:
    """When the player must discard down to Ability by two or more cards: how many, and each hand
    card with whether the engine's legal discards let it be chosen (identical cards are one legal
    action, so a card is choosable when its kind is offered). None otherwise: one button each."""
    actions = data["legal_actions"]
    if not actions or any(a["type"] != "discard" or a.get("purpose") for a in actions):
        return None
    you = data["view"]["you"]
    need = len(you["hand"]) - you["ability"]
    if need < 2:
        return None
    offered = {card["key"] for card in you["hand"] if card["id"] in {a["card"] for a in actions}}
    cards = [dict(card, choosable=card["key"] in offered) for card in you["hand"]]
    return {"count": need, "ability": you["ability"], "cards": cards}


def seat_names(duel: Duel) -> dict[int, str]:
    return {seat.index: seat.display_name for seat in duel.seats.all()}


def with_names(text: str, names: dict[int, str]) -> str:
    """The rules package says "Player 0"/"Player 1"; people read the players' names."""
    for index, name in names.items():
        text = text.replace(f"Player {index}", name)
    return text


def events_for_seat(events, seat_index: int, names: dict[int, str] | None = None) -> list[dict]:
    """Render stored events as one seat may see them; events hidden from it are left out."""
    out = []
    for event in events:
        shown = rules.Event.from_json(event.data).for_seat(seat_index)
        if shown is not None:
            if names:
                shown["text"] = with_names(shown["text"], names)
            out.append({"seq": event.seq, **shown})
    return out


def finished_duels() -> QuerySet[Duel]:
    return with_players(Duel.objects.filter(status=Duel.Status.FINISHED))


# ---------------------------------------------------------------- the deck builder
# The limits the rulebook states, shown beside the running count. rules.check_deck enforces
# them (and every other rule) and cites the sentences; these numbers only label the count.
MIN_ENDURANCE = 50  # "You must begin the game with an Endurance of at least 50 cards."
MAX_PREGAME = 6  # "You may only use six Pre-Game cards."


@dataclass(frozen=True)
class DeckCheck:
    """A deck as it is being built: its counts against the limits and what keeps it from being legal."""

    pregame: int
    endurance: int
    problems: tuple[str, ...]
    empty: bool = False
    min_endurance: int = MIN_ENDURANCE
    max_pregame: int = MAX_PREGAME

    @property
    def total(self) -> int:
        return self.pregame + self.endurance

    @property
    def legal(self) -> bool:
        return not self.empty and not self.problems


def check_deck_lists(pregame: list[str], endurance: list[str], list_errors=()) -> DeckCheck:
    """Count a deck and check it with the rules (unreadable lines first: the rules cannot check
    a list with cards nobody could name)."""
    if list_errors:
        problems = tuple(list_errors)
    elif not pregame and not endurance:
        problems = ()
    else:
        problems = tuple(deck_problems(pregame, endurance))
    return DeckCheck(len(pregame), len(endurance), problems, empty=not pregame and not endurance)


def visible_deck(user, deck_id: int) -> SavedDeck:
    """A ready-made deck (anyone may open it) or one of the user's own; anything else is not found."""
    mine = Q(owner=user) if getattr(user, "is_authenticated", False) else Q(pk__in=[])
    return get_object_or_404(SavedDeck.objects.filter(mine | Q(owner__isnull=True)), pk=deck_id)


def deck_cards(deck: SavedDeck) -> dict[str, list[dict]]:
    """The deck's pre-game and Endurance cards, each card once with its count, in type then name order."""
    from cards.selectors import label_for_key, variants_by_slug

    pool, variants = rules.cardpool("highlander"), variants_by_slug()

    def lines(keys: list[str]) -> list[dict]:
        out = []
        for key, count in Counter(keys).items():
            card = pool.get(key)
            name = (card.name or card.title) if card else key
            label = label_for_key(key, name, variants)
            out.append(
                {"key": key, "name": name, "label": label, "count": count, "type": card.type if card else ""}
            )
        return sorted(out, key=lambda line: (line["type"], line["label"]))

    return {"pregame": lines(deck.pregame), "endurance": lines(deck.endurance)}


def free_deck_name(user, name: str) -> str:
    """The name, or "name (2)", "name (3)"... the first one the user's decks do not use yet."""
    taken = set(SavedDeck.objects.filter(owner=user).values_list("name", flat=True))
    candidate, number = name, 1
    while candidate in taken:
        number += 1
        candidate = f"{name[: SavedDeck._meta.get_field('name').max_length - 8]} ({number})"
    return candidate
