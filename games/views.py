"""Duel pages: lobby, new duel, board, replay, decks, profile. Usable without JavaScript;
htmx refreshes the board when the opponent moves and posts moves without a full reload."""

from __future__ import annotations

import json
import uuid

from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_POST
from rest_framework.exceptions import ValidationError

from config.hardening import loads_limited
from config.throttling import throttle_view
from games import boards, forms, lines, replay, selectors
from games.action_input import clean_action, first_problem
from games.actions import challenges, clocks, moves, notifications, players
from games.actions.decks import decks_to_offer, save_deck, starter_decks, usable_deck
from games.errors import DuelError
from games.models import Duel, Notification, SavedDeck
from games.refusals import refusal_on, shown_as_message


def signup(request):
    form = forms.SignupForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        players.profile_for(user)
        messages.success(
            request, f"Welcome, {user.get_username()}. Start a duel against a bot to learn the ropes."
        )
        return redirect("games:lobby")
    return render(request, "registration/signup.html", {"form": form}, status=400 if form.errors else 200)


def lobby(request):
    # Challengers and the deck choices are read once, not once per listed challenge; the
    # selectors' lists leave each duel's rules state unread.
    context = selectors.lobby_lists(request.user)
    context.update(
        open_challenges=lines.challenge_lines(context["open_challenges"]),
        challenges=lines.challenge_lines(context.get("challenges", [])),
        your_turn=lines.duel_lines(context.get("your_turn", [])),
        my_duels=lines.duel_lines(context.get("my_duels", [])),
    )
    # Only an accept form offers decks: a signed-in player's, beside a challenge.
    if request.user.is_authenticated and (context["open_challenges"] or context["challenges"]):
        context["deck_options"] = lines.deck_options(*decks_to_offer(request.user))
    return render(request, "games/lobby.html", context)


@login_required
def new_duel(request):
    starter_decks()  # the form's deck list offers them
    form = forms.NewDuelForm(request.user, request.POST or None)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        with refusal_on(form):
            duel = challenges.create_duel(
                request.user,
                deck=data["deck"],
                opponent=data["opponent_user"],
                bot=data["bot"],
                days_per_move=int(data["days_per_move"]),
            )
            if duel.status == Duel.Status.ACTIVE:
                return redirect(duel)
            messages.success(request, "Challenge posted.")
            return redirect("games:lobby")
    return render(request, "games/new_duel.html", {"form": form}, status=400 if form.errors else 200)


def _to_lobby(request, *args, **kwargs):
    return redirect("games:lobby")


def _to_board(request, duel_id: int):
    return redirect("games:board", duel_id)


def _answer_with_board(request, duel_id: int):
    """After a move form: htmx swaps in the new board; without JavaScript, back to the board page."""
    if request.htmx:
        return render(request, "games/_board.html", _board_context(_player_board(request, duel_id)))
    return _to_board(request, duel_id)


@login_required
@require_POST
@shown_as_message(then=_to_lobby)
def accept(request, duel_id: int):
    deck = request.POST.get("deck")
    challenges.accept_duel(request.user, duel_id, usable_deck(request.user, deck))
    return redirect("games:board", duel_id)


@login_required
@require_POST
@shown_as_message(then=_to_lobby)
def decline(request, duel_id: int):
    challenges.decline_duel(request.user, duel_id)
    return redirect("games:lobby")


def _board_context(board: boards.Board) -> dict:
    from cards.selectors import catalogue_names

    duel, seat_index = board.duel, board.seat_index
    data = selectors.player_view(duel, seat_index)
    actions = [
        {
            "json": json.dumps(action, separators=(",", ":")),
            "label": action.get("label") or action["type"],
            **action,
        }
        for action in data["legal_actions"]
    ]
    return {
        "duel": duel,
        "data": data,
        "view": data["view"],
        "actions": actions,
        "pending": board.pending,
        "last_refusal": board.last_refusal,
        "events": board.events(),
        "opponent": duel.seat_at(1 - seat_index),
        "me": duel.seat_at(seat_index),
        "idempotency_key": uuid.uuid4().hex,
        "discard_choice": selectors.discard_choice(data),
        # read once for every card the board names
        "catalogue_names": catalogue_names(board.catalogue_stamp),
    }


def _not_a_player() -> Http404:
    return Http404("Only the duel's players can see its board.")


def _player_duel(request, duel_id: int):
    duel = selectors.duel_seen_by(duel_id)
    seat = None if duel is None else duel.seat_of(request.user)
    if seat is None:
        raise _not_a_player()
    return duel, seat


