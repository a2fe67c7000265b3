package app.salondesk.logic.backup;

import org.apache.commons.compress.archivers.zip.ZipArchiveEntry;
import org.apache.commons.compress.archivers.zip.ZipFile;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.zip.ZipException;

/**
 * A backup file opened for reading, with its manifest, and the check that comes before anything
 * is loaded: every table's bytes are read once and must match the manifest's sum and count. A
 * file cut short, flipped bits, a missing table: refused here, before a database is made.
 */
public final class BackupFile implements AutoCloseable {

    private final Path path;
    private final ZipFile zip;
    private final Manifest manifest;

    private BackupFile(Path path, ZipFile zip, Manifest manifest) {
        this.path = path;
        this.zip = zip;
        this.manifest = manifest;
    }

    /** Opens the file and reads its manifest (not yet its tables: see {@link #checkIntegrity()}). */
    public static BackupFile open(Path path) throws BackupRefused {
        if (!Files.isRegularFile(path)) {
            throw new BackupRefused(BackupRefused.Reason.NOT_FOUND, path);
        }
        ZipFile zip;
        try {
            zip = ZipFile.builder().setPath(path).get();
        } catch (IOException e) {
            // no end-of-central-directory record: the file stops before its directory was written
            throw new BackupRefused(looksLikeZip(path) ? BackupRefused.Reason.INCOMPLETE : BackupRefused.Reason.NOT_A_BACKUP, e, path);
        }
        try {
            ZipArchiveEntry entry = zip.getEntry(Manifest.ENTRY);
            if (entry == null) {
                throw new BackupRefused(BackupRefused.Reason.NOT_A_BACKUP, path);
            }
            Manifest manifest;
            try (InputStream in = zip.getInputStream(entry)) {
                manifest = Manifest.read(in);
            } catch (IOException | IllegalArgumentException | java.time.DateTimeException e) {
                throw new BackupRefused(BackupRefused.Reason.DAMAGED, e, path, Manifest.ENTRY);
            }
            if (manifest.format() > Manifest.FORMAT) {
                throw new BackupRefused(BackupRefused.Reason.NEWER_FORMAT, path, manifest.format());
            }
            return new BackupFile(path, zip, manifest);
        } catch (BackupRefused | RuntimeException e) {
            closeQuietly(zip);
            throw e;
        }
    }

    /** Reads every table's bytes and compares them with the manifest. */
    public void checkIntegrity() throws BackupRefused {
        for (Manifest.Table t : manifest.tables()) {
            ZipArchiveEntry entry = zip.getEntry(t.entry());
            if (entry == null) {
                throw new BackupRefused(BackupRefused.Reason.DAMAGED, path, t.name());
            }
            MessageDigest sha = Catalog.sha256();
            long lines = 0;
            try (InputStream in = new DigestInputStream(zip.getInputStream(entry), sha)) {
                byte[] buf = new byte[64 * 1024];
                for (int n; (n = in.read(buf)) > 0; ) {
                    for (int i = 0; i < n; i++) {
                        if (buf[i] == '\n') {
                            lines++;
                        }
                    }
                }
            } catch (ZipException e) {
                throw new BackupRefused(BackupRefused.Reason.DAMAGED, e, path, t.name());
            } catch (IOException e) {
                // an entry that ends before its data does: the file was cut or overwritten
                throw new BackupRefused(BackupRefused.Reason.DAMAGED, e, path, t.name());
            }
            if (lines != t.rows() || !HexFormat.of().formatHex(sha.digest()).equals(t.sha256())) {
                throw new BackupRefused(BackupRefused.Reason.DAMAGED, path, t.name());
            }
        }
    }

    /** The table's COPY bytes, as written. */
    InputStream table(Manifest.Table t) throws IOException {
        ZipArchiveEntry entry = zip.getEntry(t.entry());
        if (entry == null) {
            throw new IOException("no entry " + t.entry());
        }
        return zip.getInputStream(entry);
    }

    public Manifest manifest() {
        return manifest;
    }

    public Path path() {
        return path;
    }

    @Override
    public void close() {
        closeQuietly(zip);
    }

    private static boolean looksLikeZip(Path path) {
        try (InputStream in = Files.newInputStream(path)) {
            byte[] head = in.readNBytes(4);
            return head.length == 4 && head[0] == 'P' && head[1] == 'K' && head[2] == 3 && head[3] == 4;
        } catch (IOException e) {
            return false;
        }
    }

    private static void closeQuietly(ZipFile zip) {
        try {
            zip.close();
        } catch (IOException ignored) {
            // read only: nothing to lose
        }
    }
}
