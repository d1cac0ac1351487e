"""Issue #14's "in the first five always": every first tuning question's answer among the first
five results, the questions added later at their floor, and every fresh probe question too, but
those named, with why, in OUTSIDE_THE_FIRST_FIVE (any other outside is a regression)."""

from __future__ import annotations

import pytest

from rulings.evaluation import evaluate, load_questions, report

pytestmark = pytest.mark.django_db


def test_the_tuning_half_and_the_probes_find_every_answer_in_the_first_five(corpus):
    questions = load_questions()
    tuning, held_out, probes = report(questions)
    assert len(tuning.ranks) + len(held_out.ranks) >= 120
    first, _, _ = evaluate([q for q in questions if not (q.added or q.held_out or q.probe)])
    assert first.recall(5) >= TUNING_RECALL_AT_5, "\n".join(first.misses)
    assert tuning.recall(5) >= ADDED_RECALL_AT_5, "\n".join(tuning.misses)
    # issue #14: "in the first five always", for the fresh questions of the probe rounds too; those
    # that are not are named, with why, in OUTSIDE_THE_FIRST_FIVE: any other is a regression.
    assert len(probes.ranks) >= 2460
    asked = [question.ask for question in questions if question.probe]
    outside = [ask for ask, rank in zip(asked, probes.ranks, strict=True) if rank is None or rank > 5]
    assert outside == list(OUTSIDE_THE_FIRST_FIVE), outside


# The probes whose answer is not in the first five, in the file's order, each with why. (Round 54's
# "is it max 6 of each card in a deck" was one, first since migration 0066; round 118's "how long
# does an event card stay in play" too, first since 0080; rounds 107's and 193's Dodges and round
# 179's items on a discarded character, and round 185's face-down agent copies, are in the first
# five since the asked questions, scored with their own block of them left out.)
OUTSIDE_THE_FIRST_FIVE = {
    "what's printed on a highlander card, like what are the different bits": "round 65: Card Anatomy's "
    'own text names none of a card\'s parts, and "printed" and "bits" name none either',
    "do i have to play a card every turn": 'round 100: Beginning the Game, "you must play at least one '
    'non-Edge card"; the question\'s other words are in most entries, and "every", in two, weighs '
    "most: as a question word it lost fold B answers",
    "a card with two effects, can anything be played in between them": "round 109: Annotation 24 says "
    '"more than one action", the question "two effects"',
    "countered cards still count towards my one special a turn?": "round 131: the core rules' Countering "
    'Cards, a countered card "is still considered to have been played", the question asks whether it '
    '"counts"; reading "count" as "considered" moved an earlier probe out of third',
    "i tap my character for an effect and he gets discarded before it resolves": "round 138: Annotation 5 "
    'says "entity" and "must still be in play", the question "character" and "discarded"',
    "when does a card count as targeting a character, is it only when it names him": "round 149: Targets "
    'ruling 1 says "specific entities as stated on a card", the question "names him", which also '
    'reads "title"',
    "two alignment changes that contradict each other, which one wins": "round 161: INWO's example says "
    '"mutually exclusive" and "takes precedence", and names the alignments, never the word',
    "is a pregame card showing a character from the show an ally": "round 162: the core rules' Allies, "
    '"any non-Pre Game card that depicts a character", the question naming the pre-game it excludes',
    "two copies of the same agent, one face down, is that legal": 'round 175: Agent ruling 10, "Only '
    'face-up agents are considered for uniqueness", the question "two copies of the same agent", which '
    'reads "duplicate" and finds the duplication rules',
    "my card needed something in play but it left before resolution, does it still work": "round 177: "
    'Annotations 7 and 8 say "active condition", "exist" and "resolved", the question "needed '
    'something", "left" and "resolution", sharing only "card" and "play"',
    "when is a card actually in play": 'round 180: Annotation 1, "A card is not in play until it is '
    'resolved", asked in "card" and "play" alone, which most entries hold',
    "what does the s on the sword mean": 'round 180: the Signature symbol\'s "S" on the sword, a letter '
    'left out, and "sword" also reading "weapon"',
    "how many nazgul can i have in my sideboard": 'round 183: Ringwraiths ruling 1, "any number of '
    'Ringwraiths in your sideboard"; the question names the Nazgul, which the Sideboard rulings say '
    "(the Nazgul permanent-events), and never the Ringwraiths",
    "if a card hits every orc in play is that targeting them or not": 'round 185: Targets ruling 2, "A '
    'card that acts on a class of entities does not target them", behind its siblings Targets 4 and 1; '
    '"hits every orc" is the class, in no word of the rule',
    "what counts as targeting something in metw": "round 185: Targets ruling 1, behind the MELE vs METW "
    'rulings ("metw" is a word of theirs) and its siblings. Read as naming the game, "metw" put it '
    'fourth, but "mele" read so lost two questions on the MELE rulebook: neither was kept',
    "can i put a katana specific card in my deck if my persona doesnt use a katana": "round 188: Card "
    "Anatomy's Sub-Title, \"Weapon Specific Cards cannot be included in your deck ... unless you are "
    'using the proper Weapon of Choice"; the question names the weapon (a katana), never "weapon", '
    "and the deck-building rules on personas hold its other words",
    "two combat tricks plus an attack does opponent have to defend all of them": "round 194: Unexpected "
    'Cards\' Example 1, "His opponent will then have to defend against both Combat Tricks and the attack", '
    "sixth behind the Combat Trick Rules and Unexpected Cards, which hold the same words and answer "
    "in part: the example's own words are a card's name and the draw/discard phase",
    "I have a second copy of a Group card that got destroyed last turn, am I allowed to put it into play or "
    "does something have to bring it back first?": "round 195: INWO's duplicate Group rule, \"a card that "
    'duplicates a Group that was previously in play, but is now destroyed", eighth behind the deck '
    'rules on card groups: "copy" reads "duplicate", and "Group" is the Highlander rules\' word too',
    "what's the icon with the open hand on some highlander cards mean, and does playing one count as my "
    "special for the turn": "round 196: the core rules' Edge, \"marked with an outstretched hand icon ... "
    'not Special Cards", thirteenth: two questions in one, each answered first by its own rule (the '
    "Hand Icon, Special Cards)",
    "My opponent's Aragorn got discarded. Is he gone for good or can either of us bring him back into play "
    "later?": 'round 196: Discard ruling 1, "A discarded character may be brought into play again by any '
    'player", the question naming the character (a card, Aragorn) and "gone for good", never "character"',
    "my agent is moving through a region with hazard creatures keyed there, can my opponent attack it during "
    "movement": 'round 196: Agent ruling 6, "Agents do not face attacks when moving", tenth behind the '
    "attack and keyed rulings, which hold the question's hazard, creature, region and keyed",
    "do I have to play a card every turn or can I just pass in highlander ccg": "round 197: Beginning the "
    'Game again (as round 100), "you must play at least one non-Edge card"; "pass" and "ccg" name '
    "nothing in it, and the asked question like it (round 100's) is the one outside too",
}


# Every first tuning question's answer in the first five (the target of issue #14, met): a ranking
# change that loses one fails here, naming the questions not answered first. With the questions
# added later to test generalisations (some written to find the search's weak spots: an answer
# holding only the question's common words), the floor is what the search reaches today.
TUNING_RECALL_AT_5 = 1.0
ADDED_RECALL_AT_5 = 0.97
