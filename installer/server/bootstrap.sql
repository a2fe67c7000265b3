-- The shared server's one-time setup, run once on the first primary by the superuser
-- (Patroni runs it after initdb through post-bootstrap.sh; on an existing server run it with
-- psql -v owner_password=… -v bouncer_password=… -f bootstrap.sql, with superuser.sql beside it).
-- Replication copies it to the standby. What it makes:
--   * salondesk: the owner of the database and its schema. CREATEROLE: the migrations create
--     the staff groups (salondesk_receptionist, _admin, _manager, _online), and staff logins
--     are made through functions that run with its rights. `salondesk db migrate` (straight
--     to PostgreSQL, not through PgBouncer) creates the tables and groups.
--   * btree_gist, which the bookings' exclusion constraint needs (the first migration asks for
--     it too; a trusted extension, so the owner could, but the superuser makes it here once).
--   * pgbouncer: the login PgBouncer asks for a signing-in login's password verifier
--     (auth_query), through one SECURITY DEFINER function that answers for SalonDesk's staff,
--     online and relay logins only — never the owner's, a superuser's, a replication or rewind
--     login's, nor any login SalonDesk did not make (issue 29).
--   * the superuser's hardening of the salon's server (superuser.sql, the same file as the
--     README's shared-server step 2: pg_locks and the advisory locks the owner's only, no large
--     objects, nobody in the databases postgres and template1), and back what the chain's own
--     logins need of it: rewinder may enter postgres, where pg_rewind reads the primary's files.
\set ON_ERROR_STOP on

CREATE ROLE salondesk LOGIN CREATEROLE PASSWORD :'owner_password';
CREATE DATABASE salondesk OWNER salondesk ENCODING 'UTF8' TEMPLATE template0;
CREATE ROLE pgbouncer LOGIN PASSWORD :'bouncer_password';
-- pg_rewind's login. Patroni makes it after this script (it gives it LOGIN and its password from
-- the node's yml, and the four functions below); made here first so that its rights are given
-- in one place, whoever sets the server up.
SELECT NOT EXISTS (SELECT FROM pg_catalog.pg_roles WHERE rolname = 'rewinder') AS rewinder_missing \gset
\if :rewinder_missing
CREATE ROLE rewinder NOLOGIN;
\endif

\connect salondesk
-- PostgreSQL 15 gives schema public to the database owner and lets nobody else create in it
-- already; said again for a server that was upgraded from 14 (README, "The shared server"), and
-- again in superuser.sql below.
REVOKE CREATE ON SCHEMA public FROM PUBLIC;
ALTER SCHEMA public OWNER TO salondesk;
CREATE EXTENSION IF NOT EXISTS btree_gist SCHEMA public;

-- PgBouncer runs its auth_query in the database the client asks for: the function lives here,
-- in a schema of the superuser's that the application neither sees nor owns. It answers (one row:
-- the login and its SCRAM verifier) only for a login that is a member of one of SalonDesk's road
-- groups and nothing more: it can log in, its password is a SCRAM verifier that has not expired,
-- and it is no superuser, replication, BYPASSRLS, CREATEROLE or CREATEDB login, nor the database's
-- owner (on PostgreSQL 16 and newer the owner, which made the groups, is their member too). For
-- anyone else, no row: PgBouncer then refuses the sign-in as for an unknown login, so it is no way
-- in for the owner (who migrates straight to PostgreSQL), the chain's own logins, or a login a
-- database administrator made for something else. The group names are text, so a group a later
-- SalonDesk adds (the relay's) counts once it exists, and a missing one is no error.
CREATE SCHEMA pgbouncer AUTHORIZATION postgres;
REVOKE ALL ON SCHEMA pgbouncer FROM PUBLIC;
GRANT USAGE ON SCHEMA pgbouncer TO pgbouncer;
CREATE FUNCTION pgbouncer.user_lookup(i_username text)
    RETURNS TABLE (uname text, phash text)
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path = pg_catalog, pg_temp
AS $$
    SELECT a.rolname::text, a.rolpassword
      FROM pg_catalog.pg_authid a
     WHERE a.rolname = i_username
       AND a.rolcanlogin
       AND NOT a.rolsuper AND NOT a.rolreplication AND NOT a.rolbypassrls
       AND NOT a.rolcreaterole AND NOT a.rolcreatedb
       AND a.rolpassword LIKE 'SCRAM-SHA-256$%'
       AND (a.rolvaliduntil IS NULL OR a.rolvaliduntil > pg_catalog.now())
       AND a.oid <> (SELECT d.datdba FROM pg_catalog.pg_database d WHERE d.datname = pg_catalog.current_database())
       AND EXISTS (SELECT FROM pg_catalog.pg_auth_members m
                     JOIN pg_catalog.pg_authid g ON g.oid = m.roleid
                    WHERE m.member = a.oid
                      AND g.rolname IN ('salondesk_receptionist', 'salondesk_admin', 'salondesk_manager',
                                        'salondesk_online', 'salondesk_relay'))
$$;
REVOKE ALL ON FUNCTION pgbouncer.user_lookup(text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION pgbouncer.user_lookup(text) TO pgbouncer;
-- V8 takes CONNECT away from PUBLIC; PgBouncer's login keeps it
GRANT CONNECT ON DATABASE salondesk TO pgbouncer;

-- The superuser's part of every shared server (db/src/main/resources/db/superuser.sql, copied
-- beside this file), in the salon's database.
\ir superuser.sql

-- What the chain's own logins need back after superuser.sql. Patroni's superuser needs nothing
-- (a superuser), nor does replicator (streaming replication enters no database); pgbouncer has
-- CONNECT on salondesk above. rewinder: CONNECT on postgres, the database pg_rewind and Patroni's
-- check before it connect to, and there exactly the functions PostgreSQL's documentation of
-- pg_rewind names for a login that is not a superuser — no other database, no other right
-- (pg_hba.conf admits it to postgres only, from the database machines). A function's rights live
-- in each database's own catalog, so they are given in postgres; and there, where rewinder is the
-- only login besides the superuser, it may not read pg_locks either (it shows the whole server's
-- locks, the salons' among them) nor take advisory locks (they fill the server's one lock table)
-- nor make large objects: what superuser.sql takes from PUBLIC in the salon's database.
GRANT CONNECT ON DATABASE postgres TO rewinder;
\connect postgres
REVOKE SELECT ON pg_catalog.pg_locks FROM PUBLIC;
DO $$
DECLARE
    f record;
BEGIN
    FOR f IN SELECT p.oid::regprocedure AS fn FROM pg_catalog.pg_proc p
              WHERE p.pronamespace = 'pg_catalog'::regnamespace
                AND p.proname ~ '^(pg_lock_status|pg_(try_)?advisory_.*|lo_creat|lo_create|lo_from_bytea|lo_import)$' LOOP
        EXECUTE format('REVOKE EXECUTE ON FUNCTION %s FROM PUBLIC', f.fn);
    END LOOP;
END
$$;
GRANT EXECUTE ON FUNCTION pg_catalog.pg_ls_dir(text, boolean, boolean) TO rewinder;
GRANT EXECUTE ON FUNCTION pg_catalog.pg_stat_file(text, boolean) TO rewinder;
GRANT EXECUTE ON FUNCTION pg_catalog.pg_read_binary_file(text) TO rewinder;
GRANT EXECUTE ON FUNCTION pg_catalog.pg_read_binary_file(text, bigint, bigint, boolean) TO rewinder;
