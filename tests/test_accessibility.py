"""axe-core, run by Playwright in Chromium on every main page: no serious or critical violation
(what keeps a person using a screen reader, a keyboard or low vision from using the page)."""

from __future__ import annotations

import pytest
from axe_playwright_python.sync_playwright import Axe

from tests.test_phone_and_desktop import duel, main_pages, sign_in  # noqa: F401 - the fixture is used below

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

BLOCKING = {"serious", "critical"}


def blocking_violations(page) -> list[str]:
    results = Axe().run(page)
    return [
        f"{v['id']} ({v['impact']}): {v['help']} -- e.g. {v['nodes'][0]['target']}"
        for v in results.response["violations"]
        if v["impact"] in BLOCKING
    ]


def test_main_pages_have_no_serious_accessibility_violation(page, duel):  # noqa: F811
    anonymous, signed_in = main_pages(duel)
    found = {}
    for url in anonymous:
        page.goto(url)
        found[url] = blocking_violations(page)
    sign_in(page, ("alice", "bob")[duel.to_move])
    for url in signed_in:
        page.goto(url)
        found[url] = blocking_violations(page)

    assert {url: problems for url, problems in found.items() if problems} == {}
    # The check is live: a button with no name, put on the last page, is caught.
    page.evaluate("document.querySelector('main').insertAdjacentHTML('beforeend', '<button></button>')")
    assert any(problem.startswith("button-name (critical)") for problem in blocking_violations(page))
