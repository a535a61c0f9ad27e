"""The core below every game: cards and masks, tricks, options, errors, the ledger and seat names."""
