"""Board rotation and the lead check."""

from __future__ import annotations

import pytest

from basestation.domain.board import Vulnerability, dealer_of, is_vulnerable, vulnerability_of
from basestation.domain.cards import CardError, Deal, lead_matches, parse_card
from firmware_protocol.messages import Seat


def test_standard_rotation() -> None:
    # docs/ARCHITECTURE.md, Domain notes: board 1 N/None, 2 E/NS, 3 S/EW, 4 W/All, period 16.
    assert [(dealer_of(b), vulnerability_of(b)) for b in (1, 2, 3, 4)] == [
        (Seat.N, Vulnerability.NONE), (Seat.E, Vulnerability.NS),
        (Seat.S, Vulnerability.EW), (Seat.W, Vulnerability.ALL)]
    assert [vulnerability_of(b).value for b in range(1, 17)] == (
        ["None", "NS", "EW", "All", "NS", "EW", "All", "None",
         "EW", "All", "None", "NS", "All", "None", "NS", "EW"])
    assert vulnerability_of(17) is Vulnerability.NONE
    assert dealer_of(28) is Seat.W
    with pytest.raises(ValueError, match="start at 1"):
        dealer_of(0)


def test_is_vulnerable() -> None:
    assert is_vulnerable(Vulnerability.NS, Seat.S)
    assert not is_vulnerable(Vulnerability.NS, Seat.E)
    assert is_vulnerable(Vulnerability.ALL, Seat.W)
    assert not is_vulnerable(Vulnerability.NONE, Seat.N)


def test_cards_read_in_every_form() -> None:
    assert str(parse_card("HK")) == "HK"
    assert parse_card("D10") == parse_card("DT") == parse_card("td")
    assert str(parse_card("KH")) == "HK"
    with pytest.raises(CardError):
        parse_card("X9")


DEAL = Deal.from_pbn(
    "N:AKQJ.T98.765.432 T98.AKQJ.432.765 765.432.AKQJ.T98 432.765.T98.AKQJ")


def test_lead_is_checked_against_declarers_left_hand_opponent() -> None:
    # North declares, East leads: East holds the heart ace, not the spade ace.
    assert lead_matches(DEAL, Seat.N, parse_card("HA"))
    assert not lead_matches(DEAL, Seat.N, parse_card("SA"))
    # West declares, North leads.
    assert lead_matches(DEAL, Seat.W, parse_card("SA"))
    assert DEAL.holds(Seat.S, parse_card("C10"))


def test_a_deal_must_hold_52_different_cards() -> None:
    with pytest.raises(CardError, match="52"):
        Deal.from_pbn("N:AKQJ.T98.765.432 AKQJ.T98.765.432 765.432.AKQJ.T98 432.765.T98.AKQJ")
