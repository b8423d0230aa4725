"""Where the terminal front end reads its input from.

Everything asks through an :data:`Ask` function (prompt in, one line out, ``EOFError`` when
input ends), so tests and scripts drive whole games with :func:`scripted` and the real
terminal uses :func:`terminal_ask`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from rich.console import Console

Ask = Callable[[str], str]


def terminal_ask(console: Console) -> Ask:
    """Read lines from the real terminal (or whatever stdin is), prompting with ``console``."""

    def ask(prompt: str) -> str:
        return console.input(prompt)

    return ask


def scripted(lines: Iterable[str], console: Console | None = None) -> Ask:
    """Answer prompts from ``lines``, echoing each prompt and answer to ``console``.

    Raises ``EOFError`` once the lines run out, just as a closed stdin does.
    """
    remaining = iter(lines)

    def ask(prompt: str) -> str:
        try:
            line = next(remaining)
        except StopIteration:
            raise EOFError("scripted input ended") from None
        if console is not None:
            console.print(prompt, end="", markup=True)
            console.print(line, markup=False, highlight=False)
        return line

    return ask
