"""Exceptions raised by the rules package."""


class IllegalAction(Exception):
    """An action the rules do not allow now; the message names the rule broken."""

    def __init__(self, message: str, rule: str = ""):
        super().__init__(message)
        self.rule = rule


class IllegalDeck(ValueError):
    """A deck that breaks the deck-construction rules; `problems` lists the reasons."""

    def __init__(self, problems, seat=None):
        self.problems = list(problems)
        self.seat = seat
        who = f"deck of seat {seat}" if seat is not None else "deck"
        super().__init__(f"illegal {who}: " + "; ".join(self.problems))
