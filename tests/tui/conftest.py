"""Every test of the apps keeps its saves in a temporary folder, never the player's
own data folder (``CLINIC_DATA_DIR`` for Clinic); every app shares its parsed
stylesheet with the others of the process."""

import pytest


@pytest.fixture(autouse=True)
def _clinic_data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("CLINIC_DATA_DIR", str(tmp_path / "clinic-data"))
    monkeypatch.setenv("CLEAR_WARD_DATA_DIR", str(tmp_path / "clear-ward-data"))  # the history, the best times


@pytest.fixture(autouse=True)
def _apps_share_parsed_styles(monkeypatch):
    """Every Textual app a test here starts takes its parsed stylesheet from one cache
    of the process (``tui_common.server.shared_styles``, as the server's sessions do)
    instead of parsing the same ``.tcss`` files and widgets' CSS again: about a tenth
    of a Pilot test's start (docs/testing.md, "Suite time"). The cache is keyed by the
    CSS and the theme's variables, so every app gets the rule sets it would have
    parsed. Not in ``tests/server``, where ``test_key_cost.py`` checks that the server
    itself shares them."""
    from textual.app import App

    from tui_common.server.shared_styles import share_parsed_styles

    plain_init = App.__init__

    def init_sharing_parsed_styles(self, *args, **kwargs):
        plain_init(self, *args, **kwargs)
        share_parsed_styles(self)

    monkeypatch.setattr(App, "__init__", init_sharing_parsed_styles)
