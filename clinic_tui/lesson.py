"""``clinic learn``: the guided first Clinic, as data. A fixed-seed solitaire whose
round 1 is walked through step by step (select tiles, build, hire, admit, move,
Business, Admin); rounds 2-6 are played with hints on.

The lesson is the table ``STEPS``: each ``Step`` says when it is current (a predicate
over a ``Moment``: the phase, the menu or report on screen, what is being placed or
moved), what the rule is (the rulebook's terms; numbers from the rules decisions) and
how to do it, worded for the board (``tui``, with ``{placeholders}`` the screen fills
from its own key bindings and menu labels, never hard-coded letters) and for
``--plain`` (``plain``). A step is done when the moment moves on (the phase changes, the
menu closes): the next step whose predicate holds is shown. No Textual here: the game
screen's ``LessonPanel`` (``clinic_tui.lesson_panel``) and the plain text mode
(``clinic_tui.lesson_plain``) both read this table.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from core.clinic.game.constants import BUILDS_PER_ACTION, POPULARITY_PRICE

#: The seed of ``clinic learn``: its round 1 has a bonus yellow doctor, patients to admit
#: and treat, and income left to buy popularity with (a good first example).
LESSON_SEED = 20
#: The round the lesson walks through; after it the hints are on.
LESSON_ROUND = 1
#: The player's name when none is given.
LESSON_NAME = "Ann"  # the setup screen's first name; narration speaks of a player in the third person


@dataclass(frozen=True)
class Moment:
    """What a new player is looking at: the ``round``, the ``phase`` (``Phase.value``:
    "select", "build", ...), the ``action`` of the round (1-3), ``played``: actions taken
    since this phase began; the ``menu`` on top (a ``ChoiceDialog``'s kind:
    "select-dialog", "build-dialog", ... or ``None``), the ``report`` on top ("Business",
    "Admin" or ""), ``confirm``: a yes/no question on top, ``placing`` / ``moving``:
    a build or a person on the board's cursor."""

    round: int
    phase: str
    action: int = 1
    played: int = 0
    menu: str | None = None
    report: str = ""
    confirm: bool = False
    placing: bool = False
    moving: bool = False

    @property
    def on_board(self) -> bool:
        """No report and no question on top: the phase's own steps apply."""
        return not self.report and not self.confirm

    @property
    def lesson(self) -> bool:
        """Still in the round the lesson walks through."""
        return self.round <= LESSON_ROUND


def _phase(*names: str, **more) -> Callable[[Moment], bool]:
    """A predicate: the lesson's round, nothing on top but the phase's own menu, the phase
    one of ``names``, and each of ``more`` (a ``Moment`` field) equal to its value."""
    def when(m: Moment) -> bool:
        return (m.lesson and m.on_board and m.phase in names
                and all(getattr(m, k) == v for k, v in more.items()))
    return when


@dataclass(frozen=True)
class Step:
    """One step of the lesson: its ``name``, the ``title`` shown above it, ``when`` it is
    current, the ``rule`` (a sentence or two in the rulebook's terms), how to do it on
    the board (``tui``: placeholders ``{pick}`` the key of the suggested menu choice,
    ``{choose}`` ``{menu}`` ``{done}`` ``{end_move}`` ``{admit}`` ``{next_target}``
    ``{cancel}`` ``{hint}`` ``{close}`` ``{yes}`` ``{no}``: keys from the screens'
    bindings) and in ``--plain`` (``plain``), and ``picks``: which menu choice to suggest
    (label beginnings, best first; ``suggest(moment)`` may choose by the moment)."""

    name: str
    title: str
    when: Callable[[Moment], bool]
    rule: str
    tui: str
    plain: str
    picks: Callable[[Moment], tuple[str, ...]] = field(default=lambda m: ())

    def suggest(self, moment: Moment) -> tuple[str, ...]:
        """The beginnings of the menu labels to suggest, best first (empty: none)."""
        return self.picks(moment)


#: Action 1 builds, 2 hires, 3 admits: each tile tried once in the lesson's round.
TILE_OF_ACTION = {1: "Build", 2: "Hire", 3: "Admit Patients"}

