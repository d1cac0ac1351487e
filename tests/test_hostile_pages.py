"""Issue #11, item 3, the whole class: hostile values in every query parameter the pages read
answer below 500 and change nothing (schemathesis covers the API's documented parameters)."""

from __future__ import annotations

import pytest
from django.test import Client

from games.actions import challenges, decks
from tests.hardening_support import db_snapshot

RULINGS_FILTERS = ["q", "game", "kind", "source", "card", "term", "status", "as_of", "page"]
PAGE_PARAMETERS = {
    "/rulings/": RULINGS_FILTERS,
    "/api/rulings/search/": [*RULINGS_FILTERS, "limit"],
    "/api/rulings/entries/": [*RULINGS_FILTERS, "page_size", "number"],
    "/cards/": ["q", "page"],
    "/api/cards/": ["q", "page", "page_size"],
    "/accounts/login/": ["next"],
    "/duels/": ["page"],
    "/duels/{duel}/board/": ["since", "pending"],
    "/api/duels/{duel}/events/": ["cursor", "page_size"],
}
VALUES = [
    "9" * 30, "-1", "%", "' OR 1=1 --", "a" * 5000, "((((((", "\u202e\ufeff🂡", "r<=99999999999999999999",
    "1e999", "../../etc",
]  # fmt: skip


@pytest.mark.django_db
@pytest.mark.parametrize("path", PAGE_PARAMETERS)
def test_hostile_query_values_never_make_a_500(path, django_user_model):
    deck = decks.ensure_starter_decks()[0]
    alice = django_user_model.objects.create_user("alice", password="a long enough passphrase 42")
    bob = django_user_model.objects.create_user("bob", password="a long enough passphrase 42")
    duel = challenges.create_duel(alice, deck=deck, opponent=bob)
    challenges.accept_duel(bob, duel.pk, deck)
    client = Client(raise_request_exception=False)
    client.force_login(alice)
    before = db_snapshot()

    broken = []
    for name in PAGE_PARAMETERS[path]:
        for value in VALUES:
            response = client.get(path.format(duel=duel.pk), {name: value})
            if response.status_code >= 500:
                broken.append(f"{path}?{name}={value[:40]!r}: {response.status_code}")

    assert broken == []
    assert db_snapshot() == before


@pytest.mark.django_db
def test_hostile_form_posts_are_refused_without_a_500_and_change_nothing(django_user_model):
    deck = decks.ensure_starter_decks()[0]
    alice = django_user_model.objects.create_user("alice", password="a long enough passphrase 42")
    bob = django_user_model.objects.create_user("bob", password="a long enough passphrase 42")
    duel = challenges.create_duel(alice, deck=deck, opponent=bob)
    client = Client(raise_request_exception=False)
    client.force_login(bob)
    client.get("/duels/profile/")  # a visit makes the profile and reads the notices: done before
    big = "9" * 30
    posts = [
        ("/duels/new/", {"against": "bot", "bot": "random", "deck": big, "days_per_move": "3"}),
        ("/duels/new/", {"against": "player", "opponent": "a" * 5000, "deck": deck.pk, "days_per_move": big}),
        ("/duels/decks/", {"name": "x", "cards": "", f"n_{big}": big, "pg_x": "1"}),
        ("/duels/decks/", {"name": "x" * 500, "cards": f"{big} Upper Left Attack\n"}),
        ("/duels/profile/", {"vacation-days": big}),
        (f"/duels/{duel.pk}/accept/", {"deck": big}),
        (f"/duels/{big}/accept/", {"deck": "1"}),
        (f"/duels/{duel.pk}/extend/", {"days": big}),
        (f"/duels/{duel.pk}/move/", {"version": big, "action": "{}"}),
        ("/duels/signup/", {"username": "a" * 5000, "password1": "x", "password2": "x"}),
    ]
    before = db_snapshot()

    answers = {
        path + " " + str(sorted(data))[:60]: client.post(path, data).status_code for path, data in posts
    }

    assert all(code < 500 for code in answers.values()), answers
    assert db_snapshot() == before


@pytest.mark.django_db
@pytest.mark.parametrize(
    "path", ["/api/duels/null,null/", "/api/nope/", "/api/moves/abc/", "/api/rulings/x/y/"]
)
def test_an_api_address_that_does_not_exist_answers_json_not_the_sites_html_page(path):
    # An API client parses every answer as JSON: Django's HTML 404 page broke that (schemathesis:
    # "Undocumented Content-Type" for /api/duels/null,null/); the site's pages keep their HTML one.
    response = Client().get(path)
    assert response.status_code == 404 and response["Content-Type"] == "application/json"
    assert response.json()["detail"]
    page = Client().get("/no-such-page/")
    assert page.status_code == 404 and page["Content-Type"].startswith("text/html")
