"""Every refusal a page shows can be put into the page's language from `MESSAGES` alone: each
template is well formed, and what pure code says when it refuses (a movement, a deal, a player
list, a past file, a Swiss draw, a ruling) arrives as a phrase (a key and values), never as an
English sentence among the values. Its English stays word for word what it was."""

from __future__ import annotations

import ast
import re
import string
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import pytest

from basestation.domain.cards import CARD_WORDS, CardError, Deal, check_deals, parse_card
from basestation.domain.contract import CONTRACT_WORDS
from basestation.domain.said import Said, SaidError
from basestation.formats.handrecords import HAND_RECORD_WORDS, parse_hand_records
from basestation.formats.past_session import PAST_WORDS, read_past
from basestation.formats.players import PLAYER_LIST_WORDS, parse_player_list
from basestation.movements import (
    MOVEMENT_WORDS,
    Assignment,
    Movement,
    MovementError,
    check_pads_follow,
    continue_with,
    fit_late_pair,
    generate,
    match_movement,
    movement_from_csv,
    withdraw_pair,
)
from basestation.scoring.adjusted import ADJUSTED_WORDS
from basestation.scoring.event_formats import check_format, first_movement, format_said
from basestation.scoring.ladder import LADDER_WORDS
from basestation.scoring.swiss import SWISS_WORDS, seeded_first_rounds, swiss_draw
from basestation.scoring.traveller import SCORING_WORDS
from basestation.station.refusals import CODE_WORDS, MESSAGES, Invalid, Phrase, plain, said
from basestation.station.session.entries import entry_phrase, entry_words
from basestation.station.session.memory import HeldResult
from basestation.station.session.rulings import ruled_result
from tests.helpers import english_values

BASESTATION = Path(__file__).parents[2] / "basestation"
PURE_TABLES: dict[str, Mapping[str, str]] = {
    "MOVEMENT_WORDS": MOVEMENT_WORDS, "LADDER_WORDS": LADDER_WORDS,
    "SWISS_WORDS": SWISS_WORDS, "CARD_WORDS": CARD_WORDS,
    "HAND_RECORD_WORDS": HAND_RECORD_WORDS, "PLAYER_LIST_WORDS": PLAYER_LIST_WORDS,
    "PAST_WORDS": PAST_WORDS, "SCORING_WORDS": SCORING_WORDS,
    "CONTRACT_WORDS": CONTRACT_WORDS, "ADJUSTED_WORDS": ADJUSTED_WORDS}
KEY = re.compile(r"[a-z][a-z0-9_]*(\.[a-z0-9_]+)+")
SPECS = {"", "g", "cap", ".2f"}  # the format specs a template may use (`Phrase` knows "cap")


def test_every_key_and_template_is_well_formed() -> None:
    assert len(MESSAGES) > 300
    for key, template in MESSAGES.items():
        assert KEY.fullmatch(key), key
        assert isinstance(template, str) and template.strip(), key
        for _, name, spec, conversion in string.Formatter().parse(template):
            if name is None:
                continue
            assert name.isidentifier(), (key, name)  # no "{}", "{0}", "{a.b}" or "{a[0]}"
            assert conversion is None and spec in SPECS, (key, name, spec)


def test_every_template_can_be_filled() -> None:
    """Each template says its sentence with any value in each placeholder (a page's own
    table will have the same placeholders: the catalogs' check)."""
    for key, template in MESSAGES.items():
        values: dict[str, Any] = {
            name: Phrase("held.not_played") if spec == "cap" else 7
            for _, name, spec, _ in string.Formatter().parse(template) if name}
        filled = template.format_map(values)
        assert "{" not in filled.replace("{\"", ""), key


def test_pure_codes_tables_are_taken_in_whole_and_never_shadow_each_other() -> None:
    seen: dict[str, str] = {}
    for name, table in PURE_TABLES.items():
        for key, template in table.items():
            assert key not in seen, (key, name, seen.get(key))
            seen[key] = name
            assert MESSAGES[key] == template, key
            assert isinstance(template, str)
    own = _literal_keys()
    assert not own & set(seen), own & set(seen)  # a station key overridden by a spread table
    assert len(MESSAGES) == len(own) + len(seen) + len(CODE_WORDS) + _codes_not_worded()


