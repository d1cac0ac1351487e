"""Decks, deck-construction checking and the starter decks."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from .cards import POOL_VERSION, cardpool

# Rule ids used in problems (and the sentence of the rulebook each stands for).
R_MIN = "core/minimum-endurance-size"  # "You must begin the game with an Endurance of at least 50 cards."
R_TITLE = "core/card-anatomy/title"  # "Your deck may contain only 6 cards of the same title."
R_RESTRICT = "core/card-anatomy/restriction-number"
R_BASIC_ATT = "core/constructing/basic-attacks"
R_BASIC_BLK = "core/constructing/basic-blocks"
R_PREGAME = "core/constructing/pre-game-cards"
R_PERSONA = "core/constructing/persona-cards"
R_GENERIC = "core/constructing/generic-persona"
R_RESERVED = "core/card-anatomy/reserved-signature"
R_MASTER = "core/constructing/master-cards"
R_WEAPON = "core/card-anatomy/weapon-specific"
R_KERSHNER = "mle-errata/hans-kershner"
R_ONE_WEAPON = "core/advanced/weapons-of-choice"
R_FACTION = "mle/faction-personas"
R_MA = "mle/martial-arts"
R_PLACE = "mle/places"
R_DARIUS = "mle-errata/darius"
R_BORROW = "mle-clarifications/ramirez-persona"
R_ASHE = "mle-faq/graham-ashe"
R_DUAL = "mle/dual-cards"
R_UNPLAYABLE = "engine/not-playable"


@dataclass(frozen=True)
class Deck:
    pregame: tuple = ()
    endurance: tuple = ()
    name: str = ""
    pool: str = "highlander"

    def __post_init__(self):
        object.__setattr__(self, "pregame", tuple(self.pregame))
        object.__setattr__(self, "endurance", tuple(self.endurance))

    def to_json(self) -> dict:
        return {
            "name": self.name,
            "pool": self.pool,
            "pregame": list(self.pregame),
            "endurance": list(self.endurance),
        }

    @classmethod
    def from_json(cls, data: dict) -> Deck:
        return cls(
            pregame=data.get("pregame", ()),
            endurance=data.get("endurance", ()),
            name=data.get("name", ""),
            pool=data.get("pool", "highlander"),
        )


_CHECKED: dict = {}


def check_deck(deck: Deck) -> list[str]:
    """[] when the deck is legal, else one readable sentence per problem, citing the rule."""
    memo = (deck.pool, deck.pregame, deck.endurance, POOL_VERSION[0])
    if memo not in _CHECKED:
        if len(_CHECKED) > 256:
            _CHECKED.clear()
        _CHECKED[memo] = tuple(_check(deck))
    return list(_CHECKED[memo])


def _check(deck: Deck) -> list[str]:
    pool = cardpool(deck.pool)
    problems: list[str] = []
    unknown = sorted({k for k in deck.pregame + deck.endurance if k not in pool})
    if unknown:
        return [f"Unknown card key(s): {', '.join(unknown)}."]
    pre = [pool[k] for k in deck.pregame]
    end = [pool[k] for k in deck.endurance]

    for card in end:
        if card.pregame:
            problems.append(
                f"{card.name} is a Pre-Game card and cannot be in the Endurance "
                f'("They do not count toward the total number of cards in your Endurance.") [{R_PREGAME}]'
            )
    for card in pre:
        if not card.pregame:
            problems.append(f"{card.name} is not a Pre-Game card. [{R_PREGAME}]")
    end = [c for c in end if not c.pregame]
    pre = [c for c in pre if c.pregame]

    if len(end) < 50:
        problems.append(
            f'The Endurance has {len(end)} cards; "You must begin the game with an '
            f'Endurance of at least 50 cards." [{R_MIN}]'
        )
    titles = Counter(c.title for c in end)
    for title, n in sorted(titles.items()):
        if n > 6:
            problems.append(
                f'{n} cards titled {title}; "Your deck may contain only 6 cards of the '
                f'same title." [{R_TITLE}]'
            )
    keys = Counter(c.key for c in end)
    for key, n in sorted(keys.items()):
        card = pool[key]
        if card.restriction is not None and n > card.restriction:
            problems.append(
                f'{n} copies of {card.name}, restricted to {card.restriction}; "Your '
                f"Endurance may only contain as many of that card as the Restriction "
                f'Number." [{R_RESTRICT}]'
            )
    for ctype, rule, label in (
        ("attack", R_BASIC_ATT, "Basic Attacks"),
        ("block", R_BASIC_BLK, "Basic Blocks"),
    ):
        missing = [c.name for c in pool.values() if c.basic and c.type == ctype and keys[c.key] == 0]
        if missing:
            problems.append(
                f"Missing {', '.join(missing)}: you are required to include at least one "
                f"each of the {label}. [{rule}]"
            )

    problems += _check_pregame_and_identity(pre, end, keys)
    return problems


def _check_pregame_and_identity(pre, end, keys) -> list[str]:
    problems = []
    factions = [c for c in pre if c.type == "faction-persona"]
    personas = [c for c in pre if c.type == "persona"]
    members: set[str] = set()
    if factions:
        if len(factions) > 1:
            problems.append(f"Only one Faction Persona may be used. [{R_FACTION}]")
        faction = factions[0]
        members = set(faction.members)
        chosen = [p for p in personas if p.persona in members]
        if len(chosen) != 2 or len(personas) != 2:
            problems.append(
                f"{faction.name} must be played with exactly two of its member Personas "
                f"({', '.join(faction.members)}) as Pre-Game cards. [{R_FACTION}]"
            )
        slots = len(pre) - len(chosen)  # the two members and the faction form one Persona
        problems += _component_pregames(pre, faction)
        identity = {faction.persona, *faction.counts_as, *members}
        own_signature = {faction.persona, *faction.counts_as}
        master_limit = faction.master_limit or 0
        persona = faction
    else:
        slots = len(pre)
        persona, others, found = _main_persona(personas)
        problems += found
        # "Only a Persona whose name or Faction name appears in the title box may include that card":
        # a Persona's `counts_as` names its Factions, whose Reserved and Signature cards stay theirs;
        # a Persona in its own right naming two Immortals (Michael Moore / Quentin Barnes) is both.
        identity = {persona.persona, *persona.counts_as} if persona else set()
        own_signature = {persona.persona} if persona else set()
        if persona is not None and persona.has("names-two-immortals"):
            own_signature = set(identity)
        master_limit = (persona.master_limit or 0) if persona else 0
        lenders = {p.persona for p in others}

    if slots > 6:
        problems.append(f'{slots} Pre-Game slots used; "You may only use six Pre-Game cards." [{R_PREGAME}]')
    dupes = sorted(k for k, n in Counter(c.key for c in pre).items() if n > 1)
    if dupes:
        problems.append(
            f'Duplicate Pre-Game card(s) {", ".join(dupes)}; "you cannot use more than one '
            f'of any Pre-Game card." [{R_PREGAME}]'
        )

    if not factions:
        problems += _borrowed_cards(persona, lenders, end)
        identity |= _borrowed_identities(persona, lenders, end)
    seen_generic = set()
    for card in end:
        if card.persona is None:
            continue
        if persona is None:
            if card.reserved or card.signature:
                problems.append(
                    f"{card.name} is {'Signature' if card.signature else 'Reserved'} to "
                    f"{card.persona}; a Generic Persona may use none of their Reserved or "
                    f"Signature Cards. [{R_GENERIC}]"
                )
            elif keys[card.key] > 1 and card.key not in seen_generic:
                seen_generic.add(card.key)
                problems.append(
                    f'{keys[card.key]} copies of {card.name}; a Generic Persona "may only use '
                    f'one of each Persona Specific Card". [{R_GENERIC}]'
                )
        elif card.persona not in identity and card.dual_with not in identity:
            problems.append(
                f'{card.name} is specific to {card.persona}; "If you play with a Persona, '
                f'you may only include Persona Specific Cards for that Persona." [{R_PERSONA}]'
            )
        elif (
            not factions
            and (card.reserved or card.signature)
            and card.persona in persona.counts_as
            and card.persona not in own_signature
        ):
            problems.append(
                f"{card.name} is {'Signature' if card.signature else 'Reserved'} to {card.persona}, your "
                f"Faction; \"Reserved cards cannot be included in your deck unless your Persona's name "
                f'appears in the Sub-Title." [{R_RESERVED}]'
            )
        elif card.signature and card.persona not in own_signature and card.dual_with not in own_signature:
            problems.append(
                f"{card.name} is a Signature card of {card.persona}, a component of the "
                f"faction; signature cards of component personas are not allowed. [{R_FACTION}]"
            )
    for card in end:
        if (card.reserved or card.signature) and card.persona is None:
            problems.append(f"{card.name} is reserved but names no persona. [{R_RESERVED}]")

    masters = sum(1 for c in end if c.is_master)
    if masters > master_limit:
        if persona is None:
            problems.append(
                f'{masters} Master card(s); "You cannot include Master Cards in your '
                f'Endurance if you do not use a Persona Card." [{R_MASTER}]'
            )
        else:
            problems.append(
                f"{masters} Master cards; {persona.name} allows up to {master_limit}. [{R_MASTER}]"
            )

    weapons = {c.weapon or c.title for c in pre if c.type == "weapon"}
    chosen = sorted(c.name for c in pre if c.type == "weapon")
    if len(chosen) > 1:
        problems.append(
            f'{len(chosen)} Weapons of Choice ({", ".join(chosen)}); "Normally, you may utilize only one '
            f'Weapon of Choice." [{R_ONE_WEAPON}]'
        )
    kershners = sum(1 for c in end if c.has("extra-weapon-card"))
    if kershners and not weapons:
        problems.append(f"Hans Kershner needs a Weapon Of Choice pre-game card. [{R_KERSHNER}]")
    foreign = [
        c for c in end if c.weapon is not None and c.weapon not in weapons and c.dual_with not in weapons
    ]
    if weapons and kershners and foreign:
        odd = sorted({c.name for c in foreign if not _kershner_pairs_with(c)})
        if odd:
            problems.append(
                f"{', '.join(odd)}: Hans Kershner is played here only with an attack of another Weapon of "
                f"Choice or an Edge played with a Thrust; the engine cannot yet pair it with these. "
                f"[{R_KERSHNER}]"
            )
        if len(foreign) > kershners:
            problems.append(
                f"{len(foreign)} card(s) for other Weapons of Choice but only {kershners} "
                f"Hans Kershner. [{R_KERSHNER}]"
            )
    else:
        for key in sorted({c.key for c in foreign}):
            card = next(c for c in foreign if c.key == key)
            problems.append(
                f'{card.name} is specific to the {card.weapon}; "Weapon Specific Cards '
                f"cannot be included in your deck ... unless you are using the proper "
                f'Weapon of Choice." [{R_WEAPON}]'
            )

    if not any(c.type == "martial-arts" for c in pre):
        ma = sorted({c.name for c in end if c.has("martial-arts")})
        if ma:
            problems.append(
                f'{", ".join(ma)}: "You must have at least one MA card attached to your deck '
                f'in order to use any IG card that has MA in its sub-title." [{R_MA}]'
            )
    problems += _unplayable(pre, end)
    places = {c.place or c.title for c in pre if c.type == "place"}
    for name in sorted({c.name for c in end if c.place is not None and c.place not in places}):
        problems.append(f"{name} is specific to a Place you do not have in a pre-game slot. [{R_PLACE}]")
    return problems


# ---- the MLE supplement: Darius, combination pre-games, borrowing personas, refusals ----


def _main_persona(personas):
    """(the Persona, the other Persona cards it allows as pre-games, problems).

    Darius: "You must start with these two Personas cards as pre-games, but they serve only as a
    reminder"; a Combination Pre-Game "may be played as an additional PreGame in conjunction with a
    Persona Pre-Game card"."""
    if len(personas) <= 1:
        return (personas[0] if personas else None), [], []
    problems = []
    darius = [p for p in personas if p.has("reserved-from-two-personas")]
    combos = [p for p in personas if p.has("combination-pre-game")]
    if darius:
        persona = darius[0]
        others = [p for p in personas if p is not persona]
        small = [p for p in others if (p.master_limit or 0) < 6]
        if len(others) != 2 or len(small) != 2:
            problems.append(
                f"{persona.name} plays with exactly two other Persona cards as pre-games, each a Persona "
                f'"allowed less than 6 Master cards"; found {", ".join(p.name for p in others) or "none"}. '
                f"[{R_DARIUS}]"
            )
        return persona, others, problems
    if combos and len(personas) == 2 and len(combos) < 2:
        return next(p for p in personas if p not in combos), [], problems
    problems.append(
        f"Only one Persona card may be used; found {', '.join(p.name for p in personas)}. [{R_PERSONA}]"
    )
    return personas[0], [], problems


