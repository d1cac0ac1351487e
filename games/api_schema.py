"""The duels API's answers as the OpenAPI schema describes them (drf-spectacular): documentation
only, the views build their answers as plain dicts (games.api, games.selectors). schemathesis
checks every answer against these (tests/test_api_fuzz.py)."""

from __future__ import annotations

from rest_framework import serializers

from config.api_schema import Problem
from games.models import Duel, Move

__all__ = ["Problem"]  # the refusals' schema, with the answers'


class SeatSummary(serializers.Serializer):
    index = serializers.IntegerField()
    player = serializers.CharField(help_text="the player's name, or the bot's")
    bot = serializers.CharField(allow_null=True)


class DuelSummary(serializers.Serializer):
    id = serializers.IntegerField()
    url = serializers.URLField()
    status = serializers.ChoiceField(choices=Duel.Status.choices)
    seats = SeatSummary(many=True)
    to_move = serializers.IntegerField(allow_null=True, help_text="the seat whose move it is")
    version = serializers.IntegerField(help_text="what a move must name to be applied")
    deadline = serializers.DateTimeField(allow_null=True)
    days_per_move = serializers.IntegerField()
    winner = serializers.IntegerField(allow_null=True, help_text="the winning seat")


class DuelList(serializers.Serializer):
    results = DuelSummary(many=True)


class LegalAction(serializers.Serializer):
    type = serializers.CharField()
    label = serializers.CharField(required=False, help_text="what the action does, in words")


class PlayerView(serializers.Serializer):
    id = serializers.IntegerField()
    status = serializers.ChoiceField(choices=Duel.Status.choices)
    version = serializers.IntegerField()
    days_per_move = serializers.IntegerField()
    deadline = serializers.DateTimeField(allow_null=True)
    seats = SeatSummary(many=True)
    your_seat = serializers.IntegerField()
    seed_commitment = serializers.CharField(allow_null=True, help_text="the deal's seed, hashed, before play")
    seed = serializers.CharField(allow_null=True, help_text="the seed itself, once the duel is over")
    result = serializers.ChoiceField(choices=Duel.Result.choices, allow_null=True)
    winner = serializers.IntegerField(allow_null=True)
    legal_actions = LegalAction(many=True, help_text="when it is your move; each is a move's action as is")
    view = serializers.DictField(allow_null=True, help_text="the board as your seat may see it")


class MoveBody(serializers.Serializer):
    id = serializers.IntegerField()
    url = serializers.URLField()
    duel = serializers.IntegerField()
    seat = serializers.IntegerField()
    version = serializers.IntegerField()
    status = serializers.ChoiceField(choices=Move.Status.choices)
    error = serializers.CharField(allow_null=True, help_text="why the move was rejected")
    actions = serializers.ListField(
        child=serializers.DictField(), allow_null=True, help_text="null for the opponent's moves"
    )
    created_at = serializers.DateTimeField()
    resolved_at = serializers.DateTimeField(allow_null=True)


class EventCard(serializers.Serializer):
    id = serializers.CharField(help_text="the card's id in this duel, opaque (it tells nothing of the deal)")
    key = serializers.CharField()


class EventSeen(serializers.Serializer):
    seq = serializers.IntegerField()
    kind = serializers.CharField()
    text = serializers.CharField()
    rule = serializers.CharField(allow_blank=True)
    seat = serializers.IntegerField(allow_null=True)
    cards = EventCard(many=True)
    turn = serializers.IntegerField()


class EventPage(serializers.Serializer):
    next = serializers.URLField(allow_null=True)
    previous = serializers.URLField(allow_null=True)
    results = EventSeen(many=True)
