"""Judge vocabulary, from this session's probe questions (written from random entries before
searching). A judge splits a phrasal verb around its object: "do i throw cards away down to my
ability" did not read 0008's "throw away" (discard), and the rare word "away" pulled other entries
first; the Draw/Discard Phase came 15th, first now. A rewrite's phrase may now hold a "*" for the
one to three words inside ("throw * away" reads "throw them away" as "discard them"): rows for
throw, turn * sideways (tap) and knock * down (prone), in their forms. "end of turn" without an
article reads as 0011's "the end of the turn" (the Draw/Discard Phase: "if i have too many cards in
hand at end of turn do i have to throw some away" 17th, first now); something done "in one turn" is
done "per turn" (the rules' "only one opportunity to attack per turn"). A character that dies also
leaves play (MECCG CRF, Allies: "If an ally's controller leaves play for any reason, that ally is
discarded"): 0027's rows for die, dies, died and dead gain "leave" unless an admin has changed them
since; third, first now. Probes: 147 -> 150 first of 178; `make eval`: tuning R@1 0.929 -> 0.933
(fold B 0.955 -> 0.964, fold A unchanged), held-out unchanged (its misses are never looked at).
Data the admins edit (rulings.models_search.JudgeWord), like 0008's and later rows."""

from django.db import migrations, models

from rulings.migrations._vocabulary_rows import rows_operation

CORE = "Highlander core rules"
CRF = "MECCG CRF rulings by term"
DISCARD_PHASE = f"{CORE}: 'if you have more cards in your hand than your Ability, you must discard'"
TAPPED = "a card turned sideways is tapped (0008's 'turn sideways')"
PRONE = f"{CORE}: 'Prone' (0005's 'knocked down')"
PER_TURN = f"{CORE}, Multiple Attacks: 'only one opportunity to attack per turn'"
LEAVES_PLAY = f"{CRF}: 'If an ally's controller leaves play for any reason, that ally is discarded'"

# (typed, kind, means, note)
ROWS = [
    *[(f"{verb} * away", "rewrite", "discard", DISCARD_PHASE)
      for verb in ("throw", "throws", "threw", "throwing", "thrown")],
    *[(f"{verb} * sideways", "rewrite", "tap", TAPPED) for verb in ("turn", "turns", "turned", "turning")],
    *[(f"{verb} * down", "rewrite", "prone", PRONE) for verb in ("knock", "knocks", "knocked", "knocking")],
    ("end of turn", "rewrite", "end of turn draw discard phase", DISCARD_PHASE),
    *[(f"in {one} turn", "rewrite", "per turn", PER_TURN) for one in ("one", "a single")],
]  # fmt: skip
# (typed, kind, means before, means after): 0027's rows
CHANGES = [
    (typed, "alternative", "eliminate,kill,lost", "eliminate,kill,lost,leave")
    for typed in ("die", "dies", "died", "dead")
]


class Migration(migrations.Migration):
    dependencies = [("rulings", "0029_judge_vocabulary_attack_over")]

    operations = [
        migrations.AlterField(
            model_name="judgeword",
            name="typed",
            field=models.CharField(
                help_text="As a judge types it, lower case, no accents: a word, or a phrase for a rewrite. "
                "In a rewrite, * stands for the one to three words inside a phrasal verb, kept after the "
                'replacement ("throw * away" reads "throw them away" as "discard them").',
                max_length=100,
            ),
        ),
        rows_operation(ROWS, CHANGES),
    ]
