"""Clinic: Deluxe Edition rules core (pure functions, no UI)."""
