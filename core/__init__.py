"""Rules cores for both games: attrs models and pure rule functions, no UI code."""
