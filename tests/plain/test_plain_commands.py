"""The commands of the plain text mode: looking never changes the game, the board
tells every space (and never a hidden card), bad input gets one sentence saying what
to type, words play the action they name, undo, save, and the end of the input saves
the game and exits 0 so that --resume plays on."""

from __future__ import annotations

import re

from clear_ward_tui import autosave
from clear_ward_tui.__main__ import options_from_args as clear_ward_options
from clear_ward_tui.plain import main as clear_ward_main
from clinic_tui.__main__ import options_from_args as clinic_options
from clinic_tui.plain import main as clinic_main
from core.clear_ward import player_view
from core.clear_ward.ward import cell_name

from .helpers import only_words, play, script


def _cw(tmp_path, *answers, players="Ann", seed="7"):
    options = clear_ward_options(["--plain", "--players", players, "--seed", seed, "--data-dir", str(tmp_path)])
    return play(clear_ward_main, options, script(*answers))


def _answer_to(stdin, n: int) -> str:
    """What was said in answer to the ``n``-th line typed (0-based), after its echo."""
    return stdin.asked[n + 1][1].split("\n", 1)[1]


def test_board_describes_all_36_spaces_row_by_row_and_no_face_down_patient(tmp_path):
    status, out, stdin = _cw(tmp_path, "board")
    assert status == 0
    said = _answer_to(stdin, 0)
    rows = re.findall(r"^Row (\d): (.*)\.$", said, re.M)
    assert [r for r, _ in rows] == ["1", "2", "3", "4", "5", "6"]
    spaces = [part.split(" ", 1) for _, line in rows for part in line.split(", ") if re.match(r"^[A-F][1-6] ", part)]
    assert [name for name, _ in spaces] == [cell_name(c) for c in range(36)]
    from core.clear_ward import new_game

    state = new_game(["Ann"], 7)
    view = player_view(state, 0)
    for cell, (name, words) in enumerate(spaces):
        card = state.ward[cell]
        if card is not None and not card.face_up:
            assert words == "face down", (name, words)
        elif card is not None and cell != state.doctor:
            assert words.startswith(f"{card.patient.speciality.value} {card.patient.stars} star"), (name, words)
            assert f"arrow {card.patient.arrow.value}" in words
    assert sum(1 for c in view.ward if c is not None and not c.face_up) == said.count("face down")
    only_words(out)


def test_looking_never_changes_the_game(tmp_path):
    status, out, stdin = _cw(tmp_path, "board", "look B2", "status", "hand", "log", "time", "rules", "rules 2",
                             "help", "list")
    assert status == 0
    assert not (tmp_path / "autosave.json").exists(), "nothing was played, so nothing was saved"
    assert "Nothing was played, so nothing was saved." in out
    assert _answer_to(stdin, 8).startswith("Commands:\nNUMBER: play the action of that number, or list the group")
    assert re.match(r"Turn 1\. Ann: move the Doctor\.\n1\. move ", _answer_to(stdin, 9))


def test_bad_input_gets_one_sentence_saying_what_to_type(tmp_path):
    typed = ["fly to the moon", "99", "look Z9", "log many", "board 9", "save ???"]
    status, out, stdin = _cw(tmp_path, *typed)
    assert status == 0
    answers = [_answer_to(stdin, i).rsplit("\n", 1)[0] for i in range(len(typed))]
    for line, answer in zip(typed, answers):
        assert "\n" not in answer.strip(), (line, answer)
    assert "is neither a command nor one of the actions: type a number from 1 to 10" in answers[0]
    assert answers[1].startswith("There is no action 99: type a number from 1 to 10")
    assert answers[2].startswith("look takes a ward space from A1 to F6, e.g. look B2")
    assert answers[3].startswith("log takes a number of actions, e.g. log 5")
    assert answers[4].startswith("board takes a row number from 1 to 6, e.g. board 3")
    assert answers[5].startswith("Not saved:")
    assert "Traceback" not in out


def test_words_name_an_action_and_ambiguous_words_list_the_matches(tmp_path):
    status, out, stdin = _cw(tmp_path, "move right", "move right 2")
    ambiguous = _answer_to(stdin, 0)
    assert ambiguous.startswith("'move right' could be 4 actions: type one's number, or more of its words.")
    assert re.findall(r"^(\d+)\. move right", ambiguous, re.M) == ["1", "2", "3", "4"]  # numbered anew
    assert _answer_to(stdin, 1).startswith("Ann moves the Doctor right 2, treats 3 Cardiology patients: +6 stars.")


