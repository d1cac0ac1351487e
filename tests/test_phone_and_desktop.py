"""In Chromium at a phone's width (390 px) and a laptop's (1366 px): no page scrolls sideways, and
on the board the keyboard stays with the game (the options come first; after a move the focus
goes to the new options instead of falling back to the page body)."""

from __future__ import annotations

import pytest
from django.core.management import call_command

from games.actions import challenges, decks, moves
from games.models import Duel, Move

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "a long enough passphrase 42"


@pytest.fixture
def duel(django_user_model):
    """Alice against Bob, started, with the bundled rulings and cards loaded."""
    call_command("import_sources", verbosity=0)
    from tests.catalogue_support import import_catalogue

    import_catalogue()
    alice = django_user_model.objects.create_user("alice", password=PASSWORD)
    bob = django_user_model.objects.create_user("bob", password=PASSWORD)
    deck = decks.ensure_starter_decks()[0]
    duel = challenges.create_duel(alice, deck=deck, opponent=bob)
    challenges.accept_duel(bob, duel.pk, deck)
    duel.refresh_from_db()
    return duel


def sign_in(page, name: str) -> None:
    page.goto("/accounts/login/")
    page.locator("#id_username").fill(name)
    page.locator("#id_password").fill(PASSWORD)
    page.locator("main button[type=submit]").click()
    page.wait_for_load_state()


def main_pages(duel) -> tuple[list[str], list[str]]:
    """The site's main pages: (anyone's, a signed-in player's), with real ids from the bundled data."""
    from rulings.models import Entry, Source

    entry = Entry.objects.filter(source__slug="highlander-core-rules").first()
    anyone = [
        "/",
        "/rulings/",
        "/rulings/?q=can+I+block+a+power+blow",
        entry.get_absolute_url(),
        # reached from a search, it asks whether it answered the question: a long one must wrap
        entry.get_absolute_url()
        + "?asked="
        + "whether+a+Tournament-Legal-Mandatory-Reshuffle-Of-Endurance+" * 6,
        Source.objects.get(slug="highlander-core-rules").get_absolute_url(),
        "/cards/",
        "/cards/?q=t%3Aattack",
        "/cards/head-shot/",
        "/accounts/login/",
        "/duels/signup/",
        "/no/such/page/",
        "/rules/sandbox/",
        "/rules/sandbox/?seed=7&deck0=generic-immortal&deck1=ramirez-sword-of-babylon",
    ]
    player = ["/duels/", "/duels/new/", "/duels/decks/", "/duels/profile/", f"/duels/{duel.pk}/"]
    player.append(f"/duels/decks/{decks.starter_decks().first().pk}/")  # a ready-made deck's page
    return anyone, player


def test_no_page_scrolls_sideways_and_every_panel_holds_its_content(
    sized_page, width, duel, django_user_model
):
    """A page can fit the screen and still draw a table past the edge of the box it is in (the
    lobby's "Your duels" did at 390 px, with two players' names and a long status): each page is
    checked for both, with a duel against a player whose name is longer than usual."""
    long_name = "maximilian_von_highlander_1984"
    django_user_model.objects.create_user(long_name, password=PASSWORD)
    challenges.create_duel(
        django_user_model.objects.get(username="alice"),
        deck=decks.starter_decks().first(),
        opponent=django_user_model.objects.get(username=long_name),
    )
    sign_in(sized_page, "alice")
    anyone, player = main_pages(duel)
    too_wide, spilling = {}, {}
    for url in anyone + player:
        sized_page.goto(url)
        overflow = sized_page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
        if overflow > 0:
            too_wide[url] = overflow
        over = sized_page.evaluate(
            "[...document.querySelectorAll('.panel')]"
            ".map(p => p.scrollWidth - p.clientWidth).filter(px => px > 0)"
        )
        if over:
            spilling[url] = over
    assert too_wide == {}, f"pages wider than {width} px (by how many px): {too_wide}"
    assert spilling == {}, f"panels whose content is wider than they are at {width} px (px): {spilling}"


def test_the_options_come_first_and_keep_the_focus_after_a_move(sized_page, duel):
    mover, version_before = ("alice", "bob")[duel.to_move], duel.version
    sign_in(sized_page, mover)
    sized_page.goto(f"/duels/{duel.pk}/")

    # From the top of the page, the first option is a few Tabs away (it was 29).
    tabs = 0
    while tabs < 15:
        sized_page.keyboard.press("Tab")
        tabs += 1
        if sized_page.evaluate("!!document.activeElement.closest('.action-buttons')"):
            break
    assert tabs < 15, "the board's options are not among the first Tab stops"

    sized_page.keyboard.press("Enter")  # make the move with the keyboard
    move = None
    for _ in range(100):
        move = Move.objects.filter(duel=duel).first()
        if move:
            break
        sized_page.wait_for_timeout(100)
    assert move is not None, "the move was not posted"
    moves.resolve_move(move.pk)  # what the worker does; the board picks it up on its own
    move.refresh_from_db()
    assert move.status == Move.Status.APPLIED, (move.status, move.error)
    sized_page.wait_for_function(
        "() => { const a = document.activeElement;"
        " return a && a.closest('#board') && (a.matches('.action-buttons button:not([disabled])')"
        " || a.id === 'h-actions' || a.id === 'board-status'); }",
        timeout=15_000,
    )
    duel.refresh_from_db()
    assert duel.version > version_before and duel.status == Duel.Status.ACTIVE
