"""The sandbox's one write: sharing a position."""

from __future__ import annotations

import rules
from sandbox.models import SharedPosition
from sandbox.positions import SHARE_KEY_LENGTH, canonical


def share_position(duel: rules.Duel) -> SharedPosition:
    """The shared row of this position, made the first time: the same position, however it was
    written, always gives the same key. The key is the start of the canonical JSON's SHA-256,
    lengthened in the (unseen) event that another position already holds it."""
    digest, position = canonical(duel)
    for length in range(SHARE_KEY_LENGTH, len(digest) + 1, 4):
        shared, _ = SharedPosition.objects.get_or_create(key=digest[:length], defaults={"position": position})
        if shared.position == position:
            return shared
    raise RuntimeError(f"SHA-256 collision on the whole digest {digest}")  # never: 256 bits