def test_end_of_input_saves_exits_0_and_resume_plays_on(tmp_path):
    status, out, stdin = _cw(tmp_path, "1", "", "1", players="Ann,Bob")  # "": Enter when passed to Bob
    assert status == 0
    assert out.rstrip().endswith("The game is saved: clear-ward --plain --resume goes on with it. Goodbye.")
    record = autosave.load(tmp_path / "autosave.json")
    assert len(record.actions) == 2
    options = clear_ward_options(["--plain", "--resume", "--data-dir", str(tmp_path)])
    status, again, stdin = play(clear_ward_main, options, script("1"))
    assert status == 0
    assert again.startswith("Clear the Ward: Ann, Bob. Resumed after 2 actions;")  # two seats: no seed
    assert len(autosave.load(tmp_path / "autosave.json").actions) == 3
    assert not (tmp_path / "saves").exists(), "the game resumed from the autosave is not set aside"


def test_undo_says_why_not_and_takes_back_ones_own_move(tmp_path):
    status, out, stdin = _cw(tmp_path, "undo", "1", "undo", players="Ann,cpu:greedy", seed="3")
    assert _answer_to(stdin, 0).startswith("Undo: Nothing to undo yet.\n")
    assert _answer_to(stdin, 2).startswith("Undo: Computer players' actions are not undone.\n")
    assert len(autosave.load(tmp_path / "autosave.json").actions) == 2

    status, out, stdin = _cw(tmp_path / "solo", "1", "undo")
    taken = _answer_to(stdin, 1)
    assert taken.startswith("Ann took back: Ann moves the Doctor up 1, treats 3 Neurology patients: +6 stars.\n"
                            "Turn 1. Ann: move the Doctor.\n1. move up 1 to B3")
    assert autosave.load(tmp_path / "solo" / "autosave.json").actions == ()
    assert out.rstrip().endswith("The game is saved: clear-ward --plain --resume goes on with it. Goodbye.")


def test_save_under_a_name_asks_before_replacing(tmp_path):
    status, out, stdin = _cw(tmp_path, "1", "save Night one", "save Night one", "no", "save Night one", "yes")
    (path,) = (tmp_path / "saves").glob("*.json")
    assert path.stem.lower() == "night-one"
    assert _answer_to(stdin, 1).startswith(f"Saved as {path}.")
    assert _answer_to(stdin, 2).startswith(f"{path.name} already exists. Replace it with this game?")
    assert _answer_to(stdin, 3).startswith("Not saved.")
    assert _answer_to(stdin, 5).startswith(f"Saved as {path}.")
    assert len(autosave.load(path).actions) == 1


def test_setup_question_when_no_players_were_given(tmp_path):
    options = clear_ward_options(["--plain", "--data-dir", str(tmp_path), "--seed", "7"])
    status, out, stdin = play(clear_ward_main, options, script("", "Ann, cpu:nobody", "Ann, cpu:greedy"))
    assert status == 0
    assert "Who plays? Type the players' names separated by commas" in out
    assert "Type at least one name, for example: Ann, or Ann, cpu:medium." in out
    assert "unknown computer level 'nobody'; choose from easy, medium, hard. Type the names again" in out
    assert "New game of Clear the Ward: Ann, CPU (medium)." in out  # two seats: no seed


def test_clinic_board_tells_every_ground_floor_space_then_the_main_board(tmp_path):
    options = clinic_options(["--plain", "--players", "Ann", "--seed", "7", "--data-dir", str(tmp_path)])
    status, out, stdin = play(clinic_main, options, script("board", "look B3", "status", "hand"))
    board = _answer_to(stdin, 0)
    floor0 = re.search(r"^Floor 0: (.*)\.$", board, re.M)[1]
    names = [part.split(" ", 1)[0] for part in re.split(r", (?=[A-D][1-3] )", floor0)]
    assert names == [f"{c}{r}" for r in "123" for c in "ABCD"]
    assert "Floor 1: nothing built." in board
    assert board.index("The main board:") > board.index("Floor 3")
    assert "psychiatry appointments, spaces 1 to 5" in board
    assert _answer_to(stdin, 1).startswith("floor 0 B3: ")
    assert _answer_to(stdin, 2).startswith("Round 1 of 6, action 1 of 3, ")
    assert "Solitaire goal: treat 4 red patients (0/4)." in _answer_to(stdin, 2)
    assert _answer_to(stdin, 3).startswith("Your action tiles this round: Build, Build, Hire, Hire,")
    only_words(out)


