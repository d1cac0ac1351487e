"""More of the judge vocabulary, read from the five documents: where they name a thing one way and
people at a table another (an everyday word for the rules' word, an abbreviation the documents
themselves use, a British spelling). Each row's note says where the documents' word comes from.
Data the admins edit (rulings.models_search.JudgeWord), like 0005's rows."""

from django.db import migrations

from rulings.migrations._vocabulary_rows import add_rows, remove_rows

CORE, MLE, CRF, MEAS, INWO = "Highlander core rules", "MLE supplement", "MECCG CRF", "MECCG MEAS insert", "INWO rules"

# (typed, kind, means, note)
ROWS = [
    # abbreviations the documents use themselves
    *[(typed, "rewrite", "combat trick", f"{MLE}: 'Combat Tricks (or CT's)'") for typed in ("ct", "cts")],
    *[(typed, "rewrite", "weapon of choice", f"{MLE}: 'the Katana WoC'") for typed in ("woc", "wocs")],
    *[(typed, "rewrite", "marshalling points", f"{CRF}: 'by the MPs'") for typed in ("mp", "mps")],
    ("ig", "rewrite", "in-game", f"{MLE}: 'any IG card'"),
    ("martial", "alternative", "ma", f"{MLE}: 'Martial Arts (MA) cards', then 'a MA attack', 'MA PG'"),
    # phrases for the documents' words
    *[(f"{come} back", "rewrite", "return", f"{CRF}/{INWO}: cards 'return' to hand or play")
      for come in ("come", "comes", "came", "coming")],
    *[(typed, "rewrite", "another player", f"{CRF}/{INWO}: 'another player', 'from one player to another'")
      for typed in ("someone else", "somebody else", "anyone else", "anybody else")],
    ("the other player", "rewrite", "opponent", f"{CORE}: 'your opponent'"),
    *[(typed, "rewrite", "opponent's turn", f"{CORE}: 'during your opponents' turn'")
      for typed in ("not my turn", "their turn", "his turn", "her turn", "the other guy's turn", "other guys turn")],
    ("at the same time", "rewrite", "simultaneously", f"{CRF}: 'simultaneously', 'simultaneous'"),
    *[(typed, "rewrite", "regain feet", f"{CORE}: a prone player may 'Regain your feet'")
      for typed in ("get up", "stand up", "getting up", "standing up")],
    *[(typed, "rewrite", "prone", f"{CORE}: knocked to the ground is Prone")
      for typed in ("fall down", "fell down", "on the ground")],
    *[(typed, "rewrite", "face down", f"{CORE}/{CRF}: 'face down'") for typed in ("facedown", "face-down")],
    *[(typed, "rewrite", "face up", f"{CRF}: 'face up'") for typed in ("faceup", "face-up")],
    ("throw away", "rewrite", "discard", "everyday for discarding"),
    *[(typed, "rewrite", "multi-player", f"{CRF}: 'multi-player games'") for typed in ("multiplayer", "multi player")],
    *[(typed, "rewrite", "in-game", f"{MLE}: 'In-Game cards'") for typed in ("ingame", "in game")],
    *[(typed, "rewrite", "on-guard", f"{CRF}: 'on-guard creatures'") for typed in ("onguard", "on guard")],
    *[(typed, "rewrite", "cannot", "the documents write 'cannot' (a word search keeps); 'can't' is read as stop words")
      for typed in ("can't", "can’t", "cant", "couldn't", "couldnt")],
    ("cannot", "alternative", "unable", f"{CORE}: 'you are unable to play cards from your hand'"),
    ("how big", "rewrite", "size", f"{CORE}/{CRF}: 'Endurance size', 'hand size'"),
    *[(typed, "rewrite", "hand size", f"{CRF}: 'hand size'") for typed in ("hand limit", "max hand", "maximum hand")],
    *[(typed, "rewrite", "marshalling points", f"{CRF}: 'marshalling points' are what other games call victory points")
      for typed in ("victory points", "victory point", "vp", "vps")],
    *[(typed, "rewrite", "tap", f"{CRF}: a card turned sideways is 'tapped'") for typed in ("turn sideways", "sideways")],
    # everyday words -> the documents' words
    *[(typed, "alternative", "area", f"{CORE}: an attack's grid shows the 'areas' it covers")
      for typed in ("zone", "zones", "spot", "spots")],
    # a word the documents derive otherwise than the stemmer joins
    *[(typed, "alternative", "defense", f"{CORE}: 'defense', 'Defense Phase'")
      for typed in ("defend", "defends", "defending", "defended", "defender", "defenders")],
    *[(typed, "alternative", "successful", f"{CORE}: 'successful attacks'") for typed in ("succeed", "succeeds", "succeeded")],
    *[(typed, "alternative", "fail", f"{CRF}: a character 'fails' a check") for typed in ("failure", "failures")],
    *[(typed, "alternative", "destroy", f"{INWO}: a destroyed Group") for typed in ("destruction",)],
    ("extra", "alternative", "additional", f"{CORE}/{MLE}: 'additional attack', 'additional damage'"),
    *[(typed, "alternative", "aid,support", f"{INWO}: groups 'aiding' an attack; {CRF}: 'combat support'")
      for typed in ("help", "helps", "helping", "helped")],
    *[(typed, "alternative", "move", f"{CRF}/{MEAS}: companies and agents 'move'")
      for typed in ("travel", "travels", "travelling", "traveling", "travelled", "traveled")],
    *[(typed, "alternative", "size", f"{CORE}: 'Minimum Endurance Size'; {CRF}: 'hand size'")
      for typed in ("big", "bigger", "large", "small", "smaller")],
    *[(typed, "alternative", "eliminate,kill", f"{CRF}: a character who dies is 'eliminated'")
      for typed in ("die", "dies", "died", "dead", "death", "killed")],
    *[(typed, "alternative", "defeat", f"{CRF}: attacks and strikes are 'defeated'")
      for typed in ("beat", "beaten", "beats")],
    ("give", "alternative", "pass", f"{CRF}: allies 'cannot be passed from one player to another'"),
    *[(typed, "alternative", "choose", f"{CRF}: 'chooses the order'") for typed in ("pick", "picks", "decide")],
    *[(typed, "alternative", "prevent,cancel", f"{CORE}: 'prevents damage'; {CRF}: 'cancel an attack'")
      for typed in ("stop", "stops")],
    *[(typed, "alternative", "nullify,cancel", f"{CORE}: 'Nullify'; {CRF}/{INWO}: 'canceled'")
      for typed in ("negate", "negates", "counter", "counters")],
    *[(typed, "alternative", "discard", "everyday for discarding") for typed in ("trash", "toss", "bin")],
    ("library", "alternative", "endurance,deck", f"other games' word for the draw pile: {CORE} 'Endurance', {CRF} 'play deck'"),
    *[(typed, "alternative", "ability", f"{CORE}: a player's life is their 'Ability' ('You lose 5 Ability')")
      for typed in ("life", "health", "hp", "lives")],
    *[(typed, "alternative", "damage", f"{CORE}: attacks do 'damage'") for typed in ("hurt", "hurts", "dmg")],
    ("empty", "alternative", "exhaust", f"{CORE}/{CRF}: an emptied Endurance or play deck is 'exhausted'"),
    ("enemy", "alternative", "opponent", f"{CORE}: 'your opponent'"),
    ("limit", "alternative", "maximum", f"{MEAS}: 'a maximum of four region cards'"),
    ("forever", "alternative", "permanent", f"{INWO}: 'permanently illegal'"),
    # words of conversation, not of the rules: they count little (a filler never selects)
    *[(typed, "filler", "", "question word") for typed in (
        "want", "wants", "wanted", "ever", "actually", "basically", "question", "correct", "sort",
        "even", "also", "anyway", "wondering", "wonder", "guess", "guy", "guys", "somebody", "anybody",
    )],
    # British spellings of the documents' American ones
    *[(typed, "alternative", us, "British spelling") for typed, us in (
        ("armour", "armor"), ("honour", "honor"), ("colour", "color"), ("favourite", "favorite"),
        ("cancelled", "canceled"), ("marshaling", "marshalling"),
    )],
]


def seed(apps, schema_editor):
    add_rows(apps, ROWS)


def unseed(apps, schema_editor):
    remove_rows(apps, ROWS)


class Migration(migrations.Migration):
    dependencies = [("rulings", "0007_entry_cross_ref_indexes")]

    operations = [migrations.RunPython(seed, unseed)]