def _player_board(request, duel_id: int) -> boards.Board:
    board = boards.board_seen_by(duel_id, request.user.pk)
    if board is None or board.seat_index is None:
        raise _not_a_player()
    return board


@login_required
def board(request, duel_id: int):
    context = _board_context(_player_board(request, duel_id))
    template = "games/_board.html" if request.htmx else "games/board.html"
    return render(request, template, context)


@login_required
def board_fragment(request, duel_id: int):
    """htmx polling: 204 (nothing to swap) while the duel has not changed since `since`."""
    board = _player_board(request, duel_id)
    unchanged = request.GET.get("since") == str(board.duel.version)
    if unchanged and request.GET.get("pending") != "1" and not board.pending:
        return HttpResponse(status=204)
    return render(request, "games/_board.html", _board_context(board))


@login_required
@require_POST
@throttle_view("moves", "moves")  # the API's move limit, shared: the form is no way around it
@shown_as_message(then=_answer_with_board)
def move(request, duel_id: int):
    _player_duel(request, duel_id)  # a stranger is answered 404 before anything is read of the form
    try:
        version = int(request.POST.get("version", ""))
        action = clean_action(loads_limited(request.POST.get("action", "")))
    except (ValueError, TypeError):
        raise DuelError("The move form was incomplete; reload the board and try again.") from None
    except ValidationError as exc:
        # Only a forged form gets here: the board's buttons post legal actions.
        messages.error(request, f"The move form's action is malformed: {first_problem(exc.detail)}")
        template = "games/_board.html" if request.htmx else "games/board.html"
        return render(request, template, _board_context(_player_board(request, duel_id)), status=400)
    moves.submit_move(
        request.user, duel_id, version=version, actions=[action], key=request.POST.get("key", "")
    )
    return _answer_with_board(request, duel_id)


@login_required
@require_POST
@throttle_view("moves", "moves")
@shown_as_message(then=_answer_with_board)
def discard(request, duel_id: int):
    """The board's multi-select discard: the checked hand cards, as one move of discards."""
    _player_duel(request, duel_id)
    try:
        version = int(request.POST.get("version", ""))
    except ValueError:
        raise DuelError("The discard form was incomplete; reload the board and try again.") from None
    cards = request.POST.getlist("card")
    if any(len(card) > 64 for card in cards) or len(cards) > moves.MAX_ACTIONS_PER_MOVE:
        raise DuelError("The discard form names cards that are not in your hand.")
    moves.discard_down(request.user, duel_id, version=version, cards=cards, key=request.POST.get("key", ""))
    return _answer_with_board(request, duel_id)


@login_required
@require_POST
@shown_as_message(then=_to_board)
def resign(request, duel_id: int):
    moves.resign(request.user, duel_id)
    messages.success(request, "You resigned.")
    return redirect("games:board", duel_id)


@login_required
@require_POST
@shown_as_message(then=_to_board)
def extend(request, duel_id: int):
    try:
        days = int(request.POST.get("days", "0"))
    except ValueError:
        raise DuelError("Choose 1, 3, 7 or 14 days.") from None
    clocks.give_more_time(request.user, duel_id, days)
    messages.success(request, "Your opponent has more time.")
    return redirect("games:board", duel_id)


def replay_page(request, duel_id: int):
    duel = get_object_or_404(Duel.objects.prefetch_related("seats__user"), pk=duel_id)
    if duel.status != Duel.Status.FINISHED:
        raise Http404("A replay is shown once the duel is over.")
    winner = duel.seat_at(duel.winner) if duel.winner is not None else None
    raw_step = request.GET.get("step", "0")
    if not (raw_step.isascii() and raw_step.isdigit()) or len(raw_step) > 6:
        return HttpResponse("'step' must be a whole number (0 is the deal).", status=400)
    replayed = replay.check_and_replay(duel, step=int(raw_step))
    state, names = replayed.position, selectors.seat_names(duel)
    sides = [
        {"name": names[seat], "seat": seat, **state.view(seat)["you"]} for seat in (0, 1)
    ]  # the duel is over: each side with its own hand
    attacker = 1 - state.active
    context = {
        "duel": duel,
        "winner": winner,
        "replay": replayed,
        "sides": sides,
        "position": state.view(attacker),  # the attacker's view shows its attacks face up
        "current": replayed.steps[replayed.step],
        "last_step": len(replayed.steps) - 1,
    }
    return render(request, "games/replay.html", context)


def _deck_check(data) -> selectors.DeckCheck:
    """The running count and the rules' verdict on the deck a builder form holds."""
    pregame, endurance, errors = forms.parse_deck_list(forms.deck_text(data))
    return selectors.check_deck_lists(pregame, endurance, errors)


