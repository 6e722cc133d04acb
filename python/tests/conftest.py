import os
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
BIN = REPO / "packages" / "cli" / "bin" / "a-maze-ing.js"


@pytest.fixture(autouse=True)
def cli_of_this_checkout(monkeypatch):
    """The tests run the checkout's CLI unless AMAZEING_CLI names another."""
    if not os.environ.get("AMAZEING_CLI"):
        monkeypatch.setenv("AMAZEING_CLI", str(BIN))
