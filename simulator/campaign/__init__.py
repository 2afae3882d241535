"""The fault campaign: simulated sessions under each fault, with what survived
(`basestation faults`)."""
