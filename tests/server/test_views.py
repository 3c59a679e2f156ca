"""Each seat at a shared table sees the game through its own ``player_view``: the real
game apps, headless (no network), attached to a room."""

from __future__ import annotations

import pytest

from core.clear_ward import player_view
from core.clear_ward.bots import make_bot
from tui_common.server.hall import Hall
from tui_common.server.store import Store

pytestmark = pytest.mark.timeout(60)


def _ward_room(tmp_path):
    """A two-player Clear the Ward room played on until it is Bob's turn and both hold
    staff cards, some of Bob's not in Ann's hand."""
    hall = Hall(Store(tmp_path / "rooms.sqlite3"))
    for seed in range(20):
        room = hall.create("clear-the-ward", "Ann,Bob", "Ann", seed=seed)
        bots = make_bot("random", seed), make_bot("random", seed + 1)
        while not room.record.over:
            state = room.record.state
            ann, bob = (set(p.staff) for p in state.players)
            if state.current == 1 and ann and bob - ann and state.phase.name == "MOVE":
                return room
            room.play(room.actor, bots[room.actor].choose(state))
        hall.remove(room.id)
    raise AssertionError("no game reached a hand for each")


@pytest.mark.parametrize("seat", [0, None])
async def test_a_ward_seat_draws_its_own_view_and_never_the_others_hand(seat, tmp_path):
    """Rulebook: the staff cards are drawn from "a face-down pile" and kept in hand:
    while Bob plays, Ann's screen still shows her own hand, never Bob's, and her ward is
    drawn from her ``player_view``; a spectator's from nobody's (every hand hidden)."""
    from clear_ward_tui.widgets.side_panel import SidePanel
    from clear_ward_tui.widgets.ward_grid import WardGrid
    from tui_common.server.table import game_app

    room = _ward_room(tmp_path)
    state = room.record.state
    app = game_app(room, seat, "Ann" if seat == 0 else "Cy", tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        grid = app.screen.query_one(WardGrid)
        assert grid.view.viewer == seat and grid.view.seen == player_view(state, seat)
        panel = str(app.screen.query_one(SidePanel).query_one("#panel-text").content)
        for card in set(state.players[1].staff) - set(state.players[0].staff):
            assert card.value not in panel
        if seat == 0:
            assert "ANN'S STAFF CARDS" in panel
            assert all(card.value in panel for card in state.players[0].staff)
        else:
            assert "STAFF CARDS" in panel and "(hidden)" in panel
            assert not any(card.value in panel for card in state.players[0].staff)
        app.detach()


async def test_the_new_room_dialog_offers_clinics_sides_and_expansions(tmp_path):
    """n in the lobby, Clinic: the board side and a checkbox for every mini-expansion of
    the registry, as in the local setup; the room is dealt with them."""
    from textual.widgets import Checkbox, Input, Select

    from core.clinic.expansions import all_expansions
    from tui_common.server.lobby import LobbyApp, NewRoomDialog

    hall = Hall(Store(tmp_path / "rooms.sqlite3"))
    app = LobbyApp(hall, "Ann")
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, NewRoomDialog)
        options = dialog.query_one("#clinic-options")
        assert not options.display  # Clear the Ward first: no Clinic options shown
        await pilot.press("down")
        await pilot.pause()
        assert options.display
        boxes = {box.id.removeprefix("expansion-"): box for box in dialog.query(Checkbox)}
        assert list(boxes) == [e.name for e in all_expansions()]
        assert all(e.title in str(boxes[e.name].label) for e in all_expansions())
        boxes["zombies"].value = True
        dialog.query_one("#side", Select).value = "expert"
        dialog.query_one("#seats", Input).value = "me,cpu:basic"
        dialog.query_one("#seed", Input).focus()
        await pilot.press("enter")
        await pilot.pause()
        room = next(iter(hall.rooms.values()))
        assert room.game == "clinic" and room.options == {"sides": ["expert", "expert"], "expansions": ["zombies"]}
        assert room.record.state.config.options == frozenset({"zombies"})


