"""``?``: every key, then the rules of the phase being played (from the rules docs),
then undo and saves. In the replay viewer: its keys and saves."""

from __future__ import annotations

from tui_common.help import HelpDialog

KEYS = """\
# Clinic: keys

| Key | What it does |
| --- | --- |
| ↑ ↓ ← →, h j k l | move the cursor (on the clinic, or on the notepad when admitting) |
| 0-3, [ ], PgUp PgDn | show floor 0-3 / the floor below, above |
| Enter or Space | place, pick a person, pick a destination / pick up a notepad patient |
| m | the menu of this decision (tile, component, hire, admit, person to move) |
| n | jump to the next legal place ◆ |
| d | done: end your Build, Hire or Admit action |
| e | end your Move phase |
| a | admit the patient in the marked column of the cursor's notepad row |
| L (Shift+l) | the whole event log, to scroll back through (Esc, q or L closes it) |
| v | look at another player's clinic (read only); again to come back |
| E (Shift+e) | The 911th Extension: your emergency department board instead of the clinic; again to come back |
| H (Shift+h) | hint: the hard computer player's choice for you now, with its reason (marked ◀ in the menu, the cursor on its place: Enter there plays exactly that action); you still play it yourself; one hint at a time, gone once the position changes; counted on the end screen (also inside a menu) |
| u or Ctrl+Z | undo: take back your last action (also inside a menu) |
| Ctrl+S | save as: save the game under a name (also inside a menu) |
| Esc | cancel what you are placing or moving; close dialogs |
| 1-9, b f g i o p t x y z | choose an option in a menu, while it is open (each line starts with its key; the board's ◆ marks use the same labels); past those, ↑ ↓ and Enter. In a menu, d and e take its "done" / "end the move" line, as on the board; the key bar lists only the keys that work in the menu |
| ? | this help (Esc, q or ? closes it) · r the full rules (also from this help) |
| q | quit (asks first) |
| Ctrl+T | next colour theme (dark, light, ANSI…); there is no command palette: every command is a key |

**On the clinic:** `HUB Psy` a psychiatry service hub; `TRT Car ✓` a working cardiology
treatment room (`✗` not working: no service hub beside it or no supply room for it);
`SUP` supply room; `OPR` operating room, `LAB`, `OUT` outpatient services, `TRI`
triage; `garden`, `HELIPAD`, `P 1/2` a parking tile with 1 of 2 cars. People:
`dWY` doctors white and yellow, `n2` two nurses, `o1` an orderly, `pR` a red patient.
`E` / `ENTR` an entrance, `▪` / `▪car` a parked car (ASCII: `c`), `≡` a conveyor stop.
`◆` a legal place (with its cost `$3` or time `t2`), `▶` the cursor, `·` the path.

**Above the event log:** this round's Business for the clinic shown, as if it were
played now: "Business: $4 in, wages $3, upkeep $0 → +$1" (income from the patients it
would treat, wages, upkeep, and the money left; "-6 pop" when the expenses would cost
popularity). On a large screen (about 150×40) the other clinics are drawn small beside
the log: `HPs` a psychiatry hub, `T✓2` a working treatment room with 2 patients, `So` a
supply room with its orderly, `d2 n1 o1 p3` doctors, nurses, orderlies, patients.
"""