@login_required
def decks(request):
    form = forms.DeckPasteForm(request.POST or None)
    # Without JavaScript, submitting is how the count and the rules' problems are shown.
    check = _deck_check(request.POST) if request.method == "POST" else None
    if request.method == "POST" and form.is_valid():
        with refusal_on(form):
            deck = save_deck(
                request.user,
                form.cleaned_data["name"],
                form.cleaned_data["pregame"],
                form.cleaned_data["endurance"],
            )
            messages.success(request, f"Deck {deck.name!r} saved: it is legal.")
            return redirect("games:decks")
    context = {
        "form": form,
        "check": check or _deck_check({}),
        "posted": request.POST,
        "mine": SavedDeck.objects.filter(owner=request.user),
        "starters": starter_decks(),
        "pool": [
            # a refused deck comes back as it was built
            {
                **card,
                "copies": request.POST.get(f"n_{card['key']}", ""),
                "ticked": f"pg_{card['key']}" in request.POST,
            }
            for card in forms.pool_choices()
        ],
    }
    return render(request, "games/decks.html", context, status=400 if form.errors else 200)


@login_required
@require_POST
def deck_check(request):
    """htmx, on every change in the builder: the count and the rules' problems, nothing saved."""
    return render(request, "games/_deck_check.html", {"check": _deck_check(request.POST)})


def deck_detail(request, deck_id: int):
    deck = selectors.visible_deck(request.user, deck_id)
    context = {
        "deck": deck,
        "cards": selectors.deck_cards(deck),
        "check": selectors.check_deck_lists(deck.pregame, deck.endurance),
    }
    return render(request, "games/deck.html", context)


def _to_deck(request, deck_id: int):
    return redirect("games:deck", deck_id)


@login_required
@require_POST
@shown_as_message(then=_to_deck)
def deck_copy(request, deck_id: int):
    """One click: the deck (a ready-made one, or one of yours) saved again among your decks."""
    deck = selectors.visible_deck(request.user, deck_id)
    copy = save_deck(
        request.user, selectors.free_deck_name(request.user, deck.name), deck.pregame, deck.endurance
    )
    messages.success(request, f"{deck.name!r} copied into your decks as {copy.name!r}.")
    return redirect("games:deck", copy.pk)


@login_required
def profile(request):
    profile = players.profile_for(request.user)
    form = forms.ProfileForm(request.POST or None, instance=profile)
    vacation = forms.VacationForm(request.POST or None, prefix="vacation")
    if request.method == "POST":
        if "vacation-days" in request.POST and vacation.is_valid():
            with refusal_on(vacation, "days"):
                clocks.take_vacation(request.user, vacation.cleaned_data["days"])
                messages.success(request, "Vacation started: your clocks are paused.")
                return redirect("games:profile")
        elif "vacation-days" not in request.POST and form.is_valid():
            form.save()
            messages.success(request, "Notification preferences saved.")
            return redirect("games:profile")
    return render(request, "games/profile.html", {"form": form, "vacation": vacation, "profile": profile})


@login_required
def notification_list(request):
    page = Paginator(Notification.objects.filter(user=request.user).select_related("duel"), 30).get_page(
        request.GET.get("page")
    )
    return render(request, "games/notifications.html", {"page": page})


def _to_notifications(request, *args, **kwargs):
    return redirect("games:notifications")


@login_required
@require_POST
@shown_as_message(then=_to_notifications)
def mark_read(request):
    """Mark one notification read (`note`), or all of them (no `note`)."""
    raw = request.POST.get("note", "")
    if raw and not (raw.isascii() and raw.isdigit() and len(raw) < 19):
        raise DuelError(f"'note' must be a notification's number, not {raw[:40]!r}.")
    notifications.mark_read(request.user, int(raw) if raw else None)
    return redirect("games:notifications")


def _unsubscribe_refused(request, token: str):
    return render(request, "games/unsubscribe.html", {"about": None}, status=400)


@csrf_exempt  # mail programs post the one-click unsubscribe (RFC 8058) with no session: the token is the proof
@shown_as_message(then=_unsubscribe_refused)
def unsubscribe(request, token: str):
    """The e-mail's link (a GET) asks, one button turns that kind of e-mail off; the mail
    program's one-click POST (RFC 8058) turns it off at once. A GET never changes anything:
    link scanners of mail services open every link."""
    if request.method == "GET":
        about = notifications.unsubscribe_about(token)
        return render(request, "games/unsubscribe.html", {"about": about, "asking": True})
    if request.method != "POST":
        raise DuelError("Open the link from the e-mail.")
    about = notifications.unsubscribe(token)
    return render(request, "games/unsubscribe.html", {"about": about})
