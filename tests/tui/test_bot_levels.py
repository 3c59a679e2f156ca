"""The computer levels as players know them: easy / medium / hard, in setup and as
``cpu:easy|medium|hard`` on the command line (the bots' own names still work)."""

import pytest

from clear_ward_tui import config as cw
from clear_ward_tui.screens import setup as cw_setup
from clinic_tui import config as cl
from clinic_tui.screens import setup as cl_setup


@pytest.mark.parametrize("config, medium", [(cw, "greedy"), (cl, "basic")])
def test_easy_medium_hard_name_the_levels(config, medium):
    seats = config.parse_players("Ann,cpu:easy,cpu:medium,Zed=cpu:hard")
    assert [s.cpu for s in seats] == [None, "random", medium, "strong"]
    assert seats[3].name == "Zed" and seats[2].name == "CPU (medium)"
    assert [s.cpu for s in config.parse_players(f"cpu:random,cpu:{medium},cpu:strong")] == ["random", medium, "strong"]
    with pytest.raises(ValueError, match="easy, medium, hard"):
        config.parse_players("Ann,cpu:expert")


@pytest.mark.parametrize("setup, medium", [(cw_setup, "greedy"), (cl_setup, "basic")])
def test_setup_lists_easy_medium_hard(setup, medium):
    assert setup.SetupScreen.KINDS == [("Human", "human"), ("Computer (easy)", "random"),
                           ("Computer (medium)", medium), ("Computer (hard)", "strong")]
