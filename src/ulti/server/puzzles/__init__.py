"""Puzzles on the server (issue 31): the puzzles kept and rated, each solver's rating and
history, rushes; the service that serves a position as its seat saw it and judges an answer.
"""
