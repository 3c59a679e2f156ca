"""The game server: one machine becomes a table for everyone who can type ``ssh``.

- ``rooms``: a room holds the one true game record of a table, its seats, who is
  connected and who watches; every action goes through the engine (``GameRecord.play``,
  i.e. the game's ``apply_action``) and is written to the store at once.
- ``store``: rooms and their game records in SQLite (WAL) in the data folder.
- ``driver``: a Textual driver that draws an app on an SSH channel.
- ``lobby`` / ``net_game``: the Textual lobby and the game screens driven by a room.
- ``ssh``: the asyncssh server (limits, refusals, the ``serve`` command line).
- ``web``: ``--web``, the browser door (textual-serve).

See docs/server.md.
"""
