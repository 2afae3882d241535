"""The wire protocol between scoring pads and the base station (see SPEC.md)."""
