-- A player's shirt number (issue 41): 1–99 or none, at most one player of an account per number.
-- A push that gives a player a number another player wears keeps the rest of its change and
-- drops the number (the applier tells its device); a REST write is refused. Seats keep a copy.
ALTER TABLE players ADD COLUMN shirt_number INTEGER CHECK (shirt_number BETWEEN 1 AND 99);
CREATE UNIQUE INDEX players_shirt_number ON players (owner_id, shirt_number);
ALTER TABLE gather_players ADD COLUMN shirt_number INTEGER;
