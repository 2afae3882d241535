"""Instant matchpoints for fun sessions."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from basestation.scoring.instant import (
    INSTANT_SCALE,
    INSTANT_TOTAL,
    InstantMatchpoints,
    instant_matchpoints,
)


# club-directors-manual.txt, "Instant Matchpoint Calculator": score band -> plus pair, minus pair.
@pytest.mark.parametrize(
    ("score", "plus", "minus"),
    [
        (0, 40, 40),
        (50, 40, 40),
        (60, 42, 38),
        (90, 42, 38),
        (100, 43, 37),
        (110, 43, 37),
        (140, 44, 36),
        (420, 51, 29),
        (430, 51, 29),
        (450, 52, 28),
        (620, 57, 23),
        (730, 60, 20),
        (740, 61, 19),
        (990, 66, 14),
        (1440, 75, 5),
        (1450, 76, 4),
        (1690, 76, 4),
        (1700, 77, 3),
        (2490, 78, 2),
        (2990, 79, 1),
        (3000, 80, 0),
        (7600, 80, 0),
    ],
)
def test_seed_calculator(score: int, plus: int, minus: int) -> None:
    assert instant_matchpoints(score) == InstantMatchpoints(ns=plus, ew=minus)
    assert instant_matchpoints(-score) == InstantMatchpoints(ns=minus, ew=plus)


def test_one_light_is_an_even_score() -> None:
    # Same section, "Bridge Instant Score Sheet": "going one light gives an even score to both
    # sides" (one down, not vulnerable, undoubled: -50).
    assert instant_matchpoints(-50) == InstantMatchpoints(40, 40)


def test_scale_is_monotone_and_shares_eighty() -> None:
    lows = [low for low, _ in INSTANT_SCALE]
    plus = [points for _, points in INSTANT_SCALE]
    assert lows == sorted(lows)
    assert lows[0] == 0
    assert plus == sorted(plus)
    assert plus[-1] == INSTANT_TOTAL


@given(st.integers(-800, 800).map(lambda tens: tens * 10))
def test_every_score_shares_eighty(score: int) -> None:
    awarded = instant_matchpoints(score)
    assert awarded.ns + awarded.ew == INSTANT_TOTAL
    # The plus side never gets less than the minus side (0-50 is an even 40 each).
    assert awarded.ns >= awarded.ew if score >= 0 else awarded.ns <= awarded.ew
