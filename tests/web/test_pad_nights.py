"""Two nights on the same browser pads (issue 18): real Chromium, real mosquitto over
WebSockets, the real station speaking protocol version 2.

Night 1 is a 4-table Mitchell, played in part; the director then opens night 2, a 3-table
Howell, through the set-up API. The pads at tables night 2 has show its first round and enter
every board of it; the pad at table 4 is back at its login form, saying why; nothing of night 1
(entries, notices, rankings, "stopped") shows on any pad or counts at the station."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.async_api import Page, expect

from basestation.station.app import Station
from tests.helpers import director
from tests.web.accessibility import serious_violations
from tests.web.conftest import screenshot
from tests.web.padclub import Club, broker, club, held, pairs
from tests.web.padpage import enter, log_in, stored

pytestmark = pytest.mark.integration
__all__ = ["broker", "club"]  # the fixtures
NIGHT_2 = {"letter": "A", "movement": "howell", "tables": 3, "boards": 10,
           "player_numbers": "never"}  # the nights' results, not the players' numbers
NO_TABLE_4 = "This event has no table 4 in section A: choose your table"
DROPPED = ("The director opened a new event: 1 entry of the previous event that the station "
           "never got was dropped")


@pytest.fixture
def station_size() -> tuple[int, int]:
    return 4, 8  # night 1: a 4-table Mitchell, 2 boards a round


async def play_round(page: Page, station: Station, table: int, round_: int) -> None:
    """Every board of the round entered on the pad and acknowledged by the station."""
    ns, ew, boards = pairs(station, table, round_)
    await expect(page.get_by_role("heading", name=f"Round {round_}: NS {ns} v EW {ew}",
                                  exact=True)).to_be_visible()
    for board in boards:
        assert await enter(page, "4S", "S", 10, "HK") == board
        await stored(page, round_, board)
        entry = held(station, table, round_, board)
        assert entry is not None and entry.contract == "4S"


async def nothing_of_night_1(page: Page, event: int) -> None:
    await page.wait_for_function(f"() => pad.mem.event === {event}")
    assert await page.evaluate("Object.keys(pad.mem.entries).length") == 0
    await expect(page.locator("#notices").get_by_role("listitem")).to_have_count(0)
    await expect(page.get_by_text("Entry is stopped")).to_be_hidden()
    await expect(page.locator("#ranking tbody tr")).to_have_count(0)
    await expect(page.get_by_role("heading", name="Waiting for the station")).to_be_hidden()
    for item in await page.locator("#boards").get_by_role("listitem").all_text_contents():
        assert item.endswith("to play"), item


async def shows_the_rankings(page: Page, api: Any, event: int) -> None:
    """The pad shows the published rankings of `event`, which say which event they are."""
    rows = (await api.get("/api/rankings")).json()
    assert rows and {row["event"] for row in rows} == {event}
    shown = page.get_by_role("table", name="Rankings").get_by_role("row")
    await expect(shown).to_have_count(1 + len(rows), timeout=15000)  # with the head


async def open_night_2(api: Any, station: Station) -> int:
    night_1 = station.session.event_id
    answer = await api.post("/api/setup/event", json={
        "name": "Next Tuesday", "regulations": "nz", "sections": [NIGHT_2], "close_open": True})
    assert answer.status_code == 201, answer.text
    assert station.session.event_id is not None and station.session.event_id != night_1
    movement = station.session.sections["A"].movement
    assert (movement.kind, movement.tables) == ("howell", 3)
    return station.session.event_id


async def test_two_nights_on_the_same_browser_pads(club: Club) -> None:
    station = club.station
    night_1 = station.session.event_id
    first, second, fourth = await club.pad(81), await club.pad(82), await club.pad(84)
    for page, table in ((first, 1), (second, 2), (fourth, 4)):
        await log_in(page, table)

    # Night 1: table 1 plays every round and sees the rankings; table 2 one round, and the
    # director changes one of its boards; table 4 one board, then entry is stopped and its
    # next result waits on the pad.
    for round_ in range(1, 5):
        await play_round(first, station, 1, round_)
    await first.wait_for_selector("body[data-state=finished]")
    await play_round(second, station, 2, 1)
    _, _, (played, waiting) = pairs(station, 4, 1)
    await enter(fourth, "3NT", "N", 9)
    await stored(fourth, 1, played)
    async with director(club) as api:
        _, _, (changed, _) = pairs(station, 2, 1)
        place = f"/api/sections/A/tables/2/rounds/1/boards/{changed}"
        by_director = {"contract": "4S", "declarer": "S", "tricks": 11, "lead": None}
        (await api.put(place, json=by_director)).raise_for_status()
        await expect(second.locator("#notices li[data-kind=director]")).to_have_count(1)
        (await api.post("/api/session/publish")).raise_for_status()
        await shows_the_rankings(first, api, night_1)
        (await api.post("/api/running", json={"running": False})).raise_for_status()
        await expect(fourth.get_by_text("Entry is stopped")).to_be_visible()
        assert await enter(fourth, "PASS") == waiting
        await expect(fourth.locator("#queue")).to_have_text("1 waiting")
        await expect(second.get_by_text("Entry is stopped")).to_be_visible()

        # Night 2, opened by the director while the pads are on.
        night_2 = await open_night_2(api, station)

    for page, unit, table in ((first, 81, 1), (second, 82, 2)):
        await nothing_of_night_1(page, night_2)
        ns, ew, _ = pairs(station, table, 1)
        await expect(page.get_by_role("heading", name=f"Round 1: NS {ns} v EW {ew}",
                                      exact=True)).to_be_visible()
        assert station.hub.units[unit].table == table
    await fourth.wait_for_selector("body[data-state=login]")
    await expect(fourth.get_by_role("status", name="Latest message")).to_have_text(NO_TABLE_4)
    notices = fourth.locator("#notices").get_by_role("listitem")
    await expect(notices).to_have_text([NO_TABLE_4, DROPPED])  # the latest first
    await expect(fourth.get_by_role("button", name="Log in")).to_be_visible()
    await expect(fourth.get_by_text("Entry is stopped")).to_be_hidden()
    assert await fourth.evaluate("[pad.mem.table, pad.mem.queue.length]") == [None, 0]
    await screenshot(fourth, "pad-night-2-no-table")
    for page in (first, fourth):
        assert await serious_violations(page) == []
    # Night 1's waiting result reached no event; night 2 holds nothing yet.
    assert held(station, 4, 1, waiting) is None
    assert station.store.snapshot().results == []
    assert {row.event_id for row in station.store.snapshot(night_1).results} == {night_1}

    # The pad without a table chooses one night 2 has; every board of night 2 is entered at
    # each table (pad 81 reloaded midway) and acknowledged.
    await log_in(fourth, 3)
    rounds = station.session.sections["A"].movement.rounds
    for round_ in range(1, rounds + 1):
        for page, table in ((first, 1), (second, 2), (fourth, 3)):
            await play_round(page, station, table, round_)
        if round_ == 2:
            await first.reload()
            await first.wait_for_selector("body[data-link=online]")
            await first.wait_for_function(f"() => pad.mem.event === {night_2}")
            ns, ew, _ = pairs(station, 1, 3)
            await expect(first.get_by_role("heading", name=f"Round 3: NS {ns} v EW {ew}",
                                           exact=True)).to_be_visible()
    every_board = sum(len(a.boards) for a in station.session.sections["A"].movement.assignments
                      if a.ns and a.ew)
    assert len(station.session.sections["A"].all_results()) == every_board
    assert {row.event_id for row in station.store.snapshot().results} == {night_2}

    # Night 2 over: its rankings wait for the director; night 1's never show.
    for page in (first, second, fourth):
        await page.wait_for_selector("body[data-state=finished]")
        await expect(page.get_by_text("The rankings show here once")).to_be_visible()
        await expect(page.get_by_role("table", name="Rankings")).to_be_hidden()
    async with director(club) as api:
        (await api.post("/api/session/publish")).raise_for_status()
        await shows_the_rankings(first, api, night_2)
    await screenshot(first, "pad-night-2-rankings")


async def test_log_out_reset_and_lock_on_a_browser_pad(club: Club) -> None:
    """"Log out" (a new night, another table) asks first and keeps the pad's counters; the
    director's reset sends it back to its login form, the director's lock shows as a lock."""
    station = club.station
    page = await club.pad(85)
    await log_in(page, 2)
    _, _, (board, _) = pairs(station, 2, 1)
    await enter(page, "2H", "E", 8)
    await stored(page, 1, board)
    # A result waits on the pad (entry stopped): the question says it would be dropped.
    async with director(club) as api:
        (await api.post("/api/running", json={"running": False})).raise_for_status()
        await enter(page, "PASS")
        await expect(page.locator("#queue")).to_have_text("1 waiting")
        await page.get_by_role("button", name="Log out of table A2").click()
        question = page.get_by_role("region", name="New night? Log out")
        await expect(question).to_contain_text("1 result not yet sent to the station will be "
                                               "dropped from this pad")
        assert await serious_violations(page) == []
        await screenshot(page, "pad-log-out")
        await page.get_by_role("button", name="Stay at the table").click()
        await expect(question).to_be_hidden()
        (await api.post("/api/running", json={"running": True})).raise_for_status()
        await expect(page.locator("#queue")).to_have_text("all sent")
        # Everything sent: nothing is lost by logging out.
        await page.get_by_role("button", name="Log out of table A2").click()
        await expect(question).to_contain_text("nothing is lost")
        seq = await page.evaluate("pad.mem.nextSeq")
        await page.get_by_role("button", name="Yes, log out").click()
        await page.wait_for_selector("body[data-state=login]")
        await expect(page.get_by_role("status", name="Latest message")).to_have_text(
            "Logged out: log in to your table")
        assert await page.evaluate("pad.mem.nextSeq") >= seq
        assert await page.evaluate("[pad.mem.table, Object.keys(pad.mem.entries).length]") == \
            [None, 0]
        await expect(page.get_by_role("button", name="Log out of table A2")).to_be_hidden()

        # Back at a table; the director's reset clears the pad.
        await log_in(page, 3)
        (await api.post("/api/units/85/reset")).raise_for_status()
        await page.wait_for_selector("body[data-state=login]")
        await expect(page.get_by_role("status", name="Latest message")).to_have_text(
            "The director reset this pad: log in to your table")
        # Logged in again and locked by the director: shown as a lock, in words.
        await log_in(page, 3)
        await expect(page.get_by_role("region", name="Messages")).not_to_contain_text(
            "The director reset this pad")  # said until the login, then gone
        (await api.post("/api/units/85/lock")).raise_for_status()
    banner = page.get_by_role("alert").filter(has_text="Locked")
    await expect(banner.get_by_role("paragraph")).to_have_text([
        "Locked. The director has locked this pad: it takes no more results. Results still on "
        "it go to the director to decide.",
        "To play on with this pad, call the director: the director resets unit 85 in the "
        "Units panel, and this pad then shows its login form."])
    assert await page.get_attribute("#locked", "data-reason") == "locked"
    assert "UNIT_" not in await page.locator("body").inner_text()


# The pad's core alone in the page, against station messages of the test's (SPEC 13.5): the
# event in every message, entering a new event, a table the event lacks, the director's reset,
# locks, refusals in words, and the fall back to version 1 for an old station.
EVENT_RULES = """() => {
  const kept = new Map();
  const storage = { getItem: (k) => kept.get(k) ?? null, setItem: (k, v) => kept.set(k, v) };
  const key = "00112233445566778899aabbccddeeff";
  const make = (unit, sent) => {
    const pad = new PadCore.Pad({ station: "t", unit, key, storage, now: () => 0,
      random: () => 0.5, transmit: (p) => sent.push(JSON.parse(p)) });
    pad.online = true;
    pad.powerOn();
    return pad;
  };
  const sent = [];
  const pad = make(5, sent);
  let seq = 0;
  const last = () => sent[sent.length - 1];
  const say = (type, body, event, v = 2) => pad.receive(PadWire.encode(5, ++seq, type, body,
    key, v, event));
  const answer = (type, body, event) => say(type, { re: last().seq, ...body }, event);
  const ack = (event) => answer("ack", { score_ns: null, flags: [] }, event);
  const nak = (code, event) => answer("nak", { code, held: null, detail: null }, event);
  const words = () => pad.mem.notices.map((n) => n.text);
  const out = { hello: { v: last().v, event: last().event, protocol: last().body.protocol } };
  ack(7);
  pad.login("A", 3);
  ack(7);
  say("game_data", { section: "A", table: 3, round: 1, part: 1, parts: 1, results: [],
    rounds: [{ round: 1, ns: 3, ew: 10, boards: [1, 2] },
             { round: 2, ns: 3, ew: 8, boards: [3, 4] }] }, 7);
  pad.enter("result", PadWire.bodies.result(pad.place(1, 1), "4S", "S", 10, null));
  out.entry = { v: last().v, event: last().event, type: last().type };
  answer("ack", { score_ns: 420, flags: [] }, 7);
  say("status", { state: "stopped", round: 1 }, 7);
  pad.enter("result", PadWire.bodies.result(pad.place(1, 2), "PASS", null, null, null));
  pad.receive(PadWire.encode(5, ++seq, "control", { command: "relogin" }, key, 2, 0));
  out.eventZero = { event: pad.mem.event, queue: pad.mem.queue.map((m) => m.type) };
  // Night 2 (event 8): its status comes first; the pad enters it, then takes the status.
  say("status", { state: "running", round: null }, 8);
  out.night2 = { event: pad.mem.event, running: pad.mem.running, table: pad.mem.table,
    entries: Object.keys(pad.mem.entries).length, rounds: Object.keys(pad.mem.rounds).length,
    queue: pad.mem.queue.map((m) => m.type), words: words(), login: last().type,
    loginEvent: last().event };
  say("control", { command: "relogin" }, 8);
  out.oneLogin = pad.mem.queue.filter((m) => m.type === "login").length;
  nak("NO_SUCH_TABLE", 8);
  out.noTable = { table: pad.mem.table, section: pad.mem.section, said: words().at(-1) };
  pad.login("A", 2);
  nak("TABLE_IN_USE", 8);
  out.inUse = words().at(-1);
  pad.login("A", 2);
  ack(8);
  say("game_data", { section: "A", table: 2, round: 1, part: 1, parts: 1, results: [],
    rounds: [{ round: 1, ns: 2, ew: 5, boards: [5, 6] }] }, 8);
  for (const code of ["OTHER_EVENT", "NOT_LOGGED_IN", "STOPPED"]) {
    pad.enter("result", PadWire.bodies.result(pad.place(1, 5), "3NT", "N", 9, null));
    nak(code, 8);
  }
  out.entryWords = words().slice(-2);
  out.stoppedKept = { running: pad.mem.running, queue: pad.mem.queue.map((m) => m.type) };
  say("status", { state: "running", round: 1 }, 8);
  out.unsent = pad.unsent();
  say("locked", { reason: "UNIT_LOCKED" }, 8);
  out.locked = { reason: pad.mem.locked, lock: PadWords.lock(pad.mem.locked),
    said: words().at(-1) };
  const before = pad.mem.nextSeq;
  say("control", { command: "reset" }, 8);
  out.reset = { table: pad.mem.table, locked: pad.mem.locked, event: pad.mem.event,
    counter: pad.mem.nextSeq >= before, said: words().at(-1), queue: pad.mem.queue.length };
  pad.login("A", 1);
  nak("UNIT_REPLACED", 8);
  out.replaced = { reason: pad.mem.locked, lock: PadWords.lock(pad.mem.locked) };
  // An old station: nak UNSUPPORTED_VERSION outside its sequence (seq 0), in version 1.
  const oldSent = [];
  const old = make(6, oldSent);
  const hello = oldSent[oldSent.length - 1];
  old.receive(PadWire.encode(6, 0, "nak", { re: hello.seq, code: "UNSUPPORTED_VERSION",
    held: null, detail: null }, key, 1));
  const again = oldSent[oldSent.length - 1];
  out.fallback = { protocol: old.mem.protocol, v: again.v, type: again.type,
    fresh: again.seq > hello.seq, event: "event" in again, says: again.body.protocol };
  return out;
}"""


async def test_the_pad_rules_of_protocol_version_2(club: Club) -> None:
    page = await club.scripts()
    out = await page.evaluate(EVENT_RULES)
    assert out["hello"] == {"v": 2, "event": 0, "protocol": 2}
    assert out["entry"] == {"v": 2, "event": 7, "type": "result"}
    # A station message of event 0 changes nothing (and relogin queues no second login).
    assert out["eventZero"] == {"event": 7, "queue": ["result", "login"]}
    assert out["night2"] == {
        "event": 8, "running": True, "table": 3, "entries": 0, "rounds": 0,
        "queue": ["login"], "login": "login", "loginEvent": 8,
        "words": ["The director opened a new event: 1 entry of the previous event that the "
                  "station never got was dropped"]}
    assert out["oneLogin"] == 1
    assert out["noTable"] == {"table": None, "section": None,
                              "said": "This event has no table 3 in section A: choose your table"}
    assert out["inUse"] == ("Another pad is logged in to table A2: ask the director to replace "
                            "it with this pad, then log in again")
    assert out["entryWords"] == [
        "Board 5: this belongs to the previous event: the station did not take it",
        "Board 5: this pad is not logged in to a table at the station: log in to your table"]
    assert out["stoppedKept"] == {"running": False, "queue": ["result"]}
    assert out["unsent"] == 1  # sent again once running, not yet answered
    then = ". Results still on it go to the director to decide"
    locked = "The director has locked this pad: it takes no more results" + then
    # The lock is said once, by the page's banner: not also as a message.
    assert out["locked"] == {"reason": "UNIT_LOCKED", "said": out["entryWords"][-1],
                             "lock": {"word": "Locked", "sentence": locked}}
    # The result never answered still goes, for the director to decide (SPEC.md 6.5).
    assert out["reset"] == {"table": None, "locked": None, "event": 8, "counter": True,
                            "said": "The director reset this pad: log in to your table",
                            "queue": 1}
    assert out["replaced"] == {"reason": "UNIT_REPLACED", "lock": {
        "word": "Replaced", "sentence": "Another pad has taken over this table: this pad takes "
                                        "no more results" + then}}
    assert out["fallback"] == {"protocol": 1, "v": 1, "type": "hello", "fresh": True,
                               "event": False, "says": 1}
