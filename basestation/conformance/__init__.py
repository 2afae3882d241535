"""The conformance kit for pad firmware (`basestation conformance`, README.md)."""