def _literal_keys() -> set[str]:
    """The keys refusals.py writes out itself in MESSAGES (the rest are spread in)."""
    tree = ast.parse((BASESTATION / "station" / "refusals.py").read_text())
    for node in ast.walk(tree):
        if (isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name)
                and node.target.id == "MESSAGES" and isinstance(node.value, ast.Dict)):
            return {k.value for k in node.value.keys
                    if isinstance(k, ast.Constant) and isinstance(k.value, str)}
    raise AssertionError("no MESSAGES in refusals.py")


def _codes_not_worded() -> int:
    from firmware_protocol.messages import ErrorCode
    return len([code for code in ErrorCode if code not in CODE_WORDS])


def test_pure_code_raises_its_refusals_by_key() -> None:
    """No refusal of these modules is a bare sentence: each is `X.of("key", ...)` (or a
    past file's `past_said`), with a key its table has and exactly the values it asks."""
    pure = [*(BASESTATION / "movements").glob("*.py"), BASESTATION / "scoring" / "swiss.py",
            BASESTATION / "scoring" / "event_formats.py", BASESTATION / "domain" / "cards.py",
            BASESTATION / "domain" / "contract.py", BASESTATION / "scoring" / "adjusted.py",
            BASESTATION / "formats" / "handrecords.py", BASESTATION / "formats" / "players.py",
            BASESTATION / "formats" / "past_session.py",
            BASESTATION / "station" / "session" / "rulings.py",
            BASESTATION / "station" / "commands" / "history_import.py"]
    errors = {"MovementError", "SwissDrawError", "CardError", "ContractError",
              "AdjustedScoreError", "HandRecordError", "PlayerListError", "ScoringError"}
    checked = 0
    for path in pure:
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if not isinstance(node, ast.Call):
                continue
            where = f"{path.name}:{node.lineno}"
            func = node.func
            if isinstance(func, ast.Name) and func.id in errors:
                raise AssertionError(f"{where}: a refusal made from a bare sentence")
            if isinstance(func, ast.Name) and func.id == "PastFileError":
                reason = node.args[1]
                assert isinstance(reason, ast.Call), where
                assert ast.unparse(reason.func) == "past_said", where
            named = (isinstance(func, ast.Attribute) and func.attr in ("of", "said")
                     and isinstance(func.value, ast.Name) and func.value.id in errors)
            if named or (isinstance(func, ast.Name) and func.id == "past_said"):
                checked += _check_keyed(node, where)
    assert checked > 140


def _check_keyed(node: ast.Call, where: str) -> int:
    key = node.args[0]
    if isinstance(key, ast.JoinedStr):  # f"movement.{kind}_boards": each key is checked
        prefix = "".join(part.value for part in key.values if isinstance(part, ast.Constant)
                         and isinstance(part.value, str) and part is key.values[0])
        assert any(k.startswith(prefix) for k in MESSAGES), where
        return 1
    assert isinstance(key, ast.Constant) and isinstance(key.value, str), where
    assert key.value in MESSAGES, where
    wanted = {f for _, f, _, _ in string.Formatter().parse(MESSAGES[key.value]) if f}
    assert wanted == {k.arg for k in node.keywords}, (where, wanted)
    return 1


def _movement(*assignments: Assignment, tables: int = 1, two_field: bool = True) -> Movement:
    return Movement("custom", tables, 2, 1, two_field, assignments)


