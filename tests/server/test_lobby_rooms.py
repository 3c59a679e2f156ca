"""The lobby as a player meets it (Textual's Pilot, no network): private rooms, the
expiry note, the new-room dialog at 80×24, and a finished room's replay."""

from __future__ import annotations

import pytest
from textual.widgets import Checkbox, Input, OptionList, Select

from tui_common.server.hall import DAY, Hall
from tui_common.server.store import Store

pytestmark = pytest.mark.timeout(60)


def listed(app) -> list[str]:
    """The lobby's room lines as shown."""
    rooms = app.query_one("#rooms", OptionList)
    return [str(rooms.get_option_at_index(i).prompt) for i in range(rooms.option_count)]


def finished_room(hall: Hall, game: str):
    """A room of two computer players, played to its end here."""
    room = hall.create(game, "cpu:random,cpu:random", "Ann", seed=3)
    while room.cpu_step():
        pass
    assert room.record.over
    return room


@pytest.mark.parametrize(("name", "sees_private"), [("Zed", False), ("bob", True), ("ANN", True)])
async def test_the_lobby_lists_a_private_room_only_for_its_names(name, sees_private, tmp_path):
    from tui_common.server.lobby import LobbyApp

    hall = Hall(Store(tmp_path / "rooms.sqlite3"))
    secret = hall.create("clear-the-ward", "me,open", "Ann", private=True, invited="Bob")
    public = hall.create("clinic", "me,open", "Cy")
    app = LobbyApp(hall, name)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        lines = listed(app)
        assert any(line.startswith(f"#{public.id} ") for line in lines)
        assert any(line.startswith(f"#{secret.id} ") for line in lines) == sees_private
        if not sees_private:  # a stale or forged line of it: Enter and w do nothing
            from textual.widgets.option_list import Option

            rooms = app.query_one("#rooms", OptionList)
            rooms.add_option(Option("forged", id=str(secret.id)))
            rooms.highlighted = rooms.option_count - 1
            for key in ("enter", "w"):
                await pilot.press(key)
                await pilot.pause()
                assert app.is_running and app.return_value is None
            assert secret.seats[1].name is None and secret.spectators == 0


async def test_a_rooms_line_says_when_it_expires_in_its_last_days(tmp_path):
    now = [1_800_000_000.0]
    hall = Hall(Store(tmp_path / "rooms.sqlite3"), room_days=14, clock=lambda: now[0])
    room = hall.create("clear-the-ward", "me,open", "Ann")
    now[0] += 12.5 * DAY
    from tui_common.server.lobby import LobbyApp

    app = LobbyApp(hall, "Ann")
    async with app.run_test(size=(120, 30)) as pilot:
        await pilot.pause()
        assert listed(app) == [room.summary() + " · expires in 2 days ← your seat"]


async def test_the_new_room_dialog_opens_a_private_room_with_its_invited_names(tmp_path):
    from tui_common.server.lobby import LobbyApp

    hall = Hall(Store(tmp_path / "rooms.sqlite3"))
    app = LobbyApp(hall, "Ann")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        dialog = app.screen
        dialog.query_one("#privacy", Select).value = True
        dialog.query_one("#invited", Input).value = "Bob, Cy"
        dialog.query_one("#seats", Input).value = "me,open"
        dialog.query_one("#invited", Input).focus()
        await pilot.press("enter")
        await pilot.pause()
        room = next(iter(hall.rooms.values()))
        assert room.private and room.invited == ("Bob", "Cy")
        assert room.may_see("cy") and not room.may_see("Zed")


async def test_every_clinic_expansion_reads_in_full_in_the_new_room_dialog_at_80x24(tmp_path):
    """Issue #30: at 80×24 the expansions' texts were cut at the dialog's edge. Each
    expansion's title and whole description are on the screen (wrapped) once its
    checkbox has the focus."""
    from core.clinic.expansions import all_expansions
    from tui_common.server.lobby import LobbyApp

    app = LobbyApp(Hall(Store(tmp_path / "rooms.sqlite3")), "Ann")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        await pilot.press("down")  # Clinic
        await pilot.pause()
        dialog = app.screen
        for expansion in all_expansions():
            dialog.query_one(f"#expansion-{expansion.name}", Checkbox).focus()
            wanted = f"{expansion.title} {expansion.description}"
            for _ in range(100):  # until the scroll to the focused box is drawn (a deadline: 5 s)
                await pilot.pause(0.05)
                box = dialog.query_one("#new-room").scrollable_content_region
                lines = [strip.text for strip in dialog._compositor.render_strips()]
                inside = " ".join(line[box.x:box.right] for line in lines[box.y:box.bottom])
                shown = " ".join(inside.split())
                if wanted in shown:
                    break
            assert wanted in shown, shown


@pytest.mark.parametrize("game", ["clear-the-ward", "clinic"])
async def test_enter_on_a_finished_room_opens_its_replay(game, tmp_path):
    """Issue #30: Enter on a finished game in the lobby opens its replay (the app's own
    viewer, from the deal), not its game-over screen; q goes back to the lobby."""
    from tui_common.replay import ReplayBase
    from tui_common.server.lobby import LobbyApp
    from tui_common.server.table import game_app

    hall = Hall(Store(tmp_path / "rooms.sqlite3"))
    room = finished_room(hall, game)
    lobby = LobbyApp(hall, "Cy")
    async with lobby.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
    kind, room_id = lobby.return_value
    assert room_id == room.id
    app = game_app(room, room.seat_of("Cy") if kind == "play" else None, "Cy", tmp_path)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ReplayBase) and app.screen.index == 0
        assert app.screen.total == len(room.record.actions)
        await pilot.press("right")
        await pilot.pause()
        assert app.screen.index == 1
        exits = []
        app.exit = lambda *args, **kw: exits.append(args)
        await pilot.press("q")
        await pilot.pause()
        assert exits  # back to the lobby
        app.detach()
