-- The shared server's one-time setup, run once on the first primary by the superuser
-- (Patroni runs it after initdb through post-bootstrap.sh; on an existing server run it with
-- psql -v owner_password=… -v bouncer_password=… -f bootstrap.sql). Replication copies it to
-- the standby. What it makes:
--   * salondesk: the owner of the database and its schema. CREATEROLE: the migrations create
--     the staff groups (salondesk_receptionist, _admin, _manager, _online), and staff logins
--     are made through functions that run with its rights. `salondesk db migrate` (straight
--     to PostgreSQL, not through PgBouncer) creates the tables and groups.
--   * btree_gist, which the bookings' exclusion constraint needs (the first migration asks for
--     it too; a trusted extension, so the owner could, but the superuser makes it here once).
--   * pgbouncer: the login PgBouncer asks for a signing-in login's password verifier
--     (auth_query), through one SECURITY DEFINER function that answers only for ordinary
--     logins — never a superuser's or a replication login's.
\set ON_ERROR_STOP on

CREATE ROLE salondesk LOGIN CREATEROLE PASSWORD :'owner_password';
CREATE DATABASE salondesk OWNER salondesk ENCODING 'UTF8' TEMPLATE template0;
CREATE ROLE pgbouncer LOGIN PASSWORD :'bouncer_password';

\connect salondesk
-- PostgreSQL 15 gives schema public to the database owner and lets nobody else create in it
-- already; said again for a server that was upgraded from 14 (README, "The shared server").
REVOKE CREATE ON SCHEMA public FROM PUBLIC;
ALTER SCHEMA public OWNER TO salondesk;
CREATE EXTENSION IF NOT EXISTS btree_gist SCHEMA public;

-- PgBouncer runs its auth_query in the database the client asks for: the function lives here,
-- in a schema of the superuser's that the application neither sees nor owns.
CREATE SCHEMA pgbouncer AUTHORIZATION postgres;
REVOKE ALL ON SCHEMA pgbouncer FROM PUBLIC;
GRANT USAGE ON SCHEMA pgbouncer TO pgbouncer;
CREATE FUNCTION pgbouncer.user_lookup(IN i_username text, OUT uname text, OUT phash text)
    RETURNS record
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path = pg_catalog, pg_temp
AS $$
    SELECT rolname::text, CASE WHEN rolvaliduntil < now() THEN NULL ELSE rolpassword END
      FROM pg_catalog.pg_authid
     WHERE rolname = i_username AND rolcanlogin AND NOT rolsuper AND NOT rolreplication AND NOT rolbypassrls
$$;
REVOKE ALL ON FUNCTION pgbouncer.user_lookup(text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION pgbouncer.user_lookup(text) TO pgbouncer;
-- V8 takes CONNECT away from PUBLIC; PgBouncer's login keeps it
GRANT CONNECT ON DATABASE salondesk TO pgbouncer;
