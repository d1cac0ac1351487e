from importlib.util import find_spec

from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularRedocView, SpectacularSwaggerSplitView

from config import views

urlpatterns = [
    path("", views.home, name="home"),
    path("healthz", views.healthz, name="healthz"),
    path("favicon.ico", views.favicon),  # asked for by pages without our <link rel="icon">, e.g. the admin
    path("admin/", admin.site.urls),
    path("accounts/login/", auth_views.LoginView.as_view(), name="login"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("accounts/", include("django.contrib.auth.urls")),
    path("api/schema/", SpectacularAPIView.as_view(), name="schema"),
    # The split view serves its start-up script as a file: the CSP runs no inline script.
    path("api/docs/", SpectacularSwaggerSplitView.as_view(url_name="schema"), name="swagger-ui"),
    path("api/redoc/", SpectacularRedocView.as_view(url_name="schema"), name="redoc"),
    path("duels/", include("games.urls")),
    path("api/", include("games.api_urls", namespace="games-api")),
    path("rules/sandbox/", include("sandbox.urls")),
]

# The knowledge base and the catalogue mount their own pages and API.
for prefix, module in [
    ("rulings/", "rulings.urls"),
    ("api/rulings/", "rulings.api_urls"),
    ("cards/", "cards.urls"),
    ("api/cards/", "cards.api_urls"),
]:
    if find_spec(module) is not None:
        urlpatterns.append(path(prefix, include(module)))

urlpatterns.append(path("audit/", include("cards.audit_urls")))  # staff audit of cards and rulings changes

handler400 = views.bad_request
handler403 = views.permission_denied
handler404 = views.not_found
handler500 = views.server_error