# Each path of pure code's refusal and its English, word for word as it was before it had a key.
REFUSED: list[tuple[Callable[[], object], str | None]] = [
    (lambda: generate("howell", 5, 13), "a 5-table Howell plays 9 rounds, so the boards must "
     "be a multiple of 9 (the seed's card plays 27), not 13"),
    (lambda: generate("web", 8, 40), "a 8-table web plays two boards a round for an odd number "
     "of rounds from 4 to 8 (26 boards is usual), not 40 boards"),
    (lambda: generate("mitchell", 2, 20), "a Mitchell needs 3 to 30 tables, not 2"),
    (lambda: generate("mitchell", 7, 23), "23 boards cannot be set out for a 7-table Mitchell: "
     "the boards must be a multiple of 7, or sets of equal size with an even number of feed-in "
     "sets (fewer than 7)"),
    (lambda: generate("skip-mitchell", 7, 21),
     "a skip Mitchell is for an even number of tables; 7 tables go once round"),
    (lambda: generate("rover", 7, 20), "a rover needs an even number of tables from 6 to 30 "
     "whose ordinary circle (tables - 1) is not a multiple of 3 (6, 8, 12, 14, ...), not 7"),
    (lambda: generate("hesitation", 5, 7), "a 5-table hesitation Mitchell plays 6 rounds, so "
     "the boards must be a multiple of 6 (for example 12 or 18), not 7"),
    (lambda: generate("fat-mitchell", 5, 7), "a 5-table fat Mitchell plays 6 rounds, so the "
     "boards must be a multiple of 6 (for example 12 or 18), not 7"),
    (lambda: generate("nope", 5, 7), "unknown movement kind 'nope'; choose one of mitchell, "
     "howell, hesitation, fat-mitchell, web, bowman-ewing, rover, skip-mitchell"),
    (lambda: generate("mitchell", 5, True), "the number of boards must be at least 1, not True"),
    (lambda: _movement(Assignment(1, 1, 1, 1, (3,))), "round 1, table 1: board 3 outside 1..2"),
    (lambda: _movement(Assignment(1, 1, 1, 1, (1,)), two_field=False),
     "round 1, table 1: pair 1 sits both NS and EW"),
    (lambda: _movement(Assignment(1, 1, 1, 2, (1,)), Assignment(1, 2, 1, 3, (2,)), tables=2),
     "round 1, table 2: NS pair 1 is also at table 1 in round 1; a pair can sit at only one "
     "table in a round"),
    (lambda: Movement.from_json({"kind": "a", "two_field": True, "tables": 1, "boards": 1,
                                 "rounds": 1, "assignments": [{"boards": [1], "round": 1,
                                                               "table": 1, "ns": "x"}]}),
     "movement JSON assignment 1: 'ns' must be a pair number or null"),
    (lambda: movement_from_csv("A,1,1,1,1,1,x\n"),
     "row 1: high board must be a whole number, not 'x'"),
    (lambda: movement_from_csv("A,1,1,1,y,1,2\n"),
     "row 1: EW pair must be a whole number, not 'y'"),
    (lambda: withdraw_pair(generate("mitchell", 5, 20), 9, "NS", 1),
     "pair 9 NS is not in this movement"),
    (lambda: continue_with(generate("mitchell", 5, 20), generate("mitchell", 5, 20), 9),
     "round 9 is not in the new movement (1..5)"),
    (lambda: fit_late_pair(generate("mitchell", 5, 20), 2), "this Mitchell has no phantom: a late "
     "pair can join only before round 1, by adding a table (boards already played cannot be "
     "moved to a new layout)"),
    (lambda: check_pads_follow(generate("howell", 5, 18), "NS"), None),
    (lambda: match_movement("teams", [[(1, 2), (1, 3)]], 3),
     "round 1: an entrant plays two matches"),
    (lambda: match_movement("swiss-teams", [[(1, 2)]], 3, total_rounds=2,
                            troikas={1: (3, 3, 5)}),
     "a Troika needs three different teams, not (3, 3, 5)"),
    (lambda: check_format("nope", 1),
     "unknown event format 'nope'; choose one of pairs, teams, swiss-teams, swiss-pairs"),
    (lambda: first_movement("teams", 1, movement="x", tables=100, boards=10),
     "100 teams playing 10 boards a match need board numbers past 255; play fewer boards a "
     "match"),
    (lambda: first_movement("swiss-pairs", 3, movement="x", tables=7, boards=3),
     "a swiss-pairs event needs an even number of pairs, not 7"),
    (lambda: swiss_draw([1, 2, 3], []), "a Swiss draw needs an even number of entrants, got 3"),
    (lambda: seeded_first_rounds(3),
     "the seeded draw needs an even number of at least 4 entries, got 3"),
    (lambda: parse_card("ZZ"), "not a card: 'ZZ' (expected e.g. HK, D10 or DT)"),
    (lambda: Deal.from_pbn("N:AKQ A A A"), "a PBN hand has four suits separated by dots: 'AKQ'"),
    (lambda: check_deals({3: "N:A"}), "board 3 of the hand records: not a PBN deal: 'N:A'"),
    (lambda: parse_hand_records('[Deal "x"]\n' * 300), "the file holds 300 deals; the station "
     "takes at most 256: keep this session's boards"),
    (lambda: parse_player_list("1,A\n1,B\n"), "line 2: player 1 appears twice"),
    (lambda: parse_player_list("number,name,handicap\n1,A,99\n"),
     "line 2: a handicap of 99 is more than 50 percentage points either way"),
    (lambda: read_past("<foo/>"), "line 1: an XML file whose root is <foo>: neither the "
     "Scorer's <session> nor <USEBIO>"),
    (lambda: read_past("<session><x></session>"), "line 1: not well-formed XML (mismatched tag)"),
    (lambda: read_past('[Event "x"]\n'), "no game with a Board tag: not a PBN games file"),
    (lambda: read_past('[Board "1"]\n[Deal "x"]\n'),
     "line 1: board 1: the game does not say its pairs (PairId_NS and PairId_EW)"),
    (lambda: read_past('[Board "1"]\n[PairId_NS "1"]\n[PairId_EW "2"]\n[Contract "9Z"]\n'),
     "line 1: board 1: Contract '9Z' is not a contract"),
    (lambda: ruled_result(1, 1, 2, "A", {"nope": 1}), "not a ruling field: nope"),
    (lambda: ruled_result(1, 1, 2, "A", {"adjusted": "zz"}), "board 1, NS 1 v EW 2: not an "
     "adjusted score: 'zz' (expected NS%/EW% such as 60/40, or AVE, AVE+, AVE-, AVE+/AVE-)"),
    (lambda: ruled_result(1, 1, 2, "A", {"weighted": [{"score_ns": 10, "weight": 50}]}),
     "board 1, NS 1 v EW 2: weights must add up to 100%, not 50%"),
    (lambda: ruled_result(1, 1, 2, "A", {"adjusted": "AVE", "fault": {"ns": "q"}}),
     "board 1, NS 1 v EW 2: fault must be none, partly or responsible"),
]


