"""The game screen's menus: one per decision, each listing only what
``legal_actions`` offers (tiles, components, hires, admissions, people to move,
popularity to buy), and what happens once something is chosen.  ``Menus`` is a
collaborator the game screen holds (``screen.menus``); it asks the screen for
``state``, ``legal()``, ``play()``, ``_push()``, and hands a build to place or a person
to move to the screen's floor cursor (``screen.plays``).
"""

from __future__ import annotations

from clinic_tui import choices
from core.clinic.game import BuyPopularity, ChooseBonus, Done, EndMove, Phase, SelectTile
from core.clinic.game.constants import POPULARITY_PRICE
from core.clinic.game.narration import place_name
from core.clinic.game.supplies import empty_supplies, left_for
from tui_common.plain.text import counted

PLACING_PHASES = (Phase.EXPERT_SETUP, Phase.BONUS_PLACE, Phase.BUILD)


class Menus:
    """``open`` (key m, and opened by itself at each decision) and its callbacks."""

    def __init__(self, screen) -> None:
        self.screen = screen
        self._handover_key = None  # the selection the keyboard was last passed for

    def pass_keyboard(self) -> bool:
        """Hot seat: before a person chooses an action tile in secret after another
        person did, "Pass the keyboard to ..." (once per selection). True: shown."""
        screen = self.screen
        state = screen.state
        seat = state.current
        if state.phase is not Phase.SELECT or len(screen.humans) <= 1:
            return False
        key = (state.round, state.action, seat)
        if self._handover_key == key:
            return False
        self._handover_key = key
        if screen._last_human is None or screen._last_human == seat:
            return False
        from tui_common.dialogs import ReportDialog

        screen._push(
            ReportDialog(f"Pass the keyboard to {screen.names[seat]}",
                         f"{screen.names[seat]}, press Enter when nobody else is looking: "
                         "you will choose your action tile in secret."),
            lambda _: screen._after_dialog(),
        )
        return True

    def open(self) -> None:
        """The menu of the decision in front of the player (none while they may not act)."""
        from tui_common.dialogs import ChoiceDialog  # on first use: startup imports less

        screen = self.screen
        emergency = screen.emergency
        if emergency is not None and emergency.menu():  # an ED decision (The 911th Extension)
            return
        if not screen._human_may_act(quiet=True):
            return
        if not screen.own_view:
            screen.back_to_own()
        state = screen.state
        legal = screen.legal()
        phase = state.phase
        me = state.players[state.current]
        if phase is Phase.SELECT:
            counts = {t: me.tiles.count(t) for t in me.tiles}
            items = [(f"{a.tile} ({counts[a.tile]} left)", a) for a in legal if isinstance(a, SelectTile)]
            screen._push(ChoiceDialog(f"{me.name}: choose an action tile (face down)", items,
                                      prompt=f"Round {state.round}, action {state.action}.", id="select-dialog",
                                      side="left"),  # the notepad, university and scores stay in view
                         screen.dialog_action)
        elif phase is Phase.REMOVE_CAR or choices.car_picks(legal):
            items = choices.car_pick_items(legal)
            if phase is Phase.REMOVE_CAR:
                n = me.cars_owed
                title = f"{me.name}: remove {n} car{'s' if n != 1 else ''} of your choice"
                prompt = "Someone left and takes a car: which one goes? (marked on your board)"
            else:
                title = f"{me.name}: park your starting car"
                prompt = "The first free border clockwise from the entrance comes first (marked on your board)."
            screen._push(ChoiceDialog(title, items, prompt=prompt, id="car-pick-dialog", sort=False),
                         screen.dialog_action)
        elif phase is Phase.BONUS:
            items = [(str(a.tile), a) for a in legal if isinstance(a, ChooseBonus)]
            screen._push(ChoiceDialog(f"{me.name}: take a bonus tile", items, id="bonus-dialog"), screen.dialog_action)
        elif phase in PLACING_PHASES:
            groups = choices.build_groups(legal)
            stock = (lambda b: left_for(state, b)) if phase is Phase.BUILD else (lambda b: None)
            items = [(choices.group_label(name, acts, stock(acts[0].build), free=phase is not Phase.BUILD), name)
                     for name, acts in groups.items()]
            items += choices.expansion_items(state, legal)  # e.g. extinguishers
            if Done() in legal:
                items.append(("done: end the Build action", "done"))
            if len(items) == 1 and items[0][1] != "done":
                self.group_chosen(items[0][1])
                return
            title = f"{me.name}: build (${me.money} savings, {state.step.builds}/2 built)"
            if phase is not Phase.BUILD:
                title = f"{me.name}: {'initial clinic' if phase is Phase.EXPERT_SETUP else 'free bonus tile'}"
            empty = "; ".join(empty_supplies(state)) if phase is Phase.BUILD else ""
            screen._push(ChoiceDialog(title, items, prompt=empty.capitalize() + "." if empty else "",
                                      id="build-dialog", closing=("done",)), self.group_chosen)
        elif phase is Phase.HIRE:
            groups = choices.hire_groups(state, legal)
            items = [(label, acts) for label, acts in groups]
            items.append(("done: end the Hire action", "done"))
            screen._push(ChoiceDialog(f"{me.name}: hire (${me.money} savings)", items, id="hire-dialog",
                                      closing=("done",), side="left"),  # the university stays in view
                         self.hire_chosen)
        elif phase is Phase.ADMIT:
            items = [(label, acts) for label, acts in choices.admit_groups(state, legal)]
            items.append(("done: end the Admit action", "done"))
            screen._push(ChoiceDialog(f"{me.name}: admit patients (QP {state.step.qp})", items,
                                      prompt="Moves on the notepad: arrows, Enter to pick up, arrow to move.",
                                      id="admit-dialog", closing=("done",), side="left"),  # the notepad in view
                         self.admit_chosen)
        elif phase is Phase.MOVE:
            movers = choices.movers(state, legal)
            clinic = screen.clinic
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
            screen._push(ChoiceDialog(f"{me.name}: move whom? (time {clinic.move_time})", items, id="move-dialog",
                                      closing=("end",), **({"prompt": warn} if warn else {})),
                         screen.plays.mover_chosen)
        elif phase is Phase.BUY_POPULARITY:
            items = [
                (f"buy {a.amount} popularity (${POPULARITY_PRICE * a.amount}), ${me.income - POPULARITY_PRICE * a.amount} to savings", a)
                for a in legal if isinstance(a, BuyPopularity)
            ]
            prompt = f"This round's income left: ${me.income}. Popularity {me.popularity}; costs ${POPULARITY_PRICE} each."
            screen._push(ChoiceDialog(f"{me.name}: buy popularity", items, prompt=prompt, id="buy-dialog",
                                      side="left"),  # the scores stay in view
                         screen.dialog_action)

    def group_chosen(self, name) -> None:
        """A line of the build menu: a component to place (the cursor on its targets),
        an expansion's action, or done."""
        screen = self.screen
        if name is None:
            screen.refresh_view()
            return
        if not isinstance(name, str):  # an expansion's action (choices.expansion_items)
            screen.play(name)
            return
        if name == "done":
            screen.plays.end_action()
            return
        groups = choices.build_groups(screen.legal())
        acts = groups.get(name)
        if not acts:
            return
        placement = choices.Placement.of(name, acts, screen.clinic.board)
        placement.free = screen.state.phase is not Phase.BUILD
        targets = placement.targets()
        hinted = screen.plays.hinted_action()
        first = None
        if hinted in acts and getattr(hinted.build, "space", None) in targets:
            first = hinted.build.space  # the hint's build: the cursor on its space
        screen.clinic_board.place(placement, first)
        screen.refresh_view()

    def hire_chosen(self, acts) -> None:
        """A line of the hire menu: where the new hire arrives, then their car."""
        from tui_common.dialogs import ChoiceDialog  # on first use: startup imports less

        screen = self.screen
        if acts is None:
            return
        if acts == "done":
            screen.plays.end_action()
            return
        board = screen.clinic.board
        arrivals = choices.arrival_choices(board, acts)
        if len(arrivals) == 1:
            self.choose_car(acts)
            return

        def arrived(where) -> None:
            if where is not None:
                self.choose_car([a for a in acts if a.arrival == where])

        screen._push(ChoiceDialog("Where does the new hire arrive?", arrivals, id="arrival-dialog"), arrived)

    def admit_chosen(self, acts) -> None:
        """A line of the admit menu: the patient's car, then admitted."""
        screen = self.screen
        if acts is None:
            return
        if acts == "done":
            screen.plays.end_action()
            return
        self.choose_car(acts)

    def choose_car(self, acts) -> None:
        """Play one of ``acts`` (a hire's or an admission's), asking where its car parks
        when there is a choice."""
        from tui_common.dialogs import ChoiceDialog  # on first use: startup imports less

        screen = self.screen
        cars = choices.car_choices(acts)
        if len(cars) == 1:
            screen.play(acts[0])
            return
        by_car = {a.car: a for a in acts}
        screen._push(ChoiceDialog("Where does the car park?", [(label, by_car[c]) for label, c in cars],
                                  id="car-dialog"), screen.dialog_action)

    def stands_for(self, value, action) -> bool:
        """Whether a menu item's ``value`` (a group of builds, a person, done / end, an
        arrival or a car) stands for ``action``: the hint marks that item."""
        from core.clinic.game import MovePerson

        if value == "done" or value == "end":
            return isinstance(action, Done if value == "done" else EndMove)
        if isinstance(value, str):  # a group of builds
            return action in choices.build_groups(self.screen.legal()).get(value, ())
        if isinstance(value, int):  # a person to move
            return isinstance(action, MovePerson) and action.pid == value
        return value is not None and value in (getattr(action, "arrival", None), getattr(action, "car", None))
