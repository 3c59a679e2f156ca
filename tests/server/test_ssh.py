"""The SSH server end to end: real asyncssh clients with a pty (drawn on a pyte screen)
against a server on 127.0.0.1 on a free port, each seat in the real Clear the Ward app.

Most tests take 1–5 s. The two that play games by keys (Clear the Ward to the end,
Clinic's secret tiles) take about 10 s: two real apps answer every key through real
SSH, and a shorter game would not cross a turn boundary or reach a staff hand."""

from __future__ import annotations

import asyncio
import contextlib

import pytest

from core.clear_ward.bots import make_bot
from tests.server.client import Player
from tui_common.server.accounts import ThrottlePolicy
from tui_common.server.ssh import GameServer, Limits

pytestmark = pytest.mark.timeout(60)

#: Failed logins slowed by milliseconds instead of 1 s, 2 s, 4 s...: for the tests about
#: which password or key is asked for, not about the slowing (``test_login_throttle.py``
#: drives the real policy over SSH). Three wrong passwords cost 7 s of waiting before.
QUICK_RETRIES = ThrottlePolicy(first_delay=0.001, max_delay=0.001)


@contextlib.asynccontextmanager
async def running(tmp_path, **kw):
    server = GameServer(tmp_path, port=0, cpu_delay=0.01, **kw)
    await server.start()
    players: list[Player] = []
    server.players = players
    try:
        yield server
    finally:
        for player in players:
            await player.close()
        await server.close()


async def join(server, name: str, **kw) -> Player:
    """``name`` connects and takes their seat in the first room."""
    player = await Player(name, **kw).connect(server.port)
    server.players.append(player)
    await player.wait_for("Rooms")
    await player.wait_for("#1 ")
    await player.press("enter")
    await player.wait_for(f"you are {name}")
    return player


async def watch(server, name: str) -> Player:
    """``name`` connects and watches the first room (w in the lobby)."""
    player = await Player(name).connect(server.port)
    server.players.append(player)
    await player.wait_for("#1 ")
    await player.press("w")
    await player.wait_for("watching")
    return player


async def press_until_played(room, player: Player, *keys: str) -> None:
    """``player`` presses ``keys`` once their screen is still; the room must then record
    one more action within 12 s (a loaded machine, CI beside other work, is slow).

    The room has the last action before this player's screen has drawn what follows (the
    dialog an Enter answers): a key pressed in between is refused there and lost. So the
    keys wait for a still screen, and are pressed again, as a person would, if nothing
    was played 3 s later."""
    done = len(room.record.actions)
    for _ in range(4):
        await player.wait_quiet(0.2)
        await player.press(*keys)
        for _ in range(100):
            if len(room.record.actions) > done:
                return
            await asyncio.sleep(0.03)
    raise AssertionError(f"{player.name}'s keys {keys} did not play:\n{player.text()}")


async def play_by_keys(room, players: dict[str, Player], count: int) -> None:
    """The player whose turn it is presses the keys of a plain turn: next stop and Enter,
    Enter in the dialogs, e to end the turn; each step must reach the room."""
    for _ in range(count):
        player = players[room.names()[room.actor]]
        keys = {"MOVE": ("n", "enter"), "AFTER_ACTION": ("e",)}.get(room.record.state.phase.name, ("enter",))
        await press_until_played(room, player, *keys)


@pytest.mark.slow  # a whole game end to end (docs/testing.md, Suite time)
async def test_two_players_play_a_game_to_the_end_each_seeing_only_their_own_hand(tmp_path):
    async with running(tmp_path) as server:
        room = server.hall.create("clear-the-ward", "Ann,Bob", "Ann", seed=3)
        ann, bob = await join(server, "Ann"), await join(server, "Bob")
        await play_by_keys(room, {"Ann": ann, "Bob": bob}, 8)
        await bob.wait_quiet()
        assert "ANN'S STAFF CARDS" in ann.text() and "BOB'S STAFF CARDS" not in ann.text()
        assert "BOB'S STAFF CARDS" in bob.text() and "ANN'S STAFF CARDS" not in bob.text()
        waiting = bob if room.actor == 0 else ann
        mover = room.names()[room.actor]
        await waiting.wait_for(f"{mover} is playing")
        assert "(computer)" not in waiting.text()
        # The rest of the game quickly, through the same room (both apps follow it).
        bot = make_bot("greedy", 1)
        while not room.record.over:
            room.play(room.actor, bot.choose(room.record.state))
        await ann.wait_for("GAME OVER")
        await bob.wait_for("GAME OVER")
        assert server.hall.store.load_rooms()[0][0].record.over


