"""What a start keeps for the next one (issue 33): the parsed stylesheets
(``tui_common.css_cache``) and the code attrs and dataclasses compile for each class
(``tui_common.code_cache``, installed by ``tui_common.startup``). Each gives what the work it saves would give, is keyed by
everything that work depends on, and a file that cannot be used is ignored."""

from __future__ import annotations

import builtins
import pickle

import attrs
import pytest
from textual.css.stylesheet import Stylesheet, StylesheetParseError

from tui_common import code_cache, css_cache, startup

CSS = "Static { color: $text; height: 3; } #board > .cell:hover { background: $primary 20%; }"
SOURCE = ("tests", "CSS")


@pytest.fixture
def css_file(tmp_path, monkeypatch):
    """A cache file of the test's own, and no rules kept in this process before."""
    path = tmp_path / "cache" / "css.pickle"
    monkeypatch.setenv(css_cache.ENV, str(path))
    css_cache.clear()
    yield path
    css_cache.clear()


def sheet(**variables) -> Stylesheet:
    return Stylesheet(variables={"text": "white", "primary": "blue", **variables})


def counting(monkeypatch) -> list:
    """Calls of Textual's own parse from now on."""
    calls = []
    parse = css_cache._parse_rules

    def counted(self, css, *args):
        calls.append(css)
        return parse(self, css, *args)

    monkeypatch.setattr(css_cache, "_parse_rules", counted)
    return calls


def test_rules_kept_between_starts_equal_the_rules_parsed(css_file, monkeypatch):
    parsed = css_cache._parse_rules(sheet(), CSS, SOURCE)
    assert css_cache.parse_rules(sheet(), CSS, SOURCE) == parsed
    css_cache.save()
    assert css_file.exists()
    css_cache.clear()  # a new start: nothing parsed in this process yet
    calls = counting(monkeypatch)
    again = css_cache.parse_rules(sheet(), CSS, SOURCE)
    assert again == parsed and calls == []
    assert again is not css_cache.parse_rules(sheet(), CSS, SOURCE), "each stylesheet gets its own rules"
    one = sheet()
    assert css_cache.parse_rules(one, CSS, SOURCE) is css_cache.parse_rules(one, CSS, SOURCE), "or its own cache's"


def test_another_theme_or_source_is_parsed_anew(css_file, monkeypatch):
    dark = css_cache.parse_rules(sheet(), CSS, SOURCE)
    expected = css_cache._parse_rules(sheet(primary="red"), CSS, SOURCE)
    calls = counting(monkeypatch)
    light = css_cache.parse_rules(sheet(primary="red"), CSS, SOURCE)
    assert light == expected != dark
    css_cache.parse_rules(sheet(), CSS, ("tests", "OTHER"))
    css_cache.parse_rules(sheet(), CSS, SOURCE, True)  # as default CSS
    assert len(calls) == 3


def test_a_bad_stylesheet_is_never_kept(css_file):
    for _ in range(2):
        with pytest.raises(StylesheetParseError):
            stylesheet = sheet()
            stylesheet.add_source("Static { colour: red; }", SOURCE)
            stylesheet.parse()
    css_cache.save()
    assert not css_file.exists()


@pytest.mark.parametrize("content", [b"", b"not a pickle", pickle.dumps({"a": 1}), None])
def test_a_file_that_cannot_be_used_is_ignored_then_replaced(css_file, monkeypatch, content):
    """Cut short, not a cache, or made by another Textual (``None``: a good file whose
    maker is not this Textual)."""
    if content is None:
        css_cache.parse_rules(sheet(), CSS, SOURCE)
        css_cache.save()
        monkeypatch.setattr(css_cache, "_made_by", lambda: ("another", "textual"))
    else:
        css_file.parent.mkdir(parents=True)
        css_file.write_bytes(content)
    css_cache.clear()
    calls = counting(monkeypatch)
    assert css_cache.parse_rules(sheet(), CSS, SOURCE) == css_cache._parse_rules(sheet(), CSS, SOURCE)
    assert len(calls) == 2, "parsed as usual"
    css_cache.save()
    made_by, kept = pickle.loads(css_file.read_bytes())
    assert made_by == css_cache._made_by() and len(kept) == 1


def test_an_unwritable_cache_folder_is_left_alone(tmp_path, monkeypatch):
    blocked = tmp_path / "a file"
    blocked.write_text("")
    monkeypatch.setenv(css_cache.ENV, str(blocked / "css.pickle"))
    css_cache.clear()
    css_cache.parse_rules(sheet(), CSS, SOURCE)
    css_cache.save()  # no error: the game never fails for its cache
    css_cache.clear()


