"""The conformance kit against the simulator's radio pad (a bridgepad) over a real pty pair:
the pad passes every clause; broken pads fail the clause they break."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from basestation.conformance.clauses import Outcome, Verdict
from basestation.conformance.kit import Kit, KitOptions
from basestation.conformance.links import SerialKitLink
from firmware_protocol.security import unit_key
from simulator.radio import VirtualRadio
from simulator.units import RadioPad
from tests.conformance.harness import ForgetfulOperator, SimOperator

SECRET = "kit-secret"
QUICK = KitOptions(silence=6.0)  # silent past the first retry (a full run waits 38 s)
UNIT = 17


@pytest.fixture
async def radio() -> AsyncIterator[VirtualRadio]:
    channel = VirtualRadio()
    yield channel
    channel.close()


async def run_kit(radio: VirtualRadio, pad: RadioPad) -> list[Verdict]:
    link = SerialKitLink(radio.port, 115200, UNIT)
    kit = Kit(link, UNIT, unit_key(SECRET, UNIT), SimOperator(pad, SECRET), QUICK)
    try:
        return await kit.run()
    finally:
        await pad.power_off()


def outcomes(verdicts: list[Verdict]) -> list[tuple[str, str, Outcome]]:
    return [(v.clause, v.checked, v.outcome) for v in verdicts]


@pytest.mark.parametrize("protocol", [2, 1])
async def test_the_radio_pad_passes_every_clause(radio: VirtualRadio, protocol: int) -> None:
    # Version 1: an old bridgepad; the kit answers each pad in its version (SPEC 9).
    verdicts = await run_kit(radio, RadioPad(radio, UNIT, SECRET, protocol=protocol))
    assert [v for v in verdicts if v.outcome != Outcome.PASS] == [], outcomes(verdicts)
    assert {v.clause for v in verdicts} == {"4", "6.2", "6.3", "6.4", "6.6", "7", "8"}


def failing(verdicts: list[Verdict]) -> set[str]:
    return {v.clause for v in verdicts if v.outcome == Outcome.FAIL}


async def test_a_pad_that_retransmits_too_fast_fails_6_6(radio: VirtualRadio) -> None:
    # Its timers run twice as fast: the first retry after 0.75 s, not 1.5 s.
    verdicts = await run_kit(radio, RadioPad(radio, UNIT, SECRET, speed=2.0))
    assert failing(verdicts) == {"6.6"}, outcomes(verdicts)
    (timing,) = [v for v in verdicts if v.clause == "6.6" and v.outcome == Outcome.FAIL]
    # Retry 1 is seen too soon; on a busy machine it may be heard late, and retry 2 too soon.
    said = timing.sentence
    assert ("Retry 1 came" in said and "1.5 s +-20 %" in said) or (
        "Retry 2 came" in said and "3 s +-20 %" in said), said


async def test_a_pad_that_reuses_seqs_after_a_power_cycle_fails_6_4(radio: VirtualRadio) -> None:
    pad = RadioPad(radio, UNIT, SECRET)
    link = SerialKitLink(radio.port, 115200, UNIT)
    kit = Kit(link, UNIT, unit_key(SECRET, UNIT), ForgetfulOperator(pad, SECRET), QUICK)
    try:
        verdicts = await kit.run()
    finally:
        await pad.power_off()
    # 6.6 judges the retransmissions' timing, which a busy machine can upset; its own tests
    # judge it. Here only 6.4 must fail, and nothing but timing beside it.
    failed = failing(verdicts)
    assert "6.4" in failed and failed <= {"6.4", "6.6"}, outcomes(verdicts)
    sentences = [v.sentence for v in verdicts if v.outcome == Outcome.FAIL]
    assert any("the counter was not kept" in s for s in sentences), sentences
    assert any("Seq 1 was used again" in s for s in sentences), sentences