def test_clinic_hot_seat_never_tells_another_players_face_down_tile(tmp_path):
    options = clinic_options(["--plain", "--players", "Ann,Bob", "--seed", "4", "--data-dir", str(tmp_path)])
    typed: list[str] = []

    def answer(prompt, said):
        """1 to everything, Enter when passed the keyboard, then status and stop."""
        reply = "" if prompt.startswith("Press Enter") else "status" if typed[-1:] == [""] else "1"
        if typed[-1:] == ["status"]:
            return None
        typed.append(reply)
        return reply

    status, out, stdin = play(clinic_main, options, answer)
    passed = re.search(r"^Pass to (Ann|Bob), and press Enter when nobody else is listening\.$", out, re.M)
    assert passed, out[-2000:]
    looked = stdin.asked[-1][1]
    assert looked.startswith("status\nRound 1 of 6, action 1 of 3, select phase;")
    first = "Bob" if passed[1] == "Ann" else "Ann"
    assert f"{first}: popularity 0" in looked and "has chosen a tile" in looked
    for tile in ("Build", "Hire", "Admit"):
        assert tile not in looked


def test_the_accessibility_guide_lists_every_command():
    from pathlib import Path

    from tui_common.plain.loop import COMMANDS

    guide = (Path(__file__).resolve().parents[2] / "docs" / "accessibility.md").read_text(encoding="utf-8")
    for name, _ in COMMANDS:
        word = name.split(" ")[0]
        assert re.search(rf"^\| `?{re.escape(word)}", guide, re.M), name
    assert "docs/accessibility.md" in (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")


def test_replay_tells_the_story_of_a_finished_game(tmp_path):
    from .helpers import always

    options = clear_ward_options(["--plain", "--players", "Ann", "--seed", "7", "--data-dir", str(tmp_path)])
    play(clear_ward_main, options, always("1"))
    last = tmp_path / "last-game.json"
    record = autosave.load(last)
    options = clear_ward_options(["--plain", "--replay", str(last), "--data-dir", str(tmp_path)])
    status, out, stdin = play(clear_ward_main, options, script())
    assert status == 0
    assert out.startswith(f"The story of the game in {last}:\nClear the Ward, seed 7: Ann.\n1. Ann moves")
    assert f"\n{len(record.actions)}. " in out
    assert "The ward is clear: you win the Night Shift!" in out and "Time:" not in out
    assert stdin.asked == [], "a replay asks nothing"


def test_a_disk_that_refuses_the_save_is_told_and_the_game_goes_on(tmp_path):
    blocked = tmp_path / "file"
    blocked.write_text("not a folder")
    options = clear_ward_options(["--plain", "--players", "Ann", "--seed", "7", "--data-dir", str(blocked)])
    status, out, stdin = play(clear_ward_main, options, script("1", "1"))
    assert status == 0
    assert out.count("Could not save the game: ") == 1, "said once"
    assert "The game goes on unsaved." in out
    assert out.rstrip().endswith("The game could not be saved. Goodbye.")


def test_hot_seat_passes_the_keyboard_and_undo_there_takes_the_move_back(tmp_path):
    status, out, stdin = _cw(tmp_path, "1", "undo", "1", "", players="Ann,Bob")
    assert _answer_to(stdin, 0).endswith("Pass to Bob, and press Enter when nobody else is listening.\nPress Enter: ")
    assert _answer_to(stdin, 1).startswith("Ann took back: Ann moves the Doctor up 1")
    assert "\nTurn 1. Ann: move the Doctor.\n" in _answer_to(stdin, 1), "no pass: Ann still has the keyboard"
    assert _answer_to(stdin, 3).startswith("Turn 2. Bob: move the Doctor.\n")