@pytest.mark.parametrize(("refuse", "sentence"), REFUSED)
def test_pure_codes_refusal_is_a_phrase_with_its_old_english(
        refuse: Callable[[], object], sentence: str | None) -> None:
    with pytest.raises(ValueError, match=r".") as raised:
        refuse()
    if sentence is not None:
        assert str(raised.value) == sentence
    assert isinstance(raised.value, SaidError) and raised.value.key in MESSAGES
    phrase = said(raised.value)
    assert isinstance(phrase, Phrase) and str(phrase) == str(raised.value)
    refused = Invalid("movement.invalid", problem=phrase)
    assert str(refused) == str(raised.value)
    assert english_values(plain(refused.values)) == []


def test_a_value_that_is_a_sentence_of_its_own_is_a_phrase_too() -> None:
    with pytest.raises(CardError) as raised:
        check_deals({3: "N:A"})
    assert plain({"problem": said(raised.value)}) == {"problem": {
        "key": "card.board", "values": {"board": 3, "problem": {
            "key": "card.deal", "values": {"text": "'N:A'"}}}}}
    where = Said("movement.where", {"round": 1, "table": 2}, "round 1, table 2")
    assert said(where) == Phrase("movement.where", {"round": 1, "table": 2})
    assert said(ValueError("no key")) == "no key"


def test_an_entry_in_words_is_a_phrase() -> None:
    played = HeldResult(section="A", table=1, round=1, board=1, ns=1, ew=1, kind="result",
                        contract="4S", declarer="S", tricks=10, lead="HK", score_ns=420)
    assert entry_words(played) == "4S= by South, lead \u2665K, NS +420"
    assert plain({"held": entry_phrase(played)}) == {"held": {"key": "held.played_lead", "values": {
        "result": "4S=", "declarer": {"key": "held.south", "values": {}}, "lead": "\u2665K",
        "score": "+420"}}}
    passed = HeldResult(section="A", table=1, round=1, board=1, ns=1, ew=1, kind="result",
                        contract="PASS", score_ns=0)
    assert entry_words(passed) == "passed out, NS 0"
    assert entry_phrase(passed) == Phrase("held.passed_out")


def test_an_events_format_is_a_phrase() -> None:
    refused = Invalid("swiss.not_swiss", format=said(format_said("teams")))
    assert str(refused) == "a teams event has no Swiss draw"
    assert plain(refused.values) == {"format": {"key": "format.teams", "values": {}}}
    with pytest.raises(MovementError) as raised:
        first_movement("swiss-pairs", 3, movement="x", tables=7, boards=3)
    assert plain({"problem": said(raised.value)}) == {"problem": {
        "key": "movement.even_pairs", "values": {
            "format": {"key": "format.swiss_pairs", "values": {}}, "entrants": 7}}}
    assert format_said("bridge-golf") == "bridge-golf"  # not a format: as given
