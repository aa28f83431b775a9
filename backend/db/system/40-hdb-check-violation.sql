-- Hasura's own helper, as its catalog defines it: a mutation's permission check calls it on a row
-- that fails the check, so that the statement itself fails and its transaction rolls back, even
-- when the statement is the whole transaction (one round trip, backend/engine/execute).
CREATE OR REPLACE FUNCTION hdb_catalog.check_violation(msg text) RETURNS boolean
  LANGUAGE plpgsql AS $$
BEGIN
  RAISE check_violation USING message = msg;
END;
$$;
