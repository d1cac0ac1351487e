"""In Chromium: a judge types a question, sees the answer arrive in the live results, opens its
permalink, reads its source, authority and date, and says it answered the question."""

import importlib

import pytest
from django.core.management import call_command


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_type_a_question_see_the_answer_open_its_permalink_and_report_it(page):
    call_command("import_sources", verbosity=0)
    from rulings.models import Entry

    answer = Entry.objects.get(source__slug="highlander-core-rules", title="Power Blocks")

    page.goto("/rulings/")
    page.locator("#q").press_sequentially("can I block a power blow with a normal block")
    first = page.locator("ol.results > li").first
    first.wait_for()  # live results (htmx), no page load
    page.locator(f'ol.results > li:first-child a[href^="{answer.get_absolute_url()}?asked="]').wait_for()
    assert "Power Block" in first.inner_text()
    assert first.locator("mark").count() >= 1  # highlighted words

    first.locator("a").first.click()
    page.wait_for_url(f"**{answer.get_absolute_url()}?asked=*")
    body = page.locator("article.entry").inner_text()
    assert "Highlander: The Card Game — Rules" in body  # its source
    assert "Thunder Castle Games" in body  # its authority
    assert "1990s" in body  # its date as the source gives it
    assert "Power Blow" in body

    # it answered: the judge says so, for an editor to read (rulings.asked.report_answer)
    assert "Did this answer “can I block a power blow with a normal block”?" in body
    page.get_by_role("button", name="Yes, this answered it").click()
    page.wait_for_url(f"**{answer.get_absolute_url()}")
    assert "Thank you: an editor will read your report." in page.locator("ul.messages").inner_text()
    assert page.get_by_role("button", name="Yes, this answered it").count() == 0
    from rulings.models import AnswerReport

    assert list(AnswerReport.objects.values_list("entry", "text")) == [
        (answer.pk, "can I block a power blow with a normal block")
    ]


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_result_lines_say_source_authority_date_and_in_force_and_tell_twins_apart(page):
    call_command("import_sources", verbosity=0)

    page.goto("/rulings/")
    page.locator("#q").press_sequentially("sideswipe")
    page.locator("ol.results > li").nth(1).wait_for()  # live results (htmx)
    lines = page.locator("ol.results > li")
    titles = [lines.nth(i).locator(".result-title").inner_text() for i in range(lines.count())]
    assert "Erratum: Sideswipe (left)" in titles and "Erratum: Sideswipe (right)" in titles
    meta = lines.first.locator(".result-meta").inner_text()
    assert "Missing Link Expansions Rule Supplement" in meta  # source
    assert "MLE team" in meta  # authority
    assert "16 January 2007" in meta  # date
    assert "in force" in meta

    # an entry the document left untitled is called by its opening words, never "Untitled section"
    page.locator("#q").fill("how often can I move a temporary link")
    page.locator("ol.results > li .result-title", has_text="temporary link").first.wait_for()
    assert "Untitled section" not in page.locator("ol.results").inner_text()


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_the_empty_page_offers_most_read_recent_and_sources(page):
    call_command("import_sources", verbosity=0)
    from rulings.models import Entry

    exhaustion = Entry.objects.get(source__slug="highlander-core-rules", title="Exhaustion")
    for _ in range(2):  # read twice: it becomes the most read
        page.goto(exhaustion.get_absolute_url())

    page.goto("/rulings/")
    most_read = page.locator("ol.most-viewed > li")
    assert "Exhaustion" in most_read.first.inner_text() and "read 2 times" in most_read.first.inner_text()
    assert page.locator("ol.recent > li").count() >= 5
    page.locator("ul.sources").get_by_role("link", name="CRF 6, part III: Rulings by Term").click()
    page.wait_for_url("**/rulings/sources/meccg-crf6-rulings-by-term/")
    # the source opens on its table of contents; a section's link lands on that section
    page.locator("nav.toc").get_by_role("link", name="Agent", exact=True).click()
    page.wait_for_url("**#section-*-agent")
    assert page.locator("h2:target").inner_text() == "Agent"


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_no_results_suggest_a_spelling_terms_and_sources(page):
    call_command("import_sources", verbosity=0)

    page.goto("/rulings/?q=rinqwrayths")  # too far from any word for the spelling correction
    suggestions = page.locator("section.no-results")
    assert "No entry matches" in suggestions.inner_text()
    assert page.locator(".nearest-terms").get_by_role("link", name="Ringwraiths").is_visible()
    assert "Ringwraiths" in page.locator(".did-you-mean").inner_text()
    page.locator(".browse").get_by_role("link", name="Against the Shadow (MEAS) Rules Insert").click()
    page.wait_for_url("**/rulings/sources/meccg-against-the-shadow-rules-insert/")


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_on_a_phone_the_first_answer_is_on_the_first_screen_and_filters_fold_away(page):
    """At 390 x 844 the question, then the answers: the filters fold into one line unless one is
    set, and the counts to narrow by come after the answers (the answer sat at the screen's foot)."""
    call_command("import_sources", verbosity=0)
    page.set_viewport_size({"width": 390, "height": 844})

    page.goto("/rulings/?q=can+i+block+or+dodge+a+dirty+trick")
    first = page.locator("ol.results > li").first
    box = first.bounding_box()
    assert box["y"] + 120 < 844, f"the first answer starts at {box['y']:.0f} px of an 844 px screen"
    assert "Dirty Tricks" in first.inner_text()
    assert not page.locator("select[name=game]").is_visible()  # folded, one tap away
    facets = page.locator("#results nav.facets").bounding_box()
    assert facets["y"] > box["y"]  # the counts follow the answers

    page.goto("/rulings/?q=power+blow&kind=ruling")  # a filter set: they stay open to change it
    assert page.locator("select[name=kind]").is_visible()

    page.set_viewport_size({"width": 1366, "height": 900})
    page.goto("/rulings/?q=can+i+block+or+dodge+a+dirty+trick")
    facets = page.locator("#results nav.facets").bounding_box()
    assert (
        facets["y"] < page.locator("ol.results > li").first.bounding_box()["y"]
    )  # beside the wide screen's list


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_a_word_searched_otherwise_than_typed_is_said_above_the_live_results(page):
    # "exahustion" is no word of the rulings: the live results say what was searched instead, and
    # say nothing once every word typed is a word of the rulings
    call_command("import_sources", verbosity=0)

    page.goto("/rulings/")
    page.locator("#q").press_sequentially("what does exahustion mean")
    said = page.locator("#results .read-as")
    said.wait_for()  # live results (htmx)
    assert (
        said.inner_text()
        == "Searched for “exhaustion” instead of “exahustion”, a word the rulings do not use."
    )
    assert "Exhaustion" in page.locator("ol.results > li").first.inner_text()

    page.locator("#q").fill("what does exhaustion mean")
    said.wait_for(state="detached")
    assert "Exhaustion" in page.locator("ol.results > li").first.inner_text()


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_a_question_naming_a_source_says_so_and_links_it_on_a_phone(page):
    # "crf" was read as a typo of "crc" and found an MLE card's symbol first: the question names the
    # CRF, so its rulings alone answer, the page says so and links the source to browse it
    call_command("import_sources", verbosity=0)
    # the source's names are rows of a data migration, which a transactional test run before this
    # one emptied with every table: added again as the migration adds them
    from django.apps import apps

    from rulings.migrations._vocabulary_rows import add_rows
    from rulings.vocabulary import forget_vocabulary

    add_rows(apps, importlib.import_module("rulings.migrations.0064_judge_vocabulary_source_names").ROWS)
    forget_vocabulary()
    page.set_viewport_size({"width": 390, "height": 844})

    page.goto("/rulings/")
    page.locator("#q").press_sequentially("what does the crf say about hazards")
    named = page.locator("#results .named-game")
    named.wait_for()  # live results (htmx)
    assert named.inner_text().startswith(
        "Only entries of CRF 6, part III: Rulings by Term: the question names it."
    )
    metas = page.locator("ol.results > li .result-meta").all_inner_texts()
    assert metas and all("CRF 6" in meta for meta in metas)
    assert "Searched for" not in page.locator("#results").inner_text()  # "crf" is no typo
    assert page.evaluate("document.documentElement.scrollWidth") <= 390  # nothing runs off the screen

    named.locator("a").click()
    page.wait_for_url("**/rulings/sources/meccg-crf6-rulings-by-term/")

    # a source the question names but none of whose entries match: every source is searched, and
    # the page says so on one line a phone shows whole (Quickening is Highlander's, not the CRF's)
    page.goto("/rulings/")
    page.locator("#q").press_sequentially("crf quickening")
    unmatched = page.locator("#results .named-game.unmatched")
    unmatched.wait_for()
    assert unmatched.inner_text() == (
        "No entry of CRF 6, part III: Rulings by Term matches the question, so every source was searched."
    )
    assert unmatched.locator("a").get_attribute("href") == "/rulings/sources/meccg-crf6-rulings-by-term/"
    metas = page.locator("ol.results > li .result-meta").all_inner_texts()
    assert metas and not any("CRF 6" in meta for meta in metas)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
