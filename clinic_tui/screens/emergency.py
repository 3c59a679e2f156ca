"""The game screen's part for The 911th Extension: the ED board beside floor 0 (key
``E`` swaps it with the clinic at 80 columns; wide screens show both), its menus (the
Emergency action, off-duty nurses, the ED's cars, ED popularity) and status line.
Mixed into ``GameScreen`` ahead of the other mixins, so each method here handles the
ED and hands anything else to the next one (``super()``)."""

from __future__ import annotations

from clinic_tui.emergency import in_play
from core.clinic.expansions.emergency.components import Place
from core.clinic.game import Phase

# The ED's actions, words and panel are imported when a game with the ED needs them
# (a game without it starts sooner).

ED_PHASES = (Phase.EMERGENCY, Phase.ED_BUSINESS, Phase.ED_REMOVE_CAR, Phase.ED_BUY_POPULARITY)
ED_KEY = "E"


def build_label(build) -> str:
    """The component of an ED build, without its space: "medium emergency room"."""
    module = getattr(build, "module", None)
    if module is not None:
        return str(module)
    return {"BuildGarden": "garden", "BuildParking": "parking tile", "UpgradeParking": "parking upgrade",
            "BuildConveyor": "conveyor"}.get(type(build).__name__, type(build).__name__)


class EmergencyMixin:
    """The ED on the game screen (``GameScreen`` provides ``state``, ``legal()``,
    ``play()``, ``_push()``, ``view_seat``, ``names``, ``glyphs``)."""

    show_ed = False  # at 80 columns: the ED board instead of the clinic (key E)

    # -- drawing -----------------------------------------------------------------------
    def ed_shown(self) -> bool:
        """Whether the narrow layout shows the ED board instead of the clinic now: the
        player asked (E), or an ED decision is on (the Emergency action, an expert's
        free ED pieces...)."""
        state = self.state
        if not in_play(state):
            return False
        from core.clinic.expansions.emergency.actions import EDConstruct

        placing = state.phase is Phase.EXPERT_SETUP and any(isinstance(a, EDConstruct) for a in self.legal())
        return self.show_ed or state.phase in ED_PHASES or placing

    def refresh_view(self, *, board: bool = True) -> None:
        super().refresh_view(board=board)
        state = self.state
        if state is None or not in_play(state):
            return
        from clinic_tui.widgets.emergency import EDPanel

        panels = self.query(EDPanel)
        if not panels:
            return
        seat = self.view_seat
        ed = state.players[seat].emergency
        title = f"{self.names[seat]}'s emergency department"
        ascii = self.glyphs.car == "c"
        self.set_class(self.ed_shown(), "-ed")
        cars = None
        if state.phase is Phase.ED_REMOVE_CAR and seat == state.current:  # numbered as the menu
            from core.clinic.expansions.emergency.business import EDRemoveCar

            from tui_common.dialogs import choice_label

            picks = [a for a in self.legal() if isinstance(a, EDRemoveCar)]
            cars = {a.spot: choice_label(i) for i, a in enumerate(picks)}
        for panel in panels:
            hint = "" if panel.id == "ed-side" else f"{ED_KEY}: back to the clinic"
            panel.show(ed, title, ascii=ascii, hint=hint, cars=cars)

    def action_toggle_ed(self) -> None:
        if self.state is None or not in_play(self.state):
            self.notify("This game has no emergency department (the option emergency).")
            return
        self.show_ed = not self.show_ed
        self.refresh_view(board=False)

    def _instruction(self) -> str:
        state = self.state
        if in_play(state) and state.phase in ED_PHASES and self.own_view:
            from core.clinic.expansions.emergency.words import decision_text

            return (decision_text(state) or "") + " (m)"
        return super()._instruction()

    # -- menus -------------------------------------------------------------------------
    def action_menu(self) -> None:
        state = self.state
        if state is None or not in_play(state) or state.phase not in ED_PHASES:
            return super().action_menu()
        from core.clinic.expansions.emergency.words import decision_text, option_text
        from tui_common.dialogs import ChoiceDialog

        if not self._human_may_act(quiet=True):
            return
        if not self.own_view:
            self.view_seat = state.current
            self.refresh_view()
        legal = self.legal()
        me = state.players[state.current]
        title = f"{me.name}: {decision_text(state)}"
        prompt = ""
        if state.phase is Phase.EMERGENCY:
            groups = self._emergency_groups(legal)
        else:
            groups = [(option_text(state, a), [a]) for a in legal]
            if state.phase is Phase.ED_REMOVE_CAR:
                prompt = "Someone left and takes a car: which one goes? (marked on your emergency department)"
        self._push(ChoiceDialog(title, groups, prompt=prompt, id="emergency-dialog", sort=False),
                   self._ed_group_chosen)

    def _emergency_groups(self, legal) -> list[tuple[str, list]]:
        """The Emergency action's menu lines: the part to choose, or in a part its
        choices grouped (a component to build, then where; a hire or an admission, then
        where its car parks)."""
        from core.clinic.expansions.emergency import actions as A
        from core.clinic.expansions.emergency.queues import QUEUE_NAMES, EDAdmit
        from core.clinic.expansions.emergency.words import option_text

        state = self.state
        area = state.emergency
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

    def _ed_group_chosen(self, acts) -> None:
        from core.clinic.expansions.emergency.movement import EDMove
        from core.clinic.expansions.emergency.words import option_text
        from tui_common.dialogs import ChoiceDialog

        self._dialog_open = False
        if not acts:
            self.refresh_view()
            return
        if len(acts) == 1:
            self.play(acts[0])
            return
        state = self.state
        if isinstance(acts[0], EDMove):  # an emergency person: show the ED board, then where
            from clinic_tui.emergency import person_short, short_place
            from core.clinic.expansions.emergency.movement import move_time

            self.show_ed = True
            self.refresh_view(board=False)
            ed = state.players[state.current].emergency
            p = ed.person(acts[0].pid)
            items = [(f"to {short_place(ed, a.to)} (time {move_time(ed.board, p.where, a.to)})", a) for a in acts]
            title = f"Move ED {person_short(p)} from {short_place(ed, p.where)}"
        else:
            items = [(option_text(state, a), a) for a in acts]
            title = "Which one?"
        self._push(ChoiceDialog(title, items, id="emergency-where-dialog", sort=False), self._dialog_action)

    def _mover_chosen(self, pid) -> None:
        from core.clinic.expansions.emergency.movement import EDMove

        if isinstance(pid, list) and pid and isinstance(pid[0], EDMove):  # an ED person
            self._ed_group_chosen(pid)
            return
        super()._mover_chosen(pid)


def ed_move_items(state, legal) -> list[tuple[str, list]]:
    """The Move menu's ED lines: one per emergency person who may move, listing where
    (``EmergencyMixin._mover_chosen`` asks where)."""
    from clinic_tui.emergency import person_short, short_place
    from core.clinic.expansions.emergency.movement import EDMove

    moves: dict[int, list] = {}
    for a in legal:
        if isinstance(a, EDMove):
            moves.setdefault(a.pid, []).append(a)
    ed = state.players[state.current].emergency
    out = []
    for pid, acts in moves.items():
        p = ed.person(pid)
        places = f"{len(acts)} place{'s' if len(acts) != 1 else ''}"
        where = short_place(ed, p.where)
        where = {Place.OUTSIDE: where, Place.PRE_ADMISSIONS: f"in {where}"}.get(p.where, f"at {where}")
        out.append((f"ED {person_short(p)} {where} ({places})", acts))
    return out


__all__ = ["ED_KEY", "ED_PHASES", "EmergencyMixin", "ed_move_items"]
