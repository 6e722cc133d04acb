import os
import subprocess
import tempfile

import pytest

from amazeing import AmazeingError, CliNotFoundError, MazeGenerator
from amazeing.cli import find_cli

STEP = {"N": (-1, 0, 1, 4), "E": (0, 1, 2, 8), "S": (1, 0, 4, 1), "W": (0, -1, 8, 2)}


def cli_output(config: str) -> str:
    """The file the CLI itself writes for `config`, run here without this package."""
    with tempfile.TemporaryDirectory() as work:
        with open(os.path.join(work, "c.txt"), "w") as f:
            f.write(config)
        subprocess.run([*find_cli(), "c.txt", "--no-display", "--quiet"], cwd=work, check=True)
        with open(os.path.join(work, "maze.txt"), newline="") as f:
            return f.read()


def test_the_42_interface_on_the_subject_example():
    gen = MazeGenerator(size=(20, 15), entry_cell=(0, 0), exit_cell=(-1, -1), perfect=True, seed=42)
    assert gen.generate(seed=42) is gen
    assert len(gen.maze) == 15 and all(len(row) == 20 for row in gen.maze)
    assert all(0 <= v <= 15 for row in gen.maze for v in row)
    assert gen.maze_entry == (0, 0)
    assert gen.maze_exit == (14, 19)
    # The path walks through open walls only, from the entry to the exit.
    row, col = gen.maze_entry
    for letter in gen.shortest_path:
        dr, dc, wall, back = STEP[letter]
        assert gen.maze[row][col] & wall == 0
        row, col = row + dr, col + dc
        assert gen.maze[row][col] & back == 0
    assert (row, col) == gen.maze_exit
    # The 42 is there: 18 closed cells.
    assert sum(v == 15 for r in gen.maze for v in r) >= 18


def test_byte_for_byte_the_cli_output():
    text = "WIDTH=20\nHEIGHT=15\nENTRY=0,0\nEXIT=19,14\nOUTPUT_FILE=maze.txt\nPERFECT=True\nSEED=42\n"
    gen = MazeGenerator(size=(20, 15), perfect=True, seed=42)
    assert gen.config_text() == text
    assert gen.hex == cli_output(text)
    board = MazeGenerator(size=(21, 13), entry_cell=(2, 3), exit_cell=(-2, -4), seed="pac", generator="Kruskal", braid=50)
    assert board.hex == cli_output(board.config_text())
    assert board.maze_entry == (2, 3) and board.maze_exit == (11, 17)


def test_seeds_and_options():
    a = MazeGenerator(size=(12, 9), seed=1).generate()
    b = MazeGenerator(size=(12, 9), seed=1).generate()
    assert a.maze == b.maze
    assert a.generate(seed=2).maze != b.maze
    far = MazeGenerator(size=(12, 9), perfect=True, seed=3, exit_cell="farthest", level="hard")
    assert "EXIT=farthest" in far.config_text() and "LEVEL=hard" in far.config_text()
    assert len(far.shortest_path) > 0


def test_bad_options_are_clear_errors():
    with pytest.raises(TypeError, match="unknown option"):
        MazeGenerator(size=(5, 5), colour="red")
    with pytest.raises(ValueError, match="outside the 5x5 maze"):
        MazeGenerator(size=(5, 5), exit_cell=(5, 0))
    with pytest.raises(ValueError, match="size must be"):
        MazeGenerator(size=(0, 5))
    on_pattern = MazeGenerator(size=(20, 15), entry_cell=(5, 7), seed=1)
    with pytest.raises(AmazeingError, match="is on the 42 pattern"):
        on_pattern.generate()


def test_missing_cli_or_node(monkeypatch, tmp_path):
    with pytest.raises(CliNotFoundError, match="does not exist; install the CLI"):
        MazeGenerator(cli=str(tmp_path / "nowhere" / "a-maze-ing"))
    cli = os.environ["AMAZEING_CLI"]
    monkeypatch.delenv("AMAZEING_CLI")
    monkeypatch.setenv("PATH", str(tmp_path))
    with pytest.raises(CliNotFoundError, match="not found on PATH; install the CLI"):
        MazeGenerator()
    with pytest.raises(CliNotFoundError, match="Node.js was not found on PATH"):
        MazeGenerator(cli=cli)
