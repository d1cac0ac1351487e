"""The sandbox's forms: every field hostile until these (and sandbox.positions) accept it."""

from __future__ import annotations

from django import forms

import rules
from rules.deck import deck_title
from sandbox.positions import MAX_ACTION_CHARS, MAX_POSITION_CHARS, MAX_TAKEN, MAX_TAKEN_CHARS

BIGINT_MAX = 2**63 - 1


def deck_choices() -> list[tuple[str, str]]:
    return [(deck.name, deck_title(deck)) for deck in rules.starter_decks()]


class DealForm(forms.Form):
    """A fresh deal of two ready-made decks (GET: nothing is stored, so it can be a link)."""

    seed = forms.IntegerField(
        min_value=0, max_value=BIGINT_MAX, initial=1, help_text="The same seed deals the same game."
    )
    deck0 = forms.ChoiceField(label="Seat 0's deck", choices=deck_choices)
    deck1 = forms.ChoiceField(label="Seat 1's deck", choices=deck_choices)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        names = [name for name, _ in deck_choices()]
        self.fields["deck0"].initial = names[0]
        self.fields["deck1"].initial = names[-1]


class ReplayStepForm(forms.Form):
    duel = forms.IntegerField(label="Finished duel number", min_value=1, max_value=BIGINT_MAX)
    step = forms.IntegerField(min_value=0, max_value=1_000_000, initial=0, help_text="0 is the deal.")


class PositionForm(forms.Form):
    """A position and, to play, one action in it. `origin` and `taken` are where the judge
    started and the actions taken since; `to_step` goes back to the position after that many."""

    position = forms.CharField(max_length=MAX_POSITION_CHARS, strip=False, widget=forms.Textarea)
    action = forms.CharField(max_length=MAX_ACTION_CHARS, required=False)
    origin = forms.CharField(max_length=MAX_POSITION_CHARS, required=False, strip=False)
    taken = forms.CharField(max_length=MAX_TAKEN_CHARS, required=False, strip=False)
    to_step = forms.IntegerField(min_value=0, max_value=MAX_TAKEN, required=False)


def first_error(form: forms.Form) -> str:
    """One line naming the field at fault and what was wrong with it."""
    for name, errors in form.errors.items():
        label = form.fields[name].label or name if name in form.fields else "The form"
        return f"{label}: {errors[0]}"
    return ""
