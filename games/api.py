"""The duels API. Thin views: validate the shape of the request, call a service, answer.

Every refusal is a 4xx with a `detail` that says what was wrong; nothing is changed by one. A
service's `DuelError` is answered by `games.refusals.api_exception_handler` (no try/except here).
"""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.http import Http404
from django.shortcuts import get_object_or_404
from drf_spectacular.utils import OpenApiParameter, extend_schema, inline_serializer
from rest_framework import serializers, status
from rest_framework.pagination import CursorPagination
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response
from rest_framework.reverse import reverse
from rest_framework.views import APIView

from config.throttling import ScopedThrottle, UserThrottle
from games import api_schema as schema
from games import selectors
from games.action_input import ActionSerializer, first_problem
from games.actions import bots, challenges, clocks, decks, moves
from games.errors import DuelError
from games.models import Duel, Event, Move, SavedDeck


def bad_request(serializer) -> Response:
    # One line per field, naming nested ones too ("actions[0].card: Must be a string.").
    messages = [first_problem({field: errors}) for field, errors in serializer.errors.items()]
    return Response({"detail": "; ".join(messages), "errors": serializer.errors}, status=400)


# Every refusal: {"detail": "..."} (a form's adds "errors", field by field). 409: the duel has moved
# on, or the move was already made; 422: the rules refuse the move.
REFUSALS = {code: schema.Problem for code in (400, 403, 404, 409, 422, 429)}


class GamesAPIView(APIView):
    permission_classes = [IsAuthenticated]
    throttle_classes = [UserThrottle]


def seat_or_403(duel: Duel, user):
    seat = duel.seat_of(user)
    if seat is None:
        raise DuelError("Only the duel's players can see it.", 403)
    return seat


# --- Serializers (request shapes) ---------------------------------------------------------------


class CreateDuelSerializer(serializers.Serializer):
    deck = serializers.IntegerField(help_text="One of your saved decks, or a ready-made one.")
    opponent = serializers.CharField(required=False, allow_blank=True, help_text="A username to challenge.")
    bot = serializers.ChoiceField(choices=["", *bots.BOT_KINDS], required=False, default="")
    days_per_move = serializers.ChoiceField(choices=Duel.DAYS_PER_MOVE_CHOICES, default=3)


class AcceptSerializer(serializers.Serializer):
    deck = serializers.IntegerField()


class MoveSerializer(serializers.Serializer):
    version = serializers.IntegerField(min_value=0)
    actions = serializers.ListField(child=ActionSerializer(), min_length=1, max_length=200)


class ExtendSerializer(serializers.Serializer):
    days = serializers.ChoiceField(choices=Duel.DAYS_PER_MOVE_CHOICES)


class DeckSerializer(serializers.Serializer):
    id = serializers.IntegerField(read_only=True)
    name = serializers.CharField(max_length=80)
    pregame = serializers.ListField(child=serializers.CharField(max_length=80), max_length=20, default=list)
    endurance = serializers.ListField(child=serializers.CharField(max_length=80), max_length=400)
    is_starter = serializers.BooleanField(read_only=True)


def duel_summary(duel: Duel, request) -> dict:
    return {
        "id": duel.pk,
        "url": reverse("games-api:duel-detail", args=[duel.pk], request=request),
        "status": duel.status,
        "seats": selectors.seats_summary(duel),
        "to_move": duel.to_move,
        "version": duel.version,
        "deadline": duel.deadline.isoformat() if duel.deadline else None,
        "days_per_move": duel.days_per_move,
        "winner": duel.winner,
    }


def move_body(move: Move, request) -> dict:
    return {
        "id": move.pk,
        "url": reverse("games-api:move-detail", args=[move.pk], request=request),
        "duel": move.duel_id,
        "seat": move.seat,
        "version": move.version,
        "status": move.status,
        "error": move.error or None,
        "actions": move.actions,
        "created_at": move.created_at.isoformat(),
        "resolved_at": move.resolved_at.isoformat() if move.resolved_at else None,
    }


# --- Views --------------------------------------------------------------------------------------


class DuelListView(GamesAPIView):
    @extend_schema(summary="Your duels", responses={200: schema.DuelList, **REFUSALS})
    def get(self, request):
        duels = list(selectors.duels_of(request.user)[:200])
        selectors.with_listed_seats(duels)
        return Response({"results": [duel_summary(d, request) for d in duels]})

    @extend_schema(
        summary="Challenge a player, post an open challenge, or play a bot",
        request=CreateDuelSerializer,
        responses={201: schema.DuelSummary, **REFUSALS},
    )
    def post(self, request):
        form = CreateDuelSerializer(data=request.data)
        if not form.is_valid():
            return bad_request(form)
        data = form.validated_data
        opponent = None
        if data.get("opponent"):
            opponent = get_user_model().objects.filter(username=data["opponent"]).first()
            if opponent is None:
                raise DuelError(f"No player is called {data['opponent']!r}.")
        deck = decks.usable_deck(request.user, data["deck"])
        duel = challenges.create_duel(
            request.user,
            deck=deck,
            opponent=opponent,
            bot=data["bot"],
            days_per_move=int(data["days_per_move"]),
        )
        return Response(duel_summary(duel, request), status=201)


