"""The game screen's part for The 911th Extension: the ED board beside floor 0 (key
``E`` swaps it with the clinic at 80 columns; wide screens show both), its menus (the
Emergency action, off-duty nurses, the ED's cars, ED popularity) and status line.
``EmergencyDesk`` is a collaborator the game screen holds (``screen.emergency``) and
asks first: its menu, its status words, its panels."""

from __future__ import annotations

from core.clinic.expansions.emergency import in_play
from core.clinic.game import Phase

# The ED's rules, actions, words and panel are imported when a game with the ED needs
# them: a game without it never imports them (it starts sooner: issue 33).

ED_KEY = "E"


def build_label(build) -> str:
    """The component of an ED build, without its space: "medium emergency room"."""
    module = getattr(build, "module", None)
    if module is not None:
        return str(module)
    return {"BuildGarden": "garden", "BuildParking": "parking tile", "UpgradeParking": "parking upgrade",
            "BuildConveyor": "conveyor"}.get(type(build).__name__, type(build).__name__)


class EmergencyDesk:
    """The ED part of a game screen with The 911th Extension: which board the narrow
    layout shows (``show_ed``), the ED panels, the ED decisions' menus and status
    words. It asks the screen (``screen``) for ``state``, ``legal()``, ``play()``,
    ``push()``, ``view_seat``, ``names``, ``glyphs``, ``own_view``."""

    def __init__(self, screen) -> None:
        self.screen = screen
        self.show_ed = False  # at 80 columns: the ED board instead of the clinic (key E)

    def on(self) -> bool:
        """Whether this game has emergency departments."""
        state = self.screen.state
        return state is not None and in_play(state)

    # -- drawing -----------------------------------------------------------------------
    def ed_shown(self) -> bool:
        """Whether the narrow layout shows the ED board instead of the clinic now: the
        player asked (E), or an ED decision is on (the Emergency action, an expert's
        free ED pieces...)."""
        screen = self.screen
        state = screen.state
        if not in_play(state):
            return False
        from core.clinic.expansions.emergency.actions import EDConstruct
        from core.clinic.expansions.emergency.round import ED_PHASES

        placing = state.phase is Phase.EXPERT_SETUP and any(isinstance(a, EDConstruct) for a in screen.legal())
        return self.show_ed or state.phase in ED_PHASES or placing

    def refresh(self) -> None:
        """Redraw the ED panels for the seat shown (and the screen's ``-ed`` class)."""
        screen = self.screen
        if not self.on():
            return
        from clinic_tui.widgets.emergency import EDPanel
        from core.clinic.expansions.emergency.access import ed_state
        from core.clinic.expansions.emergency.round import EDPhase

        panels = screen.query(EDPanel)
        if not panels:
            return
        state = screen.state
        seat = screen.view_seat
        ed = ed_state(state.players[seat])
        title = f"{screen.names[seat]}'s emergency department"
        ascii = screen.glyphs.car == "c"
        screen.set_class(self.ed_shown(), "-ed")
        cars = None
        if state.phase is EDPhase.ED_REMOVE_CAR and seat == state.current:  # numbered as the menu
            from core.clinic.expansions.emergency.business import EDRemoveCar

            from tui_common.choice_keys import choice_label

            picks = [a for a in screen.legal() if isinstance(a, EDRemoveCar)]
            cars = {a.spot: choice_label(i) for i, a in enumerate(picks)}
        for panel in panels:
            hint = "" if panel.id == "ed-side" else f"{ED_KEY}: back to the clinic"
            panel.show(ed, title, ascii=ascii, hint=hint, cars=cars)

    def toggle(self) -> None:
        """Key E: the ED board instead of the clinic, or back."""
        if not self.on():
            self.screen.notify("This game has no emergency department (the option emergency).")
            return
        self.show_ed = not self.show_ed
        self.screen.refresh_view(board=False)

    def instruction(self) -> str | None:
        """The status words of an ED decision (``None``: not one)."""
        state = self.screen.state
        if not in_play(state):
            return None
        from core.clinic.expansions.emergency.round import ED_PHASES

        if state.phase in ED_PHASES and self.screen.own_view:
            from core.clinic.expansions.emergency.words import decision_text

            return (decision_text(state) or "") + " (m)"
        return None

    # -- menus -------------------------------------------------------------------------
    def menu(self) -> bool:
        """The menu of an ED decision; False when the decision is not the ED's."""
        screen = self.screen
        state = screen.state
        if state is None or not in_play(state):
            return False
        from core.clinic.expansions.emergency.round import ED_PHASES, EDPhase

        if state.phase not in ED_PHASES:
            return False
        from core.clinic.expansions.emergency.words import decision_text, option_text
        from tui_common.dialogs import ChoiceDialog

        if not screen._human_may_act(quiet=True):
            return True
        if not screen.own_view:
            screen.view_seat = state.current
            screen.refresh_view()
        legal = screen.legal()
        me = state.players[state.current]
        title = f"{me.name}: {decision_text(state)}"
        prompt = ""
        if state.phase is EDPhase.EMERGENCY:
            groups = self._emergency_groups(legal)
        else:
            groups = [(option_text(state, a), [a]) for a in legal]
            if state.phase is EDPhase.ED_REMOVE_CAR:
                prompt = "Someone left and takes a car: which one goes? (marked on your emergency department)"
        screen._push(ChoiceDialog(title, groups, prompt=prompt, id="emergency-dialog", sort=False),
                     self.group_chosen)
        return True

    def _emergency_groups(self, legal) -> list[tuple[str, list]]:
        """The Emergency action's menu lines: the part to choose, or in a part its
        choices grouped (a component to build, then where; a hire or an admission, then
        where its car parks)."""
        from core.clinic.expansions.emergency import actions as A
        from core.clinic.expansions.emergency.access import waiting_area
        from core.clinic.expansions.emergency.queues import QUEUE_NAMES, EDAdmit
        from core.clinic.expansions.emergency.words import option_text

        state = self.screen.state
        area = waiting_area(state)
        groups: dict[str, list] = {}
        for a in legal:
            if isinstance(a, A.EDConstruct):
                cost = option_text(state, a).rsplit("(", 1)[-1].rstrip(")")
                key = f"build {build_label(a.build)} ({cost})"
            elif isinstance(a, A.EDHireDoctor):
                key = f"hire the {area.residency[a.slot]} emergency doctor, residency space {a.slot + 1} (${A.doctor_cost(a.slot)})"
            elif isinstance(a, A.EDHireNurse):
                key = "hire an emergency nurse ($2)"
            elif isinstance(a, EDAdmit):
                key = f"admit the {area.queues[a.queue][-1]} emergency patient from the {QUEUE_NAMES[a.queue]} queue"
            else:
                key = option_text(state, a)
            groups.setdefault(key, []).append(a)
        return list(groups.items())

    def group_chosen(self, acts) -> None:
        """A line of an ED menu chosen: played, or its choices asked (where to)."""
        from core.clinic.expansions.emergency.movement import EDMove
        from core.clinic.expansions.emergency.words import option_text
        from tui_common.dialogs import ChoiceDialog

        screen = self.screen
        if not acts:
            screen.refresh_view()
            return
        if len(acts) == 1:
            screen.play(acts[0])
            return
        state = screen.state
        if isinstance(acts[0], EDMove):  # an emergency person: show the ED board, then where
            from clinic_tui.emergency import person_short, short_place
            from core.clinic.expansions.emergency.access import ed_state
            from core.clinic.expansions.emergency.movement import move_time

            self.show_ed = True
            screen.refresh_view(board=False)
            ed = ed_state(state.players[state.current])
            p = ed.person(acts[0].pid)
            items = [(f"to {short_place(ed, a.to)} (time {move_time(ed.board, p.where, a.to)})", a) for a in acts]
            title = f"Move ED {person_short(p)} from {short_place(ed, p.where)}"
        else:
            items = [(option_text(state, a), a) for a in acts]
            title = "Which one?"
        screen._push(ChoiceDialog(title, items, id="emergency-where-dialog", sort=False), screen.dialog_action)

    @staticmethod
    def is_ed_mover(choice) -> bool:
        """Whether a Move menu's choice is an emergency person (their ``EDMove`` list)."""
        from core.clinic.expansions.emergency.movement import EDMove

        return isinstance(choice, list) and bool(choice) and isinstance(choice[0], EDMove)


def ed_move_items(state, legal) -> list[tuple[str, list]]:
    """The Move menu's ED lines: one per emergency person who may move, listing where
    (``EmergencyDesk.group_chosen`` asks where)."""
    from clinic_tui.emergency import person_short, short_place
    from core.clinic.expansions.emergency.access import ed_state
    from core.clinic.expansions.emergency.components import Place
    from core.clinic.expansions.emergency.movement import EDMove

    moves: dict[int, list] = {}
    for a in legal:
        if isinstance(a, EDMove):
            moves.setdefault(a.pid, []).append(a)
    ed = ed_state(state.players[state.current])
    out = []
    for pid, acts in moves.items():
        p = ed.person(pid)
        places = f"{len(acts)} place{'s' if len(acts) != 1 else ''}"
        where = short_place(ed, p.where)
        where = {Place.OUTSIDE: where, Place.PRE_ADMISSIONS: f"in {where}"}.get(p.where, f"at {where}")
        out.append((f"ED {person_short(p)} {where} ({places})", acts))
    return out


__all__ = ["ED_KEY", "EmergencyDesk", "ed_move_items"]
