"""Forms of the duel pages, and the deck-list parser they share with the API."""

from __future__ import annotations

import re

from django import forms
from django.contrib.auth import get_user_model
from django.contrib.auth.forms import UserCreationForm
from django.db.models import Q

import rules
from games.models import Duel, Profile, SavedDeck

DECK_LINE = re.compile(r"^\s*(?:(\d+)\s*[x×]?\s+)?(.+?)\s*$", re.IGNORECASE)
SECTION = re.compile(r"^\s*(pre-?game|endurance|deck)\s*(?:cards?)?\s*:?\s*$", re.IGNORECASE)
MAX_COPIES_PER_LINE = 60


class SignupForm(UserCreationForm):
    email = forms.EmailField(required=False, help_text="Optional: for 'your turn' e-mails.")

    class Meta(UserCreationForm.Meta):
        model = get_user_model()
        fields = ("username", "email")


def _lookup_table() -> dict[str, list[str]]:
    """Card keys by every way a player may write them: the key, the name, the title."""
    table: dict[str, list[str]] = {}
    for key, card in rules.cardpool("highlander").items():
        for spelling in {key, rules.slugify(card.name or card.title), rules.slugify(card.title)}:
            table.setdefault(spelling, [])
            if key not in table[spelling]:
                table[spelling].append(key)
    return table


def parse_deck_list(text: str) -> tuple[list[str], list[str], list[str]]:
    """Parse "3 Upper Left Attack" lines under optional "Pre-game:" / "Endurance:" headings.

    Returns (pregame keys, endurance keys, errors); each error names its line.
    """
    table = _lookup_table()
    pregame: list[str] = []
    endurance: list[str] = []
    errors: list[str] = []
    section = endurance
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip() or line.strip().startswith("#"):
            continue
        heading = SECTION.match(line)
        if heading:
            section = pregame if heading.group(1).lower().startswith("pre") else endurance
            continue
        match = DECK_LINE.match(line)
        count = int(match.group(1) or 1)
        name = match.group(2)
        if not 1 <= count <= MAX_COPIES_PER_LINE:
            errors.append(f"Line {number}: {count} copies is not a sensible count.")
            continue
        keys = table.get(rules.slugify(name), [])
        if not keys:
            errors.append(f"Line {number}: no Highlander card is called {name!r}.")
        elif len(keys) > 1:
            errors.append(
                f"Line {number}: {name!r} is several cards; write one of {', '.join(sorted(keys))}."
            )
        else:
            section.extend([keys[0]] * count)
    return pregame, endurance, errors


def pool_choices() -> list[dict]:
    """The cards a deck may hold, each labelled with its variant (two Sideswipes are not alike)."""
    from cards.selectors import label_for_key, variants_by_slug

    variants = variants_by_slug()
    cards = rules.cardpool("highlander").values()
    return sorted(
        (
            {
                "key": c.key,
                "name": c.name or c.title,
                "label": label_for_key(c.key, c.name or c.title, variants),
                "type": c.type,
                "restriction": c.restriction,
                # the rules refuse it in any deck: the builder says why and offers no input
                "refused": "" if c.playable else c.unplayable_reason,
            }
            for c in cards
        ),
        key=lambda c: (c["type"], c["label"]),
    )


class DeckPasteForm(forms.Form):
    name = forms.CharField(max_length=80)
    cards = forms.CharField(
        widget=forms.Textarea(
            attrs={
                "rows": 14,
                "placeholder": "Pre-game:\n1 Sword of Babylon\nEndurance:\n3 Upper Left Attack\n...",
            }
        ),
        required=False,
        help_text='One card per line with its count ("3 Upper Left Attack"); "Pre-game:" and "Endurance:" start sections.',
    )

    def clean(self):
        cleaned = super().clean()
        text = deck_text(self.data)
        if not text.strip():
            raise forms.ValidationError("Paste a deck list, or set counts in the card list below.")
        pregame, endurance, errors = parse_deck_list(text)
        if errors:
            raise forms.ValidationError(errors)
        cleaned["pregame"], cleaned["endurance"] = pregame, endurance
        return cleaned


def deck_text(data) -> str:
    """The deck the form holds, as a list: the pasted text when there is one, else the builder
    table's n_<key> counts and pg_<key> pre-game ticks written as lines."""
    text = data.get("cards", "")
    if text.strip():
        return text
    lines = ["Pre-game:"] + [name[3:] for name in data if name.startswith("pg_")]
    lines.append("Endurance:")
    for name, value in data.items():
        if name.startswith("n_") and str(value).strip() not in ("", "0"):
            lines.append(f"{value} {name[2:]}")
    return "\n".join(lines) if len(lines) > 2 else ""


class NewDuelForm(forms.Form):
    OPPONENT_KINDS = [
        ("bot", "A bot, right now"),
        ("player", "A named player"),
        ("open", "Anyone (open challenge)"),
    ]

    against = forms.ChoiceField(choices=OPPONENT_KINDS, widget=forms.RadioSelect, initial="bot")
    bot = forms.ChoiceField(
        choices=[("heuristic", "Heuristic bot"), ("random", "Random bot")], required=False
    )
    opponent = forms.CharField(required=False, max_length=150, help_text="Their username.")
    deck = forms.ModelChoiceField(queryset=SavedDeck.objects.none(), empty_label=None)
    days_per_move = forms.TypedChoiceField(choices=Duel.DAYS_PER_MOVE_CHOICES, coerce=int, initial=3)

    def __init__(self, user, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.user = user
        self.fields["deck"].queryset = SavedDeck.objects.filter(Q(owner=user) | Q(owner__isnull=True))

    def clean(self):
        cleaned = super().clean()
        against = cleaned.get("against")
        cleaned["opponent_user"] = None
        if against != "bot":
            cleaned["bot"] = ""
        elif not cleaned.get("bot"):
            cleaned["bot"] = "heuristic"
        if against == "player":
            username = (cleaned.get("opponent") or "").strip()
            opponent = get_user_model().objects.filter(username=username).first() if username else None
            if opponent is None:
                self.add_error(
                    "opponent", f"No player is called {username!r}." if username else "Name a player."
                )
            cleaned["opponent_user"] = opponent
        return cleaned


class ProfileForm(forms.ModelForm):
    class Meta:
        model = Profile
        fields = ["turn_emails", "email_on_challenge", "email_on_result"]
        widgets = {"turn_emails": forms.RadioSelect}


class VacationForm(forms.Form):
    days = forms.IntegerField(min_value=1, max_value=30, help_text="Your clocks stop for this many days.")
