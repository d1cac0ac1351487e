from games import selectors


def your_turn(request):
    """The count of duels waiting for the signed-in player, shown in the navigation."""
    user = getattr(request, "user", None)
    return {"your_turn_count": selectors.your_turn_count(user) if user is not None else 0}
