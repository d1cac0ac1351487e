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


class DuelFacts(serializers.Serializer):
    """What every answer about a duel says of it: its summary in a list, the board as a seat sees it."""

    id = serializers.IntegerField()
    status = serializers.ChoiceField(choices=Duel.Status.choices)
    seats = SeatSummary(many=True)
    version = serializers.IntegerField(help_text="what a move must name to be applied")
    deadline = serializers.DateTimeField(allow_null=True)
    days_per_move = serializers.IntegerField()
    winner = serializers.IntegerField(allow_null=True, help_text="the winning seat")


class DuelSummary(DuelFacts):
    url = serializers.URLField()
    to_move = serializers.IntegerField(allow_null=True, help_text="the seat whose move it is")


class DuelList(serializers.Serializer):
    results = DuelSummary(many=True)


class LegalAction(serializers.Serializer):
    type = serializers.CharField()
    label = serializers.CharField(required=False, help_text="what the action does, in words")


class EventCard(serializers.Serializer):
    id = serializers.CharField(help_text="the card's id in this duel, opaque (it tells nothing of the deal)")
    key = serializers.CharField()


class BoardCard(EventCard):
    name = serializers.CharField()


class BoardCardPlaced(serializers.Serializer):
    """A card on the table: shown, face down (its owner sees which), or only its place (hidden)."""

    id = serializers.CharField(required=False)
    key = serializers.CharField(required=False)
    name = serializers.CharField(required=False)
    face_down = serializers.BooleanField(required=False)
    hidden = serializers.BooleanField(
        required=False, help_text="the opponent's face-down card: nothing of it"
    )


class LastDefense(BoardCard):
    this_turn = serializers.BooleanField()


class UnderCards(serializers.Serializer):
    count = serializers.IntegerField()
    cards = BoardCard(many=True, allow_null=True, help_text="only to their owner")


class Side(serializers.Serializer):
    """One seat's side of the table: the opponent's hand is a count, never its cards."""

    seat = serializers.IntegerField()
    ability = serializers.IntegerField()
    hand_count = serializers.IntegerField()
    hand = BoardCard(many=True, required=False, help_text="your side only")
    endurance_count = serializers.IntegerField()
    discard = BoardCard(many=True)
    in_play = BoardCardPlaced(many=True)
    pregame = BoardCardPlaced(many=True)
    active_place = BoardCard(allow_null=True)
    declared_persona = BoardCard(allow_null=True)
    removed = BoardCard(many=True)
    pending_damage = serializers.IntegerField()
    pending_exhaustions = serializers.IntegerField()
    prone = serializers.BooleanField()
    disarmed = serializers.BooleanField()
    weapon_broken = serializers.BooleanField()
    may_hide_next_attack = serializers.BooleanField()
    must_do = serializers.ListField(
        child=serializers.CharField(), help_text="'Must Do' effects left for the sweep"
    )
    ready_to_use = BoardCard(many=True)
    pending_ability_loss = serializers.IntegerField()
    last_defense = LastDefense(allow_null=True)
    under_opponents_card = UnderCards()


class Strike(serializers.Serializer):
    """An attack on the table: shown, face down to the defender (hidden: its kind alone), or gone."""

    index = serializers.IntegerField()
    hidden = serializers.BooleanField()
    gone = serializers.BooleanField(required=False, help_text="countered and shuffled away")
    kind = serializers.CharField()
    power_blow = serializers.BooleanField()
    face_down = serializers.BooleanField(required=False)
    id = serializers.CharField(required=False)
    key = serializers.CharField(required=False)
    title = serializers.CharField(required=False)
    name = serializers.CharField(required=False)
    grid = serializers.CharField(required=False)
    areas = serializers.CharField(required=False)
    head_shot = serializers.BooleanField(required=False)
    ranged = serializers.BooleanField(required=False)
    technique = serializers.CharField(required=False, allow_null=True)
    extras = BoardCard(many=True)
    was_hidden = serializers.BooleanField()
    settled = serializers.CharField(allow_null=True)
    defended_by = BoardCard(required=False, allow_null=True, help_text="attacks awaiting defense only")
    covered = serializers.BooleanField(required=False)


