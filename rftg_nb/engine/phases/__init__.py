"""One module per phase. Importing this package registers every power handler."""

from rftg_nb.engine.phases import consume, develop, explore, produce, settle, trade

__all__ = ["consume", "develop", "explore", "produce", "settle", "trade"]
