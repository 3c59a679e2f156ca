"""Clear the Ward in the terminal (Textual app)."""