async def test_a_ward_cursor_move_at_a_shared_table_is_one_small_frame(tmp_path):
    """Over SSH every frame costs a round of cursor positioning: a cursor move sends one
    frame (the two spaces and the status lines together), well under the 2 KB goal."""
    import asyncio

    from textual._compositor import CompositorUpdate

    from tui_common.server.table import game_app

    room = Hall(Store(tmp_path / "rooms.sqlite3")).create("clear-the-ward", "Ann,Bob", "Ann", seed=0)
    app = game_app(room, room.actor, room.names()[room.actor], tmp_path)
    frames: list[int] = []
    shown = app._display

    def display(screen, update):
        if isinstance(update, CompositorUpdate):
            frames.append(len(update.render_segments(app.console).encode()))
        return shown(screen, update)

    app._display = display
    async with app.run_test(size=(100, 32)) as pilot:
        for _ in range(50):  # until the first screens are drawn and nothing more comes
            frames.clear()
            await pilot.pause(0.2)
            if not frames:
                break
        for key in ("right", "left", "right"):
            frames.clear()
            await pilot.press(key)
            await pilot.pause()
            await asyncio.sleep(0.05)
            await pilot.pause()
            assert len(frames) == 1 and frames[0] <= 2048, frames
        app.detach()


async def _room_where_undo_is_allowed(tmp_path, game: str):
    """A two-player room whose last action its player could take back in a local game."""
    from tui_common.server.rooms import make_bot

    hall = Hall(Store(tmp_path / f"{game}.sqlite3"))
    room = hall.create(game, "Ann,Bob", "Ann", seed=2)
    bot = make_bot(game, "random", 1)
    for _ in range(200):
        room.play(room.actor, bot.choose(room.record.state))
        if room.record.undo_refusal is None and room.record.rules.actor(room.record.states[-2]) == room.actor:
            return room
    raise AssertionError("no action that could be taken back")


async def test_undo_and_save_as_inside_a_decision_are_off_at_a_shared_table_too(tmp_path):
    """u or Ctrl+S pressed while a decision's menu (Clinic) or dialog (Clear the Ward)
    is open goes to the screen's ``menu_key`` / ``dialog_key``, not to ``action_undo``:
    at a shared table it must not take the action back on this screen alone (the room
    would not, and the screen would wait for a turn the room has passed), nor save."""
    from tui_common.server.table import game_app

    for game, key in (("clinic", "menu_key"), ("clear-the-ward", "dialog_key")):
        room = await _room_where_undo_is_allowed(tmp_path, game)
        app = game_app(room, room.actor, room.names()[room.actor], tmp_path)
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            screen = next(s for s in app.screen_stack if hasattr(s, "catch_up"))
            stack = len(app.screen_stack)
            assert getattr(screen, key)("undo") is False
            assert getattr(screen, key)("save_as") is False
            await pilot.pause()
            assert screen.record.actions == room.record.actions and len(app.screen_stack) == stack
            app.detach()


async def test_the_last_action_at_a_shared_table_opens_a_game_over_without_play_again(tmp_path):
    """The game's own game-over screen, at a ``SharedTable``: no "play again", "same
    seed" or "setup" (the lobby opens rooms; p, s and o do nothing), the seed shown now
    that the game is over, q back to the lobby."""
    from textual.widgets import Button

    from tui_common.game_over import GameOverActions
    from tui_common.server.table import game_app

    hall = Hall(Store(tmp_path / "rooms.sqlite3"))
    whole = hall.create("clear-the-ward", "Ann,Bob", "Ann", seed=5)
    bots = make_bot("random", 1), make_bot("random", 2)
    while not whole.record.over:
        whole.play(whole.actor, bots[whole.actor].choose(whole.record.state))
    actions = whole.record.actions
    room = hall.create("clear-the-ward", "Ann,Bob", "Ann", seed=5)
    for action in actions[:-1]:
        room.play(room.actor, action)
    app = game_app(room, 0, "Ann", tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        room.play(room.actor, actions[-1])  # the last action, played at the table
        for _ in range(50):
            await pilot.pause(0.05)
            if isinstance(app.screen, GameOverActions) and app.screen.sub_title:
                break
        over = app.screen
        assert isinstance(over, GameOverActions) and over.at_table
        assert {b.id for b in over.query(Button)} == {"replay", "quit"}
        assert "back to the lobby" in over.sub_title and "seed 5" in over.sub_title
        await pilot.press("p", "s", "o")
        await pilot.pause()
        assert app.screen is over
        app.detach()
