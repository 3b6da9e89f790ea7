-- Trigram indexes for contains-search (products). Trusted extension: the database owner may create it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
