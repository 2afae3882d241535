"""What the director and the pads do to the open session, inside one turn of the hub: the pads'
rules, the director's commands and switches, and `SessionRules`, which composes them."""
