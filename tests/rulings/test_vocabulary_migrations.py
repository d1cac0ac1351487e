"""The judge vocabulary's data migrations can be undone: unapplied, each takes back the rows it
added and restores the meanings it changed, and applied again it gives the same table; a row an
admin edited since is theirs and stays, both ways (rulings/migrations/_vocabulary_rows.py). An
admin undoing a deployment must not lose what they wrote, nor keep half of a migration."""

from __future__ import annotations

import importlib

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from rulings.models import JudgeWord
from rulings.vocabulary import forget_vocabulary, vocabulary

pytestmark = pytest.mark.django_db

BEFORE = ("rulings", "0044_judge_vocabulary_a_card_makes_me")
UNDONE = [  # the migrations unapplied by going back to BEFORE
    "0045_judge_vocabulary_still",
    "0046_judge_vocabulary_lets_prevents_point_of_the_game",
    "0047_judge_vocabulary_deckbuilding_parts_of_a_card",
    "0048_judge_vocabulary_taped",
    "0049_judge_vocabulary_happen_occur_against_the_shadow",
    "0050_judge_vocabulary_same_resource_reasons",
    "0051_judge_vocabulary_weapon_item_win_lose",
    "0052_judge_vocabulary_leave_play",
    "0053_judge_vocabulary_pre_game_pg",
    "0054_judge_vocabulary_extra_excess",
    "0055_judge_vocabulary_location_not_special",
    "0056_judge_vocabulary_recognise_icon",
    "0057_judge_vocabulary_change_rearrange",
    "0058_judge_vocabulary_what_is_the_game_about",
    "0059_judge_vocabulary_lose_a_hand",
    "0060_judge_vocabulary_count_as",
    "0061_judge_vocabulary_change_modify",
    "0062_judge_vocabulary_affect_act",
    "0063_judge_vocabulary_need_must",
    "0064_judge_vocabulary_source_names",
    "0065_judge_vocabulary_middle_earth",
    "0066_judge_vocabulary_of_each_card",
    "0067_judge_vocabulary_without",
    "0068_judge_vocabulary_condition_gone",
    "0069_judge_vocabulary_blocked_unblockable",
    "0070_judge_vocabulary_at_what_point",
    "0071_judge_vocabulary_figure_out",
    "0072_judge_vocabulary_block_defense",
    "0073_judge_vocabulary_gold_grid_spend",
    "0074_judge_vocabulary_all_at_once",
    "0075_judge_vocabulary_other_forms",
    "0076_judge_vocabulary_erratum_errata",
    "0077_judge_vocabulary_am_i_out",
    "0078_judge_vocabulary_unclear",
    "0079_judge_vocabulary_pay_same_turn",
    "0080_judge_vocabulary_type_cards",
    "0081_judge_vocabulary_finish_without_ever",
    "0082_judge_vocabulary_support_capture_minimum",
    "0083_judge_vocabulary_respond_use_up",
    "0084_judge_vocabulary_anytime_alot",
    "0085_judge_vocabulary_words_run_together",
    "0086_judge_vocabulary_goes_up_makes_up",
    "0087_judge_vocabulary_max_hand_icons",
    "0088_judge_vocabulary_how_long_does_it_last",
    "0089_judge_vocabulary_go_away_wizards",
    "0090_judge_vocabulary_no_effect_other_players_lowers",
    "0091_judge_vocabulary_know_if_a_card_is_each_turn",
    "0092_judge_vocabulary_go_against",
    "0093_judge_vocabulary_rearrange",
    "0094_judge_vocabulary_everybody",
    "0095_judge_vocabulary_subtitle",
    "0096_judge_vocabulary_abbreviations",
    "0097_judge_vocabulary_clear_away",
    "0098_judge_vocabulary_irregular_pasts",
    "0099_judge_vocabulary_taken_out_of_the_game",
    "0101_judge_vocabulary_versus",
    "0102_judge_vocabulary_considered_over",
    "0103_judge_vocabulary_attack_ends",
    "0105_judge_vocabulary_side_board_snapped_hooked",
    "0106_judge_vocabulary_hand_over_wiped_out",
    "0107_judge_vocabulary_aim_at_one_of_a_kind",
    "0108_judge_vocabulary_says_i_must_alley_my_immortal",
    "0109_judge_vocabulary_cleared_locked_up_requirement",
    "0110_judge_vocabulary_for_good_deck_used_up",
    "0111_judge_vocabulary_swung_cast_another_immortal",
    "0112_judge_vocabulary_yellow_fighting_nobody_left_pair_of",
    "0113_judge_vocabulary_regular_evil_combo_harder",
    "0114_judge_vocabulary_fuel_raise",
    "0115_judge_vocabulary_home_site_carrying_out",
    "0116_judge_vocabulary_route_two_hander_long_lasting",
    "0117_judge_vocabulary_tougher",
    "0118_judge_vocabulary_leftover_required_condition",
    "0119_judge_vocabulary_sway_final",
    "0120_judge_vocabulary_count_as_going_through",
    "0121_judge_vocabulary_swinging_not_there_anymore",
    "0122_judge_vocabulary_cleaned_up_not_allowed_anymore",
    "0123_judge_vocabulary_positions",
    "0124_judge_vocabulary_worked_triggered_back_over",
    "0125_judge_vocabulary_not_flipped",
    "0126_judge_vocabulary_sheet_not_legal",
    "0127_judge_vocabulary_identical_keep_taking",
]
# The earlier rows whose meanings they changed (0046 "cannot", 0051 "win" and its forms, 0054 "extra",
# 0068 "gone", 0073 the colours and "cost", 0074 "all at once").
CHANGED = {
    ("cannot", "alternative"),
    ("extra", "alternative"),
    ("gone", "alternative"),
    ("all at once", "rewrite"),
} | {
    (typed, "alternative") for typed in ("win", "wins", "winning", "won", "color", "colour", "cost", "costs")
}


