"""What goes wrong in a simulated session, by rate."""

from __future__ import annotations

from dataclasses import dataclass, field

from simulator.radio import AirFaults


@dataclass(frozen=True)
class Faults:
    """Rates are probabilities: per result entered, per pad, or per pad per round."""

    wrong_board: float = 0.0  # per result: a board not in play here (refused, re-entered)
    wrong_lead: float = 0.0  # per result: a card the leader does not hold (flagged, corrected)
    wrong_declarer: float = 0.0  # per result: declarer's partner (flagged, corrected)
    wrong_side: float = 0.0  # per result: an opponent declares (the director corrects)
    wrong_table_login: float = 0.0  # per pad: logs in at another table first
    dead_pad: float = 0.0  # per pad: dies for good in some round (replace flow)
    # per pad: away with a result keyed when the director replaces it; back, it hands over
    # what it held (SPEC.md 6.5). MQTT pads only.
    away_pad: float = 0.0
    battery_change: float = 0.0  # per pad per round
    dropout: float = 0.0  # per pad per round: out of contact for a while
    air: AirFaults = field(default_factory=AirFaults)  # loss, corruption, duplication, latency
    station_restart: bool = False  # once, half-way through

    @classmethod
    def none(cls) -> Faults:
        return cls()

    @classmethod
    def on_the_air(cls) -> Faults:
        """What pads meet however the event is scored: lost, duplicated and late frames,
        battery changes, dropouts and a station restart (a teams or Swiss demo)."""
        return cls(battery_change=0.1, dropout=0.1, station_restart=True,
                   air=AirFaults(loss=0.2, duplicate=0.2, latency=(0.0, 0.02)))

    @classmethod
    def some(cls) -> Faults:
        """A realistic evening: a few of everything."""
        return cls(wrong_board=0.03, wrong_lead=0.04, wrong_declarer=0.03, wrong_side=0.03,
                   wrong_table_login=0.1, dead_pad=0.08, battery_change=0.03, dropout=0.04,
                   air=AirFaults(loss=0.03, corrupt=0.02, duplicate=0.03,
                                 latency=(0.0, 0.01)),
                   station_restart=True)