async def test_an_apps_screen_is_the_same_from_the_kept_stylesheets(css_file, tmp_path, monkeypatch):
    """Clear the Ward's board drawn from rules parsed then, and from rules read back.
    (The server's sessions share their parses: a server test of the same process would
    have left them, so that cache starts empty too.)"""
    from clear_ward_tui.app import ClearWardApp
    from clear_ward_tui.config import Options, parse_players
    from tui_common.server import shared_styles

    monkeypatch.setattr(shared_styles, "_PARSED", {})

    screens = []
    for _ in range(2):
        app = ClearWardApp(Options(seats=parse_players("Ann,Bob"), seed=3, data_dir=tmp_path))
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.pause()
            screens.append(app.export_screenshot())
            rules = app.stylesheet.rules
        css_cache.save()
        css_cache.clear()
    assert css_file.exists() and rules
    assert screens[0] == screens[1]


# -- the code attrs and dataclasses compile -----------------------------------------


@pytest.fixture
def code_file(tmp_path, monkeypatch):
    """A code cache of the test's own; ``compile`` counted; the start undone after."""
    path = tmp_path / "code.marshal"
    monkeypatch.setenv(code_cache.CODE_ENV, str(path))
    compiled = []
    real = builtins.compile

    def counted(source, filename, *args, **kwargs):
        compiled.append(filename)
        return real(source, filename, *args, **kwargs)

    monkeypatch.setattr(builtins, "compile", counted)
    yield path, compiled
    startup.end()
    assert builtins.compile is counted and builtins.exec is not code_cache._exec, "Python's back"


def make_class():
    @attrs.frozen
    class Patient:
        colour: str
        stars: int = 0

    return Patient


def make_dataclass():
    from dataclasses import dataclass, field

    @dataclass(frozen=True)
    class Seat:
        name: str
        cpu: str | None = None
        marks: tuple = field(default=())

    return Seat


def generated(compiled):
    return [f for f in compiled if f.startswith(code_cache.ATTRS_SCRIPT)]


def test_an_attrs_class_from_kept_code_is_the_class_compiled(code_file):
    path, compiled = code_file
    startup.begin()
    assert builtins.compile is code_cache._compile
    first = make_class()
    assert generated(compiled)
    startup.end()  # written back
    assert path.exists()
    compiled.clear()
    startup.begin()  # the next start
    again = make_class()
    assert not generated(compiled), "nothing compiled again"
    for cls in (first, again):
        a, b = cls("red", 2), cls("red", 2)
        assert a == b and hash(a) == hash(b) and a != cls("blue", 2)
        assert repr(a) == "Patient(colour='red', stars=2)"
        with pytest.raises(attrs.exceptions.FrozenInstanceError):
            a.stars = 3
    assert first.__init__.__code__.co_code == again.__init__.__code__.co_code


def test_a_dataclass_from_kept_code_is_the_class_compiled(code_file, monkeypatch):
    from dataclasses import FrozenInstanceError

    path, _compiled = code_file
    executed = []
    real_exec = builtins.exec

    def counted(source, *args, **kwargs):  # Python's own, seen below the stand-in
        executed.append(type(source).__name__)
        return real_exec(source, *args, **kwargs)

    monkeypatch.setattr(builtins, "exec", counted)
    startup.begin()
    first = make_dataclass()
    # the first start: each method compiled once by the stand-in, then run as code
    assert executed.count("code") >= 4 and "str" not in executed, executed
    startup.end()
    executed.clear()
    startup.begin()
    again = make_dataclass()
    assert executed and set(executed) == {"code"}, "every method from kept code, none from text"
    startup.end()
    for cls in (first, again):
        seat = cls("Ann", marks=(1,))
        assert seat == cls("Ann", None, (1,)) and hash(seat) == hash(cls("Ann", marks=(1,)))
        assert repr(seat).endswith(".Seat(name='Ann', cpu=None, marks=(1,))")
        with pytest.raises(FrozenInstanceError):
            seat.name = "Bob"


def test_other_compiles_and_execs_are_pythons_own(code_file):
    _path, compiled = code_file
    startup.begin()
    assert eval(compile("6 * 7", "<string>", "eval")) == 42
    assert compile("x = 1", "<attrs generated thing>", "single") is not None  # not the cached mode
    assert compiled == ["<string>", "<attrs generated thing>"]
    assert code_cache._code == {}
    space = {}
    exec("seen = here + 1", {"here": 5}, space)  # a namespace given
    assert space["seen"] == 6
    here = 5
    exec("assert here == 5 and CSS")  # none given: the caller's locals and globals, as Python's
    # a compile that inherits: the caller's ``from __future__`` features (this module
    # has ``annotations``), as Python's own compile gives them
    inherited = compile("def f(x: Undefined): pass", "<string>", "exec")
    namespace = {}
    exec(inherited, namespace)
    assert namespace["f"].__annotations__ == {"x": "Undefined"}


