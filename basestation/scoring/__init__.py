"""The scoring engine: contract scores, matchpoints under named regulations, adjusted scores,
fouled and arrowswitched boards, IMPs, rankings, and live incremental scoring."""

from basestation.scoring.adjusted import Average, award_percent, parse_adjusted
from basestation.scoring.board_scoring import score_board
from basestation.scoring.imp_board import score_imp_board
from basestation.scoring.incremental import IncrementalScorer
from basestation.scoring.matchpoints import factored, full_top, round_matchpoints
from basestation.scoring.penalties import deduction_for_tables, penalty_matchpoints
from basestation.scoring.regulations import (
    PRESETS,
    Factoring,
    Fault,
    Regulations,
    Scale,
    UnknownRegulationsError,
    regulations,
)
from basestation.scoring.scored import RankingEntry, ScoredBoard, ScoredResult, ScoredSession
from basestation.scoring.session import score_session
from basestation.scoring.traveller import (
    Artificial,
    BoardTraveller,
    Method,
    Penalty,
    ScoringError,
    Session,
    TravellerResult,
    WeightedOutcome,
)
from basestation.scoring.traveller_json import parse_traveller_json
from basestation.scoring.weighted import weighted_matchpoints

# IMPs, VPs, teams and Swiss (imps.py, vp.py, teams.py, swiss.py, instant.py) are added below.

__all__ = [
    "PRESETS",
    "Artificial",
    "Average",
    "BoardTraveller",
    "Factoring",
    "Fault",
    "IncrementalScorer",
    "Method",
    "Penalty",
    "RankingEntry",
    "Regulations",
    "Scale",
    "ScoredBoard",
    "ScoredResult",
    "ScoredSession",
    "ScoringError",
    "Session",
    "TravellerResult",
    "UnknownRegulationsError",
    "WeightedOutcome",
    "award_percent",
    "deduction_for_tables",
    "factored",
    "full_top",
    "parse_adjusted",
    "parse_traveller_json",
    "penalty_matchpoints",
    "regulations",
    "round_matchpoints",
    "score_board",
    "score_imp_board",
    "score_session",
    "weighted_matchpoints",
]
