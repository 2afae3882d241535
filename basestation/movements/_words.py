"""Why a movement cannot be, by message key: the English of `MovementError.of` (the station's
refusals table takes these in, so a page can say them in the director's language)."""

from __future__ import annotations

from typing import ClassVar

from basestation.domain.said import SaidError

MOVEMENT_WORDS: dict[str, str] = {
    # pads that follow the pairs (_follow.py)
    "movement.follow_side": "pads follow the NS or the EW pairs, not '{side}'",
    "movement.follow_meet": "pads cannot follow the {side} pairs: {names} (both {side} in "
                            "round 1) meet at table {table} in round {round}",
    "movement.follow_none": "pads cannot follow the {side} pairs: table {table} has none of "
                            "them in round {round}, so no pad",
    "movement.pair": "pair {number}",
    "movement.side_pair": "{side} pair {number}",
    "movement.and": "{first} and {second}",
    # the generators' limits
    "movement.unknown_kind": "unknown movement kind {kind}; choose one of {kinds}",
    "movement.tables_at_least": "the number of tables must be at least 1, not {tables}",
    "movement.boards_at_least": "the number of boards must be at least 1, not {boards}",
    "movement.unbalanced": "{kind} for {tables} tables and {boards} boards is not balanced: "
                           "{problems}",
    "movement.howell_tables": "a Howell is available for 3 to 9 tables, not {tables}",
    "movement.howell_boards": "a {tables}-table Howell plays {rounds} rounds, so the boards "
                              "must be a multiple of {rounds} (the seed's card plays "
                              "{usual}), not {boards}",
    "movement.web_tables": "a web needs an even number of tables from 8 to 30, not {tables}",
    "movement.web_boards": "a web plays two boards a round, so an even number, not {boards}",
    "movement.web_rounds": "a {tables}-table web plays two boards a round for an odd number "
                           "of rounds from {fewest} to {most} (26 boards is usual), not "
                           "{boards} boards",
    "movement.bowman_ewing_tables": "a Bowman-Ewing needs an odd number of tables from 5 to "
                                    "29, not {tables}",
    "movement.bowman_ewing_boards": "a {tables}-table Bowman-Ewing plays {rounds} rounds, so "
                                    "the boards must be a multiple of {rounds} (for example "
                                    "{example}), not {boards}",
    "movement.mitchell_tables": "a Mitchell needs {fewest} to {most} tables, not {tables}",
    "movement.mitchell_few_boards": "a {tables}-table Mitchell needs at least {tables} boards "
                                    "(one per table), not {boards}",
    "movement.skip_mitchell_odd": "a skip Mitchell is for an even number of tables; {tables} "
                                  "tables go once round",
    "movement.skip_mitchell_boards": "a {tables}-table skip Mitchell plays a multiple of "
                                     "{tables} boards, not {boards}",
    "movement.mitchell_boards": "{boards} boards cannot be set out for a {tables}-table "
                                "Mitchell: the boards must be a multiple of {tables}, or sets "
                                "of equal size with an even number of feed-in sets (fewer "
                                "than {tables})",
    "movement.rover_tables": "a rover needs an even number of tables from 6 to 30 whose "
                             "ordinary circle (tables - 1) is not a multiple of 3 (6, 8, 12, "
                             "14, ...), not {tables}",
    "movement.rover_boards": "a {tables}-table rover plays {rounds} rounds, so the boards "
                             "must be a multiple of {rounds}, not {boards}",
    "movement.hesitation_tables": "a hesitation Mitchell needs 3 to 30 tables, not {tables}",
    "movement.hesitation_boards": "a {tables}-table hesitation Mitchell plays {rounds} rounds, "
                                  "so the boards must be a multiple of {rounds} (for example "
                                  "{twice} or {thrice}), not {boards}",
    "movement.fat_tables": "a fat Mitchell needs an odd number of tables from 5 to 29 that is "
                           "not a multiple of 3 (5, 7, 11, 13, ...), not {tables}",
    "movement.fat_boards": "a {tables}-table fat Mitchell plays {rounds} rounds, so the "
                           "boards must be a multiple of {rounds} (for example {twice} or "
                           "{thrice}), not {boards}",
    # matches (_matches.py)
    "movement.round_robin_teams": "a round robin here needs an even number of teams, not "
                                  "{teams}",
    "movement.american_whist_teams": "an American Whist is for an odd number of teams from 5 "
                                     "to 13, not {teams}",
    "movement.match_boards": "a match needs at least one board, not {boards}",
    "movement.match_kind": "unknown match kind {kind}; choose one of {kinds}",
    "movement.match_no_rounds": "a match movement needs at least one round drawn",
    "movement.troika_swiss_teams": "only a Swiss teams event plays a Troika",
    "movement.troika_rounds": "with a Troika the number of rounds must be even, not {rounds}",
    "movement.plays_itself": "round {round}: {entrant} cannot play itself",
    "movement.two_matches": "round {round}: an entrant plays two matches",
    "movement.troika_teams": "a Troika needs three different teams, not {teams}",
    # a movement as the station holds it (_model.py), and its JSON
    "movement.no_tables": "a movement needs at least one table, not {tables}",
    "movement.no_rounds": "a movement needs at least one round, not {rounds}",
    "movement.where": "round {round}, table {table}",
    "movement.round_outside": "{where}: round outside 1..{rounds}",
    "movement.table_outside": "{where}: table outside 1..{tables}",
    "movement.listed_twice": "{where}: listed twice",
    "movement.board_outside": "{where}: board {board} outside 1..{boards}",
    "movement.both_sides": "{where}: pair {pair} sits both NS and EW",
    "movement.pair_twice": "{where}: {pair} is also at table {other} in round {round}; a pair "
                           "can sit at only one table in a round",
    "movement.json_object": "a movement must be a JSON object",
    "movement.json_kind": "movement JSON: 'kind' must be a string",
    "movement.json_two_field": "movement JSON: 'two_field' must be true or false",
    "movement.json_assignments": "movement JSON: 'assignments' must be a list",
    "movement.json_whole": "movement JSON: '{name}' must be a whole number",
    "movement.json_where": "movement JSON assignment {number}",
    "movement.json_item": "{where}: must be an object",
    "movement.json_boards": "{where}: 'boards' must be a list of board numbers",
    "movement.json_pair": "{where}: '{name}' must be a pair number or null",
    # a movement file (_csv.py)
    "movement.csv_empty": "the movement file has no rows",
    "movement.csv_sections": "the movement file holds sections {sections}; choose one",
    "movement.csv_no_section": "the movement file has no rows for section {section}",
    "movement.csv_columns": "row {row}: expected section, table, round, NS, EW, low board, "
                            "high board (and optionally a board list), got {count} column(s)",
    "movement.csv_whole": "row {row}: {column} must be a whole number, not {text}",
    "movement.csv_table": "table",
    "movement.csv_round": "round",
    "movement.csv_low": "low board",
    "movement.csv_high": "high board",
    "movement.csv_ns": "NS pair",
    "movement.csv_ew": "EW pair",
    "movement.csv_board_list": "row {row}: the board list {boards} must be board numbers",
    "movement.csv_high_low": "row {row}: high board {high} is below low board {low}",
    # changes in play (_changes.py, _phantom.py)
    "movement.round_not_in": "round {round} is not in this movement (1..{rounds})",
    "movement.round_not_in_new": "round {round} is not in the new movement (1..{rounds})",
    "movement.say_field": "say which field the pair is in: NS or EW",
    "movement.pair_not_in": "pair {pair} is not in this movement",
    "movement.side_pair_not_in": "pair {pair} {side} is not in this movement",
    "movement.keep_fields": "the new movement must keep the fields (one-field or two-field) "
                            "the session has been scored in",
    "movement.many_missing": "more than one pair is missing; a late pair can fill only one",
    "movement.no_phantom_kind": "this {kind} has no phantom, so a late pair needs a new "
                                "movement; only a Mitchell can gain a table (with a phantom) "
                                "before play starts",
    "movement.no_phantom_mitchell": "this Mitchell has no phantom: a late pair can join only "
                                    "before round 1, by adding a table (boards already played "
                                    "cannot be moved to a new layout)",
    "movement.no_mitchell_near": "no Mitchell for {tables} tables near {boards} boards",
    # an event's format (scoring/event_formats.py) and a new event's sections
    "movement.event_format": "unknown event format {format}; choose one of {formats}",
    "movement.swiss_rounds": "a Swiss event needs its number of rounds (at least 1)",
    "movement.pairs_board_numbers": "{entrants} pairs playing {boards} boards a match need "
                                    "board numbers past {most}; play fewer boards a match",
    "movement.teams_board_numbers": "{entrants} teams playing {boards} boards a match need "
                                    "board numbers past {most}; play fewer boards a match",
    "format.pairs": "pairs",
    "format.teams": "teams",
    "format.swiss_teams": "swiss-teams",
    "format.swiss_pairs": "swiss-pairs",
    "movement.even_pairs": "a {format} event needs an even number of pairs, not {entrants}",
    "movement.even_teams": "a {format} event needs an even number of teams, not {entrants}",
    "rankings.none_left": "hiding the first {hide_first} and the last {hide_last} rounds "
                          "leaves none of section {section}'s {rounds} rounds to show the "
                          "rankings after",
}


class MovementError(SaidError):
    """A movement cannot be built or read; the message says what is wrong, in plain words,
    and (made by `of`) as a message key of `MOVEMENT_WORDS` and its values."""

    WORDS: ClassVar[dict[str, str]] = MOVEMENT_WORDS
