"""Card database for Race for the Galaxy (base game + The Gathering Storm).

The data lives in this package's ``cards.json``; it is loaded and validated when this
module is imported and exposed as :data:`CARDS`::

    from rftg_nb.cards import CARDS
    CARDS["Old Earth"].powers_in(4)
    CARDS.deck("tgs")          # 136 card names
"""

from .loader import (
    BONUS_CODES,
    FILE_FORMAT,
    FILE_VERSION,
    FLAGS,
    GOODS,
    KNOWN_CODES,
    load_cards,
)
from .model import EXPANSIONS, CardDatabase, CardDataError, Design, Power, VPBonus

#: The game's card database, loaded from the packaged ``cards.json``.
CARDS: CardDatabase = load_cards()

__all__ = [
    "BONUS_CODES",
    "CARDS",
    "EXPANSIONS",
    "FILE_FORMAT",
    "FILE_VERSION",
    "FLAGS",
    "GOODS",
    "KNOWN_CODES",
    "CardDataError",
    "CardDatabase",
    "Design",
    "Power",
    "VPBonus",
    "load_cards",
]
