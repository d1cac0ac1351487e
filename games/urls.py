from django.urls import path

from games import live_views, views

app_name = "games"

urlpatterns = [
    path("", views.lobby, name="lobby"),
    path("new/", views.new_duel, name="new"),
    path("decks/", views.decks, name="decks"),
    path("decks/check/", views.deck_check, name="deck-check"),
    path("decks/<int:deck_id>/", views.deck_detail, name="deck"),
    path("decks/<int:deck_id>/copy/", views.deck_copy, name="deck-copy"),
    path("signup/", views.signup, name="signup"),
    path("profile/", views.profile, name="profile"),
    path("notifications/", views.notification_list, name="notifications"),
    path("notifications/read/", views.mark_read, name="notifications-read"),
    path("unsubscribe/<str:token>/", views.unsubscribe, name="unsubscribe"),
    path("<int:duel_id>/", views.board, name="board"),
    path("<int:duel_id>/board/", views.board_fragment, name="board-fragment"),
    path("<int:duel_id>/events/", live_views.board_events, name="board-events"),
    path("<int:duel_id>/move/", views.move, name="move"),
    path("<int:duel_id>/discard/", views.discard, name="discard"),
    path("<int:duel_id>/accept/", views.accept, name="accept"),
    path("<int:duel_id>/decline/", views.decline, name="decline"),
    path("<int:duel_id>/resign/", views.resign, name="resign"),
    path("<int:duel_id>/extend/", views.extend, name="extend"),
    path("<int:duel_id>/replay/", views.replay_page, name="replay"),
]
