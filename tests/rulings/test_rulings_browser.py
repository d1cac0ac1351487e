"""In Chromium: a judge types a question, sees the answer arrive in the live results, opens its
permalink and reads its source, authority and date."""

import pytest
from django.core.management import call_command


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_type_a_question_see_the_answer_open_its_permalink(page):
    call_command("import_sources", verbosity=0)
    from rulings.models import Entry

    answer = Entry.objects.get(source__slug="highlander-core-rules", title="Power Blocks")

    page.goto("/rulings/")
    page.locator("#q").press_sequentially("can I block a power blow with a normal block")
    first = page.locator("ol.results > li").first
    first.wait_for()  # live results (htmx), no page load
    page.locator(f'ol.results > li:first-child a[href="{answer.get_absolute_url()}"]').wait_for()
    assert "Power Block" in first.inner_text()
    assert first.locator("mark").count() >= 1  # highlighted words

    first.locator("a").first.click()
    page.wait_for_url(f"**{answer.get_absolute_url()}")
    body = page.locator("article.entry").inner_text()
    assert "Highlander: The Card Game — Rules" in body  # its source
    assert "Thunder Castle Games" in body  # its authority
    assert "1990s" in body  # its date as the source gives it
    assert "Power Blow" in body