class Defense(BoardCard):
    start = serializers.IntegerField()
    power_block = serializers.BooleanField()
    standing = serializers.BooleanField()
    from_exertion = serializers.BooleanField()


class LastBlock(serializers.Serializer):
    seat = serializers.IntegerField()
    card = BoardCard(allow_null=True)
    closed_areas = serializers.CharField()
    closed_mask = serializers.IntegerField()


class Exertion(serializers.Serializer):
    seat = serializers.IntegerField()
    purpose = serializers.CharField()
    count = serializers.IntegerField()
    cards = BoardCard(
        many=True, allow_null=True, help_text="null when the exertion is private to the other seat"
    )


class Reaction(serializers.Serializer):
    """An open window for a reaction (or the Mysterious Technique choice)."""

    seat = serializers.IntegerField(help_text="the seat that may respond")
    active = serializers.IntegerField()
    trigger = serializers.CharField()
    index = serializers.IntegerField(allow_null=True)
    card = BoardCard(allow_null=True)
    text = serializers.CharField()
    power_blow = serializers.BooleanField(required=False)
    head_shot = serializers.BooleanField(required=False)
    hidden = serializers.BooleanField(required=False)
    extras = BoardCard(many=True, required=False)


class TurnState(serializers.Serializer):
    attacks_played = serializers.IntegerField()
    attack_opportunities = serializers.IntegerField()
    special_played = serializers.BooleanField()
    combat_trick_played = serializers.BooleanField()
    exerted = serializers.BooleanField()
    power_blow_made = serializers.BooleanField()
    played_non_edge = serializers.BooleanField()


class BoardEvent(serializers.Serializer):
    kind = serializers.CharField()
    text = serializers.CharField()
    rule = serializers.CharField(allow_blank=True)
    seat = serializers.IntegerField(allow_null=True)
    cards = EventCard(many=True)
    turn = serializers.IntegerField()


class BoardView(serializers.Serializer):
    """The board as one seat may see it (rules.view): what the other seat holds is counts."""

    turn = serializers.IntegerField()
    phase = serializers.CharField()
    to_move = serializers.IntegerField(allow_null=True)
    reaction = Reaction(allow_null=True)
    winner = serializers.IntegerField(allow_null=True)
    result = serializers.CharField(allow_null=True)
    seat = serializers.IntegerField()
    you = Side()
    opponent = Side()
    attacks_awaiting_defense = Strike(many=True)
    next_attack_to_answer = serializers.IntegerField(allow_null=True)
    attacks_this_turn = Strike(many=True)
    defenses_this_turn = Defense(many=True)
    last_block = LastBlock()
    exertion = Exertion(allow_null=True)
    turn_state = TurnState()
    recent_events = BoardEvent(many=True)


class PlayerView(DuelFacts):
    your_seat = serializers.IntegerField()
    seed_commitment = serializers.CharField(allow_null=True, help_text="the deal's seed, hashed, before play")
    seed = serializers.CharField(allow_null=True, help_text="the seed itself, once the duel is over")
    result = serializers.ChoiceField(choices=Duel.Result.choices, allow_null=True)
    legal_actions = LegalAction(many=True, help_text="when it is your move; each is a move's action as is")
    view = BoardView(allow_null=True, help_text="the board as your seat may see it")


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


class EventSeen(BoardEvent):
    """An event of the duel's log (the board's recent events are the same, without their place)."""

    seq = serializers.IntegerField()


class EventPage(serializers.Serializer):
    next = serializers.URLField(allow_null=True)
    previous = serializers.URLField(allow_null=True)
    results = EventSeen(many=True)
