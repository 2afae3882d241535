"""What the pads' messages and the director's commands do to the open session, inside one
turn of the hub: the pads' rules and the director's parts (results and units, seats, tables,
merge offers, movements, switches, console), and `SessionRules`, which composes them."""
