"""The hub and what it owns: the one queue every link and director action goes through (fair per
unit), the units by number with their keys and tags; batching, commit and answers."""
