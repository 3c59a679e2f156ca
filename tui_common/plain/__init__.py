"""The plain text mode of both games (``--plain``): the whole game as a conversation of
lines on stdin/stdout, for screen readers, braille displays and SSH.

- ``game.PlainGame``: a game in progress (record, computer players, saving); each game
  subclasses it with its words (``clear_ward_tui.plain``, ``clinic_tui.plain``).
- ``loop.PlainLoop``: the conversation (a ``cmd.Cmd``): decisions, commands, answers.
- ``start.run``: setup from the flags, resume / load / replay, never a traceback.
- ``text``: glyphs in words, typed words matched to actions, the rules as plain text.

No Textual here: the plain mode starts without loading it.
"""
