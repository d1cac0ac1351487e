"""The command-line tools: rules.play and rules.bench."""

import json
import subprocess
import sys
from pathlib import Path

from rules import bench, play

ROOT = Path(__file__).resolve().parents[2]


def test_play_reports_wins_draws_and_mean_turns():
    result = play.run(("random", "heuristic"), 10, seed=1)
    assert sum(result["wins"].values()) + result["draws"] == 10
    assert result["mean_turns"] > 1 and set(result["wins"]) <= {"random", "heuristic"}
    assert play.run(("random", "heuristic"), 10, seed=1)["wins"] == result["wins"]  # seeded


def test_play_command_line():
    out = subprocess.run(
        [sys.executable, "-m", "rules.play", "--bots", "random,heuristic", "--games", "6", "--seed", "1"],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert out.returncode == 0, out.stderr
    assert "heuristic wins:" in out.stdout and "draws" in out.stdout and "mean turns" in out.stdout


def test_bench_json_has_rates_and_a_baseline():
    out = subprocess.run(
        [sys.executable, "-m", "rules.bench", "--json", "--games", "6"],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert data["actions_per_sec"] > 0 and data["games_per_sec"] > 0
    assert data["baseline"]["actions_per_sec"] > 0 and data["baseline"]["games_per_sec"] > 0
    assert data["ratio"] > 0 and bench.measure(3)["games"] == 3