def _component_pregames(pre, faction) -> list[str]:
    """'You may not however use any Pre-Game cards that would normally belong to one of the two
    Personas (example - +1, MCBC, etc.)'"""
    return [
        f"{c.name} is a Pre-Game card of {c.persona}, a component of {faction.name}: "
        f'"You may not however use any Pre-Game cards that would normally belong to one of the two '
        f'Personas." [{R_FACTION}]'
        for c in pre
        if c.type not in ("persona", "faction-persona") and c.persona in faction.members
    ]


def _borrowed_identities(persona, lenders, end) -> set:
    """Sub-titles whose cards this deck may hold besides its Persona's own: Darius' two reminder
    Personas (their Reserved cards), Ramirez's and Graham Ashe's borrowing (checked below)."""
    if persona is None:
        return set()
    if lenders:
        return set(lenders)
    if persona.has("borrows-immortal-cards"):
        return {c.persona for c in end if c.persona and not c.signature}
    if persona.has("borrows-two-titles"):
        return {c.persona for c in end if c.persona in persona.members and not c.signature}
    return set()


def _borrowed_cards(persona, lenders, end) -> list[str]:
    if persona is None:
        return []
    own = {persona.persona}
    problems = []
    foreign = [c for c in end if c.persona and c.persona not in own and c.dual_with not in own]
    if lenders:
        for c in sorted({c.key: c for c in foreign if c.persona in lenders}.values(), key=lambda c: c.key):
            if not c.reserved:
                problems.append(
                    f"{c.name} is not a Reserved card of {c.persona}: Darius "
                    f'"may include in your deck Reserved cards from two Personas". [{R_DARIUS}]'
                )
    if persona.has("borrows-immortal-cards"):
        sig = sorted({c.name for c in foreign if c.signature})
        if sig:
            problems.append(
                f'{", ".join(sig)}: {persona.name} "doesn\'t allow you to use Signature cards" of other '
                f"Immortals. [{R_BORROW}]"
            )
        if not all(c.is_master for c in foreign if not c.signature):
            titles: dict[str, set] = {}
            for c in foreign:
                titles.setdefault(c.persona, set()).add(c.title)
            many = sorted(f"{who} ({len(ts)})" for who, ts in titles.items() if len(ts) > 1)
            if many:
                problems.append(
                    f"{persona.name} may borrow one Immortal Specific card from each Immortal, OR Master "
                    f"cards from all Immortals; this deck takes several titles from {', '.join(many)} "
                    f"and not only Master cards. [{R_BORROW}]"
                )
    if persona.has("borrows-two-titles"):
        lent = [c for c in foreign if c.persona in persona.members]
        sig = sorted({c.name for c in lent if c.signature})
        if sig:
            problems.append(f"{', '.join(sig)}: {persona.name} cannot use Signature cards. [{R_ASHE}]")
        titles = sorted({c.title for c in lent})
        if len(titles) > 2:
            problems.append(
                f"{persona.name} may include two card titles total from {' and '.join(persona.members)}; "
                f"this deck has {len(titles)} ({', '.join(titles)}). [{R_ASHE}]"
            )
    return problems


