-- Sessions on the salon's database run without PostgreSQL's JIT compiler (issue 19, ADR 23).
-- Debian's and Ubuntu's PostgreSQL packages are built with LLVM and have jit = on: any query the
-- planner costs above jit_above_cost is compiled first. The free-time search's set-returning
-- functions (a master's hours, a day's grid) are estimated at 1 000 rows each, so the planner
-- costs it at millions of rows and it was JIT-compiled on every call: 1.6 s of CPU for an answer
-- that takes 20 ms without (EXPLAIN ANALYZE on PostgreSQL 15, Debian 12). A desk's questions
-- are small and short; none gains from JIT. Set on the database, so that it holds for every
-- session whichever road it comes by (PgBouncer drops the clients' start-up options).
-- Only the database's owner (or a superuser) may set it: a server whose migrating login does not
-- own the database keeps its own setting, and its administrator is told how to set it.
DO $$
BEGIN
    EXECUTE format('ALTER DATABASE %I SET jit = off', current_database());
EXCEPTION WHEN insufficient_privilege THEN
    RAISE WARNING 'jit stays as the server sets it (%): run ALTER DATABASE % SET jit = off as its owner', SQLERRM, current_database();
END
$$;
