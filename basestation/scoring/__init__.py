"""The scoring engine: contract scores, matchpoints under named regulations, adjusted scores,
fouled and arrowswitched boards, IMPs, rankings, and live incremental scoring."""

from basestation.scoring.adjusted import Average, award_percent, parse_adjusted
from basestation.scoring.board_scoring import score_board
from basestation.scoring.imp_board import score_imp_board
from basestation.scoring.imps import (
    ARTIFICIAL_IMPS,
    IMP_BOUNDARIES,
    butler_datum,
    butler_imps,
    cross_imps,
    imps,
)
from basestation.scoring.incremental import IncrementalScorer
from basestation.scoring.instant import InstantMatchpoints, instant_matchpoints
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
from basestation.scoring.swiss import (
    Standing,
    already_played,
    seeded_first_rounds,
    standings,
    swiss_draw,
    swiss_points,
)
from basestation.scoring.teams import MatchResult, TeamBoard, board_imps, match_result, score_match
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
from basestation.scoring.troika import troika_draw
from basestation.scoring.vp import (
    VpScale,
    discrete_table,
    loser_vp,
    vp,
    vp_continuous,
    vp_discrete,
    vp_table,
)
from basestation.scoring.weighted import weighted_matchpoints

__all__ = [
    "ARTIFICIAL_IMPS",
    "IMP_BOUNDARIES",
    "PRESETS",
    "Artificial",
    "Average",
    "BoardTraveller",
    "Factoring",
    "Fault",
    "IncrementalScorer",
    "InstantMatchpoints",
    "MatchResult",
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
    "Standing",
    "TeamBoard",
    "TravellerResult",
    "UnknownRegulationsError",
    "VpScale",
    "WeightedOutcome",
    "already_played",
    "award_percent",
    "board_imps",
    "butler_datum",
    "butler_imps",
    "cross_imps",
    "deduction_for_tables",
    "discrete_table",
    "factored",
    "full_top",
    "imps",
    "instant_matchpoints",
    "loser_vp",
    "match_result",
    "parse_adjusted",
    "parse_traveller_json",
    "penalty_matchpoints",
    "regulations",
    "round_matchpoints",
    "score_board",
    "score_imp_board",
    "score_match",
    "score_session",
    "seeded_first_rounds",
    "standings",
    "swiss_draw",
    "swiss_points",
    "troika_draw",
    "vp",
    "vp_continuous",
    "vp_discrete",
    "vp_table",
    "weighted_matchpoints",
]
