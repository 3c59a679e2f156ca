"""Console script ``clear-ward``."""

import sys


def main(argv: list[str] | None = None) -> int:
    """Start Clear the Ward. The app is not built yet: say so and exit cleanly."""
    print("Clear the Ward is coming soon.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
