package app.salondesk.logic.backup;

import java.util.List;

/**
 * A backup that cannot be used, or a backup operation that cannot be done here, in terms a
 * person can act on. The key and arguments become one sentence in the caller's language
 * (the command line's stderr, a window's message); nothing was changed when this is thrown.
 */
public final class BackupRefused extends Exception {

    public enum Reason {
        /** {0}: the path. */
        NOT_FOUND("backup.refused.notFound"),
        /** {0}: the path. Not a zip, or a zip without a manifest. */
        NOT_A_BACKUP("backup.refused.notABackup"),
        /** {0}: the path. The zip's directory is missing: cut short. */
        INCOMPLETE("backup.refused.incomplete"),
        /** {0}: the path, {1}: the part that does not match. */
        DAMAGED("backup.refused.damaged"),
        /** {0}: the path, {1}: the file's format. */
        NEWER_FORMAT("backup.refused.newerFormat"),
        /** {0}: the path, {1}: the backup's schema version, {2}: the newest this build knows. */
        NEWER_SCHEMA("backup.refused.newerSchema"),
        /** {0}: the path, {1}: the table that came back different. */
        CHECK_FAILED("backup.refused.checkFailed"),
        /** {0}: the home folder. */
        HOME_IN_USE("backup.refused.homeInUse"),
        /** A shared server: its administrator backs it up. */
        SHARED_SERVER("backup.refused.sharedServer");

        public final String messageKey;

        Reason(String messageKey) {
            this.messageKey = messageKey;
        }
    }

    private final Reason reason;
    private final List<Object> args;

    public BackupRefused(Reason reason, Object... args) {
        this(reason, null, args);
    }

    public BackupRefused(Reason reason, Throwable cause, Object... args) {
        super(reason + " " + List.of(args), cause);
        this.reason = reason;
        this.args = List.of(args);
    }

    public Reason reason() {
        return reason;
    }

    /** The sentence's arguments, in the order of the key's placeholders. */
    public Object[] args() {
        return args.toArray();
    }
}