STEPS: tuple[Step, ...] = (
    Step("car", "Setup: your starting car", _phase("starting car"),
         "Cars park on the borders of your ground floor; everyone who arrives needs one.",
         "Choose where your starting car parks: {pick} (the menu's keys, or ↑/↓ and {choose}).",
         "Type the number of a border (a group's number lists its borders).", picks=lambda m: ("park it",)),
    Step("bonus", "Setup: a bonus tile", _phase("bonus"),
         "Each player takes one bonus tile: money, a person or a free garden or parking.",
         "Choose {suggest}: {pick}.",
         "Type the number of {suggest}.",
         picks=lambda m: ("a yellow doctor", "your white doctor")),
    Step("select", "Select tiles", _phase("select"),
         "A round has 3 actions; for each you choose one of your action tiles (2 Build, 2 Hire,"
         " 2 Admit Patients) face down, then play it.",
         "Choose {suggest}: {pick}.",
         "Type the number of {suggest}.", picks=lambda m: (TILE_OF_ACTION.get(m.action, "Build"), "")),
    Step("build-place", "Build: place it", _phase("build", placing=True),
         "◆ marks every space where it may go (a garden beside a treatment room: +$2 a patient cured there).",
         "Arrows move the cursor ({next_target}: the next ◆); {choose} builds there; {cancel} puts it back.",
         "(Not in plain text.)"),
    Step("build", "Build", _phase("build"),
         f"A Build action builds up to {BUILDS_PER_ACTION} things, paid from your savings. A treatment room"
         " works beside a service hub on its floor, with a supply room in the clinic.",
         "Choose {suggest}: {pick}; then 'done' ({done}) ends the action.",
         "Type the number of {suggest} (gardens are under build outside the modules); done ends the action.",
         picks=lambda m: ("done",) if m.played else ("garden", "treatment room", "")),
    Step("hire-where", "Hire: where they arrive", _phase("hire", menu="arrival-dialog"),
         "A new hire walks in at an entrance during the Move phase.",
         "Choose where they arrive: {pick}.", "Type the number of an arrival.", picks=lambda m: ("",)),
    Step("hire-car", "Hire: their car", _phase("hire", menu="car-dialog"),
         "Everyone who arrives brings a car; it parks on a free border of your ground floor.",
         "Choose where the car parks: {pick}.", "Type the number of a border.", picks=lambda m: ("",)),
    Step("hire", "Hire", _phase("hire"),
         "Hire a doctor from the university, a nurse or an orderly. Wages at each Business: doctor $2,"
         " nurse $1, orderly $1.",
         "Choose {suggest}: {pick}; then 'done' ({done}) ends the action.",
         "Type the number of {suggest}; done ends the action.",
         picks=lambda m: ("done",) if m.played else ("nurse", "orderly", "")),
    Step("admit-car", "Admit: the patient's car", _phase("admit", menu="car-dialog"),
         "Each patient admitted comes by car.", "Choose where the car parks: {pick}.",
         "Type the number of a border.", picks=lambda m: ("",)),
    Step("admit-menu", "Admit Patients", _phase("admit", menu="admit-dialog"),
         "Queue points (QP) admit patients from the notepad's marked column into pre-admissions of a"
         " service your clinic offers.",
         "Choose {suggest}: {pick}; 'done' ({done}) ends the action.",
         "Type the number of {suggest}; done ends the action.",
         picks=lambda m: ("admit", "done")),
    Step("admit", "Admit Patients", _phase("admit"),
         "Queue points (QP) admit patients from the notepad's marked column into pre-admissions.",
         "Press {menu} for the admit menu ({admit} admits the marked patient of the notepad row under"
         " the cursor); {done} ends the action.",
         "Type the number of an admission; done ends the action."),
    Step("move-to", "Move: where to", _phase("move", moving=True),
         "◆ marks where this person can go (t: the time it costs).",
         "The cursor is on the hint's place: {choose} moves them there (arrows or {next_target}: another ◆).",
         "(Not in plain text.)"),
    Step("move", "Move", _phase("move"),
         "Everyone walks through modules; each step costs time. At Business a doctor treats a patient"
         " in a working treatment room.",
         "Press {hint}: the hint marks whom to move (◀ hint); {choose} takes it. When the hint says"
         " 'end the move': {choose} on it in the menu, or {end_move}.",
         "The hint below says whom to move and where: type that move's number; when the hint"
         " says to end the move, type end the move."),
    Step("remove-car", "Business: cars leave", _phase("remove car"),
         "Each person who left your clinic takes a car with them.", "Choose which car goes: {pick}.",
         "Type the number of a car.", picks=lambda m: ("",)),
    Step("business", "Business", lambda m: m.lesson and m.report.startswith("Business"),
         "Doctors treat patients in working treatment rooms; you earn for each one cured,"
         " then pay wages and upkeep.",
         "Read the report; {close} goes on.", "The report follows."),
    Step("buy", "Business: popularity", _phase("buy popularity"),
         f"This round's income buys popularity (${POPULARITY_PRICE} each); what is left goes to your savings.",
         "Choose how much: {pick}.", "Type the number of how much popularity to buy.",
         picks=lambda m: ("buy 1", "")),
    Step("admin", "Admin", lambda m: m.report.startswith("Admin") and m.round == LESSON_ROUND + 1,
         "Doctors in a lab train, every other doctor tires a colour, patients still in your clinic"
         " worsen and red ones die (-5 popularity); the university refills and the turn order is set.",
         "{close} starts round 2: play on by yourself, {hint} gives a hint at any time.",
         "Round 2 begins: play on by yourself; each decision comes with the strong computer"
         " player's hint."),
    Step("confirm", "A question", lambda m: m.lesson and m.confirm,
         "The game asks before something is left unused.",
         "{yes} answers yes; {no} goes back.", "(Not in plain text.)"),
    Step("free", "Rounds 2 to 6", lambda m: not m.lesson,
         "Round 1 is done. Play rounds 2 to 6 your way: the goal is treating 4 red patients.",
         "Hints are on: each decision shows the strong computer's suggestion ({hint} asks again).",
         "Each decision comes with the strong computer player's hint."),
)

