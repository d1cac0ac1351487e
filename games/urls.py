from django.urls import path

from games import views

app_name = "games"

urlpatterns = [
    path("", views.lobby, name="lobby"),
    path("signup/", views.signup, name="signup"),
    path("profile/", views.profile, name="profile"),
]
