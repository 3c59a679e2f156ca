"""The 911th Extension: the Emergency Department (rulebook
``clinic-deluxe-911-emergency.txt``; rulings ``clinic-expansion-rulings.md`` §5, E1-E37;
rules as implemented and the integration hooks: ``docs/rules/clinic-911.md``).

Pure rule functions on frozen values, one module per seam of the rules:

=================  ====================================================================
``constants``      every number (costs, incomes, wages, end scoring, goals)
``components``     levels light/medium/dark, emergency modules, people, places
``board``          ``EDBoard``: the base ``Board`` with one floor and emergency modules
``state``          ``WaitingArea`` (shared), ``EmergencyState`` (per player), ``pay``
``setup``          the waiting area, beginner layouts, the expert start, the bonus nurse
``construction``   building emergency modules (and gardens, parking, conveyors)
``queues``         emergency queues, EQP moves, admitting, new emergency patients
``actions``        the Emergency action: two different of build / hire / admit
``movement``       emergency movement, time, the end-of-move check
``business``       treatment (nurses for colour mismatches, off-duty nurses), income,
                   expenses, ED popularity at $2
``admin``          residency and ED doctors flip, nurses leave, patients worsen / die
``end``            end scoring, solitaire goals, Hall of Fame
``hooks``          the ``Expansion`` value: the seams of the base round it plugs into
``bot``            the computer players' ED (``bot_preference``)
``words``          menu lines, decisions and log sentences for the ED
=================  ====================================================================

The main clinic's savings, popularity, time spent and the main board's car lot belong
to the base game's ``GameState``; these functions take and return them as numbers (or
report a popularity change), so the base round can call them at its seams.

This package's ``__init__`` imports nothing: ``game/state.py`` can import the state
values (``emergency.state``: ``WaitingArea``, ``EmergencyState``, ``EmergencyTurn``,
which import no game module) without an import cycle.
"""

NAME = "emergency"  # the option: new_game(options=("emergency",))
TITLE = "The 911th Extension"
DESCRIPTION = "An Emergency Department beside floor 0: its own money, patients, staff and action"


def in_play(state) -> bool:
    """Whether the game (a ``GameState`` or a ``PlayerView``) has the 911th Extension:
    its Emergency Waiting Area is kept under ``NAME`` (``access.waiting_area``). Here,
    so that a game without the ED asks without importing it."""
    return state.expansions.get(NAME) is not None


__all__ = ["DESCRIPTION", "NAME", "TITLE", "in_play"]
