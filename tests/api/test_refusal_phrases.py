"""Through the API, a refusal whose reason pure code gave (a movement, a player list, a past
file, a ruling) and a merge conflict's entries arrive as phrases, {"key", "values"}, whose
English is the `detail`'s, word for word as before (issue 52: a page says it in its reader's
language from the messages table alone)."""

from __future__ import annotations

import httpx

from basestation.station.app import Station
from basestation.station.refusals import MESSAGES, english
from tests.api.conftest import place


def said(answer: dict[str, object]) -> str:
    """A refusal's sentence made again from its key and values alone, as a page would."""
    def filled(phrase: object) -> object:
        if isinstance(phrase, dict):
            values = {name: filled(v) for name, v in phrase["values"].items()}
            return english(phrase["key"], values)
        return phrase

    return str(filled({"key": answer["key"], "values": answer["values"]}))


async def test_a_movement_that_cannot_be(director: httpx.AsyncClient) -> None:
    answer = await director.get("/api/setup/movement", params={
        "letter": "A", "movement": "mitchell", "tables": 2, "boards": 20})
    assert (answer.status_code, answer.json()) == (422, {
        "detail": "a Mitchell needs 3 to 30 tables, not 2", "key": "movement.invalid",
        "values": {"problem": {"key": "movement.mitchell_tables",
                               "values": {"fewest": 3, "most": 30, "tables": 2}}}})
    assert said(answer.json()) == answer.json()["detail"]


async def test_a_player_list_and_a_past_file_that_cannot_be_read(
        director: httpx.AsyncClient) -> None:
    players = await director.post("/api/players/csv", json={"csv": "1,Ann\n1,Bob\n"})
    assert (players.status_code, players.json()) == (422, {
        "detail": "line 2: player 1 appears twice", "key": "players.invalid",
        "values": {"problem": {"key": "players.listed_twice",
                               "values": {"line": 2, "number": 1}}}})
    past = await director.post("/api/history/import", json={"text": "<foo/>"})
    assert past.status_code == 422
    assert past.json()["detail"] == ("line 1: an XML file whose root is <foo>: neither the "
                                     "Scorer's <session> nor <USEBIO>; nothing was imported.")
    assert past.json()["values"] == {"problem": {"key": "past.at_line", "values": {
        "line": 1, "reason": {"key": "past.xml_root", "values": {"root": "foo"}}}}}
    for answer in (players, past):
        assert said(answer.json()) == answer.json()["detail"]


async def test_a_ruling_that_cannot_be(director: httpx.AsyncClient, station: Station) -> None:
    answer = await director.post(place(1, 1, 1) + "/ruling", json={"arrowswitch": True})
    assert answer.status_code == 422
    assert answer.json()["detail"] == "this ruling needs a played result or an adjusted score"
    assert answer.json()["values"] == {"problem": {"key": "scoring.ruling_needs", "values": {}}}
    assert station.session.sections["A"].held(1, 1, 1) is None


async def test_every_template_the_api_answers_with_is_in_the_table(
        director: httpx.AsyncClient) -> None:
    hand = await director.put("/api/sections/A/hand-records", json={"pbn": "nothing here"})
    assert hand.status_code == 422 and hand.json()["key"] == "hand_records.invalid"
    problem = hand.json()["values"]["problem"]
    assert problem["key"] in MESSAGES and said(hand.json()) == hand.json()["detail"]
