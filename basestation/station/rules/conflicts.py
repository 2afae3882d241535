"""A director's action that cannot be done as things stand: the director must confirm, or do
something else first (a merge over a held entry, closing an event still in play, handing over
the table of a unit that holds none). Not a ValueError (a request that cannot be, the API's
422) nor a LookupError (nothing of that name, 404): the API answers it 409 with its sentence."""

from __future__ import annotations


class Conflict(Exception):
    """The sentence says what stands in the way and what the director may do."""
