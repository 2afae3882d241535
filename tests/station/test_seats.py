from basestation.station.seats import Seats
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
