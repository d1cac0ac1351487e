"""A player's profile (clocks, vacations, e-mail preferences)."""

from __future__ import annotations

from games.models import Profile


def profile_for(user) -> Profile:
    profile, _ = Profile.objects.get_or_create(user=user)
    return profile
