"""The kit's option list drops a page key that arrives before the list is drawn (Textual
8.2's own ``OptionList`` raised ``KeyError`` then; found by the key fuzz, issue 20)."""

from __future__ import annotations

from textual.app import App

from tui_common.option_list import SafeOptionList


def test_a_page_key_before_the_first_draw_is_dropped():
    options = SafeOptionList("one", "two", "three")
    options.highlighted = 0
    assert options._index_to_line == {}  # not drawn yet: the state the fuzz found
    options.action_page_down()
    options.action_page_up()
    assert options.highlighted == 0


async def test_page_keys_still_page_once_drawn():
    class Lists(App):
        def compose(self):
            yield SafeOptionList(*(f"option {n}" for n in range(40)))

    app = Lists()
    async with app.run_test(size=(40, 10)) as pilot:
        options = app.query_one(SafeOptionList)
        options.focus()
        options.highlighted = 0
        await pilot.press("pagedown")
        assert options.highlighted > 0
        await pilot.press("pageup")
        assert options.highlighted == 0


async def test_a_page_key_as_a_drop_down_opens_is_dropped():
    """The fuzz's crash on the Clear the Ward setup screen (seed 2, key 1398): Enter
    opened the first-player drop-down and PageDown reached its list before it was drawn
    (``KeyError: 0`` inside Textual's ``SelectOverlay``). The kit's Select drops the key."""
    from textual.widgets._select import SelectOverlay

    from tui_common.option_list import SafeSelect
    from tui_common.setup import FieldSelect

    class Fields(App):
        def compose(self):
            yield FieldSelect([(f"value {n}", n) for n in range(30)], value=0, allow_blank=False)

    app = Fields()
    async with app.run_test(size=(40, 10)) as pilot:
        field = app.query_one(FieldSelect)
        assert isinstance(field, SafeSelect)
        field.focus()
        overlay = field.query_one(SelectOverlay)
        overlay._index_to_line.clear()  # the instant before its first draw
        overlay.action_page_down()
        await pilot.press("enter", "pagedown")  # a real burst: no crash
        await pilot.pause()
        assert app.return_code is None and app.is_running
