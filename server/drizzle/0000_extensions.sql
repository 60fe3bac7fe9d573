-- Trigram indexes back the case-insensitive substring searches of the users, coins and logs screens.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