class AcceptView(GamesAPIView):
    @extend_schema(
        summary="Accept a challenge (or an open challenge) with one of your decks",
        request=AcceptSerializer,
        responses={200: schema.DuelSummary, **REFUSALS},
    )
    def post(self, request, duel_id: int):
        get_object_or_404(Duel, pk=duel_id)
        form = AcceptSerializer(data=request.data)
        if not form.is_valid():
            return bad_request(form)
        deck = decks.usable_deck(request.user, form.validated_data["deck"])
        duel = challenges.accept_duel(request.user, duel_id, deck)
        return Response(duel_summary(duel, request))


class DuelDetailView(GamesAPIView):
    @extend_schema(
        summary="The duel as you may see it, with the legal actions when it is your turn",
        operation_id="duels_detail",
        responses={200: schema.PlayerView, **REFUSALS},
    )
    def get(self, request, duel_id: int):
        duel = selectors.duel_seen_by(duel_id)
        if duel is None:
            raise Http404("No Duel matches the given query.")
        seat = seat_or_403(duel, request.user)
        return Response(selectors.player_view(duel, seat.index))


class MoveCreateView(GamesAPIView):
    # Moves have their own per-user rate (THROTTLE_MOVES); one throttle keeps the hot path short.
    throttle_classes = [ScopedThrottle]
    throttle_scope = "moves"

    @extend_schema(
        summary="Make a move: answers 202 with the move's URL; the worker applies it",
        request=MoveSerializer,
        parameters=[OpenApiParameter("Idempotency-Key", str, OpenApiParameter.HEADER, required=True)],
        responses={202: schema.MoveBody, **REFUSALS},
    )
    def post(self, request, duel_id: int):
        form = MoveSerializer(data=request.data)
        if not form.is_valid():
            return bad_request(form)
        submitted = moves.submit_move(
            request.user,
            duel_id,
            version=form.validated_data["version"],
            actions=form.validated_data["actions"],
            key=request.headers.get("Idempotency-Key", "").strip(),
        )
        body = move_body(submitted.move, request)
        return Response(body, status=status.HTTP_202_ACCEPTED, headers={"Location": body["url"]})


class MoveDetailView(GamesAPIView):
    @extend_schema(
        summary="A move's status: pending, applied or rejected (with the reason)",
        responses={200: schema.MoveBody, **REFUSALS},
    )
    def get(self, request, move_id: int):
        move = selectors.move_seen_by(move_id, request.user.pk)
        if move is None:
            raise Http404("No Move matches the given query.")
        if move.viewers_seat is None:
            raise DuelError("Only the duel's players can see its moves.", 403)
        body = move_body(move, request)
        if move.seat != move.viewers_seat:
            body["actions"] = None  # an opponent's chosen actions may name cards from their hand
        return Response(body)


class EventCursor(CursorPagination):
    ordering = "seq"
    page_size = 50
    max_page_size = 200
    page_size_query_param = "page_size"


class EventListView(GamesAPIView):
    @extend_schema(
        summary="The duel's events as you may see them, oldest first (cursor-paginated)",
        parameters=[
            OpenApiParameter("cursor", str, description="from an answer's next or previous"),
            OpenApiParameter("page_size", int, description=f"at most {EventCursor.max_page_size}"),
        ],
        responses={200: schema.EventPage, **REFUSALS},
    )
    def get(self, request, duel_id: int):
        duel = get_object_or_404(Duel.objects.prefetch_related("seats"), pk=duel_id)
        seat = seat_or_403(duel, request.user)
        paginator = EventCursor()
        page = paginator.paginate_queryset(Event.objects.filter(duel=duel), request, view=self)
        events = selectors.events_for_seat(page, seat.index, selectors.seat_names(duel))
        return paginator.get_paginated_response(events)


class ResignView(GamesAPIView):
    @extend_schema(
        summary="Resign: your opponent wins", request=None, responses={200: schema.DuelSummary, **REFUSALS}
    )
    def post(self, request, duel_id: int):
        get_object_or_404(Duel, pk=duel_id)
        duel = moves.resign(request.user, duel_id)
        return Response(duel_summary(duel, request))


class ExtendView(GamesAPIView):
    @extend_schema(
        summary="Give your opponent more time for their move",
        request=ExtendSerializer,
        responses={200: schema.DuelSummary, **REFUSALS},
    )
    def post(self, request, duel_id: int):
        get_object_or_404(Duel, pk=duel_id)
        form = ExtendSerializer(data=request.data)
        if not form.is_valid():
            return bad_request(form)
        duel = clocks.give_more_time(request.user, duel_id, int(form.validated_data["days"]))
        return Response(duel_summary(duel, request))


class DeckListView(GamesAPIView):
    @extend_schema(
        summary="Your decks and the ready-made ones",
        responses={200: inline_serializer("DeckList", {"results": DeckSerializer(many=True)}), **REFUSALS},
    )
    def get(self, request):
        usable = decks.starter_decks() | SavedDeck.objects.filter(owner=request.user)
        return Response({"results": DeckSerializer(usable, many=True).data})

    @extend_schema(
        summary="Save a deck (refused with the rules' reasons when illegal)",
        request=DeckSerializer,
        responses={201: DeckSerializer, **REFUSALS},
    )
    def post(self, request):
        form = DeckSerializer(data=request.data)
        if not form.is_valid():
            return bad_request(form)
        data = form.validated_data
        deck = decks.save_deck(request.user, data["name"], data["pregame"], data["endurance"])
        return Response(DeckSerializer(deck).data, status=201)
