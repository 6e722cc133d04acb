"""A-Maze-ing for Python: the 42 reference MazeGenerator interface, made by the a-maze-ing CLI."""

from .generator import MazeGenerator
from .cli import AmazeingError, CliNotFoundError, find_cli

__all__ = ["MazeGenerator", "AmazeingError", "CliNotFoundError", "find_cli"]
__version__ = "1.0.0"
