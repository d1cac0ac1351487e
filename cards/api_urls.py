from django.urls import path

from cards import api

app_name = "cards-api"

urlpatterns = [
    path("", api.CardList.as_view(), name="list"),
    path("<slug:slug>/", api.CardDetail.as_view(), name="detail"),
]
