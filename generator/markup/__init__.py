"""markup."""
