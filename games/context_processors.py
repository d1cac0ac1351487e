from games import selectors


def your_turn(request):
    """The counts shown in the navigation: duels waiting for the signed-in player's move, and
    their unread notifications."""
    user = getattr(request, "user", None)
    if user is None or not getattr(user, "is_authenticated", False):
        return {"your_turn_count": 0, "unread_count": 0}
    return {
        "your_turn_count": selectors.your_turn_count(user),
        "unread_count": selectors.unread_notifications(user).count(),
    }
