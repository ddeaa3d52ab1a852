"""The finished games: the history's entries and folder, replays, replay text and statistics."""
