"""The shape of one action in a move, checked strictly before the rules see it.

The API's move serializer and the board's move form both use `ActionSerializer`, so a `card`
that is an object, a list or a number is refused with a 400 naming `card`, never a 500.
"""

from __future__ import annotations

from rest_framework import serializers

from config.hardening import refuse_control_characters


class StrictCharField(serializers.CharField):
    """A string and only a string: DRF's CharField would turn 12 or 1.5 into "12" or "1.5"."""

    default_error_messages = {"invalid": "Must be a string."}

    def __init__(self, **kwargs):
        kwargs.setdefault("validators", []).append(refuse_control_characters)
        super().__init__(**kwargs)

    def to_internal_value(self, data):
        if not isinstance(data, str):
            self.fail("invalid")
        return super().to_internal_value(data)


class StrictIntegerField(serializers.IntegerField):
    """A JSON whole number only: not "3", not 3.0, not true."""

    default_error_messages = {"invalid": "Must be a whole number."}

    def to_internal_value(self, data):
        if not isinstance(data, int) or isinstance(data, bool):
            self.fail("invalid")
        return super().to_internal_value(data)


class StrictBooleanField(serializers.BooleanField):
    default_error_messages = {"invalid": "Must be true or false."}

    def to_internal_value(self, data):
        if not isinstance(data, bool):
            self.fail("invalid")
        return data


class ActionSerializer(serializers.Serializer):
    # Bounds no tighter than the rules' own checks (rules.Action.from_json): these refuse the
    # wrong type early, naming the field; the rules still judge what is legal.
    type = StrictCharField(max_length=40)
    card = StrictCharField(max_length=64, required=False, allow_null=True)
    target = StrictIntegerField(min_value=-1, max_value=1000, required=False, allow_null=True)
    hidden = StrictBooleanField(required=False)
    extras = serializers.ListField(child=StrictCharField(max_length=64), max_length=40, required=False)
    n = StrictIntegerField(min_value=0, max_value=1000, required=False, allow_null=True)
    purpose = StrictCharField(max_length=80, required=False, allow_null=True)
    seat = StrictIntegerField(min_value=0, max_value=1, required=False, allow_null=True)
    label = StrictCharField(max_length=1000, required=False, allow_blank=True)

    def to_internal_value(self, data):
        if isinstance(data, dict):
            unknown = sorted(str(name)[:40] for name in data if name not in self.fields)
            if unknown:
                raise serializers.ValidationError({unknown[0]: ["Unknown field."]})
        return super().to_internal_value(data)


def first_problem(errors, path: str = "") -> str:
    """One readable line naming the field, from a serializer's nested errors:
    "actions[0]['card']: Must be a string." (the field's name quoted, at any depth)."""
    if isinstance(errors, dict):
        name, value = next(iter(errors.items()))
        if name == "non_field_errors":
            where = path
        elif isinstance(name, int):
            where = f"{path}[{name}]"
        else:
            nested = isinstance(value, dict)  # "actions[0]['card']", but "'version'"
            where = f"{path}[{str(name)!r}]" if path else (str(name) if nested else repr(str(name)))
        return first_problem(value, where)
    if isinstance(errors, list) and errors and not isinstance(errors[0], str):
        for index, item in enumerate(errors):
            if item:
                return first_problem(item, f"{path}[{index}]")
    message = " ".join(str(e) for e in errors) if isinstance(errors, list) else str(errors)
    return f"{path}: {message}" if path else message


def clean_action(data) -> dict:
    """A validated action dict, or serializers.ValidationError naming the field."""
    form = ActionSerializer(data=data)
    form.is_valid(raise_exception=True)
    return {name: value for name, value in form.validated_data.items() if value is not None}
