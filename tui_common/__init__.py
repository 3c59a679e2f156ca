"""The Textual kit both apps share (Clear the Ward and Clinic): the app base with its
navigation and crash handling. Each app keeps only its own board widgets and screens."""
