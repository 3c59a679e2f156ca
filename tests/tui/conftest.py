"""Every test of the apps keeps its saves in a temporary folder, never the player's
own data folder (``CLINIC_DATA_DIR`` for Clinic)."""

import pytest


@pytest.fixture(autouse=True)
def _clinic_data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("CLINIC_DATA_DIR", str(tmp_path / "clinic-data"))
    monkeypatch.setenv("CLEAR_WARD_DATA_DIR", str(tmp_path / "clear-ward-data"))  # the history, the best times
