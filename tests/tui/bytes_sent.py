"""Count what an app would send to the terminal, in a Pilot test.

Headless apps draw nothing, so ``BytesSent`` wraps ``App._display`` and renders each
screen update as the real driver would (``CompositorUpdate.render_segments``): the bytes
an SSH player receives. Used by the "a cursor move costs little" tests of both apps.
"""

from __future__ import annotations

from textual._compositor import CompositorUpdate


class BytesSent:
    """``with BytesSent(app) as sent: ...; sent.total`` — bytes the updates inside cost;
    ``sent.rows``: the screen rows they repainted."""

    def __init__(self, app) -> None:
        self.app, self.total, self.rows = app, 0, set()

    def __enter__(self) -> BytesSent:
        app, original = self.app, self.app._display

        def display(screen, renderable):
            if isinstance(renderable, CompositorUpdate):
                self.total += len(renderable.render_segments(app.console).encode())
                self.rows.update(span[0] for span in getattr(renderable, "spans", ()))
            return original(screen, renderable)

        app._display = display
        return self

    def __exit__(self, *exc) -> None:
        del self.app._display
