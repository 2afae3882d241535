"""The station's async core: links, hub, validation, unit registry."""
