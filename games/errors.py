"""A refused request from the games services; one place maps it to an HTTP answer."""


class DuelError(Exception):
    """A refused request; `status` is the HTTP status the API answers with."""

    def __init__(self, message: str, status: int = 400):
        super().__init__(message)
        self.message = message
        self.status = status