def _table() -> set[tuple[str, str, str, str]]:
    return set(JudgeWord.objects.values_list("typed", "kind", "means", "note"))


def _migrate(target: list[tuple[str, str]]) -> None:
    executor = MigrationExecutor(connection)
    executor.migrate(target)
    forget_vocabulary()


def _latest() -> list[tuple[str, str]]:
    return [key for key in MigrationExecutor(connection).loader.graph.leaf_nodes() if key[0] == "rulings"]


def _rows(name: str, which: str = "ROWS") -> list[tuple]:
    return getattr(importlib.import_module(f"rulings.migrations.{name}"), which, [])


def _added() -> set[tuple[str, str, str]]:
    """The (typed, kind, means) rows the undone migrations added, as the later of them left them
    (0061 changed the means of 0057's rows)."""
    added: set[tuple[str, str, str]] = set()
    for name in UNDONE:
        added |= {(typed, kind, means) for typed, kind, means, _ in _rows(name)}
        for typed, kind, before, after in _rows(name, "CHANGES"):
            if (typed, kind, before) in added:
                added = (added - {(typed, kind, before)}) | {(typed, kind, after)}
    return added


def test_the_vocabulary_migrations_undone_and_redone_leave_the_table_as_it_was():
    latest = _latest()
    applied = _table()
    added = _added()
    assert ("change", "alternative", "rearrange,modify") in added
    removed = {row for name in UNDONE for row in _rows(name, "DROPPED")}
    assert added <= {row[:3] for row in applied}
    assert not removed & applied
    _migrate([BEFORE])
    try:
        undone = _table()
        assert not added & {row[:3] for row in undone}  # every row they added is gone
        assert removed <= undone  # and every row they removed is back, its note with it
        # 0055 had removed 0005's "location" as "special": restored
        assert vocabulary().alternatives["location"] == ["special"]
        # 0046 had changed 0008's "cannot" from "unable" to "unable,prevent": restored
        assert JudgeWord.objects.get(typed="cannot", kind="alternative").means == "unable"
        # 0051 had changed 0025's "win" from "goal" to "goal, lose": restored
        assert JudgeWord.objects.get(typed="win", kind="alternative").means == "goal"
        # 0068 had changed 0032's "gone" from "lost" to "lost, exist": restored
        assert JudgeWord.objects.get(typed="gone", kind="alternative").means == "lost"
        # 0073 had added gold and white to 0041's colours, and spending to 0027's "cost": restored
        assert (
            JudgeWord.objects.get(typed="colour", kind="alternative").means
            == "color,colored,red,green,blue,purple"
        )
        assert JudgeWord.objects.get(typed="cost", kind="alternative").means == "condition"
        # 0074 had read 0012's "all at once" also as "one at a time": restored
        assert JudgeWord.objects.get(typed="all at once", kind="rewrite").means == "simultaneously"
        assert "happen" not in vocabulary().alternatives  # what search reads, not only the table
        assert vocabulary().sources == {}  # 0064's source names: none before
        # and nothing else changed
        assert {row for row in undone if row[:2] not in CHANGED and row not in removed} == {
            row for row in applied if row[:3] not in added and row[:2] not in CHANGED
        }
    finally:
        _migrate(latest)
    assert _table() == applied
    assert vocabulary().alternatives["happen"] == ["occur"]
    assert vocabulary().alternatives["win"] == ["goal", "lose"]
    assert vocabulary().sources["crf"] == "meccg-crf6-rulings-by-term"
    assert "location" not in vocabulary().alternatives


def test_a_row_an_admin_edited_stays_when_its_migration_is_undone_and_redone():
    # the admin made "taped" (0048) mean something else: it is theirs now
    JudgeWord.objects.filter(typed="taped", kind="rewrite").update(means="tapped out", note="ours")
    latest = _latest()
    _migrate([BEFORE])
    try:
        assert JudgeWord.objects.get(typed="taped", kind="rewrite").means == "tapped out"
        assert not JudgeWord.objects.filter(typed="untaped", kind="rewrite").exists()  # 0048's own, gone
    finally:
        _migrate(latest)
    kept = JudgeWord.objects.get(typed="taped", kind="rewrite")
    assert (kept.means, kept.note) == ("tapped out", "ours")  # not overwritten by 0048 applied again
    assert JudgeWord.objects.get(typed="untaped", kind="rewrite").means == "untapped"