#: The steps a new player must meet in round 1, in order (the issue's list).
MILESTONES = ("select", "build", "hire", "admit-menu", "move", "business", "admin")

STEP_NAMED = {step.name: step for step in STEPS}


def current_step(moment: Moment) -> Step | None:
    """The first step of ``STEPS`` whose predicate holds (``None``: none, e.g. a
    menu of an expansion the lesson does not play)."""
    return next((step for step in STEPS if step.when(moment)), None)


def suggestion_words(step: Step, moment: Moment) -> str:
    """The suggested choice in words ("the Build tile", "a garden"), for ``{suggest}``."""
    picks = step.suggest(moment)
    first = picks[0] if picks else ""
    if step.name == "select":
        return f"the {first} tile"
    if step.name == "admit-menu":
        return "a patient to admit"
    if not first:
        return "one"
    if first.startswith(("a ", "an ", "your ")):
        return first
    return ("an " if first[0] in "aeiou" else "a ") + first


#: How to end an action once the lesson has done enough of it (``{pick}``: the key of
#: the menu's 'done'), on the board and in plain text.
DONE_TUI = "One is enough for a first round: choose 'done' to end the action: {pick} (or {done})."
DONE_PLAIN = "One is enough for a first round: type done to end the action."


def fill(template: str, keys: dict[str, str]) -> str:
    """``template`` with its ``{placeholders}`` from ``keys`` (one left out stays as
    its name in words, never an error)."""
    class Keys(dict):
        def __missing__(self, name: str) -> str:
            return name.replace("_", " ")

    return template.format_map(Keys(keys))


def how_text(step: Step, moment: Moment, keys: dict[str, str], *, plain: bool = False) -> str:
    """How to do the step, with ``keys`` in its placeholders (``suggest`` added here)."""
    how = step.plain if plain else step.tui
    if step.suggest(moment)[:1] == ("done",) and step.name in ("build", "hire"):
        how = DONE_PLAIN if plain else DONE_TUI
    return fill(how, {"suggest": suggestion_words(step, moment), **keys})


def sentence(step: Step, moment: Moment, keys: dict[str, str], *, plain: bool = False) -> str:
    """The step's text: its rule, then how to do it (``how_text``)."""
    return f"{step.rule} {how_text(step, moment, keys, plain=plain)}"


#: What each key of the game screen does, for a key pressed where it is of no use in the
#: step shown (by the binding's action name).
KEY_NOTES = {
    "done": "ends a Build, Hire or Admit Patients action",
    "end_move": "ends the Move phase",
    "admit": "admits the marked patient of a notepad row, in an Admit Patients action",
    "menu": "opens the menu of the decision in front of you",
    "next_target": "jumps the cursor to the next ◆ while you place a build or move a person",
    "view_next": "shows the next player's clinic (solitaire: yours)",
    "choose": "picks what is under the cursor",
    "cancel": "puts back what you are placing or moving",
    "cursor": "moves the cursor on your clinic (on the notepad while admitting)",
    "floor": "shows another floor of your clinic",
    "floor_step": "shows another floor of your clinic",
    "undo": "takes your last action back",
    "hint": "asks the strong computer player for a suggestion",
}

#: The keys each step has a use for (binding action names); any other key gets its note.
USEFUL = {
    "build-place": {"cursor", "choose", "next_target", "cancel", "floor", "floor_step", "hint"},
    "move-to": {"cursor", "choose", "next_target", "cancel", "floor", "floor_step", "hint"},
    "move": {"hint", "choose", "menu", "end_move", "cursor"},
    "admit": {"menu", "admit", "done", "cursor", "choose", "hint"},
}


def key_note(step: Step | None, action: str, key: str, now: str) -> str | None:
    """The one sentence for ``key`` (bound to ``action``) pressed during ``step`` when
    it is of no use there: what it does, then ``now`` (how to do the step). ``None``:
    the key is of use there (or not one the lesson knows)."""
    if step is None or action not in KEY_NOTES or action in USEFUL.get(step.name, ()):
        return None
    return f"{key} {KEY_NOTES[action]}. Now, {step.title}: {now}"
