"""The game screen's menus: one per decision, each listing only what
``legal_actions`` offers (tiles, components, hires, admissions, people to move,
popularity to buy), and what happens once something is chosen.  Mixed into
``GameScreen``, which provides ``state``, ``legal()``, ``play()`` and ``_push()``.
"""

from __future__ import annotations

from clinic_tui import choices
from core.clinic.game import BuyPopularity, ChooseBonus, Done, EndMove, Phase, SelectTile
from core.clinic.game.constants import POPULARITY_PRICE
from core.clinic.game.narration import place_name
from core.clinic.game.supplies import empty_supplies, left_for
from tui_common.plain.text import counted

PLACING_PHASES = (Phase.EXPERT_SETUP, Phase.BONUS_PLACE, Phase.BUILD)


class MenusMixin:
    """``action_menu`` (key m, and opened by itself at each decision) and its callbacks."""

    # -- menus --------------------------------------------------------------------------

    def action_menu(self) -> None:
        from tui_common.dialogs import ChoiceDialog  # on first use: startup imports less

        if not self._human_may_act(quiet=True):
            return
        if not self.own_view:
            self.view_seat = self.state.current
            self._clamp_cursor()
            self.refresh_view()
        state = self.state
        legal = self.legal()
        phase = state.phase
        me = state.players[state.current]
        if phase is Phase.SELECT:
            counts = {t: me.tiles.count(t) for t in me.tiles}
            items = [(f"{a.tile} ({counts[a.tile]} left)", a) for a in legal if isinstance(a, SelectTile)]
            self._push(ChoiceDialog(f"{me.name}: choose an action tile (face down)", items,
                                    prompt=f"Round {state.round}, action {state.action}.", id="select-dialog",
                                    side="left"),  # the notepad, university and scores stay in view
                       self._dialog_action)
        elif phase is Phase.REMOVE_CAR or choices.car_picks(legal):
            items = choices.car_pick_items(legal)
            if phase is Phase.REMOVE_CAR:
                n = me.cars_owed
                title = f"{me.name}: remove {n} car{'s' if n != 1 else ''} of your choice"
                prompt = "Someone left and takes a car: which one goes? (marked on your board)"
            else:
                title = f"{me.name}: park your starting car"
                prompt = "The first free border clockwise from the entrance comes first (marked on your board)."
            self._push(ChoiceDialog(title, items, prompt=prompt, id="car-pick-dialog", sort=False),
                       self._dialog_action)
        elif phase is Phase.BONUS:
            items = [(str(a.tile), a) for a in legal if isinstance(a, ChooseBonus)]
            self._push(ChoiceDialog(f"{me.name}: take a bonus tile", items, id="bonus-dialog"), self._dialog_action)
        elif phase in PLACING_PHASES:
            groups = choices.build_groups(legal)
            stock = (lambda b: left_for(state, b)) if phase is Phase.BUILD else (lambda b: None)
            items = [(choices.group_label(name, acts, stock(acts[0].build), free=phase is not Phase.BUILD), name)
                     for name, acts in groups.items()]
            items += choices.expansion_items(state, legal)  # e.g. extinguishers
            if Done() in legal:
                items.append(("done: end the Build action", "done"))
            if len(items) == 1 and items[0][1] != "done":
                self._group_chosen(items[0][1])
                return
            title = f"{me.name}: build (${me.money} savings, {state.step.builds}/2 built)"
            if phase is not Phase.BUILD:
                title = f"{me.name}: {'initial clinic' if phase is Phase.EXPERT_SETUP else 'free bonus tile'}"
            empty = "; ".join(empty_supplies(state)) if phase is Phase.BUILD else ""
            self._push(ChoiceDialog(title, items, prompt=empty.capitalize() + "." if empty else "",
                                    id="build-dialog", closing=("done",)), self._group_chosen)
        elif phase is Phase.HIRE:
            groups = choices.hire_groups(state, legal)
            items = [(label, acts) for label, acts in groups]
            items.append(("done: end the Hire action", "done"))
            self._push(ChoiceDialog(f"{me.name}: hire (${me.money} savings)", items, id="hire-dialog",
                                    closing=("done",), side="left"),  # the university stays in view
                       self._hire_chosen)
        elif phase is Phase.ADMIT:
            items = [(label, acts) for label, acts in choices.admit_groups(state, legal)]
            items.append(("done: end the Admit action", "done"))
            self._push(ChoiceDialog(f"{me.name}: admit patients (QP {state.step.qp})", items,
                                    prompt="Moves on the notepad: arrows, Enter to pick up, arrow to move.",
                                    id="admit-dialog", closing=("done",), side="left"),  # the notepad in view
                       self._admit_chosen)
        elif phase is Phase.MOVE:
            movers = choices.movers(state, legal)
            clinic = self.clinic
            items = []
            for pid, moves in movers.items():
                p = clinic.person(pid)
                items.append((f"{p} at {place_name(clinic.board, p.where)} ({counted(len(moves), 'place')})", pid))
            items += choices.expansion_items(state, legal)  # zombies, blood
            if EndMove() in legal:
                items.append(("end the move", "end"))
            else:
                items.append(("end the move (not yet: choose to see why)", "end"))
            warn = choices.zombie_warning(clinic)
            self._push(ChoiceDialog(f"{me.name}: move whom? (time {clinic.move_time})", items, id="move-dialog",
                                    closing=("end",), **({"prompt": warn} if warn else {})), self._mover_chosen)
        elif phase is Phase.BUY_POPULARITY:
            items = [
                (f"buy {a.amount} popularity (${POPULARITY_PRICE * a.amount}), ${me.income - POPULARITY_PRICE * a.amount} to savings", a)
                for a in legal if isinstance(a, BuyPopularity)
            ]
            prompt = f"This round's income left: ${me.income}. Popularity {me.popularity}; costs ${POPULARITY_PRICE} each."
            self._push(ChoiceDialog(f"{me.name}: buy popularity", items, prompt=prompt, id="buy-dialog",
                                    side="left"),  # the scores stay in view
                       self._dialog_action)

    def _group_chosen(self, name) -> None:
        self._dialog_open = False
        if name is None:
            self.refresh_view()
            return
        if not isinstance(name, str):  # an expansion's action (choices.expansion_items)
            self.play(name)
            return
        if name == "done":
            self.end_action()
            return
        groups = choices.build_groups(self.legal())
        acts = groups.get(name)
        if not acts:
            return
        self.placement = choices.Placement.of(name, acts, self.clinic.board)
        self.placement.free = self.state.phase is not Phase.BUILD
        self.moving = None
        targets = sorted(self.placement.targets(), key=lambda s: (s.floor, s.row, s.col))
        hinted = self.hinted_action()
        if hinted in acts and getattr(hinted.build, "space", None) in targets:
            targets.insert(0, hinted.build.space)  # the hint's build: the cursor on its space
        if targets:
            self.floor, self.cursor = targets[0].floor, targets[0]
        self.refresh_view()

    def _hire_chosen(self, acts) -> None:
        from tui_common.dialogs import ChoiceDialog  # on first use: startup imports less

        self._dialog_open = False
        if acts is None:
            return
        if acts == "done":
            self.end_action()
            return
        board = self.clinic.board
        arrivals = choices.arrival_choices(board, acts)
        if len(arrivals) == 1:
            self._choose_car(acts)
            return

        def arrived(where) -> None:
            self._dialog_open = False
            if where is not None:
                self._choose_car([a for a in acts if a.arrival == where])

        self._push(ChoiceDialog("Where does the new hire arrive?", arrivals, id="arrival-dialog"), arrived)

    def _admit_chosen(self, acts) -> None:
        self._dialog_open = False
        if acts is None:
            return
        if acts == "done":
            self.end_action()
            return
        self._choose_car(acts)

    def _choose_car(self, acts) -> None:
        from tui_common.dialogs import ChoiceDialog  # on first use: startup imports less

        cars = choices.car_choices(acts)
        if len(cars) == 1:
            self.play(acts[0])
            return
        by_car = {a.car: a for a in acts}
        self._push(ChoiceDialog("Where does the car park?", [(label, by_car[c]) for label, c in cars],
                                id="car-dialog"), self._dialog_action)

