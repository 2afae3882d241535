"""The browser pad at /pad: real Chromium, real mosquitto over WebSockets, a real station.

Every pad is its own browser context (its own localStorage, as a phone would be)."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest
from playwright.async_api import Page, expect

from firmware_protocol.messages import Ack, Result, Seat
from tests.helpers import director
from tests.pads import MqttPad
from tests.web.conftest import screenshot
from tests.web.padclub import Club, broker, club, held, pairs
from tests.web.padpage import enter, log_in, press, press_entry, stored

pytestmark = pytest.mark.integration
__all__ = ["broker", "club"]  # the fixtures
PHONE = {"width": 375, "height": 667}
VECTORS = Path(__file__).resolve().parents[2] / "firmware_protocol" / "vectors"


async def no_overflow(page: Page) -> None:
    wide = await page.evaluate("document.documentElement.scrollWidth")
    assert wide <= PHONE["width"], f"{wide}px wide on a {PHONE['width']}px screen"


# Runs in the pad page: its own codec against the vectors of both versions (SPEC 12), and its
# body builders against the pad-to-station vectors they can make.
CHECK_VECTORS = """([up, down]) => {
  const bad = [];
  const b = PadWire.bodies;
  const at = (board) => ({ section: "A", table: 3, round: 2, board, ns: 3, ew: 10 });
  const made = {
    hello: b.hello(87, 1), heartbeat: b.heartbeat(64), resend_all: b.resend(null),
    login: b.login("A", 3), login_takeover_with_pin: b.login("A", 3, "4821", true),
    result_passed_out: b.result(at(8), "PASS", "N", 5, "HK"),
    result_with_lead: b.result(at(5), "4S", "S", 10, PadWire.normalLead("hk")),
    result_lead_ten_doubled: b.result(at(6), "3NTX", "E", 7, PadWire.normalLead("DT")),
    not_played: b.notPlayed(at(9)),
    v2_hello: b.hello(90), v2_login: b.login("A", 3), v2_resend_all: b.resend(null),
    v2_result_with_lead: b.result(at(5), "4S", "S", 10, "HK"), v2_not_played: b.notPlayed(at(9)),
    v2_heartbeat: b.heartbeat(64),
  };
  made.hello.firmware = "bp-1.4.2";
  made.v2_hello.firmware = "bp-2.0.0";
  for (const v of up) {
    const o = JSON.parse(v.json);
    if (PadWire.unitKey(v.secret, v.unit) !== v.key_hex) bad.push("key " + v.name);
    const again = PadWire.encode(o.unit, o.seq, o.type, o.body, v.key_hex, o.v, o.event);
    if (again !== v.json) bad.push("encode " + v.name);
    const body = made[v.name];
    if (body && PadWire.encode(o.unit, o.seq, o.type, body, v.key_hex, o.v, o.event) !== v.json) {
      bad.push("built " + v.name);
    }
  }
  const read = {};
  for (const v of down) {
    const m = PadWire.decode(v.json, v.unit, v.key_hex);
    if (!m) { bad.push("decode " + v.name); continue; }
    read[v.name] = m;
    const tampered = v.json.replace(/"seq":(\\d+)/, (_, s) => `"seq":${Number(s) + 1}`);
    if (PadWire.decode(tampered, v.unit, v.key_hex)) bad.push("tampered " + v.name);
    if (PadWire.decode(v.json, v.unit + 1, v.key_hex)) bad.push("other unit " + v.name);
    if (m.v !== JSON.parse(v.json).v || m.event !== (JSON.parse(v.json).event ?? 0)) {
      bad.push("envelope " + v.name);
    }
  }
  // Version 2 without its event is not a message (SPEC 13.1).
  const vector = down.find((v) => v.name === "v2_status_new_event");
  const status = JSON.parse(vector.json);
  delete status.event;
  if (PadWire.decode(JSON.stringify(status), status.unit, vector.key_hex)) {
    bad.push("v2 without event");
  }
  return { bad, replay: read.nak_replay.body.detail,
    flags: read.ack_result_flagged.body.flags, built: Object.keys(made).length,
    event: read.v2_status_new_event.event };
}"""


async def test_the_codec_reproduces_the_json_vectors(club: Club) -> None:
    page = await club.pad(61)
    up, down = [], []
    for suffix in ("", "_v2"):
        up += json.loads((VECTORS / f"pad_to_station{suffix}.json").read_text(encoding="utf-8"))
        down += json.loads((VECTORS / f"station_to_pad{suffix}.json").read_text(encoding="utf-8"))
    report = await page.evaluate(CHECK_VECTORS, [up, down])
    assert report["bad"] == []
    assert report["built"] == 15
    assert report["event"] == 8
    assert report["replay"] == "50"
    assert report["flags"] == ["LEAD_DECLARER_MISMATCH", "SUSPECT_WRONG_SIDE"]


async def test_a_whole_session_from_two_pads_with_feedback_and_rankings(club: Club) -> None:
    station = club.station
    north, south = await club.pad(61), await club.pad(62)
    await log_in(north, 1)
    await log_in(south, 2)
    rounds = station.session.sections["A"].movement.rounds
    async with MqttPad(club.broker.port, "club", 63) as third:
        await third.request(_login(3))
        for round_ in range(1, rounds + 1):
            for table, page in ((1, north), (2, south)):
                ns, ew, boards = pairs(station, table, round_)
                assert await page.locator("#round-title").text_content() == \
                    f"Round {round_}: NS {ns} v EW {ew}"
                for board in boards:
                    assert await enter(page, "4S", "S", 10, "HK") == board
                    await stored(page, round_, board)
                    entry = held(station, table, round_, board)
                    assert (entry.contract, entry.declarer, entry.tricks, entry.lead) == \
                        ("4S", "S", 10, "HK")
                    # The traveller of the board just played, with this table's line.
                    traveller = page.locator("#traveller tbody tr")
                    await page.wait_for_selector(f"#feedback-title:text('Board {board}')")
                    assert await traveller.count() >= 1
                    if board == 1:  # the one board with a hand record: par is shown too
                        await page.wait_for_selector("#par:text('Par:')")
                        await screenshot(page, "pad-feedback")
            ns, ew, boards = pairs(station, 3, round_)
            for board in boards:
                answer = await third.request(Result("A", 3, round_, board, ns, ew, "3NT", Seat.N,
                                                    9, None))
                assert isinstance(answer[0], Ack)
    for page in (north, south):
        await page.wait_for_selector("body[data-state=finished]")
        await page.wait_for_selector("#ranking-wait:not([hidden])")
    async with director(club) as api:  # the rankings show once the director publishes them
        (await api.post("/api/session/publish")).raise_for_status()
    for page in (north, south):
        await page.wait_for_selector("#ranking tbody tr", timeout=15000)
        assert await page.locator("#ranking tbody tr").count() == 6  # 3 NS and 3 EW pairs
    await screenshot(north, "pad-rankings")


def _login(table: int) -> Any:
    from firmware_protocol.messages import Login

    return Login(section="A", table=table)


async def test_a_reload_mid_round_loses_nothing(club: Club) -> None:
    station = club.station
    page = await club.pad(64)
    await log_in(page, 1)
    _, _, (first, second) = pairs(station, 1, 1)
    await enter(page, "3NT", "N", 9, "S4")
    await stored(page, 1, first)
    # The director stops entry: the next result waits on the pad, and the pad is reloaded.
    async with director(club) as api:
        (await api.post("/api/running", json={"running": False})).raise_for_status()
    await page.wait_for_selector("#stopped:not([hidden])")
    await enter(page, "PASS")
    await page.wait_for_selector("#queue:text('1 waiting')")
    seq_before = await page.evaluate("pad.mem.nextSeq")
    await page.reload()
    await page.wait_for_selector("body[data-link=online]")
    assert "#" not in page.url  # the pairing code left the address bar at pairing
    await page.wait_for_selector(f"#waiting li[data-board='{second}']:text('passed out')")
    # The waiting result is still queued; a resend the reloaded pad asks for may be in flight
    # a moment beside it (seen once in a full run), and leaves once answered.
    await page.wait_for_function(
        "JSON.stringify(pad.mem.queue.map((m) => m.type)) === '[\"result\"]'")
    assert await page.evaluate("pad.mem.nextSeq") > seq_before  # never a number used again
    assert held(station, 1, 1, second) is None
    async with director(club) as api:
        (await api.post("/api/running", json={"running": True})).raise_for_status()
    await stored(page, 1, second)
    assert held(station, 1, 1, second).contract == "PASS"
    assert held(station, 1, 1, first).contract == "3NT"  # and the first is still there
    await page.wait_for_selector("#queue:text('all sent')")
    await page.wait_for_selector("#waiting", state="hidden")
    assert await page.locator("#round-title").text_content() == "Round 2: NS 1 v EW 3"


async def test_a_reload_keeps_each_boards_score(club: Club) -> None:
    """After a reload the station's copy of the table's results (game_data, answering the
    pad's resend) replaces the pad's; it carries no score, and the board's line keeps it."""
    station = club.station
    page = await club.pad(65)
    await log_in(page, 1)
    first = pairs(station, 1, 1)[2][0]
    await enter(page, "3NT", "N", 9, "S4")
    await stored(page, 1, first)
    line = page.get_by_role("listitem").filter(has_text=f"Board {first}: 3NT by North")
    score = held(station, 1, 1, first).score_ns
    shown = f"Board {first}: 3NT by North, made 3, lead \u26604, NS +{score}"
    await expect(line).to_have_text(shown)
    await page.reload()
    await page.wait_for_selector("body[data-link=online]")
    await page.wait_for_function(f"pad.mem.entries['1/{first}']?.source === 'station'")
    await expect(line).to_have_text(shown)


async def test_a_broker_restart_mid_round(club: Club) -> None:
    station = club.station
    north, south = await club.pad(65), await club.pad(66)
    await log_in(north, 1)
    await log_in(south, 2)
    _, _, (n1, n2) = pairs(station, 1, 1)
    _, _, (s1, _) = pairs(station, 2, 1)
    await enter(north, "4H", "E", 10, "SA")
    await stored(north, 1, n1)
    club.broker.stop()
    await north.wait_for_selector("body[data-link=offline]")
    await south.wait_for_selector("body[data-link=offline]")
    await enter(north, "2C", "S", 8, "D10")
    await enter(south, "1NT", "W", 7)
    await north.wait_for_selector("#queue:text('1 waiting')")
    await south.wait_for_selector("#queue:text('1 waiting')")
    await asyncio.sleep(1)
    club.broker.start()
    await stored(north, 1, n2)
    await stored(south, 1, s1)
    assert held(station, 1, 1, n2).lead == "D10"
    assert held(station, 2, 1, s1).contract == "1NT"
    assert held(station, 1, 1, n1).contract == "4H"


async def test_a_phone_width_layout(club: Club) -> None:
    page = await club.pad(67, viewport=PHONE)
    await no_overflow(page)
    await log_in(page, 1)
    await no_overflow(page)
    await press_entry(page, "7NTXX", "W", 13, "C10")
    await no_overflow(page)
    await page.get_by_role("button", name="Send").click()
    await page.wait_for_selector("#confirm:not([hidden])")
    await no_overflow(page)
    await screenshot(page, "pad-phone-accept")
    await page.get_by_role("button", name="Accept").click()
    await page.wait_for_selector("#feedback:not([hidden])")
    await no_overflow(page)
    await screenshot(page, "pad-phone-feedback")


async def test_a_wrong_entry_is_refused_on_the_pad(club: Club) -> None:
    page = await club.pad(68)
    await log_in(page, 1)
    await page.get_by_role("button", name="Send").click()
    error = page.get_by_role("alert").filter(has_text="level")
    await expect(error).to_have_text("Choose the contract's level, 1 to 7, or Pass")
    assert await page.locator("#confirm").is_hidden()
    await press_entry(page, "4S")
    await page.get_by_role("button", name="Send").click()
    await expect(page.locator("#entry-error")).to_have_text(
        "Choose the declarer: North, East, South or West")
    await press(page, "Declarer", "North")
    await expect(page.locator("#entry-error")).to_have_text("")  # a key pressed: it goes


async def test_replay_lock_and_director_changes_reach_the_pad(club: Club) -> None:
    station = club.station
    # The unit was used before (say, a phone that was reset): the station has seen seq 500.
    async with MqttPad(club.broker.port, "club", 69, seq=500) as before:
        await before.request(_login(3))
        await before.request(_login(3))
        await before.request(_login(3))
    page = await club.pad(69)
    await log_in(page, 3)
    assert await page.evaluate("pad.mem.nextSeq") > 502  # jumped above the station's number
    _, _, (board, _) = pairs(station, 3, 1)
    await enter(page, "4S", "N", 10)
    await stored(page, 1, board)
    # The director changes the board: the pad shows the change to the players.
    async with director(club) as api:
        place = f"/api/sections/A/tables/3/rounds/1/boards/{board}"
        changed = {"contract": "4S", "declarer": "N", "tricks": 11, "lead": None}
        (await api.put(place, json=changed)).raise_for_status()
        await page.wait_for_selector(f"#notices li[data-kind=director]:text('board {board}')")
        await page.wait_for_selector(f"#boards li[data-board='{board}']:text('made 5')")
        assert await page.locator("#feedback").is_hidden()  # the old traveller is gone
        # A director's resend: the pad re-sends what it holds, the station acks it as known.
        (await api.post("/api/units/69/command", json={"command": "resend"})).raise_for_status()
        await page.wait_for_selector("#queue:text('all sent')")
        # Locked out: the pad says so and offers no entry.
        (await api.post("/api/units/69/lock")).raise_for_status()
    await page.wait_for_selector("#locked:not([hidden])")
    assert await page.locator("#play").is_hidden()
    await screenshot(page, "pad-locked")


# SPEC 6.6 on a clock of the test's: the pad's core alone, in the page, with no broker.
RETRANSMISSION = """() => {
  const kept = new Map();
  const storage = { getItem: (k) => kept.get(k) ?? null, setItem: (k, v) => kept.set(k, v) };
  const key = "00112233445566778899aabbccddeeff";
  let now = 0;
  const sent = [];
  const make = () => new PadCore.Pad({ station: "t", unit: 5, key, storage, now: () => now,
    random: () => 0.5, transmit: (p) => sent.push({ at: now, text: p, msg: JSON.parse(p) }) });
  let stationSeq = 0;
  const station = (type, body) => PadWire.encode(5, ++stationSeq, type, body, key);
  const pad = make();
  pad.online = true;
  pad.powerOn();
  for (now = 0; now <= 280000; now += 250) pad.tick();
  const hellos = sent.filter((s) => s.msg.type === "hello");
  const probes = sent.filter((s) => s.msg.type === "heartbeat").map((s) => s.at);
  const out = { times: hellos.map((s) => s.at), same: new Set(hellos.map((s) => s.text)).size,
    contact: pad.contact, probes };
  // A probe is answered: contact is back, the head goes again under a new number, then resend.
  const probe = sent[sent.length - 1].msg;
  pad.receive(station("ack", { re: probe.seq, score_ns: null, flags: [] }));
  const again = sent[sent.length - 1].msg;
  out.restored = { contact: pad.contact, type: again.type, fresh: again.seq > probe.seq,
    queue: pad.mem.queue.map((m) => m.type) };
  // A reload: the same storage, a new pad; its numbers never go back.
  const used = Math.max(...sent.map((s) => s.msg.seq));
  const reloaded = make();
  reloaded.online = true;
  reloaded.powerOn();
  const first = sent[sent.length - 1].msg;
  out.reload = { above: first.seq > used, type: first.type };
  // REPLAY: the station has seen 900 from this unit; the pad jumps above it.
  reloaded.receive(station("nak", { re: first.seq, code: "REPLAY", held: null, detail: "900" }));
  out.replay = sent[sent.length - 1].msg.seq;
  // A forged or old station message changes nothing.
  const before = JSON.stringify(reloaded.mem);
  reloaded.receive(PadWire.encode(5, stationSeq + 1, "locked", { reason: "UNIT_REPLACED" },
    "ffeeddccbbaa99887766554433221100"));
  reloaded.receive(PadWire.encode(5, 1, "locked", { reason: "UNIT_REPLACED" }, key));
  out.untouched = JSON.stringify(reloaded.mem) === before;
  return out;
}"""


async def test_retransmission_give_up_probe_and_replay(club: Club) -> None:
    page = await club.scripts()
    out = await page.evaluate(RETRANSMISSION)
    # 5 s doubling to 30 s (no jitter at the middle of its range), 8 attempts, same bytes.
    assert out["times"] == [0, 5000, 15000, 35000, 65000, 95000, 125000, 155000]
    assert out["same"] == 1
    assert out["contact"] is False
    assert out["probes"] == [215000, 245000, 275000]  # one heartbeat every 30 s
    assert out["restored"] == {"contact": True, "type": "hello", "fresh": True,
                               "queue": ["hello", "resend"]}
    assert out["reload"] == {"above": True, "type": "hello"}
    assert out["replay"] == 901
    assert out["untouched"] is True


async def test_a_correction_at_the_table_and_a_board_already_held(club: Club) -> None:
    station = club.station
    page = await club.pad(72)
    await log_in(page, 2)
    _, _, (first, second) = pairs(station, 2, 1)
    await enter(page, "3NT", "S", 8, "H2")
    await stored(page, 1, first)
    # Declarer's tricks were wrong: the players correct the board during the round.
    await page.get_by_label("Board").select_option(f"1/{first}")
    await enter(page, "3NT", "S", 9, "H2")
    await page.wait_for_selector("#confirm", state="hidden")
    await page.wait_for_function(f"() => pad.mem.entries['1/{first}'].body.tricks === 9")
    assert held(station, 2, 1, first).tricks == 9
    # The director entered the other board already: the pad shows both and keeps the station's.
    async with director(club) as api:
        place = f"/api/sections/A/tables/2/rounds/1/boards/{second}"
        by_director = {"contract": "2S", "declarer": "E", "tricks": 8, "lead": None}
        (await api.put(place, json=by_director)).raise_for_status()
    await page.wait_for_selector(f"#notices li[data-kind=director]:text('board {second}')")
    # A pad that missed the push (offline at the time) enters the board itself.
    await page.evaluate(f"delete pad.mem.entries['1/{second}']")
    await page.evaluate(f"pad.enter('result', PadWire.bodies.result(pad.place(1, {second}), "
                        "'4H', 'N', 10, null))")
    await page.wait_for_selector("#notices li:text('already holds 2♠ by East')")
    assert held(station, 2, 1, second).contract == "2S"
    await page.wait_for_function(f"() => pad.mem.entries['1/{second}'].body.contract === '2S'")


# Notices go once out of date: a ruling's after the round the table played when it came, the
# reset's with the next login (the pad's core alone, in the page, with no broker).
OUT_OF_DATE = """() => {
  const kept = new Map();
  const storage = { getItem: (k) => kept.get(k) ?? null, setItem: (k, v) => kept.set(k, v) };
  const key = "00112233445566778899aabbccddeeff";
  const sent = [];
  const pad = new PadCore.Pad({ station: "t", unit: 5, key, storage, now: () => 0,
    random: () => 0.5, transmit: (p) => sent.push(JSON.parse(p)) });
  pad.online = true;
  pad.powerOn();
  let seq = 0;
  const say = (type, body) => pad.receive(PadWire.encode(5, ++seq, type, body, key, 2, 7));
  const ack = () => say("ack", { re: sent[sent.length - 1].seq, score_ns: 420, flags: [] });
  const words = () => pad.mem.notices.map((n) => n.text);
  ack();
  pad.login("A", 3);
  ack();
  say("game_data", { section: "A", table: 3, round: 1, part: 1, parts: 1, results: [],
    rounds: [{ round: 1, ns: 3, ew: 10, boards: [1, 2] },
             { round: 2, ns: 3, ew: 8, boards: [3, 4] }] });
  const play = (round, board) => {
    pad.enter("result", PadWire.bodies.result(pad.place(round, board), "4S", "S", 10, null));
    ack();
  };
  play(1, 1);
  const ruled = PadWire.bodies.result(pad.place(1, 1), "4S", "S", 9, null);
  say("correction_push", { section: "A", table: 3, round: 1, board: 1, result: ruled });
  const out = { ruled: words() };
  play(1, 2);
  out.sameRound = words();
  play(2, 3);
  out.nextRound = words();
  say("control", { command: "reset" });
  out.reset = words();
  pad.login("A", 3);
  ack();
  out.loggedIn = words();
  return out;
}"""


async def test_notices_go_once_out_of_date(club: Club) -> None:
    page = await club.scripts()
    out = await page.evaluate(OUT_OF_DATE)
    ruling = "The director changed board 1 (round 1): 4♠ by South, down 1"
    assert out["ruled"] == out["sameRound"] == [ruling]
    assert out["nextRound"] == []
    assert out["reset"] == ["The director reset this pad: log in to your table"]
    assert out["loggedIn"] == []
