"""The tournament data model; each module holds one part of it."""

from .announcement import Announcement
from .audit import AuditRecord
from .draft import DraftChange, ForbiddenPair
from .entrant import Entrant, Team
from .job import Job
from .match import LineupBoard, Match, TeamAbsence
from .preference import LanguagePreference
from .round import Board, Round, Seat
from .tournament import Tournament

__all__ = [
    "Announcement",
    "AuditRecord",
    "Board",
    "DraftChange",
    "ForbiddenPair",
    "Entrant",
    "Job",
    "LanguagePreference",
    "LineupBoard",
    "Match",
    "Round",
    "Seat",
    "Team",
    "TeamAbsence",
    "Tournament",
]
