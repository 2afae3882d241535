"""What the pads' messages and the director's commands do to the open session, inside one
turn of the hub: the pads' rules, the director's rules and switches, and `SessionRules`,
which composes them."""
