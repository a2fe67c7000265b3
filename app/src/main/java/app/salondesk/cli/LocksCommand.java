package app.salondesk.cli;

import app.salondesk.i18n.Messages;
import app.salondesk.logic.staff.StaffRepository;
import app.salondesk.model.staff.SalonLock;
import app.salondesk.runtime.Backend;
import org.jooq.exception.DataAccessException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.Callable;

/**
 * The cure for a "try again" that does not go away: who holds (or awaits) one of the salon's
 * named locks — a master's, the rooms', a room's, a client's cap — and ending that session. For
 * the salon's admins.
 */
@Command(name = "locks", mixinStandardHelpOptions = true,
        description = {"Who holds or awaits each of the salon's locks, one tab-separated line each: what is locked (a master's",
                "name, 'rooms', 'room: NAME', 'waitlist client: NAME'), login, pid, held for (seconds or",
                "minutes, ' shared' after it for the rooms lock every booking shares; 'waiting' when not granted yet). For admins."},
        subcommands = LocksCommand.End.class)
final class LocksCommand implements Callable<Integer> {

    @ParentCommand
    SalonDeskCommand root;

    @Spec
    CommandSpec spec;

    @Option(names = "--tenant", paramLabel = "ID", description = "The salon (default: the signed-in login's; the owner must give it).")
    Long tenant;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        try (Backend backend = root.openBackend()) {
            StaffRepository staff = new StaffRepository(backend.dsl());
            long salon = salon(staff, tenant);
            var locks = staff.salonLocks(salon);
            // the server's clock: held_since is the server's, and a desk's clock may be off
            Instant now = backend.dsl().resultQuery("SELECT clock_timestamp()")
                    .fetchOne(0, java.time.OffsetDateTime.class).toInstant();
            for (SalonLock lock : locks) {
                out.println(what(lock) + "\t" + lock.login() + "\t" + lock.pid() + "\t"
                        + (lock.granted() ? heldFor(lock.heldSince(), now) + (lock.shared() ? " shared" : "") : "waiting"));
            }
            return 0;
        } catch (CliInvalid e) {
            out.println("invalid: " + e.getMessage());
            return BookingTools.EXIT_INVALID;
        } catch (DataAccessException e) {
            return UsersCommand.refused(out, e);
        }
    }

    /** What a lock guards, in the command line's words (its output is English, for scripts too). */
    static String what(SalonLock lock) {
        return switch (lock.kind()) {
            case MASTER -> lock.objectName();
            case ROOMS -> "rooms";
            case RESOURCE -> "room: " + lock.objectName();
            case WAITLIST_CLIENT -> "waitlist client: " + lock.objectName();
        };
    }

    /** The salon asked for, else the signed-in login's own: the owner belongs to none. */
    static long salon(StaffRepository staff, Long tenant) throws CliInvalid {
        if (tenant != null) {
            return tenant;
        }
        return staff.currentTenant().orElseThrow(() -> new CliInvalid(Messages.forDefaultLocale().get("cli.invalid.tenantNeeded")));
    }

    /** Seconds up to two minutes, whole minutes after: a lock is held for milliseconds when all is well. */
    static String heldFor(Instant since, Instant now) {
        if (since == null) {
            return "?";
        }
        long seconds = Math.max(0, Duration.between(since, now).toSeconds());
        return seconds < 120 ? seconds + "s" : seconds / 60 + "min";
    }

    /** {@code locks end} found no such session: it had ended already. */
    static final int EXIT_GONE = 3;

    @Command(name = "end", mixinStandardHelpOptions = true,
            description = {"End a session holding one of the salon's locks, or one of the salon's own logins. Prints 'ended PID';",
                    "a session that had ended already is one line, 'gone PID: …', and exit code 3. For admins."})
    static final class End implements Callable<Integer> {
        @ParentCommand
        LocksCommand locks;
        @Spec
        CommandSpec spec;
        @Option(names = "--pid", required = true, paramLabel = "N", description = "The session's pid, from the list.")
        int pid;
        @Option(names = "--tenant", paramLabel = "ID", description = "The salon (default: the signed-in login's; the owner must give it).")
        Long tenant;

        @Override
        public Integer call() {
            PrintWriter out = spec.commandLine().getOut();
            try (Backend backend = locks.root.openBackend()) {
                StaffRepository staff = new StaffRepository(backend.dsl());
                if (staff.endSession(salon(staff, tenant != null ? tenant : locks.tenant), pid)) {
                    out.println("ended " + pid);
                    return 0;
                }
                // nothing ended: a script (or an admin) must not read that as done (issue 37)
                out.println("gone " + pid + ": no session " + pid + " is running any more, nothing was ended");
                return EXIT_GONE;
            } catch (CliInvalid e) {
                out.println("invalid: " + e.getMessage());
                return BookingTools.EXIT_INVALID;
            } catch (DataAccessException e) {
                return UsersCommand.refused(out, e);
            }
        }
    }
}