async def test_a_dropped_player_rejoins_the_seat_and_the_turn_waited_for_them(tmp_path):
    """The other player hears "Ann left", sees the waiting timer, then "Ann is back";
    nothing is played for the missing seat."""
    async with running(tmp_path) as server:
        room = server.hall.create("clear-the-ward", "Ann,Bob", "Ann", seed=5)
        players = {"Ann": await join(server, "Ann"), "Bob": await join(server, "Bob")}
        mover = room.names()[room.actor]
        other = "Bob" if mover == "Ann" else "Ann"
        await players[mover].close()  # the connection drops: no goodbye
        await players[other].wait_for(f"{mover} left")
        await players[other].wait_for(f"waiting for {mover} 0:0")
        assert room.record.actions == () and room.seat_of(mover) is not None  # nothing played for them
        players[mover] = await join(server, mover)
        await players[other].wait_for(f"{mover} is back")
        await play_by_keys(room, players, 1)


async def test_a_spectator_sees_the_moves_but_no_hand(tmp_path):
    async with running(tmp_path) as server:
        room = server.hall.create("clear-the-ward", "Ann,cpu:random", "Ann", seed=8)
        server.hall.cpu_delay = 60  # the computer waits: the test plays its turn
        ann = await join(server, "Ann")
        cy = await watch(server, "Cy")
        await ann.wait_for("Cy is watching")
        if room.actor != 0:
            room.cpu_step()
        await play_by_keys(room, {"Ann": ann}, 1)
        await cy.wait_for("Ann moves the Doctor")
        assert "'S STAFF CARDS" not in cy.text() and "(hidden)" in cy.text()
        await cy.press("e")
        await cy.wait_for("You are watching this game")
        assert room.actor == 0 or len(room.record.actions) == 1


async def test_a_restart_brings_the_room_back(tmp_path):
    async with running(tmp_path) as server:
        room = server.hall.create("clear-the-ward", "Ann,Bob", "Ann", seed=9)
        bot = make_bot("random", 2)
        for _ in range(4):
            room.play(room.actor, bot.choose(room.record.state))
        actions = room.record.actions
    async with running(tmp_path) as again:
        back = again.hall.rooms[room.id]
        assert back.record.actions == actions
        ann = await join(again, "Ann")
        await ann.wait_for("Ann moves the Doctor")


# -- bad clients -----------------------------------------------------------------------


async def test_no_pty_and_commands_are_answered_and_closed(tmp_path):
    async with running(tmp_path) as server:
        bare = await Player("Ann").connect(server.port, term_type=None)
        server.players.append(bare)
        await bare.closed.wait()
        assert b"need a terminal" in bare.raw
        shell = await Player("Ann").connect(server.port, command="cat /etc/passwd")
        server.players.append(shell)
        await shell.closed.wait()
        assert b"only plays games" in shell.raw and b"root" not in shell.raw


async def test_a_tiny_terminal_then_a_resize(tmp_path):
    async with running(tmp_path) as server:
        tiny = await Player("Ann", width=10, height=5).connect(server.port)
        server.players.append(tiny)
        await tiny.wait_quiet()
        tiny.resize(100, 30)
        await tiny.wait_for("Welcome, Ann")


async def test_garbage_bytes_do_not_stop_the_server(tmp_path):
    async with running(tmp_path) as server:
        noisy = await Player("Ann").connect(server.port)
        server.players.append(noisy)
        await noisy.wait_for("Rooms")
        noisy.send(bytes(range(256)) * 4 + b"\x1b[<99;999;999M\x1b[999999999;1R\x1b]0;x\x07\xff\xfe")
        await noisy.wait_quiet()
        other = await Player("Bob").connect(server.port)
        server.players.append(other)
        await other.wait_for("Welcome, Bob")


async def test_an_idle_client_is_closed(tmp_path):
    async with running(tmp_path, limits=Limits(idle_seconds=1.0)) as server:
        idle = await Player("Ann").connect(server.port)
        server.players.append(idle)
        await asyncio.wait_for(idle.closed.wait(), 15)
        assert b"No key for" in idle.raw


