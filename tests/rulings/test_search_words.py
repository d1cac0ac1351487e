"""A judge's words against the documents' words: irregular English forms ("lose" finds "lost"), a
verb and its noun ("respond" finds "response"), the judge vocabulary's rows (an admin's new row
takes effect on the next search)."""

from __future__ import annotations

import pytest

from rulings.indexing import index_entries, refresh_lexicon
from rulings.lemmas import PARADIGMS, forms
from rulings.models import Entry, JudgeWord, Source
from rulings.search import analyse, search
from rulings.vocabulary import forget_vocabulary

pytestmark = pytest.mark.django_db


def _corpus(texts: dict[str, str]) -> Source:
    source = Source.objects.create(
        slug="words", game="inwo", title="Words", authority="Test", format="inwo-rules-excerpt"
    )
    Entry.objects.bulk_create(
        Entry(source=source, key=key, kind="rule", position=i, text=text)
        for i, (key, text) in enumerate(texts.items())
    )
    index_entries(Entry.objects.filter(source=source))
    refresh_lexicon()
    forget_vocabulary()
    return source


def test_irregular_forms_are_one_word_to_the_search():
    assert forms("lose") == ["lost"] and forms("lost") == ["lose"]
    assert set(forms("losing")) == {"lose", "lost"}  # a regular ending over an irregular verb
    assert "goes" in forms("go")  # the stemmer reads "goes" as "goe"
    assert set(forms("came")) == {"come"} and "brought" in forms("bring") and "dice" in forms("die")
    assert forms("discard") == []  # the stemmer already joins the regular ones


def test_a_verb_and_its_noun_are_one_word_to_the_search(db):
    # The stemmer joins "responding" to "respond" but not "respond" to "response" ('respons'):
    # "respond" was a word no ruling uses, left out, and a judge asking whether an opponent can
    # respond was answered without it
    assert forms("respond") == ["response"] and forms("response") == ["respond"]
    assert forms("responded") == forms("responding") == ["response"]
    assert forms("decisions") == ["decide"] and "permission" in forms("permit")
    assert forms("spend") == ["spent"]  # "spense" is no English word
    # a typo is no noun of a verb: "depense" (for "defense") was read as "depend", never corrected
    assert forms("depense") == []
    _corpus(
        {
            "response": "A player may play one card in response to each action of the opponent.",
            "other": "A player plays one card at a time.",
            "opposed": "An attack opposed by a block is stopped.",
        }
    )
    analysis = analyse("can my opponent respond")
    assert analysis.left_out == [] and analysis.corrections == []
    assert [entry.key for entry in search("can my opponent respond")[1]][:1] == ["response"]
    # a typo with such a form the corpus lacks ("opposeed": "opposition") is still a typo: it was
    # taken for a word read through its alternatives, and left out
    typo = analyse("is the attack opposeed")
    assert typo.left_out == [] and [(fixed.typed, fixed.read_as) for fixed in typo.corrections] == [
        ("opposeed", "opposed")
    ]


def test_every_form_of_a_paradigm_leads_to_the_others_and_back():
    # Every word of the table, with each regular ending or none (all of them: a sample of 100 let
    # the one homograph below through most runs): its forms lead back to it (a search for "lost"
    # finds "lose" exactly when one for "lose" finds "lost"), and never to itself. A homograph
    # belongs to two paradigms: "leaves" is leaf's plural and leave's present, so it leads to leaf,
    # leave and left, and each leads back to the form it was made from, to "leaves" or to "leave".
    for form in PARADIGMS.split():
        for ending in ("", "s", "es", "ing"):
            word = form + ending
            found = forms(word)
            assert word not in found and found == sorted(found), word
            for other in found:
                assert other in PARADIGMS.split(), (word, other)
                back = {other, *forms(other)}
                # the word itself, or less a regular ending (the stemmer already joins those)
                word_or_stem = {word} | {
                    word[: -len(end)] for end in ("s", "es", "ing") if word.endswith(end)
                }
                assert form in back or word_or_stem & back, (word, other)
    assert forms("leaves") == ["leaf", "leave", "left"]


def test_asking_how_you_lose_something_finds_the_entry_saying_it_is_lost(db):
    _corpus(
        {
            "lost": "If a plot is canceled, the tokens spent to power it are lost.",
            "kept": "If a plot is canceled, its owner keeps the tokens spent to power it and may try again.",
            "other": "A group may lose its power when a plot is canceled.",
        }
    )
    lose = next(word for word in analyse("do i lose my tokens").words if word.typed == "lose")
    assert "lost" in lose.alternatives
    _, results = search("plot canceled do i lose the tokens i spent")
    assert results[0].key == "lost"
    assert "<mark>lost</mark>" in results[0].highlight


def test_an_alternative_the_corpus_lacks_is_not_searched(db):
    _corpus({"blow": "A power blow does double damage."})
    blow = next(word for word in analyse("power blow").words if word.typed == "blow")
    assert blow.alternatives == []  # "blew", "blown": no entry holds them


def test_a_judge_word_an_admin_adds_takes_effect_on_the_next_search(db, admin_client):
    _corpus({"exhaust": "When the last card of your Endurance is drawn, you Exhaust."})
    assert search("bottomed out")[1] == []
    response = admin_client.post(
        "/admin/rulings/judgeword/add/",
        {"typed": "bottomed out", "kind": "rewrite", "means": "exhaust", "note": "a judge's phrase"},
    )
    assert response.status_code == 302
    assert JudgeWord.objects.filter(typed="bottomed out", means="exhaust").exists()
    _, results = search("bottomed out")
    assert [entry.key for entry in results] == ["exhaust"]


def test_the_documents_words_are_found_from_a_judges_everyday_words(db):
    _corpus(
        {
            "additional": "Some cards give you an additional attack this turn.",
            "one": "You may normally play one attack in your attack phase.",
            "trick": "You may play one Combat Trick each turn.",
        }
    )
    assert JudgeWord.objects.filter(
        typed="extra", means__startswith="additional"
    ).exists()  # a row of the data
    assert search("can i get an extra attack")[1][0].key == "additional"
    assert search("how many CTs a turn")[1][0].key == "trick"  # the documents' own abbreviation


def test_an_answer_holding_only_the_questions_common_words_is_still_a_candidate(db):
    _corpus(
        {
            "successful": "An attack is successful if your opponent did not play a defense.",
            "for-nothing": "Exerting for nothing: reveal the top cards of your Endurance.",
            "untap": "Nothing may untap a wizard.",
            "one": "Play one attack per turn.",
            "block": "An attack may be blocked if you play a block.",
            "hand": "Play attacks from your hand.",
            "allies": "Allies bear items.",
            "agents": "Agents move.",
        }
    )
    words = analyse("i play an attack and he plays nothing").words
    assert [word.typed for word in words if not word.common] == ["nothing"]  # 'play', 'attack': common
    _, results = search("i play an attack and he plays nothing")
    assert "successful" in [entry.key for entry in results]


def test_cant_is_read_as_the_documents_cannot(db):
    _corpus({"tricks": "Dirty Tricks cannot be blocked.", "blocks": "A block covers the areas of its grid."})
    _, results = search("why can't i block a dirty trick")
    assert results[0].key == "tricks"
    assert any(word.lexeme == "cannot" for word in analyse("i can't block").words)
