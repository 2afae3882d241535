"""The director's PIN at a pad (SPEC.md 6.8): limited tries per unit with a doubling wait, a
PIN refused unchecked during the wait, an alert naming the unit, and the audit log naming the
unit that used the PIN. Unit tests: a clock the test moves, the hub on a fake link."""

from __future__ import annotations

import json
from pathlib import Path

from basestation.station.session.pin_tries import FIRST_WAIT, FREE_TRIES, LONGEST_WAIT, PinTries
from basestation.station.views.grid import alerts
from firmware_protocol.messages import Ack, ErrorCode, Locked, Login, Nak
from tests.station.fakes import FakeLink, inbound, station, turns


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_five_wrong_pins_then_a_doubling_wait() -> None:
    clock = Clock()
    tries = PinTries(clock=clock)
    for n in range(1, FREE_TRIES):
        refused = tries.check(12, "0000", "4321")
        assert refused is not None and (refused.wait, refused.checked, refused.wrong) == (
            0, True, n)
    fifth = tries.check(12, "1111", "4321")
    assert fifth is not None and fifth.began_wait and fifth.wait == FIRST_WAIT
    # During the wait even the right PIN is refused, unchecked, and the count stays.
    clock.now += 59.2
    unchecked = tries.check(12, "4321", "4321")
    assert unchecked is not None and not unchecked.checked and unchecked.wait == 1
    assert unchecked.wrong == FREE_TRIES
    # Another unit is not held up by this one.
    assert tries.check(13, "4321", "4321") is None
    clock.now += 1
    sixth = tries.check(12, "2222", "4321")
    assert sixth is not None and sixth.began_wait and sixth.wait == 2 * FIRST_WAIT
    waits = []
    for _ in range(8):
        clock.now += LONGEST_WAIT
        wrong = tries.check(12, "3333", "4321")
        assert wrong is not None
        waits.append(wrong.wait)
    assert waits == [240, 480, 960, 1920, 3600, 3600, 3600, 3600]
    clock.now += LONGEST_WAIT
    assert tries.check(12, "4321", "4321") is None  # right, once checked: forgotten
    assert tries.units == {} and tries.alerts() == []


def test_no_pin_set_refuses_every_pin_and_reset_forgets() -> None:
    clock = Clock()
    tries = PinTries(clock=clock)
    for _ in range(FREE_TRIES):
        assert tries.check(7, "", None) is not None
    [alert] = tries.alerts()
    assert alert.kind == "wrong_pin" and alert.unit == 7 and alert.count == FREE_TRIES
    assert alert.until is not None
    clock.now += FIRST_WAIT
    assert tries.alerts()[0].until is None  # the wait is over; the alert stands
    assert tries.forget(7) and not tries.forget(7)
    assert tries.alerts() == []


async def test_a_pad_guessing_the_pin_is_held_up_named_and_logged(tmp_path: Path) -> None:
    made = station(tmp_path)
    clock = Clock()
    made.rules.session.pin_tries.clock = clock
    link = FakeLink()
    await made.hub.step(inbound(link, 1, 1, Login(section="A", table=1)))
    link.to(1)
    # Unit 12 guesses, as fast as it can: five wrong PINs, then it waits.
    guesses = [inbound(link, 12, seq, Login(section="A", table=1, takeover=True,
                                            pin=f"{seq:04d}"))
               for seq in range(1, 40)]
    await made.hub.step(*guesses)
    naks = link.to(12)
    assert all(isinstance(n, Nak) and n.code == ErrorCode.BAD_PIN for n in naks)
    assert [n.detail for n in naks[:FREE_TRIES]] == [None] * 4 + ["60"]
    assert {n.detail for n in naks[FREE_TRIES:]} == {"60"}  # refused unchecked
    # The right PIN during the wait: refused all the same.
    await made.hub.step(inbound(link, 12, 40, Login(section="A", table=1, takeover=True,
                                                    pin="4321")))
    assert link.to(12) == [Nak(re=40, code=ErrorCode.BAD_PIN, detail="60")]
    assert made.hub.units[1].locked_reason is None
    # The grid names the unit; one alert event and one audit row for the wait begun.
    standing = [a for a in alerts(made.session, made.units) if a.kind == "wrong_pin"]
    assert [a.model_dump() for a in standing] == [
        {"kind": "wrong_pin", "unit": 12, "count": FREE_TRIES, "until": standing[0].until}]
    audit = made.store.audit()
    logged = [row for row in audit if row.action == "wrong_pin"]
    assert [row.actor for row in logged] == ["unit 12"]
    assert json.loads(logged[0].detail)["wrong PINs"] == FREE_TRIES
    # Once the wait is over, the right PIN takes the table, and the log names unit 12.
    clock.now += FIRST_WAIT
    await made.hub.step(inbound(link, 12, 41, Login(section="A", table=1, takeover=True,
                                                    pin="4321")))
    assert isinstance(link.to(12)[0], Ack)
    assert link.to(1) == [Locked(reason=ErrorCode.UNIT_REPLACED)]
    [replaced] = [row for row in made.store.audit() if row.action == "replace"]
    assert replaced.actor == "unit 12"
    detail = json.loads(replaced.detail)
    assert detail["old"] == 1 and detail["new"] == 12
    assert detail["authorised"] == "by the director's PIN"
    assert made.rules.session.pin_tries.units == {}


async def test_the_directors_reset_forgets_the_wrong_pins(tmp_path: Path) -> None:
    made = station(tmp_path)
    link = FakeLink()
    await made.hub.step(inbound(link, 1, 1, Login(section="A", table=1)))
    await made.hub.step(*(inbound(link, 12, seq, Login(section="A", table=1, takeover=True,
                                                       pin="9999"))
                          for seq in range(1, FREE_TRIES + 1)))
    done = await turns(made, made.director.reset_unit(12))
    assert "forgot its wrong PINs" in done
    await made.hub.step(inbound(link, 12, 10, Login(section="A", table=1, takeover=True,
                                                    pin="4321")))
    assert Ack(re=10) in link.to(12)


async def test_a_takeover_the_director_authorised_is_still_the_directors(
        tmp_path: Path) -> None:
    made = station(tmp_path)
    link = FakeLink()
    await made.hub.step(inbound(link, 1, 1, Login(section="A", table=1)))
    await turns(made, made.director.authorise_takeover("A", 1))
    await made.hub.step(inbound(link, 2, 1, Login(section="A", table=1, takeover=True)))
    assert isinstance(link.to(2)[0], Ack)
    [replaced] = [row for row in made.store.audit() if row.action == "replace"]
    assert replaced.actor == "director" and "authorised" not in json.loads(replaced.detail)
