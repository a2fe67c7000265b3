package app.salondesk.logic.messages;

import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.util.EnumSet;
import java.util.Map;
import java.util.Properties;
import java.util.Set;

/**
 * The channels' secrets, read by the sending process only (DESIGN.md, "Messages to clients"):
 * never from the database, where a staff login could read them. From the environment
 * ({@code SALONDESK_SMTP_USER}, {@code SALONDESK_SMTP_PASSWORD}, {@code SALONDESK_SMS_TOKEN}) or
 * from a properties file ({@code smtp.user}, {@code smtp.password}, {@code sms.token}) that only its
 * owner may read — a file that its group or others may read is refused, as ssh refuses a key.
 */
public record MailCredentials(String smtpUser, String smtpPassword, String smsToken) {

    public static final MailCredentials NONE = new MailCredentials(null, null, null);

    public static MailCredentials fromEnvironment(Map<String, String> env) {
        return new MailCredentials(blankToNull(env.get("SALONDESK_SMTP_USER")), blankToNull(env.get("SALONDESK_SMTP_PASSWORD")),
                blankToNull(env.get("SALONDESK_SMS_TOKEN")));
    }

    /** Thrown for a secrets file its group or others may read (or that cannot be read). */
    public static final class UnsafeFileException extends RuntimeException {
        public final transient Path file;

        UnsafeFileException(Path file, String why) {
            super(why + ": " + file);
            this.file = file;
        }
    }

    public static MailCredentials fromFile(Path file) {
        try {
            Set<PosixFilePermission> perms = Files.getPosixFilePermissions(file);
            Set<PosixFilePermission> open = EnumSet.of(PosixFilePermission.GROUP_READ, PosixFilePermission.GROUP_WRITE,
                    PosixFilePermission.OTHERS_READ, PosixFilePermission.OTHERS_WRITE);
            open.retainAll(perms);
            if (!open.isEmpty()) {
                throw new UnsafeFileException(file, "others may read the secrets file (chmod 600 it)");
            }
        } catch (UnsupportedOperationException e) {
            // not a POSIX file system (Windows): the folder's ACL is the owner's to keep
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Properties p = new Properties();
        try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            p.load(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return new MailCredentials(blankToNull(p.getProperty("smtp.user")), blankToNull(p.getProperty("smtp.password")),
                blankToNull(p.getProperty("sms.token")));
    }

    /** This process's secrets: the file named by {@code SALONDESK_MESSAGE_SECRETS} if set, else the environment. */
    public static MailCredentials ofThisProcess() {
        String file = System.getenv("SALONDESK_MESSAGE_SECRETS");
        return file != null && !file.isBlank() ? fromFile(Path.of(file.strip())) : fromEnvironment(System.getenv());
    }

    private static String blankToNull(String s) {
        return s == null || s.isBlank() ? null : s;
    }

    @Override
    public String toString() {
        // never the secrets in a log line
        return "MailCredentials[smtpUser=" + smtpUser + ", smtpPassword=" + (smtpPassword == null ? "none" : "***")
                + ", smsToken=" + (smsToken == null ? "none" : "***") + "]";
    }
}
