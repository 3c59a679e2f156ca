"""What the console scripts do for a quick first screen (``tui_common.startup``) and
Clinic's first frame reaching the terminal. None of these is timed: each checks what
would make the start slower or wrong (attrs' code compiled anew every run, a wrong
``__hash__`` from kept code, the cycle collector left off, the game's first frame
thrown away)."""

from __future__ import annotations

import gc

import attr._make
import pytest
from attrs import frozen

from tui_common import startup

FILENAME = "<attrs generated methods tests.Point>"
SOURCE = """def __hash__(self):
        return hash((
                {number},
                self.x,
            ))
def double(self):
    return 2 * self.x
"""


def _no_compiling(*args, **kwargs):
    raise AssertionError("compiled again: the kept code was not used")


def test_kept_code_is_used_by_the_next_start_with_its_own_hash_number(tmp_path, monkeypatch):
    """attrs writes a per-run number into each ``__hash__`` (string hashes are salted
    per process): the next start must get the code from the file and its own number."""
    path = tmp_path / "code.marshal"
    first = startup.CodeCache(path)
    code = first.compile(SOURCE.format(number=123), FILENAME, "exec")
    space: dict = {}
    exec(code, space)
    assert space["__hash__"](type("P", (), {"x": 5})()) == hash((123, 5))
    first.save()
    assert path.exists()

    monkeypatch.setattr(startup, "compile", _no_compiling, raising=False)  # the module's own calls
    second = startup.CodeCache(path)
    code = second.compile(SOURCE.format(number=-456), FILENAME, "exec")
    space = {}
    exec(code, space)
    point = type("P", (), {"x": 5})()
    assert space["__hash__"](point) == hash((-456, 5)), "the number of this run, not the one kept"
    assert space["double"](point) == 10
    assert not second.added


def test_other_text_is_compiled_not_taken_from_the_file(tmp_path):
    path = tmp_path / "code.marshal"
    first = startup.CodeCache(path)
    first.compile("def f():\n    return 1\n", FILENAME, "exec")
    first.save()
    second = startup.CodeCache(path)
    space: dict = {}
    exec(second.compile("def f():\n    return 2\n", FILENAME, "exec"), space)
    assert space["f"]() == 2 and second.added


@pytest.mark.parametrize("content", [b"", b"not marshal at all", b"\xe9\x00\x01"])
def test_an_unreadable_cache_file_is_ignored(tmp_path, content):
    path = tmp_path / "code.marshal"
    path.write_bytes(content)
    cache = startup.CodeCache(path)
    space: dict = {}
    exec(cache.compile("def f():\n    return 3\n", FILENAME, "exec"), space)
    assert space["f"]() == 3
    cache.save()
    assert startup.CodeCache(path).known, "rewritten with good content"


def test_attrs_classes_made_through_the_cache_behave_alike(tmp_path, monkeypatch):
    monkeypatch.delenv(startup.NO_CACHE_ENV, raising=False)
    path = tmp_path / "code.marshal"

    def make():
        @frozen
        class Seat:
            name: str
            row: int = 0

        return Seat

    try:
        cache = startup.install_code_cache(path)
        assert cache is not None and attr._make.compile == cache.compile
        Seat = make()
        assert cache.used, "attrs compiled through the cache"
        cache.save()
        cache = startup.install_code_cache(path)
        monkeypatch.setattr(startup, "compile", _no_compiling, raising=False)
        Again = make()
        assert not cache.added, "the second class came from the file"
    finally:
        startup.uninstall_code_cache()
    assert "compile" not in vars(attr._make)
    for cls in (Seat, Again):
        a, b = cls("Ann", 2), cls("Ann", 2)
        assert a == b and hash(a) == hash(b) and len({a, b}) == 1
        assert a != cls("Bob", 2) and repr(a) == "Seat(name='Ann', row=2)"
        with pytest.raises(attr.exceptions.FrozenInstanceError):
            a.row = 3


def test_the_cycle_collector_waits_for_the_first_screen_only(monkeypatch):
    monkeypatch.setenv(startup.NO_CACHE_ENV, "1")
    monkeypatch.setitem(startup._state, "gc_paused", False)
    monkeypatch.setitem(startup._state, "begun", False)
    monkeypatch.setitem(startup._state, "cache", None)
    was = gc.isenabled()
    try:
        gc.enable()
        assert not startup.begun()
        startup.begin()
        assert not gc.isenabled() and startup.begun()
        startup.end()
        assert gc.isenabled() and not startup.begun()
        gc.disable()  # a program that turned it off itself keeps it off
        startup.begin()
        startup.end()
        assert not gc.isenabled()
    finally:
        (gc.enable if was else gc.disable)()


async def test_clinics_first_frame_shows_the_board_before_the_first_menu(monkeypatch):
    """Textual draws nothing during the app's start: the game screen's first frame used
    to be made then and thrown away, so the terminal first showed the frame with the
    first menu on top. Now a frame of the board alone is drawn first."""
    from textual.app import App

    from clinic_tui.app import ClinicApp
    from clinic_tui.config import Options, parse_players
    from clinic_tui.screens.game import GameScreen

    shown = []
    display = App._display

    def recording(self, screen, renderable):
        if type(renderable).__name__ == "LayoutUpdate":
            # drawn (not dropped): outside the start's batch of updates
            shown.append((type(self.screen).__name__, self._batch_count == 0))
        return display(self, screen, renderable)

    monkeypatch.setattr(App, "_display", recording)
    app = ClinicApp(Options(seats=parse_players("Ann,cpu:basic"), seed=3, cpu_delay=0))
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(50):
            await pilot.pause()
            if len(app.screen_stack) > 2:  # the first menu is open
                break
        assert isinstance(app.screen_stack[1], GameScreen)
    drawn = [name for name, drawn in shown if drawn]
    assert drawn and drawn[0] == "GameScreen", shown


@pytest.mark.parametrize("prog", ["clear_ward_tui", "clinic_tui"])
def test_main_undoes_the_quick_start_when_it_returns(prog, tmp_path, monkeypatch):
    """A game's ``main`` that returns (here its app is not run) leaves the collector on
    and attrs compiling with the built-in, as before it was called."""
    import importlib

    monkeypatch.setenv(startup.NO_CACHE_ENV, "")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    seen = []

    def fake_run_game(app, **_):
        seen.append((gc.isenabled(), "compile" in vars(attr._make)))
        return 0

    monkeypatch.setattr("tui_common.app.run_game", fake_run_game)
    main = importlib.import_module(f"{prog}.__main__").main
    assert gc.isenabled()
    assert main(["--players", "Ann,Bob", "--seed", "1", "--data-dir", str(tmp_path / "data")]) == 0
    assert seen == [(False, True)], "paused and cached while the app starts"
    assert gc.isenabled() and "compile" not in vars(attr._make) and not startup.begun()
