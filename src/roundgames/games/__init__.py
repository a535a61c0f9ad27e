"""What every game shares: the deal and sitting protocol, the bookkeeping of a deal, and the registry of games."""
