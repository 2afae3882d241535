"""Open base station for wireless duplicate-bridge scoring pads."""
