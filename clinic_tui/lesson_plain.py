"""``clinic learn --plain``: the guided first Clinic in plain text. Before each
decision of round 1 the lesson's step (``clinic_tui.lesson.STEPS``) is said, in the
same words as beside the board, with how to do it in plain text; the Business and
Admin reports are introduced the same way. From round 2 on, each decision is
preceded by the strong computer player's hint (the hints are on)."""

from __future__ import annotations

from clinic_tui.lesson import Moment, current_step, how_text
from clinic_tui.plain import ClinicPlain
from core.clinic.game import Phase


class LearnPlain(ClinicPlain):
    """Clinic for ``tui_common.plain`` with the lesson said before each decision."""

    _phase_key = None
    _phase_start = 0
    _hinted = None  # (state, the hint line said for it)

    def moment(self, state, report: str = "") -> Moment:
        """The ``Moment`` of ``state`` (plain text has no cursor: an admission is one
        choice of a list, like the board's admit menu)."""
        key = (state.round, state.action, state.phase)
        if key != self._phase_key:
            self._phase_key, self._phase_start = key, len(self.record.actions)
        menu = "admit-dialog" if state.phase is Phase.ADMIT else None
        return Moment(round=state.round, phase=state.phase.value, action=state.action,
                      played=len(self.record.actions) - self._phase_start, menu=menu, report=report)

    def lesson_line(self, moment: Moment) -> str | None:
        """``"Lesson, Build: <rule> <how, in plain text>"`` (``None``: no step now)."""
        step = current_step(moment)
        if step is None:
            return None
        return f"Lesson, {step.title}: {step.rule} {how_text(step, moment, {}, plain=True)}"

    def hint_line(self, state) -> str | None:
        """The strong computer player's suggestion for the decision now, counted in the
        record as a hint used (as ``H`` on the board: the end screen and the record of
        progress see it)."""
        from core.clinic.game.bot_hint import hint
        from tui_common.hint import counted

        if self._hinted is not None and self._hinted[0] is state:  # said again (list): counted once
            return self._hinted[1]
        try:
            found = hint(state, len(self.record.actions))
        except Exception:  # noqa: BLE001 - a hint that cannot be worked out is left unsaid
            return None
        self.record = counted(self.record)
        self._hinted = (state, f"Hint: {found.reason}.")
        return self._hinted[1]

    def decision(self, state) -> str:
        said = super().decision(state)
        moment = self.moment(state)
        lines = []
        if moment.lesson or state.phase is Phase.MOVE and moment.round == 1:
            line = self.lesson_line(moment)
            if line:
                lines.append(line)
            if state.phase is Phase.MOVE:  # who goes where: the hint, as H on the board
                lines.append(self.hint_line(state) or "")
        elif state.current in self.humans:
            lines.append(self.hint_line(state) or "")
        return "\n".join([*(line for line in lines if line), said])

    def reports(self, before, after) -> list[str]:
        said = super().reports(before, after)
        out = []
        for line in said:
            if line.endswith(":") and line.split(",")[0].split(":")[0] in ("Business", "Admin"):
                title = line.rstrip(":")
                step_line = self.lesson_line(Moment(round=after.round, phase=after.phase.value, report=title))
                if step_line:
                    out.append(step_line)
            out.append(line)
        return out


def main(options, stdin=None, stdout=None) -> int:
    """``clinic learn --plain``: the lesson's solitaire in plain text; the exit status."""
    from tui_common.plain.start import run

    return run(LearnPlain, options, stdin, stdout)
