"""The station's links to the pads: MQTT (the broker, its logins) and the serial radio receiver;
bytes to messages and back."""
