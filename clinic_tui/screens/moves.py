"""The game screen's keys that play: Enter on the board (place a component, pick a
person and their destination, pick up a notepad patient), d done, e end move, a admit;
and where a hint puts the cursors.  ``Plays`` is a collaborator the game screen holds
(``screen.plays``); it asks the screen for ``state``, ``legal()``, ``play()``,
``_push()``, and moves the floor cursor (``screen.clinic_board``) and the notepad cursor
(``screen.main_board``), which own their state.
"""

from __future__ import annotations

from clinic_tui import choices
from core.clinic.board import Space
from core.clinic.game import Action, AdmitPatient, Construct, Done, EndMove, MovePerson, Phase
from core.clinic.components import Role
from core.clinic.game.constants import BUILDS_PER_ACTION as MAX_BUILDS
from core.clinic.game.move_phase import end_move_problems
from core.clinic.movement import reachable


def _space_of(action) -> Space | None:
    """The board space an action is for: a build's space, a move's goal."""
    space = getattr(getattr(action, "build", None), "space", None) or getattr(action, "goal", None)
    return space if isinstance(space, Space) else None


class Plays:
    """``choose`` (Enter), ``done``, ``end_move``, ``admit`` and the dialogs they open."""

    def __init__(self, screen) -> None:
        self.screen = screen

    def choose(self) -> None:
        """Enter: the notepad patient picked up or put down, the hinted action, the build
        placed or the person moved to the cursor, a person picked, else the menu."""
        from tui_common.dialogs import ChoiceDialog  # on first use: startup imports less

        screen = self.screen
        if not screen._human_may_act():
            return
        if not screen._own():
            return
        if screen.admit_mode():
            notepad = screen.main_board
            r, i = notepad.np_cursor
            if screen.state.notepad[r][i] is None:
                screen.notify("No patient in that notepad space.", severity="warning")
                screen.refresh_view()
            else:
                notepad.hold(not notepad.np_held)
            return
        hinted = self.hinted_here()
        if hinted is not None:  # Enter plays exactly the hinted action (H)
            screen.play(hinted)
            return
        board = screen.clinic_board
        if board.placement is not None:
            self.place_at(board.cursor)
        elif board.moving is not None:
            screen.play(MovePerson(board.moving.pid, board.cursor))
        elif screen.state.phase is Phase.MOVE:
            movers = choices.movers(screen.state, screen.legal())
            here = [p for p in screen.clinic.at(board.cursor) if p.id in movers]
            if len(here) == 1:
                self.start_moving(here[0].id)
            elif here:
                screen._push(ChoiceDialog("Move whom?", [(str(p), p.id) for p in here], id="who-dialog"),
                             self.mover_chosen)
            else:
                screen.menus.open()
        else:
            screen.menus.open()

    def shift(self, asked) -> None:
        """A held notepad patient moved by an arrow (``MainBoard.ShiftAsked``): the
        shift played (the notepad cursor follows), or why it is not offered."""
        from core.clinic.game import ShiftAppointment

        screen = self.screen
        state = screen.state
        shift = ShiftAppointment(state.services[asked.row], asked.index, asked.way)
        if shift not in screen.legal():
            screen.notify(
                "Admit: that notepad move is not offered (house rule: only moves that change"
                " the notepad, within it: not onto a patient of the same colour, not left into"
                " an empty space).", severity="error", title="Not allowed", timeout=8)
        if screen.play(shift):
            screen.main_board.follow_shift(asked, len(state.services))
        screen.refresh_view()

    def hinted_action(self) -> Action | None:
        """The action of the hint shown for this position (``None``: no hint now)."""
        shown = self.screen.shown_hint
        if shown is None or shown[0] is not self.screen.state:
            return None
        return shown[1].action

    #: Where the board's cursor was when a hint with no space (End move, Done) was shown.
    hint_cursor = None

    def hinted_here(self) -> Action | None:
        """The hinted action when Enter would mean it: the cursor is on its space (a
        build's, a move's goal) and nothing else is being placed or moved; a hint with
        no space (End move, Done) while the cursor stays where the hint found it."""
        screen = self.screen
        board = screen.clinic_board
        action = self.hinted_action()
        if action is None or not screen.own_view or screen.admit_mode():
            return None
        space = _space_of(action)
        if space is None:
            still = board.moving is None and board.placement is None and board.cursor == self.hint_cursor
            return action if still else None
        if space != board.cursor:
            return None
        if board.moving is not None and (not isinstance(action, MovePerson) or board.moving.pid != action.pid):
            return None
        if board.placement is not None and not isinstance(action, Construct):
            return None
        if board.placement is not None and all(a != action for _, a in board.placement.seqs):
            return None
        return action

    def show_hint(self, hint) -> None:
        """The hint selects its whole action: a move's person is picked up and the
        cursor put on its goal, a build's cursor on its space (Enter then plays
        exactly that action, ``hinted_here``); an admission or a shifted appointment:
        the notepad cursor on its row (and space)."""
        screen = self.screen
        board = screen.clinic_board
        action = hint.action
        space = _space_of(action)
        self.hint_cursor = board.cursor  # Enter plays a hint with no space from here
        if space is not None and screen.own_view:
            if isinstance(action, MovePerson) and (board.moving is None or board.moving.pid != action.pid):
                self.start_moving(action.pid)  # the hint's person, the cursor on its goal
            if board.placement is not None and all(a != action for _, a in board.placement.seqs):
                board.drop()  # placing something else: the hint is another build
            board.go_to(space)
        elif hasattr(action, "service") and screen.state.phase is Phase.ADMIT:
            notepad = screen.main_board
            index = getattr(action, "index", notepad.np_cursor[1])
            notepad.point_at(screen.state.row(action.service), index)
        screen.refresh_view()

    def place_at(self, space: Space) -> None:
        """Enter while placing a build: on a target, that space picked (played once
        the build is whole); elsewhere, the engine's reason or a word why not."""
        from tui_common.dialogs import ChoiceDialog  # on first use: startup imports less

        screen = self.screen
        board = screen.clinic_board
        placement = board.placement
        if space not in placement.targets():
            probe = placement.probe(space)
            if probe is None:
                screen.notify(f"{placement.name}: not on {space}; choose a {screen.glyphs.target} space.",
                              severity="error")
            else:
                screen.play(probe)
            return
        done = placement.pick(space)
        if done is None:
            screen.refresh_view()
            board.next_target()
        elif len(done) == 1:
            screen.play(done[0])
        elif done:
            from core.clinic.game.narration import option_text

            # core's menu words: a side, or which parked cars move into new parking
            labels = [(option_text(screen.state, a), a) for a in done]
            placement.picked = placement.picked[:-1]
            screen._push(ChoiceDialog("Which one?", labels, id="side-dialog"), screen.dialog_action)

    def start_moving(self, pid: int) -> None:
        """Pick up person ``pid``: their goals become the targets, the cursor on the
        nearest (or on the hint's goal)."""
        screen = self.screen
        moves = choices.movers(screen.state, screen.legal()).get(pid, [])
        times = reachable(screen.clinic, pid)
        goals = {m.goal: f"t{times.get(m.goal, '?')}" for m in moves}
        first = min(goals, key=lambda s: (int(goals[s][1:]) if goals[s][1:].isdigit() else 99, s))
        hinted = self.hinted_action()
        if isinstance(hinted, MovePerson) and hinted.pid == pid and hinted.goal in goals:
            first = hinted.goal  # the hint's person: the cursor on the hint's goal
        screen.clinic_board.move_person(choices.Moving(pid, goals), first)
        screen.refresh_view()

    def mover_chosen(self, pid) -> None:
        """A line of the Move menu: a person to move, an expansion's action, the end."""
        screen = self.screen
        emergency = screen.emergency
        if emergency is not None and emergency.is_ed_mover(pid):  # an ED person
            emergency.group_chosen(pid)
            return
        if pid == "end":
            self.end_move()
        elif isinstance(pid, int):
            self.start_moving(pid)
        elif pid is not None:  # an expansion's action (choices.expansion_items)
            screen.play(pid)

    def done(self) -> None:
        """Key d: end the action (asking first if something would be left unused)."""
        if self.screen._human_may_act() and self.screen._own():
            self.end_action()

    def unused(self) -> str | None:
        """What ending the action now would leave unused, in a sentence (``None``:
        nothing): builds of the Build action, queue points of the Admit action."""
        state, legal = self.screen.state, self.screen.legal()
        if state.phase is Phase.BUILD and any(isinstance(a, Construct) for a in legal):
            left = MAX_BUILDS - state.step.builds
            return f"You can still build ({state.step.builds} of {MAX_BUILDS} built, {left} left)."
        if state.phase is Phase.ADMIT and state.step.qp > 0 and any(a != Done() for a in legal):
            qp = state.step.qp  # to admit, or to move notepad patients with: lost once ended
            return f"You still have {qp} queue point{'s' if qp != 1 else ''} to admit or move patients with."
        return None

    def confirm_end(self, question: str | None, then) -> None:
        """``then()`` at once, or after a yes to ``question`` ("... End anyway?")."""
        if question is None:
            then()
            return
        from tui_common.dialogs import ConfirmDialog

        def answered(yes: bool | None) -> None:
            if yes:
                then()

        self.screen.app.go(None, "push", ConfirmDialog(f"{question} End anyway?", yes="End it", no="Go back"),
                           answered)

    def end_action(self) -> None:
        """Done, asking first when builds or queue points would be left unused."""
        self.confirm_end(self.unused(), lambda: self.screen.play(Done()))

    def end_move(self) -> None:
        """End the Move phase (asking first while patients could still move); when it
        may not end yet, the engine's reasons (each naming the room and the rule) are
        shown, one a line."""
        screen = self.screen
        if not (screen._human_may_act() and screen._own()):
            return
        legal = screen.legal()
        if EndMove() in legal:
            clinic = screen.clinic
            waiting = {m.pid for m in legal if isinstance(m, MovePerson)
                       and clinic.person(m.pid).role is Role.PATIENT}
            question = (f"{len(waiting)} patient{'s' if len(waiting) != 1 else ''} could still move."
                        if waiting else None)
            warn = choices.zombie_warning(clinic)  # Zombies: who a zombie would remove (Z15)
            question = " ".join(x for x in (warn, question) if x) or None
            self.confirm_end(question, lambda: screen.play(EndMove()))
            return
        problems = end_move_problems(screen.state)
        screen.notify("End the move: not yet.\n" + "\n".join(f"• {p}" for p in problems), severity="error",
                      title="Not allowed", timeout=10)

    def admit(self) -> None:
        """Key a: admit the patient in the marked column of the notepad cursor's row."""
        screen = self.screen
        if not (screen._human_may_act() and screen._own()):
            return
        state = screen.state
        r, _ = screen.main_board.np_cursor
        service = state.services[r]
        acts = [a for a in screen.legal() if isinstance(a, AdmitPatient) and a.service is service]
        if not acts:
            offered = service in screen.clinic.board.offered_services
            why = (f"the {service} row has no patient in the marked column or pre-admissions is full"
                   if offered else f"your clinic offers no {service} service (no {service} service hub)")
            screen.notify(f"Admit: not possible now: {why}; a parked car is needed too.",
                          severity="error", title="Not allowed", timeout=8)
            return
        screen.menus.choose_car(acts)
