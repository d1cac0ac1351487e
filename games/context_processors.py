from games import selectors


def your_turn(request):
    """The counts shown in the navigation: duels waiting for the signed-in player's move, and
    their unread notifications (one query)."""
    return selectors.header_counts(getattr(request, "user", None))
