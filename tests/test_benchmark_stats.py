"""The benchmarks' one percentile (benchmarks/_stats.py): nearest rank, always a measured value."""

from __future__ import annotations

import importlib.util
import math
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

ROOT = Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location("bench_stats", ROOT / "benchmarks" / "_stats.py")
stats = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(stats)


def test_nearest_rank_on_a_hundred_samples_in_milliseconds():
    samples = [float(n) for n in range(100, 0, -1)]  # 1..100 ms, shuffled order does not matter
    assert stats.percentile(samples, 0.5) == 50.0
    assert stats.percentile(samples, 0.9) == 90.0
    assert stats.percentile(samples, 0.99) == 99.0
    assert stats.percentile(samples, 0.07) == 7.0  # 0.07 * 100 is not quite 7 in floating point
    assert stats.percentile(samples, 1.0) == 100.0


def test_p99_of_a_short_run_is_its_slowest_sample():
    assert stats.percentile([3.0, 1.0, 2.0], 0.99) == 3.0
    assert stats.percentile([3.0, 1.0, 2.0], 0.5) == 2.0


@given(st.lists(st.floats(0, 1e6), min_size=1, max_size=200), st.floats(0.001, 1.0))
def test_the_percentile_is_a_sample_with_that_share_at_or_below_it(samples, share):
    value = stats.percentile(samples, share)
    assert value in samples
    at_or_below = sum(1 for s in samples if s <= value)
    below = sum(1 for s in samples if s < value)
    assert at_or_below >= math.ceil(share * len(samples) - 1e-9)  # enough at or below it
    assert below < math.ceil(share * len(samples) - 1e-9)  # and it is the smallest such


@pytest.mark.parametrize(("samples", "share"), [([], 0.5), ([1.0], 0.0), ([1.0], 1.5)])
def test_no_percentile_of_nothing_or_of_a_share_out_of_range(samples, share):
    with pytest.raises(ValueError):
        stats.percentile(samples, share)
