"""Every refusal is one plain sentence in `detail` (never a validator list, a bare error code
or an HTML page), and changes nothing."""

from __future__ import annotations

import httpx
import pytest

from basestation.api.errors import sentence
from basestation.station.app import Station
from tests.api.conftest import place

FOUR_S = {"contract": "4S", "declarer": "S", "tricks": 10}


@pytest.mark.parametrize(("body", "said"), [
    ({"contract": "8NT", "declarer": "N", "tricks": 9}, "8NT is not a contract"),
    ({"contract": "", "declarer": "N", "tricks": 9}, "The contract is empty."),
    ({"declarer": "N", "tricks": 9}, "The contract is missing."),
    ({"contract": "4S", "tricks": 9}, "4S needs its declarer (N, E, S or W)."),
    ({"contract": "4S", "declarer": "N"}, "4S needs the number of tricks"),
    ({"contract": "4S", "declarer": "N", "tricks": 14}, "The number of tricks must be at most 13."),
    ({"contract": "4S", "declarer": "Q", "tricks": 9}, "The declarer must be one of 'N', 'E'"),
    ({**FOUR_S, "lead": "ZZ"}, "ZZ is not a card"),
])
async def test_a_bad_result_is_refused_in_words(director: httpx.AsyncClient, station: Station,
                                                body: dict[str, object], said: str) -> None:
    answer = await director.put(place(1, 1, 1), json=body)
    assert answer.status_code == 422
    assert isinstance(answer.json()["detail"], str) and answer.json()["detail"].startswith(said)
    assert station.session.sections["A"].held(1, 1, 1) is None


async def test_bad_rulings_and_places(director: httpx.AsyncClient, station: Station) -> None:
    split = await director.post(place(1, 1, 1) + "/ruling", json={"split": {"ns": 70, "ew": 20}})
    assert split.status_code == 422
    assert split.json()["detail"] == (
        "The EW figure: 20 is not a score a board can have (e.g. 420, -50, 110).")
    weighted = await director.post(place(1, 1, 1) + "/ruling", json={
        "weighted": [{"score_ns": 425, "weight": 100}]})
    assert "425 is not a score a board can have" in weighted.json()["detail"]
    both = await director.post(place(1, 1, 1) + "/ruling", json={
        "adjusted": "AVE", "split": {"ns": 420, "ew": -50}})
    assert both.json()["detail"] == "Give only one of adjusted, weighted or split."
    elsewhere = await director.put(place(1, 1, 5), json=FOUR_S)
    assert elsewhere.status_code == 404
    assert elsewhere.json()["detail"] == "board 5 is not played at table 1 in round 1"
    no_table = await director.put(place(9, 1, 1), json=FOUR_S)
    assert no_table.json()["detail"] == "board 1 is not played at table 9 in round 1"
    not_json = await director.put(place(1, 1, 1), content=b"{",
                                  headers={"content-type": "application/json"})
    assert not_json.json()["detail"] == "The request is not valid JSON."
    unit = await director.post("/api/units/abc/lock")
    assert unit.json()["detail"] == "The unit number in the address must be a whole number."
    nowhere = await director.get("/api/nothing-here")
    assert nowhere.status_code == 404
    assert nowhere.json()["detail"] == "There is nothing at /api/nothing-here."
    wrong_method = await director.delete("/api/status")
    assert wrong_method.status_code == 405 and "DELETE" in wrong_method.json()["detail"]
    assert station.session.sections["A"].held(1, 1, 1) is None


def test_sentences_count_the_other_problems() -> None:
    errors = [{"type": "missing", "loc": ("body", "contract")},
              {"type": "int_parsing", "loc": ("body", "tricks")},
              {"type": "greater_than_equal", "loc": ("body", "sections", 1, "tables"),
               "ctx": {"ge": 1}}]
    assert sentence(errors) == "The contract is missing (and 2 more problems)."
    assert sentence(errors[2:]) == "The number of tables (item 2 of sections) must be at least 1."
    assert sentence([]) == "The request was not understood."