async def test_one_more_than_the_cap_is_refused_politely(tmp_path):
    async with running(tmp_path, limits=Limits(connections=3)) as server:
        for name in ("Ann", "Bob", "Cy"):
            player = await Player(name).connect(server.port)
            server.players.append(player)
            await player.wait_for("Welcome")
        late = await Player("Dee").connect(server.port)
        server.players.append(late)
        await late.closed.wait()
        assert b"the server is full (3 players connected)" in late.raw


async def test_connections_per_address_are_limited(tmp_path):
    async with running(tmp_path, limits=Limits(per_address=2)) as server:
        for name in ("Ann", "Bob"):
            player = await Player(name).connect(server.port)
            server.players.append(player)
            await player.wait_for("Welcome")
        third = await Player("Cy").connect(server.port)
        server.players.append(third)
        await third.closed.wait()
        assert b"2 players are connected from your address already" in third.raw
        # Far beyond the limit, connections are closed before anyone logs in.
        silent = [await asyncio.open_connection("127.0.0.1", server.port) for _ in range(3)]
        with pytest.raises(Exception):
            await Player("Dee").connect(server.port)
        for _, writer in silent:
            writer.close()


async def test_a_500_character_name_is_cut_and_escape_codes_never_reach_a_screen(tmp_path, monkeypatch):
    import sys

    import asyncssh.connection

    async with running(tmp_path) as server:
        long = await Player("Z" * 500).connect(server.port)
        server.players.append(long)
        shown = await long.wait_for("Welcome, ")
        assert f"Welcome, {'Z' * 14}. Rooms" in shown
        # A client that does not clean its user name (asyncssh's own client would refuse):
        # the server refuses the login, and goes on serving.
        checked = asyncssh.connection.saslprep

        def client_skips_the_check(text):
            return text if sys._getframe(1).f_code.co_name == "prepare" else checked(text)

        monkeypatch.setattr(asyncssh.connection, "saslprep", client_skips_the_check)
        with pytest.raises(asyncssh.Error):
            await Player("\x1b[2J\x1b]0;pwned\x07Ann").connect(server.port)
        monkeypatch.undo()
        again = await Player("Ann").connect(server.port)
        server.players.append(again)
        await again.wait_for("Welcome, Ann")


async def test_clinic_seats_choose_their_tiles_on_their_own_terminals(tmp_path):
    async with running(tmp_path) as server:
        room = server.hall.create("clinic", "Ann,Bob", "Ann", seed=4)
        players = {"Ann": await join(server, "Ann", width=100, height=30),
                   "Bob": await join(server, "Bob", width=100, height=30)}
        selected = set()
        while len(selected) < 2:  # the start cars, then each chooses a tile in secret
            chooser = players[room.names()[room.actor]]
            if room.record.state.phase.name == "SELECT":
                selected.add(chooser.name)
            await chooser.wait_for("Enter choose")  # may still be the last dialog's text:
            await press_until_played(room, chooser, "enter")  # so this waits for a still screen
        assert "Pass the keyboard" not in players["Ann"].text() + players["Bob"].text()
        waiting = players["Bob" if room.actor == 0 else "Ann"]
        await waiting.wait_for(f"{room.names()[room.actor]} is playing")


async def test_a_room_opened_in_the_lobby_starts_for_both_when_the_open_seat_is_taken(tmp_path):
    async with running(tmp_path) as server:
        ann = await Player("Ann").connect(server.port)
        server.players.append(ann)
        await ann.wait_for("No room yet")
        await ann.press("n")
        await ann.wait_for("New room")
        await ann.wait_quiet()
        await ann.press("enter", pause=0.3)  # Clear the Ward; then the seats field: me,open
        await ann.press("enter")
        await ann.wait_for("You sit in room #1")
        await ann.wait_for("(open)")
        bob = await join(server, "Bob")
        await ann.wait_for("you are Ann")  # Ann's lobby went into the game by itself
        assert server.hall.rooms[1].names() == ["Ann", "Bob"]
        await bob.wait_for("Ann")



async def test_the_new_room_dialog_fits_an_80x24_terminal_whole(tmp_path):
    """At 80×24 the dialog shows its first line and its last field at once (compact
    fields, as the local setup's), so nothing is scrolled out of sight."""
    async with running(tmp_path) as server:
        ann = await Player("Ann", 80, 24).connect(server.port)
        server.players.append(ann)
        await ann.wait_for("No room yet")
        await ann.press("n")
        await ann.wait_for("Options (Clear the Ward")
        await ann.wait_quiet()
        text = ann.text()
        assert "New room — choose the game" in text and "goal=NAME alone" in text, text

