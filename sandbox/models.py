"""The sandbox stores nothing but the positions a judge chose to share."""

from __future__ import annotations

from django.db import models
from django.urls import reverse


class SharedPosition(models.Model):
    """A position a judge shared: keyed by a short hash of its canonical JSON, so sharing the same
    position twice gives the same link."""

    key = models.CharField(max_length=32, unique=True)
    position = models.JSONField(help_text="The canonical position (rules/POSITIONS.md).")
    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self):
        return f"Shared position {self.key}"

    def get_absolute_url(self):
        return reverse("sandbox:shared", args=[self.key])
