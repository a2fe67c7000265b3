package app.salondesk.db;

import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.AclEntry;
import java.nio.file.attribute.AclEntryFlag;
import java.nio.file.attribute.AclEntryPermission;
import java.nio.file.attribute.AclEntryType;
import java.nio.file.attribute.AclFileAttributeView;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermissions;
import java.nio.file.attribute.UserPrincipal;
import java.util.List;

/**
 * Files and directories only their owner may read: the embedded server's directory and password
 * file, and the salon's backups. Private from their first byte (made with the permissions, not
 * narrowed after): POSIX mode 600/700, or on NTFS an ACL with one entry for this user and
 * nothing inherited from the parent.
 */
public final class PrivateFiles {

    private PrivateFiles() {
    }

    /**
     * A directory only its owner may list or enter (the embedded server's holds its password
     * file and cluster), with its parents. An existing directory is left as it is: the user
     * chose it, and the files put in it are private by themselves.
     */
    public static void createDirectory(Path dir) throws IOException {
        if (Files.isDirectory(dir)) {
            return;
        }
        Path parent = dir.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        try {
            Files.createDirectory(dir, ownerOnly(dir, true));
            dropInheritedAccess(dir, true);
        } catch (FileAlreadyExistsException e) {
            if (!Files.isDirectory(dir)) {
                throw e;
            }
            // another process created it in the meantime: its permissions are its creator's choice
        }
    }

    /**
     * A new, empty file only its owner may read or write; fails if {@code file} exists (a file
     * or link put in its place is never written through).
     */
    public static void createFile(Path file) throws IOException {
        Files.createFile(file, ownerOnly(file, false));
        dropInheritedAccess(file, false);
    }

    /**
     * Permissions for the owner alone, to create {@code path} with, so that it is private from
     * its first byte rather than narrowed after: POSIX mode 600 (700 for a directory), or an
     * ACL with one entry for this user on NTFS.
     */
    static FileAttribute<?> ownerOnly(Path path, boolean directory) throws IOException {
        if (isPosix(path)) {
            return PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString(directory ? "rwx------" : "rw-------"));
        }
        List<AclEntry> acl = ownerAcl(path, directory);
        return new FileAttribute<List<AclEntry>>() {
            @Override
            public String name() {
                return "acl:acl";
            }

            @Override
            public List<AclEntry> value() {
                return acl;
            }
        };
    }

    /**
     * Windows adds to the ACL given at creation the entries the parent directory passes on to
     * its children (Java cannot mark it protected), so a file created "owner-only" in an
     * existing directory may also be open to whoever that directory names. Setting the ACL
     * again, before anything is written, drops them. What was added came from the parent;
     * for the password file that is the base directory, made owner-only by the same means.
     * No-op on POSIX, where the mode given at creation is the whole story.
     */
    static void dropInheritedAccess(Path path, boolean directory) throws IOException {
        if (!isPosix(path)) {
            Files.getFileAttributeView(path, AclFileAttributeView.class).setAcl(ownerAcl(path, directory));
        }
    }

    private static List<AclEntry> ownerAcl(Path path, boolean directory) throws IOException {
        if (!path.getFileSystem().supportedFileAttributeViews().contains("acl")) {
            throw new IOException("cannot make " + path + " private: the file system has neither POSIX permissions nor ACLs");
        }
        UserPrincipal me = path.getFileSystem().getUserPrincipalLookupService()
                .lookupPrincipalByName(System.getProperty("user.name"));
        AclEntry.Builder entry = AclEntry.newBuilder()
                .setType(AclEntryType.ALLOW)
                .setPrincipal(me)
                .setPermissions(AclEntryPermission.values());
        if (directory) {
            // passed on to what is created inside: the password file, the cluster, the log
            entry.setFlags(AclEntryFlag.FILE_INHERIT, AclEntryFlag.DIRECTORY_INHERIT);
        }
        return List.of(entry.build());
    }

    private static boolean isPosix(Path path) {
        return path.getFileSystem().supportedFileAttributeViews().contains("posix");
    }
}