async def test_an_error_in_one_players_app_leaves_the_table_and_the_server_standing(tmp_path, monkeypatch):
    from clear_ward_tui.screens.game import GameScreen  # the game's own screen, seated at the table

    async with running(tmp_path) as server:
        room = server.hall.create("clear-the-ward", "Ann,Bob", "Ann", seed=3)
        ann, bob = await join(server, "Ann"), await join(server, "Bob")

        def broken(self):
            raise RuntimeError("a bug in the help key")

        monkeypatch.setattr(GameScreen, "action_help", broken)
        await ann.press("?")
        await ann.wait_for("Welcome, Ann")  # back in the lobby, the game still there
        await bob.wait_for("Ann left")
        monkeypatch.undo()
        await ann.press("enter")
        await ann.wait_for("you are Ann")
        await bob.wait_for("Ann is back")
        assert room.status == "playing" and (tmp_path / "crash.log").exists()


async def test_no_port_forwarding_and_no_file_access(tmp_path):
    import asyncssh

    async with running(tmp_path) as server:
        player = await Player("Ann").connect(server.port)
        server.players.append(player)
        with pytest.raises(asyncssh.ChannelOpenError):
            await player.conn.open_connection("127.0.0.1", server.port)  # direct-tcpip
        with pytest.raises((asyncssh.ChannelOpenError, asyncssh.SFTPError)):
            await player.conn.start_sftp_client()
        with pytest.raises(asyncssh.ChannelListenError):
            await player.conn.forward_remote_port("127.0.0.1", 0, "127.0.0.1", 22)
        await player.wait_for("Welcome, Ann")  # the game session is untouched


async def test_a_password_when_the_server_has_one(tmp_path):
    """The server password comes first, then the name's own (a password login sends
    them as one, a space between); the server password alone no longer makes anyone Ann."""
    import asyncssh

    async with running(tmp_path, password="s3cret") as server:
        server.throttle.policy = QUICK_RETRIES
        with pytest.raises(asyncssh.PermissionDenied):
            await Player("Ann").connect(server.port)
        with pytest.raises(asyncssh.PermissionDenied):
            await Player("Ann").connect(server.port, password="guess mine")
        with pytest.raises(asyncssh.PermissionDenied):
            await Player("Ann").connect(server.port, password="s3cret")
        ann = await Player("Ann").connect(server.port, password="s3cret mine")
        server.players.append(ann)
        await ann.wait_for("Welcome, Ann")


async def test_fifty_silent_connections_at_once_neither_block_a_player_nor_stay(tmp_path):
    limits = Limits(per_address=100, login_seconds=2.0)
    async with running(tmp_path, limits=limits) as server:
        silent = [await asyncio.open_connection("127.0.0.1", server.port) for _ in range(50)]
        ann = await Player("Ann").connect(server.port)
        server.players.append(ann)
        await ann.wait_for("Welcome, Ann")
        closed = 0
        for reader, writer in silent:  # each gets the banner, then is closed at the login timeout
            try:
                await asyncio.wait_for(reader.read(), 15)
                closed += 1
            finally:
                writer.close()
        assert closed == 50 and len(server.sessions) == 1


async def test_only_authorized_keys_when_the_server_has_a_list(tmp_path):
    import asyncssh

    key, other = asyncssh.generate_private_key("ssh-ed25519"), asyncssh.generate_private_key("ssh-ed25519")
    listed = tmp_path / "authorized_keys"
    listed.write_bytes(key.export_public_key())
    async with running(tmp_path, authorized_keys=str(listed)) as server:
        server.throttle.policy = QUICK_RETRIES
        with pytest.raises(asyncssh.PermissionDenied):
            await Player("Ann").connect(server.port, client_keys=[other], preferred_auth="publickey")
        ann = await Player("Ann").connect(server.port, client_keys=[key], preferred_auth="publickey")
        server.players.append(ann)
        await ann.wait_for("Welcome, Ann")


async def test_the_game_follows_the_players_window(tmp_path):
    async with running(tmp_path) as server:
        server.hall.create("clear-the-ward", "Ann,cpu:random", "Ann", seed=1)
        ann = await join(server, "Ann")
        ann.resize(60, 20)
        await ann.wait_for("Terminal too small: 60×20")
        ann.resize(90, 28)
        await ann.wait_for("you are Ann")
        assert "too small" not in ann.text()
