"""Simulated scoring pads and whole simulated sessions."""
