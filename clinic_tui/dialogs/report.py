"""A read-only report (Business, Admin, passing the keyboard): the kit's ``ReportDialog``."""

from tui_common.dialogs import ReportDialog

__all__ = ["ReportDialog"]
