package app.salondesk.cli;

import app.salondesk.i18n.Messages;
import app.salondesk.logic.backup.BackupFolder;
import app.salondesk.logic.backup.BackupRefused;
import app.salondesk.logic.backup.Backups;
import app.salondesk.logic.backup.Cluster;
import app.salondesk.logic.backup.Manifest;
import app.salondesk.model.backup.BackupSettings;
import app.salondesk.runtime.Backend;
import app.salondesk.runtime.SettingsFile;
import app.salondesk.runtime.StartupException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.sql.SQLException;
import java.time.Clock;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.concurrent.Callable;

/**
 * {@code salondesk backup}: backups of the embedded database in the home folder (issue 15,
 * ADR 14). Each command's outcome is its exit code: 0 when everything succeeded, 1 otherwise,
 * with one sentence on standard error (a damaged file, a newer version, the desk open on the
 * home). A shared server is its administrator's to back up: refused with a pointer to the README.
 */
@Command(name = "backup", mixinStandardHelpOptions = true,
        description = "Backups of the database on this computer: take, list, check, restore.",
        subcommands = {BackupCommand.Create.class, BackupCommand.ListBackups.class, BackupCommand.Verify.class,
                BackupCommand.Restore.class})
final class BackupCommand implements Runnable {

    private static final Logger log = LoggerFactory.getLogger(BackupCommand.class);
    static final int EXIT_FAILED = 1;

    @ParentCommand
    SalonDeskCommand root;

    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    /** A command's work on the home's backups, with the embedded database running. */
    interface Work {
        int run(Backend backend, Backups backups) throws BackupRefused, IOException, SQLException;
    }

    /** What a command does before any database: read the file, or refuse a shared server. */
    interface Check {
        void run() throws BackupRefused;
    }

    int withBackups(CommandSpec command, Check first, Work work) {
        PrintWriter err = command.commandLine().getErr();
        Messages messages = Messages.forDefaultLocale();
        try {
            if (root.dbOptions().shared()) {
                throw new BackupRefused(BackupRefused.Reason.SHARED_SERVER);
            }
            first.run();
            Backend backend;
            try {
                backend = root.openBackendForSetup();
            } catch (StartupException e) {
                if (e.reason() == StartupException.Reason.ALREADY_RUNNING) {
                    throw new BackupRefused(BackupRefused.Reason.HOME_IN_USE, root.home().dir());
                }
                throw e;
            }
            try (backend) {
                return work.run(backend, new Backups(new Cluster(backend.database().settings()), root.home().dir(), Clock.systemDefaultZone()));
            }
        } catch (BackupRefused e) {
            log.warn("backup command refused: {}", e.getMessage(), e.getCause());
            err.println(messages.format(e.reason().messageKey, e.args()));
        } catch (IOException | SQLException e) {
            log.error("backup command failed", e);
            err.println(messages.format("backup.failed", e.getMessage()));
        }
        err.flush();
        return EXIT_FAILED;
    }

    @Command(name = "create", mixinStandardHelpOptions = true,
            description = {"Take a backup now, check it by loading it back, and rotate the folder. Prints backup=PATH.",
                    "The folder is the one set in the window (default: backups in the SalonDesk folder)."})
    static final class Create implements Callable<Integer> {
        @ParentCommand
        BackupCommand backup;
        @Spec
        CommandSpec spec;
        @Option(names = "--to", paramLabel = "DIR", description = "Another folder for this backup (a USB stick, a synced folder).")
        Path to;

        @Override
        public Integer call() {
            return backup.withBackups(spec, () -> { }, (backend, backups) -> {
                Backups.Made made = backups.create(to);
                PrintWriter out = spec.commandLine().getOut();
                out.println("backup=" + made.path());
                out.println("schema_version=" + made.manifest().schemaVersion());
                out.println("rows=" + made.manifest().totalRows());
                out.println("verified=" + made.verified());
                return 0;
            });
        }
    }

    @Command(name = "list", mixinStandardHelpOptions = true,
            description = {"List the backups in the folder, newest first. One tab-separated line each:",
                    "path, when taken (this computer's time), size in bytes, verified or not verified."})
    static final class ListBackups implements Callable<Integer> {
        @ParentCommand
        BackupCommand backup;
        @Spec
        CommandSpec spec;
        @Option(names = "--in", paramLabel = "DIR", description = "Another folder to list (default: the backups folder).")
        Path in;

        @Override
        public Integer call() throws IOException {
            Path home = backup.root.home().dir();
            Path dir = in != null ? in : BackupSettings.load(new SettingsFile(home), home).folder();
            DateTimeFormatter time = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss").withZone(ZoneId.systemDefault());
            PrintWriter out = spec.commandLine().getOut();
            for (BackupFolder.Entry e : new BackupFolder(dir, ZoneId.systemDefault()).list()) {
                out.println(String.join("\t", e.path().toString(), time.format(e.takenAt()), Long.toString(e.size()),
                        e.verified() ? "verified" : "not verified"));
            }
            return 0;
        }
    }

    @Command(name = "verify", mixinStandardHelpOptions = true,
            description = {"Check a backup: load it into a scratch database beside the salon's, compare every table's",
                    "rows and checksum with what the backup says it holds, and drop the scratch database."})
    static final class Verify implements Callable<Integer> {
        @ParentCommand
        BackupCommand backup;
        @Spec
        CommandSpec spec;
        @Parameters(index = "0", paramLabel = "FILE", descriptionKey = "backup.file", description = "The backup file (.zip).")
        Path file;

        @Override
        public Integer call() {
            return backup.withBackups(spec, () -> Backups.inspect(file), (backend, backups) -> {
                Manifest m = backups.verify(file);
                spec.commandLine().getOut().println("verified=" + file.toAbsolutePath());
                spec.commandLine().getOut().println("schema_version=" + m.schemaVersion());
                spec.commandLine().getOut().println("rows=" + m.totalRows());
                return 0;
            });
        }
    }

    @Command(name = "restore", mixinStandardHelpOptions = true,
            description = {"Replace the salon's data on this computer with a backup's. The backup is loaded and checked",
                    "beside the live data first; a damaged file, or one from a newer SalonDesk, changes nothing.",
                    "SalonDesk must be closed (or restore from Settings -> Backups in its window)."})
    static final class Restore implements Callable<Integer> {
        @ParentCommand
        BackupCommand backup;
        @Spec
        CommandSpec spec;
        @Parameters(index = "0", paramLabel = "FILE", descriptionKey = "backup.file", description = "The backup file (.zip).")
        Path file;

        @Override
        public Integer call() {
            return backup.withBackups(spec, () -> Backups.inspect(file), (backend, backups) -> {
                Manifest m;
                backend.closePool();
                try {
                    m = backups.restore(file);
                } finally {
                    backend.reopenPool();
                }
                spec.commandLine().getOut().println("restored=" + file.toAbsolutePath());
                spec.commandLine().getOut().println("schema_version=" + m.schemaVersion());
                spec.commandLine().getOut().println("rows=" + m.totalRows());
                return 0;
            });
        }
    }
}