def _kershner_pairs_with(c) -> bool:
    return c.type in ("attack", "special-attack") or (c.type == "edge" and c.conjunction == "thrust")


def _unplayable(pre, end) -> list[str]:
    """A printed card the engine cannot play is refused, with the reason, rather than dealt inert."""
    return [
        f"{c.name} cannot be used here: {c.unplayable_reason or 'the engine cannot play it.'} [{R_UNPLAYABLE}]"
        for c in sorted({c.key: c for c in pre + end if not c.playable}.values(), key=lambda c: c.key)
    ]


_BASIC_ATTACKS = (
    "upper-left-attack",
    "upper-center-attack",
    "upper-right-attack",
    "middle-left-attack",
    "thrust",
    "middle-right-attack",
    "lower-left-attack",
    "lower-center-attack",
    "lower-right-attack",
)
_BASIC_BLOCKS = (
    "upper-left-block",
    "upper-center-block",
    "upper-right-block",
    "lower-left-block",
    "lower-center-block",
    "lower-right-block",
)


# The core rules: "If you choose to play without a Persona, you are considered a Generic Persona
# (in Highlander a Generic Immortal)".
GENERIC_TITLE = "Generic Immortal"


def deck_title(deck: Deck) -> str:
    """A deck's name as a player reads it, from its Pre-Game cards as the documents print them:
    its Persona (else a Generic Immortal), then its Weapon of Choice ("Ramirez, Sword of Babylon")."""
    pool = cardpool(deck.pool)
    cards = [pool[key] for key in deck.pregame if key in pool]
    persona = next((c.persona for c in cards if c.type == "persona" and c.persona), GENERIC_TITLE)
    return ", ".join([persona, *(c.title for c in cards if c.type == "weapon")])


