from basestation.station.session.seats import Seats
from basestation.store.models import SeatRow


def _row(entrant: int, side: str, players: str) -> SeatRow:
    return SeatRow(event_id=1, section="A", entrant=entrant, side=side, players=players)


def test_the_newest_row_for_a_place_holds() -> None:
    seats = Seats()
    seats.load([_row(3, "NS", "11,12"), _row(3, "NS", "11,14")])
    assert seats.of("A", 3, "NS") == (11, 14)
    assert seats.of("A", 3, "EW") == ()
    assert seats.of("B", 3, "NS") == ()


def test_a_team_is_its_two_pairs_unless_seated_at_once() -> None:
    seats = Seats()
    seats.load([_row(2, "NS", "1,2"), _row(2, "EW", "3,0")])
    assert seats.of("A", 2) == (1, 2, 3, 0)
    seats.set(("A", 2, ""), (1, 2, 3, 4, 5))
    assert seats.of("A", 2) == (1, 2, 3, 4, 5)
    assert seats.of("A", 2, "NS") == (1, 2)  # its own pair first
    assert seats.of("A", 7, "NS") == ()


def test_a_team_seated_at_once_sits_its_first_two_ns_and_the_next_two_ew() -> None:
    seats = Seats()
    seats.load([_row(2, "EW", "7,8"), _row(2, "", "1,2,3,4,5")])
    assert (seats.of("A", 2, "NS"), seats.of("A", 2, "EW")) == ((1, 2), (3, 4))
    seats.set(("A", 2, "EW"), (5, 4))  # the numbers entered at the away table
    assert (seats.of("A", 2, "NS"), seats.of("A", 2, "EW")) == ((1, 2), (5, 4))
    assert seats.of("A", 2) == (1, 2, 3, 4, 5)  # the team as seated
    seats.set(("A", 3, ""), (9, 10))  # a pair of a one-field movement sits either way
    assert seats.of("A", 3, "NS") == seats.of("A", 3, "EW") == (9, 10)
