"""People's events on the club server (issue 30): kept (:mod:`.store`), run (:mod:`.service`)."""
