"""Errors a user can act on: each message is one sentence that says what to do."""


class DiscofuseError(Exception):
    """Base class for errors reported to the user without a traceback."""


class ModelMissingError(DiscofuseError):
    """A language model or its coreference weights are not installed."""


class BadInputError(DiscofuseError):
    """Input text that cannot be annotated (empty, undecodable, too long)."""


class RunnerUnavailableError(DiscofuseError):
    """A Beam runner that could not start (its job server or binary could not be fetched)."""


class OutputFullError(DiscofuseError):
    """The disk or bucket holding the output ran out of space during the run."""
