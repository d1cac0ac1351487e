"""Issue #11, item 8: a Content-Security-Policy that runs only our own script files, with htmx
still working under it; Referrer-Policy, Permissions-Policy; a CSRF cookie scripts cannot read."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
TEMPLATES = sorted(
    path
    for folder in ["templates", "cards/templates", "rulings/templates", "games/templates"]
    for path in (ROOT / folder).rglob("*.html")
)


def directives(response) -> dict[str, list[str]]:
    policy = response["Content-Security-Policy"]
    return {part.split()[0]: part.split()[1:] for part in policy.split(";") if part.strip()}


@pytest.mark.parametrize("path", ["/", "/rulings/", "/cards/", "/duels/", "/accounts/login/", "/api/cards/"])
def test_every_answer_carries_the_security_headers(client, db, path):
    response = client.get(path)

    assert response.status_code == 200
    policy = directives(response)
    assert policy["script-src"] == ["'self'"], "no inline script, no eval, no other origin"
    assert policy["object-src"] == ["'none'"] and policy["frame-ancestors"] == ["'none'"]
    assert response["Referrer-Policy"] == "same-origin"
    assert "camera=()" in response["Permissions-Policy"]


def test_the_csrf_cookie_is_out_of_scripts_reach_and_htmx_gets_the_token_from_the_page(client, db):
    response = client.get("/accounts/login/")
    cookie = response.cookies["csrftoken"]
    assert cookie["httponly"] is True
    html = response.content.decode()
    assert re.search(r"""<body[^>]* hx-headers='\{"X-CSRFToken": "[^"]+"\}'>""", html)
    assert '"allowEval": false' in html and '"includeIndicatorStyles": false' in html


@pytest.mark.parametrize("template", TEMPLATES, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_template_has_inline_script_or_event_handlers(template):
    text = template.read_text()
    inline_scripts = [m for m in re.findall(r"<script\b[^>]*>", text) if "src=" not in m]
    handlers = re.findall(r"\son[a-z]+\s*=", text)
    assert not inline_scripts and not handlers and "javascript:" not in text


@pytest.mark.browser
@pytest.mark.worker
def test_htmx_works_under_the_policy_with_no_violation(
    page, live_server, celery_worker_process, django_user_model
):
    """Sign in through the login page, search as you type, move on the board (an htmx post that
    carries the CSRF token from the page), resign through the static confirm script."""
    from games.actions import challenges, decks, players
    from games.models import Duel

    violations: list[str] = []
    page.on(
        "console",
        lambda message: "Content Security Policy" in message.text and violations.append(message.text),
    )
    user = django_user_model.objects.create_user("cspuser", password="a long enough passphrase 42")
    players.profile_for(user)
    duel = challenges.create_duel(user, deck=decks.ensure_starter_decks()[0], bot="random")

    page.goto("/accounts/login/")
    page.locator("#id_username").fill("cspuser")
    page.locator("#id_password").fill("a long enough passphrase 42")
    page.get_by_role("button", name="Sign in").click()
    page.wait_for_url(re.compile(r"/$"))
    assert page.evaluate("document.cookie").find("csrftoken") == -1, "scripts cannot read the CSRF cookie"

    page.goto("/cards/")
    with page.expect_response(lambda r: "/cards/?q=" in r.url and r.status == 200):
        page.locator("#card-q").fill("sword")

    page.goto(f"/duels/{duel.pk}/")
    page.locator(".action-buttons button:not([disabled])").first.wait_for(timeout=30_000)
    with page.expect_response(
        lambda r: r.url.endswith(f"/duels/{duel.pk}/move/") and r.request.method == "POST"
    ) as moved:
        page.locator(".action-buttons button:not([disabled])").first.click()
    assert moved.value.status == 200, "the htmx post got through CSRF with the token from the page"

    asked: list[str] = []
    page.once("dialog", lambda dialog: (asked.append(dialog.message), dialog.accept()))
    page.get_by_role("button", name="Resign").click()
    page.get_by_text("You resigned.").first.wait_for()
    duel.refresh_from_db()
    assert duel.status == Duel.Status.FINISHED
    assert asked == ["Resign this duel?"], "the static confirm script asked first"
    assert violations == []
