"""The station: the hub and its queue, the session's rules and memory, the director's and the
pads' commands, the views the pages read, the links to the pads, and `Station` (app.py), which
wires them together."""
