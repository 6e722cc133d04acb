"""MazeGenerator: the 42 reference package's interface, the maze made by the a-maze-ing CLI."""

from __future__ import annotations

import os
import tempfile
from typing import List, Optional, Sequence, Tuple, Union

from .cli import AmazeingError, find_cli, run_cli

Seed = Union[int, str]
Cell = Tuple[int, int]

# Keyword arguments that are config keys (any other is refused), as the CLI spells them.
CONFIG_KEYS = {
    "generator": "GENERATOR",
    "algorithm": "GENERATOR",
    "solver": "SOLVER",
    "braid": "BRAID",
    "difficulty": "DIFFICULTY",
    "variant": "VARIANT",
    "pattern": "PATTERN",
    "level": "LEVEL",
}


def _config_value(value: object) -> str:
    if isinstance(value, bool):
        return "True" if value else "False"
    text = str(value)
    if "\n" in text or "\r" in text:
        raise ValueError(f"a config value cannot hold a line break: {text!r}")
    return text


class MazeGenerator:
    """
    A maze of `size` = (width, height) cells from `entry_cell` to `exit_cell`, both
    (row, col) as `maze_entry` and `maze_exit` are; a negative index counts from the end,
    as in Python, so (-1, -1) is the bottom-right cell; a side name ('top', ...) or a
    rule (exit 'farthest', both 'hardest') is passed to the CLI. `perfect`=False makes a Pac-Man
    board with loops. Other config options are keyword arguments: generator, solver,
    braid, difficulty, variant, pattern ('42' or 'none'), level. `cli` names the
    a-maze-ing executable (default: $AMAZEING_CLI, else `a-maze-ing` on PATH).

    The same options and seed give the very file the CLI writes (`hex`).
    """

    def __init__(
        self,
        size: Tuple[int, int] = (20, 15),
        entry_cell: Union[Cell, str] = (0, 0),
        exit_cell: Union[Cell, str] = (-1, -1),
        perfect: bool = False,
        seed: Seed = 0,
        cli: Optional[str] = None,
        **options: object,
    ) -> None:
        unknown = sorted(set(options) - set(CONFIG_KEYS))
        if unknown:
            raise TypeError(f"unknown option(s) {', '.join(unknown)}; known: {', '.join(sorted(CONFIG_KEYS))}")
        width, height = size
        if not all(isinstance(n, int) and not isinstance(n, bool) and n >= 1 for n in (width, height)):
            raise ValueError(f"size must be two whole numbers >= 1 (width, height), got {size!r}")
        self._size = (width, height)
        self._entry = self._resolve("entry_cell", entry_cell)
        self._exit = self._resolve("exit_cell", exit_cell)
        self._perfect = bool(perfect)
        self._seed: Seed = seed
        self._options = {CONFIG_KEYS[k]: _config_value(v) for k, v in options.items()}
        self._command = find_cli(cli)
        self._hex: Optional[str] = None

    def _resolve(self, name: str, cell: Union[Cell, str]) -> Union[Cell, str]:
        width, height = self._size
        if isinstance(cell, str):
            # A side (top, bottom, left, right) or a rule (exit 'farthest', both 'hardest'): the CLI checks it.
            return cell
        try:
            row, col = cell
        except (TypeError, ValueError):
            raise ValueError(f"{name} must be (row, col), got {cell!r}") from None
        r = row + height if row < 0 else row
        c = col + width if col < 0 else col
        if not (0 <= r < height and 0 <= c < width):
            raise ValueError(f"{name} {cell!r} is outside the {width}x{height} maze: row 0..{height - 1}, col 0..{width - 1}")
        return (r, c)

    @staticmethod
    def _end_text(end: Union[Cell, str]) -> str:
        return _config_value(end) if isinstance(end, str) else f"{end[1]},{end[0]}"

    def config_text(self, seed: Optional[Seed] = None) -> str:
        """The KEY=VALUE config this maze is made from (OUTPUT_FILE=maze.txt)."""
        width, height = self._size
        lines = [
            f"WIDTH={width}",
            f"HEIGHT={height}",
            f"ENTRY={self._end_text(self._entry)}",
            f"EXIT={self._end_text(self._exit)}",
            "OUTPUT_FILE=maze.txt",
            f"PERFECT={_config_value(self._perfect)}",
            f"SEED={_config_value(self._seed if seed is None else seed)}",
            *(f"{key}={value}" for key, value in self._options.items()),
        ]
        return "\n".join(lines) + "\n"

    def generate(self, seed: Optional[Seed] = None) -> "MazeGenerator":
        """Makes the maze (with `seed`, else the constructor's) by running the CLI; returns self."""
        if seed is not None:
            self._seed = seed
        with tempfile.TemporaryDirectory(prefix="amazeing-") as work:
            with open(os.path.join(work, "config.txt"), "w", encoding="utf-8") as f:
                f.write(self.config_text())
            run_cli(self._command, ["config.txt", "--no-display", "--quiet"], work)
            with open(os.path.join(work, "maze.txt"), encoding="utf-8", newline="") as f:
                self._hex = f.read()
        return self

    def _text(self) -> str:
        if self._hex is None:
            self.generate()
        assert self._hex is not None
        return self._hex

    @property
    def hex(self) -> str:
        """The output file's text, byte for byte what `a-maze-ing` writes for `config_text()`."""
        return self._text()

    @property
    def maze(self) -> List[List[int]]:
        """Rows of wall values (the hex digits as ints: N=1, E=2, S=4, W=8, a set bit is a wall)."""
        rows = self._text().split("\n\n", 1)[0].splitlines()
        return [[int(digit, 16) for digit in row] for row in rows]

    def _footer(self) -> Sequence[str]:
        footer = self._text().split("\n\n", 1)
        if len(footer) < 2:
            raise AmazeingError("the CLI's output file has no entry/exit/path footer")
        return footer[1].splitlines()

    def _footer_cell(self, line: int) -> Cell:
        x, y = self._footer()[line].split(",")
        return (int(y), int(x))

    @property
    def maze_entry(self) -> Cell:
        """The entry as (row, col)."""
        return self._footer_cell(0)

    @property
    def maze_exit(self) -> Cell:
        """The exit as (row, col)."""
        return self._footer_cell(1)

    @property
    def shortest_path(self) -> str:
        """A shortest way from entry to exit as N/E/S/W letters."""
        lines = self._footer()
        return lines[2] if len(lines) > 2 else ""