EXPANSIONS_HELP = """\
**Mini-expansions** (`--expansions` or the setup checkboxes; rules: r): `x` an
extinguisher on a module (+1 time to step in, +$3 a patient in a treatment room beside);
`dP` a purple workaholic doctor ($8; treats up to 1 red, 2 orange, 3 yellow or 4 white
alone, then lies down `dP_` and leaves in Admin); `Z` a zombie (moves first, one step;
nobody steps in; anyone left with it at the end of the move is removed; 2 yellow patients
alone in a room become one; a lab doctor alone with it cures it for $32; +9 each at the
end); `b` a Blood token (a donor lying in a hub `n_`/`o_`/`dW_` gives one; a nurse
carries it, `nb`, to a room with no doctor: the patient is helped, the nurse stands on it
`n^` and it does not worsen). The Move and Build menus list these actions; the Business
report says each transfusion, extinguisher bonus (+$3 × n), zombie cure and whom the
workaholic treated.

**The 911th Extension** (`--expansions emergency`): an Emergency Department (ED) board
beside floor 0, its own money (`ED $10`), staff and patients. **E** (Shift+e) shows your
ED board instead of the clinic (wide screens show both; an ED decision shows it by
itself). On it: `EHUB` an emergency service hub, `ROOM L ✓` a light emergency room next
to a hub (`✗`: no hub beside it, not functional), `BREAK` the staff break room; levels
`L` light, `M` medium, `D` dark: `dM` a medium emergency doctor, `pD` a dark emergency
patient, `n2` two emergency nurses; `car` / `c` a car on a border. The main board shows
the emergency queues (the marked space `[4]` is admitted first), the residency with its
costs and the ED funds under each player's savings. The **Emergency** action tile (one a
round, after Admit) does 2 different of build / hire / admit for the ED: its menu asks
which, then what and where. ED people move in the Move menu (`ED dL 1 outside the
grid`); the ED's care, expenses and $2 popularity come in Business. When someone leaves
the ED and the car could come from more than one spot, the cars that may go are marked
◆1, ◆2… on the ED board, numbered as in the menu.
"""


SAVES = """\
## Undo and saves
**Undo** (u, Ctrl+Z) takes back your own actions in your turn, last first. It cannot
take back an action that revealed hidden information (drawing from the patient or
doctor bag, the reveal of the action tiles once everyone has chosen: you would choose
again knowing them), a computer player's action, or a turn that was ended on purpose
(Done, End move, choosing your action tile: the next player may already have seen it).
The message says which.

**Autosave:** every action is saved at once to `autosave.json` in the data folder
(`--data-dir DIR`, else `$CLINIC_DATA_DIR`, else `~/.local/share/clinic` on Linux).
After quitting or a crash, `clinic --resume` plays on. A finished game becomes
`last-game.json`, for the replay viewer (`v` on the game-over screen). **Save as** (Ctrl+S) writes
`saves/NAME.json` there (an existing file is replaced only if you say yes);
`clinic --load FILE` plays on from it, `clinic --replay FILE` replays it. The setup
screen's **Continue** list shows every save (Ctrl+O goes to it). A damaged save, or
one played by an earlier version of the rules, is reported and never changed.
"""

REPLAY_KEYS = """\
# Clinic: replay keys

| Key | What it does |
| --- | --- |
| → or n or l | next action |
| ← or p or h | previous action |
| g or Home · G or End | the deal (action 0) · the last action |
| 0-3, [ ], PgUp PgDn | show floor 0-3 / the floor below, above |
| v | look at the next player's clinic |
| ? | this help · q or Esc back to the setup screen |

The status line says which action is shown and what it did; the event log lists every
action up to it. Nothing can be changed here: to play on from a save, choose it in
the setup screen's Continue list or use `clinic --load FILE`.
"""

