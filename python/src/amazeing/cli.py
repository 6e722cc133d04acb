"""Finding and running the installed a-maze-ing CLI (Node.js)."""

from __future__ import annotations

import os
import shutil
import subprocess
from typing import List, Optional, Sequence


class AmazeingError(RuntimeError):
    """The CLI refused the options (its one-line message is the error's text)."""


class CliNotFoundError(AmazeingError):
    """Node.js or the a-maze-ing CLI is not installed where this package can find it."""


INSTALL_HINT = (
    "install the CLI with `npm install -g a-maze-ing` (it needs Node.js >= 20), "
    "or set AMAZEING_CLI to the a-maze-ing executable or to its bin/a-maze-ing.js"
)


def find_cli(cli: Optional[str] = None) -> List[str]:
    """The command line that runs the CLI: `cli`, else $AMAZEING_CLI, else `a-maze-ing` on PATH."""
    chosen = cli or os.environ.get("AMAZEING_CLI") or shutil.which("a-maze-ing")
    if not chosen:
        raise CliNotFoundError(f"the a-maze-ing CLI was not found on PATH; {INSTALL_HINT}")
    if not os.path.exists(chosen):
        raise CliNotFoundError(f"the a-maze-ing CLI '{chosen}' does not exist; {INSTALL_HINT}")
    node = shutil.which("node")
    if node is None:
        raise CliNotFoundError("Node.js was not found on PATH: the a-maze-ing CLI runs on Node.js >= 20 (https://nodejs.org)")
    # A .js entry point runs under node; an installed bin is a script whose #! names node.
    return [node, chosen] if chosen.endswith(".js") else [chosen]


def run_cli(command: Sequence[str], args: Sequence[str], cwd: str) -> str:
    """Runs the CLI with `args` in `cwd`; its stdout, or an AmazeingError with its message."""
    try:
        done = subprocess.run([*command, *args], cwd=cwd, capture_output=True, text=True, check=False)
    except OSError as error:
        raise CliNotFoundError(f"could not run {' '.join(command)}: {error.strerror}; {INSTALL_HINT}") from error
    if done.returncode != 0:
        message = done.stderr.strip().splitlines()
        text = message[0] if message else f"exit status {done.returncode}"
        raise AmazeingError(text[len("a-maze-ing: "):] if text.startswith("a-maze-ing: ") else text)
    return done.stdout
