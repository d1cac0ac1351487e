"""Starting a duel and moving through the Sequence of Play."""

from __future__ import annotations

from . import rng as _rng
from .cards import STANDING_TYPES
from .combat import advance_ptr, reveal_hidden
from .deck import Deck, check_deck
from .effects import arm_discard_to_use
from .errors import IllegalDeck
from .state import LOG_KEEP, TURN_DEFAULTS, Duel, Guarding, Player
from .unexpected import resolve_unexpected
from .zones import draw, leave_play

R_BEGIN = "core/beginning-the-game"
R_GOAL = "core/goal/zero-ability"
R_SWEEP = "core/sequence-of-play/sweep-phase"
R_ABILITY = "core/sequence-of-play/ability-adjustment"
R_TURN_LIMIT = "engine/turn-limit"
START_ABILITY = 15
TURN_LIMIT = 1000  # a safety net: a duel this long is declared a draw


def new_duel(deck_a: Deck, deck_b: Deck, seed: int = 0, rng_version: int = _rng.VERSION) -> Duel:
    """Shuffle, deal a hand of 15 each and roll for the first player.  Raises IllegalDeck.

    Every bit of `seed` keys the randomness: give it at least 128 secret random bits where the
    deal must stay secret. `rng_version` 1 only replays duels dealt before version 2."""
    for seat, deck in enumerate((deck_a, deck_b)):
        problems = check_deck(deck)
        if problems:
            raise IllegalDeck(problems, seat)
    if deck_a.pool != deck_b.pool:
        raise ValueError("both decks must come from the same card pool")
    d = Duel()
    d.pool = deck_a.pool
    d.rng, d.ids = _rng.streams(seed, rng_version)
    d.cards = {}
    d.__dict__["_owned"] = {0, 1, "cards"}
    players = []
    for deck in (deck_a, deck_b):
        ids = []
        for key in deck.pregame + deck.endurance:
            cid = d.new_id()  # random ids: an id says nothing about deck position
            d.cards[cid] = key
            ids.append(cid)
        n = len(deck.pregame)
        players.append(Player(ability=START_ABILITY, pregame=tuple(ids[:n]), endurance=d.shuffle(ids[n:])))
    d.players = tuple(players)
    events: list = []
    d.active = d.roll(6) % 2
    d.emit(
        events,
        "start",
        f"Both players shuffle and draw {START_ABILITY} cards; the die gives the first "
        f"turn to Player {d.active}.",
        R_BEGIN,
        d.active,
    )
    for seat in (0, 1):
        draw(d, seat, START_ABILITY, events, setup=True)
    resolve_unexpected(d, events)
    start_turn(d, events)
    from .engine import settle

    settle(d, events)
    d.log = tuple(events[-LOG_KEEP:])
    d.__dict__.pop("_owned", None)
    return d


def start_turn(d, events):
    """'At the beginning of your next turn, you discard any cards still in play that normally
    do not remain in play.'"""
    seat = d.active
    d.phase = "sweep"
    swept = [c for c in d.players[seat].in_play if d.card(c).type not in STANDING_TYPES]
    for cid in swept:
        leave_play(d, seat, cid, events)
    if swept:
        d.emit(
            events,
            "sweep",
            f"Player {seat} sweeps {', '.join(d.name(c) for c in swept)}.",
            R_SWEEP,
            seat,
            tuple(swept),
        )


def enter_defense(d, events):
    d.phase = "defense"
    d.t_locked = False
    p = d.players[d.active]
    guards = [c for c in p.in_play if d.card(c).type == "guard"]
    # "You can leave it in play and block with it again next turn!"
    d.defenses = (Guarding(guards[-1], 0, False, True, False),) if guards else ()
    d.revealed = False
    advance_ptr(d, 0)
    if d.ptr >= len(d.incoming):
        reveal_hidden(d, events)


def enter_attack(d, events):
    """'When a player begins their Attack Phase at zero Ability, their opponent wins the game.'"""
    seat = d.active
    if d.players[seat].ability <= 0:
        d.winner, d.reason, d.phase = 1 - seat, "zero ability", "over"
        d.emit(
            events,
            "win",
            f"Player {seat} begins the Attack Phase at zero Ability: Player {1 - seat} wins.",
            R_GOAL,
            1 - seat,
        )
        return
    d.phase = "attack"
    d.t_locked = False


def ability_adjustment(d, events):
    """'If a card lowers your Ability, or you have pending damage, make that adjustment now.'"""
    seat = d.active
    p = d.players[seat]
    loss = p.pending_damage + 5 * p.exhaustions + p.pending_loss
    if loss:
        p = d.edit(seat)
        parts = []
        if p.pending_damage:
            parts.append(f"{p.pending_damage} damage")
        if p.pending_loss:
            parts.append(f"{p.pending_loss} lost (not damage)")
        if p.exhaustions:
            parts.append(f"{5 * p.exhaustions} for exhaustion")
        rule = "core/exhaustion" if loss == 5 * p.exhaustions else R_ABILITY
        p.ability = max(0, p.ability - loss)
        p.pending_damage = 0
        p.pending_loss = 0
        p.exhaustions = 0
        d.emit(
            events,
            "ability",
            f"Player {seat} loses {loss} Ability ({', '.join(parts)}): now {p.ability}.",
            rule,
            seat,
        )
    d.phase = "draw"


def end_turn(d, events):
    seat = d.active
    resolve_unexpected(d, events)
    arm_discard_to_use(d, seat)
    if d.players[seat].hidden_right:
        d.edit(seat).hidden_right = False  # the right lasts for one turn only
    d.incoming, d.outgoing = d.outgoing, ()
    d.defenses, d.ptr, d.revealed, d.owed = (), 0, False, ()
    d.__dict__.update(TURN_DEFAULTS)
    d.turn += 1
    d.active = 1 - seat
    if d.turn > TURN_LIMIT:
        d.winner, d.reason, d.phase = None, "turn limit", "over"
        d.emit(
            events, "draw-game", f"The duel reaches {TURN_LIMIT} turns and is declared a draw.", R_TURN_LIMIT
        )
        return
    start_turn(d, events)
