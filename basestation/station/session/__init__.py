"""The open session's working memory (`SessionState`, rebuilt from the database) and the rules
it keeps whoever acts: checks, entries, seats and seatings, scores, par, feedback, the bounds on
visitors and PIN tries."""
