"""The game screen's keys that play: Enter on the board (place a component, pick a
person and their destination, pick up a notepad patient), d done, e end move, a admit.
Mixed into ``GameScreen``, which provides ``state``, ``legal()``, ``play()``,
``_push()`` and the cursor fields.
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


class MovesMixin:
    """``action_choose`` (Enter), ``action_done``, ``action_end_move``, ``action_admit``
    and the dialogs they open."""

    def action_choose(self) -> None:
        from tui_common.dialogs import ChoiceDialog  # on first use: startup imports less

        if not self._human_may_act():
            return
        if not self._own():
            return
        if self._admit_mode():
            r, i = self.np_cursor
            if self.state.notepad[r][i] is None:
                self.notify("No patient in that notepad space.", severity="warning")
            else:
                self.np_held = not self.np_held
            self.refresh_view()
            return
        hinted = self.hinted_here()
        if hinted is not None:  # Enter plays exactly the hinted action (H)
            self.play(hinted)
            return
        if self.placement is not None:
            self._place_at(self.cursor)
        elif self.moving is not None:
            self.play(MovePerson(self.moving.pid, self.cursor))
        elif self.state.phase is Phase.MOVE:
            movers = choices.movers(self.state, self.legal())
            here = [p for p in self.clinic.at(self.cursor) if p.id in movers]
            if len(here) == 1:
                self._start_moving(here[0].id)
            elif here:
                self._push(ChoiceDialog("Move whom?", [(str(p), p.id) for p in here], id="who-dialog"),
                           self._mover_chosen)
            else:
                self.action_menu()
        else:
            self.action_menu()

    def hinted_action(self) -> Action | None:
        """The action of the hint shown for this position (``None``: no hint now)."""
        shown = self.shown_hint
        if shown is None or shown[0] is not self.state:
            return None
        return shown[1].action

    def hinted_here(self) -> Action | None:
        """The hinted action when Enter would mean it: the cursor is on its space (a
        build's, a move's goal) and nothing else is being placed or moved."""
        action = self.hinted_action()
        space = _space_of(action)
        if space is None or not self.own_view or self._admit_mode() or space != self.cursor:
            return None
        if self.moving is not None and (not isinstance(action, MovePerson) or self.moving.pid != action.pid):
            return None
        if self.placement is not None and not isinstance(action, Construct):
            return None
        if self.placement is not None and all(a != action for _, a in self.placement.seqs):
            return None
        return action

    def _place_at(self, space: Space) -> None:
        from tui_common.dialogs import ChoiceDialog  # on first use: startup imports less

        placement = self.placement
        if space not in placement.targets():
            probe = placement.probe(space)
            if probe is None:
                self.notify(f"{placement.name}: not on {space}; choose a {self.glyphs.target} space.", severity="error")
            else:
                self.play(probe)
            return
        done = placement.pick(space)
        if done is None:
            self.refresh_view()
            self.action_next_target()
        elif len(done) == 1:
            self.play(done[0])
        elif done:
            from core.clinic.game.narration import option_text

            # core's menu words: a side, or which parked cars move into new parking
            labels = [(option_text(self.state, a), a) for a in done]
            placement.picked = placement.picked[:-1]
            self._push(ChoiceDialog("Which one?", labels, id="side-dialog"), self._dialog_action)

    def _dialog_action(self, action: Action | None) -> None:
        self._dialog_open = False
        if action is not None:
            self.play(action)
        else:
            self.refresh_view()

    def _start_moving(self, pid: int) -> None:
        moves = choices.movers(self.state, self.legal()).get(pid, [])
        times = reachable(self.clinic, pid)
        goals = {m.goal: f"t{times.get(m.goal, '?')}" for m in moves}
        self.moving = choices.Moving(pid, goals)
        self.placement = None
        first = min(goals, key=lambda s: (int(goals[s][1:]) if goals[s][1:].isdigit() else 99, s))
        hinted = self.hinted_action()
        if isinstance(hinted, MovePerson) and hinted.pid == pid and hinted.goal in goals:
            first = hinted.goal  # the hint's person: the cursor on the hint's goal
        self.floor, self.cursor = first.floor, first
        self.refresh_view()

    def _mover_chosen(self, pid) -> None:
        self._dialog_open = False
        if pid == "end":
            self.action_end_move()
        elif isinstance(pid, int):
            self._start_moving(pid)
        elif pid is not None:  # an expansion's action (choices.expansion_items)
            self.play(pid)

    def action_done(self) -> None:
        if self._human_may_act() and self._own():
            self.end_action()

    def unused(self) -> str | None:
        """What ending the action now would leave unused, in a sentence (``None``:
        nothing): builds of the Build action, queue points of the Admit action."""
        state, legal = self.state, self.legal()
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

        self.app.go(None, "push", ConfirmDialog(f"{question} End anyway?", yes="End it", no="Go back"), answered)

    def end_action(self) -> None:
        """Done, asking first when builds or queue points would be left unused."""
        self.confirm_end(self.unused(), lambda: self.play(Done()))

    def action_end_move(self) -> None:
        """End the Move phase (asking first while patients could still move); when it
        may not end yet, the engine's reasons (each naming the room and the rule) are
        shown, one a line."""
        if not (self._human_may_act() and self._own()):
            return
        if EndMove() in self.legal():
            waiting = {m.pid for m in self.legal() if isinstance(m, MovePerson)
                       and self.clinic.person(m.pid).role is Role.PATIENT}
            question = (f"{len(waiting)} patient{'s' if len(waiting) != 1 else ''} could still move."
                        if waiting else None)
            warn = choices.zombie_warning(self.clinic)  # Zombies: who a zombie would remove (Z15)
            question = " ".join(x for x in (warn, question) if x) or None
            self.confirm_end(question, lambda: self.play(EndMove()))
            return
        problems = end_move_problems(self.state)
        self.notify("End the move: not yet.\n" + "\n".join(f"• {p}" for p in problems), severity="error",
                    title="Not allowed", timeout=10)

    def action_admit(self) -> None:
        if not (self._human_may_act() and self._own()):
            return
        state = self.state
        r, _ = self.np_cursor
        service = state.services[r]
        acts = [a for a in self.legal() if isinstance(a, AdmitPatient) and a.service is service]
        if not acts:
            offered = service in self.clinic.board.offered_services
            why = (f"the {service} row has no patient in the marked column or pre-admissions is full"
                   if offered else f"your clinic offers no {service} service (no {service} service hub)")
            self.notify(f"Admit: not possible now: {why}; a parked car is needed too.",
                        severity="error", title="Not allowed", timeout=8)
            return
        self._choose_car(acts)

