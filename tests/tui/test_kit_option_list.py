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
