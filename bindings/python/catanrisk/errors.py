"""Exceptions raised for the library's error codes.

Every failing call of libcatanrisk returns a negative ``CRISK_E*`` code and
leaves a message; the binding raises the subclass of :class:`CatanriskError`
that belongs to the code, carrying that message.  Subclasses also derive from
the built-in exception a Python programmer would expect (``ValueError`` for a
bad parameter, ``MemoryError`` for ENOMEM, ...), so generic handlers work too.
"""

from __future__ import annotations

from typing import Dict, Type

__all__ = [
    "CatanriskError",
    "InvalidArgumentError",
    "OutOfMemoryError",
    "IllegalActionError",
    "NotFoundError",
    "ParameterError",
    "FormatError",
    "StateError",
    "UnsupportedError",
    "HiddenInformationError",
    "error_for",
]


class CatanriskError(Exception):
    """A call into libcatanrisk failed.

    Attributes:
        code: the library's negative ``CRISK_E*`` code.
        message: the library's message (``crisk_error_last()``).
    """

    code: int = 0

    def __init__(self, message: str, code: int | None = None) -> None:
        super().__init__(message)
        self.message = message
        if code is not None:
            self.code = code

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.message!r}, code={self.code})"


class InvalidArgumentError(CatanriskError, ValueError):
    """CRISK_EINVAL: an argument is invalid (seat out of range, malformed code, ...)."""

    code = -1


class OutOfMemoryError(CatanriskError, MemoryError):
    """CRISK_ENOMEM: the library could not allocate memory; nothing changed."""

    code = -2


class _BufferSizeError(CatanriskError):
    """CRISK_EBUFSIZE: handled inside the binding, never seen by users."""

    code = -3


class IllegalActionError(CatanriskError):
    """CRISK_EILLEGAL: the action is not legal now; the game is unchanged."""

    code = -4


class NotFoundError(CatanriskError, LookupError):
    """CRISK_ENOTFOUND: no such module, parameter or event."""

    code = -5


class ParameterError(CatanriskError, ValueError):
    """CRISK_EPARAM: a parameter has an unknown key or a bad value."""

    code = -6


class FormatError(CatanriskError, ValueError):
    """CRISK_EFORMAT: a text form or data blob is malformed."""

    code = -7


class StateError(CatanriskError):
    """CRISK_ESTATE: the call does not fit the game's current decision point."""

    code = -8


class UnsupportedError(CatanriskError):
    """CRISK_EUNSUPPORTED: the rule module does not provide this operation."""

    code = -9


class HiddenInformationError(CatanriskError):
    """CRISK_EHIDDEN: the viewer may not know what was asked."""

    code = -10


_BY_CODE: Dict[int, Type[CatanriskError]] = {
    cls.code: cls
    for cls in (
        InvalidArgumentError,
        OutOfMemoryError,
        _BufferSizeError,
        IllegalActionError,
        NotFoundError,
        ParameterError,
        FormatError,
        StateError,
        UnsupportedError,
        HiddenInformationError,
    )
}


def error_for(code: int, message: str) -> CatanriskError:
    """The exception for a library error code (codes added later map to the base class)."""
    cls = _BY_CODE.get(code, CatanriskError)
    return cls(message, code)


class PolicyError(RuntimeError):
    """A policy (a callable that chooses actions for a seat) raised or chose an
    action that is not legal.  The environments (catanrisk.env) raise it with
    the game unchanged; the Dask runner (catanrisk.distributed) reports it as
    a failed task."""
