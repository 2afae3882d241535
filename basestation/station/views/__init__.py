"""What the pages read of the session as it stands: the grid's cells and alerts, a live stream's
view of a result, the live matches and standings."""
