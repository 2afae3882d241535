"""Contract reading and Law 77 scores, cross-checked against endplay's own scoring table."""

from __future__ import annotations

import itertools

import pytest
from endplay.types import Contract as EndplayContract
from endplay.types import Denom, Penalty, Player, Vul

from basestation.domain.board import Vulnerability
from basestation.domain.contract import (
    PASSED_OUT,
    Contract,
    ContractError,
    contract_score,
    parse_contract,
    score_ns,
)
from firmware_protocol.messages import Doubling, Seat, Strain

_DENOM = {Strain.C: Denom.clubs, Strain.D: Denom.diamonds, Strain.H: Denom.hearts,
          Strain.S: Denom.spades, Strain.NT: Denom.nt}
_PENALTY = {Doubling.UNDOUBLED: Penalty.passed, Doubling.DOUBLED: Penalty.doubled,
            Doubling.REDOUBLED: Penalty.redoubled}


def _endplay_score(level: int, strain: Strain, doubling: Doubling, tricks: int, vul: bool) -> int:
    contract = EndplayContract(level=level, denom=_DENOM[strain], declarer=Player.north,
                               penalty=_PENALTY[doubling], result=tricks - level - 6)
    return contract.score(Vul.both if vul else Vul.none)


def test_every_contract_matches_endplay() -> None:
    checked = 0
    for level, strain, doubling, vul, tricks in itertools.product(
        range(1, 8), Strain, Doubling, (False, True), range(14)
    ):
        contract = Contract(level, strain, doubling)
        ours = contract_score(contract, Seat.N, tricks, vul)
        theirs = _endplay_score(level, strain, doubling, tricks, vul)
        assert ours == theirs, (str(contract), tricks, vul)
        checked += 1
    assert checked == 7 * 5 * 3 * 2 * 14


@pytest.mark.parametrize(
    ("text", "tricks", "score"),
    [
        # club-directors-manual.txt, section 4 "1 SCORING – Law 77", not vulnerable
        ("4DX", 11, 610),
        ("5DX", 11, 550),
        ("3DX", 10, 570),
        ("4DX", 10, 510),
    ],
)
def test_law77_examples_from_the_manual(text: str, tricks: int, score: int) -> None:
    assert contract_score(parse_contract(text), Seat.S, tricks, False) == score


def test_undertrick_ladder() -> None:
    doubled = Contract(7, Strain.NT, Doubling.DOUBLED)
    assert [-contract_score(doubled, Seat.N, 13 - down, False) for down in range(1, 6)] == [
        100, 300, 500, 800, 1100]
    assert [-contract_score(doubled, Seat.N, 13 - down, True) for down in range(1, 5)] == [
        200, 500, 800, 1100]


@pytest.mark.parametrize(
    ("text", "expected"),
    [("4S", "4S"), ("3NTX", "3NTX"), ("7HXX", "7HXX"), ("PASS", "PASS"), ("4 S x", "4SX"),
     ("3n", "3NT"), ("6 NT xx", "6NTXX"), ("pass", "PASS"), ("2♥", "2H"), ("1C*", "1CX")],
)
def test_parse_contract(text: str, expected: str) -> None:
    assert str(parse_contract(text)) == expected


@pytest.mark.parametrize("text", ["8S", "0S", "4", "4Z", "4SXXX", "", "S4", "4SX X X"])
def test_bad_contracts_are_refused_with_the_text(text: str) -> None:
    with pytest.raises(ContractError, match="not a contract"):
        parse_contract(text)


def test_contract_invariants() -> None:
    with pytest.raises(ContractError):
        Contract(8, Strain.S)
    with pytest.raises(ContractError):
        Contract(3, None)
    with pytest.raises(ContractError):
        contract_score(Contract(4, Strain.S), Seat.N, 14, False)
    assert PASSED_OUT.passed_out


def test_score_ns_signs_by_declarer_and_vulnerability() -> None:
    four_spades = parse_contract("4S")
    assert score_ns(four_spades, Seat.S, 10, Vulnerability.NS) == 620
    assert score_ns(four_spades, Seat.E, 10, Vulnerability.NS) == -420
    assert score_ns(four_spades, Seat.W, 9, Vulnerability.EW) == 100
    assert score_ns(PASSED_OUT, Seat.N, 0, Vulnerability.ALL) == 0


def test_result_notation_as_the_pads_write_it() -> None:
    """club-directors-manual.txt, Law 77 examples: "4DX making 5 is 610", "5DX making 5 is
    550", "3DX making 4 is 570" read 4DX+1, 5DX=, 3DX+1 on a traveller."""
    from basestation.domain.contract import result_notation
    assert [result_notation(c, t) for c, t in (("4DX", 11), ("5DX", 11), ("3DX", 10))] == [
        "4DX+1", "5DX=", "3DX+1"]
    assert result_notation("3nt", 9) == "3NT="
    assert result_notation("2H", 6) == "2H-2"
    assert result_notation("7NTXX", 0) == "7NTXX-13"
    assert result_notation("PASS", None) == "Pass"
    assert result_notation(None, None) == ""
    assert result_notation("junk", 9) == "junk"  # an entry the station could not read