@pytest.mark.parametrize("content", [b"", b"\x00garbage", None])
def test_a_code_file_that_cannot_be_used_is_ignored(code_file, monkeypatch, content):
    path, compiled = code_file
    if content is None:  # written for another Python
        startup.begin()
        make_class()
        startup.end()
        monkeypatch.setattr(code_cache, "_made_by", lambda: (b"other", None))
    else:
        path.write_bytes(content)
    compiled.clear()
    startup.begin()
    cls = make_class()
    assert generated(compiled), "compiled as usual"
    assert cls("red") == cls("red", 0)


SCRIPTS = """
import builtins, json, sys
real_compile, real_exec = builtins.compile, builtins.exec
texts = {}
def kept(source, filename, *args, **kwargs):
    if isinstance(filename, str) and filename.startswith("<attrs generated"):
        texts[filename] = source
    return real_compile(source, filename, *args, **kwargs)
def executed(source, *args, **kwargs):
    if isinstance(source, str) and source.startswith("def __create_fn__("):
        texts[f"dataclass {len(texts)}"] = source
    return real_exec(source, *args, **kwargs)
builtins.compile, builtins.exec = kept, executed
import clear_ward_tui.screens.game, clinic_tui.screens.game
json.dump(texts, sys.stdout)
"""


def test_the_games_classes_get_the_code_python_makes_whatever_the_hash_salt(code_file):
    """The texts attrs and dataclasses write for every class of both games' boards
    (Textual's too), in two processes of different hash salts (so attrs' hash seeds
    differ): the cache gives the very code Python compiles, keeping one code per text
    and width of seed."""
    import json
    import os
    import re
    import subprocess
    import sys

    texts = []
    for salt in ("1", "2"):
        done = subprocess.run([sys.executable, "-c", SCRIPTS], capture_output=True, text=True, check=True,
                              env={**os.environ, "PYTHONHASHSEED": salt})
        texts.append(json.loads(done.stdout))
    assert texts[0].keys() == texts[1].keys() and len(texts[0]) > 150
    assert [name for name in texts[0] if texts[0][name] != texts[1][name]], "hashable classes write a salted seed"
    assert sum(name.startswith("dataclass") for name in texts[0]) > 100
    startup.begin()
    for name in texts[0]:
        for text in (texts[0][name], texts[1][name]):
            if name.startswith("dataclass"):
                assert code_cache._kept(text, "<string>", 0) == compile(text, "<string>", "exec", 0, True), name
            else:
                assert code_cache._compile(text, name, "exec") == compile(text, name, "exec"), name
    marks = {(name, re.sub(r"\d", "9", "".join(re.findall(r"hash\(\(\n\s+(-?\d+),", t[name]))))
             for t in texts for name in t if not name.startswith("dataclass")}
    dataclass_texts = {t[name] for t in texts for name in t if name.startswith("dataclass")}
    assert len(code_cache._code) == len(marks) + len(dataclass_texts)


def test_named_tuples_and_quoted_hints_from_kept_code(code_file):
    """``collections.namedtuple``'s ``__new__`` and ``typing``'s hints in quotes (as
    Textual's geometry makes them) come from kept code at the next start, and work as
    Python's; another ``eval`` is Python's own, in the caller's namespace."""
    import typing
    from collections import namedtuple

    def make():
        Offset = namedtuple("Offset", "x y")
        hint = typing.ForwardRef("list[Offset]")
        return Offset, hint

    startup.begin()
    make()
    kept = dict(code_cache._code)
    assert any(key[0].startswith(code_cache.NAMEDTUPLE_NEW) for key in kept)
    assert any(key[0] == "list[Offset]" and key[-1] == "eval" for key in kept)
    startup.end()
    startup.begin()
    before = dict(code_cache._code)
    Offset, hint = make()
    assert code_cache._code == before and not code_cache._state["changed"], "nothing compiled anew"
    assert Offset(1, 2) == (1, 2) and Offset(y=2, x=1).y == 2
    assert hint._evaluate({"Offset": Offset}, None, frozenset()) == list[Offset]
    here = 3
    assert eval("here * 2") == 6 and eval("here + 1", {"here": 1}) == 2
