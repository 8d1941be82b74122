"""Problems found in a scenario, each as 'file: where: what is wrong'."""

from __future__ import annotations


class CatalogueError(ValueError):
    """Problems in a catalogue file, each one line 'file: where: what is wrong'."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__("\n".join(problems))
        self.problems = problems


class ScenarioError(Exception):
    def __init__(self, problems: list[str]) -> None:
        super().__init__("\n".join(problems))
        self.problems = problems
