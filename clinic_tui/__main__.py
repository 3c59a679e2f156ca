"""Console script ``clinic``."""

import sys


def main(argv: list[str] | None = None) -> int:
    """Start Clinic. The app is not built yet: say so and exit cleanly."""
    print("Clinic: Deluxe Edition is coming soon. Try `clear-ward` meanwhile.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
