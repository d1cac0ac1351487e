import functools

from django.conf import settings
from django.urls import get_script_prefix, get_urlconf, reverse

# The layout's links, on every page: reversed once per process (for the script prefix and the
# URLconf they are served under) rather than on every page, where reverse() cost 20-60 us each
# and the layout made six to eight of them.
LAYOUT_URLS = {
    "home": "home",
    "lobby": "games:lobby",
    "notifications": "games:notifications",
    "profile": "games:profile",
    "logout": "logout",
    "login": "login",
    "signup": "games:signup",
    "api": "swagger-ui",
}


@functools.lru_cache(maxsize=8)
def _layout_urls(prefix: str, urlconf: str) -> dict[str, str]:
    return {key: reverse(name, urlconf=urlconf) for key, name in LAYOUT_URLS.items()}


def site(request):
    """Values every page's layout needs."""
    return {
        "site_name": "The Judge's Table",
        "layout_urls": _layout_urls(get_script_prefix(), get_urlconf() or settings.ROOT_URLCONF),
    }
