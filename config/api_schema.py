"""What every API refusal answers, as the OpenAPI schema describes it (drf-spectacular)."""

from __future__ import annotations

from rest_framework import serializers


class Problem(serializers.Serializer):
    detail = serializers.CharField(help_text="what was wrong, in one line")
    errors = serializers.DictField(required=False, help_text="a form's problems, field by field")