PHASE_RULES = {
    "select": """\
## Select an action tile
Each player in turn places one of their remaining tiles face down (Build, Hire, Admit
Patients; at most two of each a round). Then all are revealed and resolved: Build, then
Hire, then Admit, players with the same tile in turn order. Until the reveal the main
board shows the others' tiles as they were before this choice, with ? once they have
chosen one: nothing tells which. With several people at one keyboard a "pass the
keyboard" screen keeps your own choice secret.
""",
    "build": """\
## Build
Build up to 2 components (the action ends by itself after the second, or press d).
Costs by floor. Rules: a module above floor 0 needs a module below; no two modules of
one colour adjacent (all hubs are magenta, special modules blue); no module on a space
with a car on a border; a module may not join two buildings; one service hub per floor
per building; the first entrance points at a service hub; conveyor stops are aligned.
Only face-up hubs and special modules can be built. Gardens (12), parking tiles (24),
conveyor stops (20), supply rooms (4 per player), hubs and special modules are shared
and run out: the menu shows what is left. Press m, pick a component, then move to a ◆
space and press Enter.
""",
    "hire": """\
## Hire
Hire one doctor (university: $4 $3 $2 $1 from the left) and/or one nurse (cheapest of
this round's column) or orderly ($1). The hire stands on any entrance or helipad of your
choice and its car parks on a free border or parking tile: no parking, no hire. Someone
who cannot get in from there leaves when you end the Move phase.
""",
    "admit": """\
## Admit Patients
Queue points (QP) = 1 + entrances + helipads. 1 QP: move a notepad patient one space up,
down, left or right (swapping; rows close to the right), or admit the patient in the
marked rightmost column of a service you offer into its pre-admissions (4 places, a car
parks). Keys: arrows move the notepad cursor; Enter picks up the patient, then an arrow
moves it; a admits from the cursor's row; d ends the action (unspent QP are lost).
""",
    "move": """\
## Move
One player after another. A person may move up to 2 times (house rule), each time
along the cheapest path from where they stand, to a place where they may end the phase:
doctors and nurses to hubs and rooms, patients to rooms of their service or outpatient
services, orderlies to supply rooms. A full room never blocks the way, and a person's
first move may even go over capacity (two doctors swapping rooms); the second move, and
anyone coming in, only where there is room. Time: 1 per module step, entrance or
helipad to the module: 1, conveyors 0 (stop by stop); a triage takes 3 off each round.
A patient sent from pre-admissions to outpatient services arrives for 0 and moves no
more; patients who spent a round in a room never move.
e ends the move once everyone stands legally: every module within capacity, nobody on
an entrance or helipad who can still go somewhere; otherwise it says which room breaks
which rule. Press m (or Enter on people), pick a person, move to a ◆ destination (the
path is shown) and press Enter.
""",
    "business": """\
## Business and Admin
Patients treated by a doctor (and one nurse per colour step) earn by colour; cured
patients go home. Wages (doctor $2, nurse $1, orderly $1) and upkeep ($1 per module and
garden, orderlies in supply rooms save $3) come from this round's income, then savings,
then popularity. Popularity costs $3, from this round's income only. Admin: doctors in
labs train twice (+1 popularity), others tire; patients worsen and red ones die (−5);
the turn order is reset. Round 6 has its Admin too, then the end scoring in the new
turn order. Solitaire goals: treat 4 red patients (sent home), run 3 service hubs (each
with a working treatment room on its floor), build on floor 3, end with no patient left
waiting, train 2 red doctors (2 different doctors turned red in a lab).
""",
    "cars": """## Taking a car
Whoever leaves your clinic (a cured patient, one who died, someone who could not get in)
takes the car of your choice. The cars you may remove are marked ◆ on your board with
their menu number; pick one in the menu. When all your cars are alike (one parking tile,
or every car goes) they leave without asking. Computer players remove a car on a border
before one on a parking tile, the first clockwise from the entrance.
""",
    "setup": """\
## Setup
Each player chooses where the starting car stands: the first free border clockwise from
the entrance comes first in the menu (marked ◆1 on the board). Experts build their initial clinic: a psychiatry hub beside an entrance space, a
treatment room, a supply room, then the entrance pointing at the hub. Then, in reverse
turn order, each player takes a bonus tile; a free parking tile or garden is placed on
the ground floor at once.
""",
}


class HelpScreen(HelpDialog):
    """The keys, the marks, undo and saves, after the rules of ``phase`` (a
    ``PHASE_RULES`` key; None: no rules); "replay": the replay viewer's keys and saves.
    Esc, q or ? closes it (``tui_common.help``)."""

    def __init__(self, phase: str | None = None) -> None:
        text = KEYS + "\n" + EXPANSIONS_HELP + "\n" + SAVES
        if phase == "replay":
            text = REPLAY_KEYS + "\n" + SAVES
        elif phase in PHASE_RULES:
            text = PHASE_RULES[phase] + "\n" + text
        super().__init__(text)
