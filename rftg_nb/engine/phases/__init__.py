"""One module per phase. Importing this package registers every power handler."""

from rftg_nb.engine.phases import consume, develop, explore, produce, settle, settle_powers, trade

__all__ = ["consume", "develop", "explore", "produce", "settle", "settle_powers", "trade"]
