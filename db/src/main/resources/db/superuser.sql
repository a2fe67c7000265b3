-- The superuser's part of a shared server's setup (README, "The shared server the desks point at",
-- step 2; the chain's bootstrap.sql runs the same file). Run it once as a superuser in the salon's
-- database, after the owner salondesk and its database exist; running it again changes nothing.
-- Every statement here is one that only a superuser may make: PostgreSQL's catalog and its
-- built-in functions belong to the bootstrap superuser, not to the database's owner (ADR 7, ADR 9).
--
--   * Schema public: the owner's, and nobody else may create in it (PostgreSQL 15 and newer are set
--     up like that already; 14 lets every login plant tables and functions there).
--   * Other databases: a login may connect only to the salon's database (migration 8 already keeps
--     every other login out of that one). PostgreSQL lets every login into postgres and template1,
--     and there pg_locks shows the whole server's locks, the salon's database's among them.
--   * Locks: who holds which lock is the owner's to see (SalonDesk's `locks` asks through it), and
--     advisory locks are taken through SalonDesk's own functions only, which check the salon of the
--     caller. Another salon's login can then neither read a lock's key nor hold one; nor hold
--     Flyway's lock of the migrations (a constant key) to block every salon's upgrade.
--   * Large objects: nobody creates them (SalonDesk uses none; a staff login could otherwise fill the
--     database with bytes that no salon owns and only the owner could find).
-- The owner's own rights are granted back where SalonDesk needs them: pg_locks and the advisory
-- lock functions, for the definer functions that take and list the salons' locks and for Flyway.
REVOKE CREATE ON SCHEMA public FROM PUBLIC;
ALTER SCHEMA public OWNER TO salondesk;
REVOKE CONNECT, TEMPORARY ON DATABASE postgres FROM PUBLIC;
REVOKE CONNECT, TEMPORARY ON DATABASE template1 FROM PUBLIC;
REVOKE SELECT ON pg_catalog.pg_locks FROM PUBLIC;
GRANT SELECT ON pg_catalog.pg_locks TO salondesk;
DO $$
DECLARE
    f record;
BEGIN
    FOR f IN SELECT p.oid::regprocedure AS fn, p.proname FROM pg_catalog.pg_proc p
              WHERE p.pronamespace = 'pg_catalog'::regnamespace
                AND p.proname ~ '^(pg_lock_status|pg_(try_)?advisory_.*|lo_creat|lo_create|lo_from_bytea|lo_import)$' LOOP
        EXECUTE format('REVOKE EXECUTE ON FUNCTION %s FROM PUBLIC', f.fn);
        IF f.proname !~ '^lo_' THEN
            EXECUTE format('GRANT EXECUTE ON FUNCTION %s TO salondesk', f.fn);
        END IF;
    END LOOP;
END
$$;