def starter_decks() -> list[Deck]:
    """Ready-made legal decks.  The first uses no persona (the Generic Persona rules apply)."""
    generic = (
        _BASIC_ATTACKS * 3
        + _BASIC_BLOCKS * 3
        + ("duck-generic", "side-step-generic", "jump-generic")
        + ("head-shot",) * 2
        + ("sideswipe-left", "sideswipe-right", "run-down")
        + ("superior-tactics",) * 2
        + ("holy-ground", "foresee-the-unexpected")
    )
    ramirez = (
        _BASIC_ATTACKS * 3
        + ("thrust",)
        + _BASIC_BLOCKS * 3
        + ("duck-generic", "side-step-generic", "jump-generic")
        + ("expert-thrust",)
        + ("twist-of-the-blade-unblockable",) * 2
        + ("twist-of-the-blade-undodgeable",) * 2
        + ("head-shot",) * 2
        + ("run-down",) * 2
        + ("superior-tactics", "holy-ground")
    )
    return [
        Deck(pregame=(), endurance=tuple(sorted(generic)), name="generic-immortal"),
        Deck(
            pregame=("juan-sanchez-villa-lobos-ramirez", "sword-of-babylon"),
            endurance=tuple(sorted(ramirez)),
            name="ramirez-sword-of-babylon",
        ),
    ]
