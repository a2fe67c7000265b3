\set k random(1, 64)
BEGIN;
SELECT pg_advisory_xact_lock_shared(1000);
SELECT pg_advisory_xact_lock(:k);
INSERT INTO t VALUES (:k, 1);
COMMIT;
