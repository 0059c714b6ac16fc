"""The exceptions of ddz_engine."""


class DdzError(Exception):
    """Base of every error the package raises on purpose. ``message`` is its one-line text."""

    def __init__(self, message):
        super().__init__(message)
        self.message = message


class InputError(DdzError, ValueError):
    """The engine refused the input: the message is the engine's one line saying what and where
    (``hand: unknown card 'W' at position 3 in "33W"``), as ``ddz`` prints it."""


class EngineError(DdzError, RuntimeError):
    """The engine could not be started, died, or failed inside (not a problem of the input)."""
