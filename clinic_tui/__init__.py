"""Clinic: Deluxe Edition in the terminal (Textual app)."""
