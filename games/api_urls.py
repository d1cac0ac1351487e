from django.urls import path

from games import api

app_name = "games-api"

urlpatterns = [
    path("duels/", api.DuelListView.as_view(), name="duel-list"),
    path("duels/<int:duel_id>/", api.DuelDetailView.as_view(), name="duel-detail"),
    path("duels/<int:duel_id>/accept/", api.AcceptView.as_view(), name="duel-accept"),
    path("duels/<int:duel_id>/moves/", api.MoveCreateView.as_view(), name="duel-moves"),
    path("duels/<int:duel_id>/events/", api.EventListView.as_view(), name="duel-events"),
    path("duels/<int:duel_id>/resign/", api.ResignView.as_view(), name="duel-resign"),
    path("duels/<int:duel_id>/extend/", api.ExtendView.as_view(), name="duel-extend"),
    path("moves/<int:move_id>/", api.MoveDetailView.as_view(), name="move-detail"),
    path("decks/", api.DeckListView.as_view(), name="deck-list"),
]
