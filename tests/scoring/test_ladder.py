"""Competition ladders: the rules of seeds/club-directors-manual.txt ("Ladders - Crockfords
Bridge Club" and "Competitions/ Ladders") on nights of data."""

from __future__ import annotations

import pytest

from basestation.scoring.ladder import (
    INDIVIDUAL,
    PAIRS,
    LadderRules,
    PairScore,
    SessionScores,
    run_ladder,
)


def night(event: int, *pairs: tuple[int, int, float]) -> SessionScores:
    return SessionScores(event, tuple(PairScore((a, b), pct) for a, b, pct in pairs))


def test_seed_six_five_five_weakest_excluded_everyone_over_five() -> None:
    """The seed: "6, 5, 5 ... those players who played for 6 nights have their weakest score
    excluded. Thus everyone is averaged over 5 sessions"; 4 nights do not qualify."""
    rules = LadderRules(PAIRS, sessions=6, qualify=5, count=5)
    nights = [
        night(1, (1, 2, 40.0), (3, 4, 60.0), (5, 6, 50.0)),
        night(2, (1, 2, 60.0), (3, 4, 55.0), (5, 6, 70.0)),
        night(3, (1, 2, 60.0), (3, 4, 55.0), (5, 6, 70.0)),
        night(4, (1, 2, 60.0), (3, 4, 55.0), (5, 6, 70.0)),
        night(5, (1, 2, 60.0), (3, 4, 55.0)),
        night(6, (1, 2, 60.0)),
    ]
    ladder = run_ladder(rules, nights)
    assert [(r.players, r.average, r.rank_label) for r in ladder.rows] == [
        ((1, 2), 60.0, "1"),  # 40 is its weakest of 6: excluded
        ((3, 4), 56.0, "2"),  # five nights: all five count
    ]
    first = ladder.rows[0]
    assert [p.counted for p in first.played] == [False, True, True, True, True, True]
    assert [(n.players, n.why) for n in ladder.not_qualified] == [
        ((5, 6), "played 4 of the 5 sessions needed to qualify")]


def test_seed_three_night_match_partner_change() -> None:
    """The seed's three-night matches, "3, 3, 3", an individual ladder: players "must have
    changed partners at least once to qualify", and those who played all the sessions with
    each other (same scores each night as the player below them) are excluded. Players
    usually play two nights with their regular partner and swap for the third."""
    rules = LadderRules(INDIVIDUAL, sessions=3, qualify=3, count=3, change_partner=True)
    nights = [
        night(11, (1, 2, 62.0), (3, 4, 55.0), (5, 6, 48.0), (7, 8, 45.0)),
        night(12, (1, 2, 58.0), (3, 4, 51.0), (5, 6, 52.0), (7, 8, 39.0)),
        # The third night 1 and 3 swap partners; 5 and 6 stay together, as do 7 and 8.
        night(13, (1, 4, 57.0), (3, 2, 60.0), (5, 6, 70.0), (7, 8, 50.0)),
    ]
    ladder = run_ladder(rules, nights)
    assert [(r.players, r.average, r.rank_label) for r in ladder.rows] == [
        ((2,), 60.0, "1"),  # 62 58 60
        ((1,), 59.0, "2"),  # 62 58 57
        ((3,), 55.33, "3"),  # 55 51 60
        ((4,), 54.33, "4"),  # 55 51 57
    ]
    assert ladder.rows[0].played[2].partners == (3,)
    assert [(n.players, n.why) for n in ladder.not_qualified] == [
        ((5,), "played every session with the same partner"),
        ((6,), "played every session with the same partner"),
        ((7,), "played every session with the same partner"),
        ((8,), "played every session with the same partner"),
    ]


def test_seed_may_include_same_partner_shows_everyone_ranked_equal() -> None:
    """With 'may include same partner' ticked the ladder shows everyone who played the three
    sessions; a pair who played them all together is ranked equal (the seed: "They will be
    ranked equal")."""
    rules = LadderRules(INDIVIDUAL, sessions=3, qualify=3, count=3)
    nights = [night(1, (1, 2, 50.0), (3, 4, 50.0)), night(2, (1, 2, 60.0), (3, 4, 40.0)),
              night(3, (1, 2, 40.0), (3, 4, 60.0))]
    ladder = run_ladder(rules, nights)
    assert [(r.players, r.rank_label) for r in ladder.rows] == [
        ((1,), "1="), ((2,), "1="), ((3,), "1="), ((4,), "1=")]


def test_ties_ranked_equal_and_the_next_place_skipped() -> None:
    rules = LadderRules(PAIRS, sessions=2, qualify=1, count=1)
    ladder = run_ladder(rules, [night(1, (1, 2, 61.0), (3, 4, 61.0), (5, 6, 50.0)),
                                night(2, (5, 6, 55.0))])
    assert [(r.players, r.rank_label) for r in ladder.rows] == [
        ((1, 2), "1="), ((3, 4), "1="), ((5, 6), "3")]


def test_total_sessions_regardless_of_how_many_have_been_played() -> None:
    """The seed: "be sure to put in total number of sessions regardless of how many have been
    played": two of four nights played, nobody has qualified for 3 yet."""
    rules = LadderRules(PAIRS, sessions=4, qualify=3, count=3)
    ladder = run_ladder(rules, [night(1, (1, 2, 60.0)), night(2, (1, 2, 50.0))])
    assert ladder.sessions_played == 2 and ladder.rows == ()
    assert ladder.not_qualified[0].why == "played 2 of the 3 sessions needed to qualify"


def test_visitors_without_a_number_are_not_ranked() -> None:
    rules = LadderRules(INDIVIDUAL, sessions=1, qualify=1, count=1)
    ladder = run_ladder(rules, [night(1, (1, 0, 60.0), (0, 0, 70.0))])
    assert [r.players for r in ladder.rows] == [(1,)]
    pairs = run_ladder(LadderRules(PAIRS, 1, 1, 1), [night(1, (1, 0, 60.0), (2, 3, 50.0))])
    assert [r.players for r in pairs.rows] == [(2, 3)]


@pytest.mark.parametrize(("rules", "sentence"), [
    (LadderRules(PAIRS, 3, 3, 4), "4 sessions to count is more than the competition's 3"),
    (LadderRules(PAIRS, 3, 4, 3), "4 sessions to qualify is more than the competition's 3"),
    (LadderRules(PAIRS, 6, 4, 5), "5 sessions to count is more than the 4 a player needs"),
    (LadderRules(PAIRS, 3, 3, 3, change_partner=True), "ranked as individuals"),
    (LadderRules(PAIRS, 0, 1, 1), "at least one session"),
    (LadderRules("handicap", 3, 3, 3), "pairs or individuals"),
])
def test_rules_no_ladder_can_be_run_by_are_refused(rules: LadderRules, sentence: str) -> None:
    with pytest.raises(ValueError, match=sentence):
        rules.check()


def test_more_sessions_than_the_competition_has_is_refused() -> None:
    with pytest.raises(ValueError, match="has 1 sessions, not 2"):
        run_ladder(LadderRules(PAIRS, 1, 1, 1), [night(1), night(2)])
