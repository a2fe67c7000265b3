package app.salondesk.gui.common;

import app.salondesk.runtime.SettingsFile;
import javafx.stage.FileChooser;
import javafx.stage.Window;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.function.BiFunction;

/**
 * Where a save dialog opens (issue 31: it opened in the application's own folder, the process's
 * working directory): the folder last saved into, else the user's Documents, else the home
 * folder. The last folder is kept in {@code settings.properties} once the shell names that file
 * ({@link #remembering}); before that, and in tests, only for the running desk.
 *
 * <p>One per desk process ({@link #shared()}): the export, client-data and print windows are
 * built deep inside features that know no settings file, and a folder is the person's, not a
 * window's. A low helper: it knows no feature.
 */
public final class SaveFolder {

    private static final Logger log = LoggerFactory.getLogger(SaveFolder.class);
    /** A settings file key, not a message key. */
    static final String KEY = "files.last_folder";
    private static final SaveFolder SHARED = new SaveFolder(Path.of(System.getProperty("user.home", ".")));

    private final Path home;
    private volatile SettingsFile settings;
    private volatile Path last;

    SaveFolder(Path home) {
        this.home = home;
    }

    public static SaveFolder shared() {
        return SHARED;
    }

    /** Keeps the last folder in this settings file from now on, and reads the one kept there. */
    public SaveFolder remembering(SettingsFile file) {
        this.settings = file;
        file.get(KEY).map(Path::of).filter(Files::isDirectory).ifPresent(p -> last = p);
        return this;
    }

    /** The folder a save dialog opens in now. */
    public Path initial() {
        if (last != null && Files.isDirectory(last)) {
            return last;
        }
        Path documents = home.resolve("Documents");
        return Files.isDirectory(documents) ? documents : home;
    }

    /** A save dialog that opens in {@link #initial()}. */
    public FileChooser chooser() {
        FileChooser chooser = new FileChooser();
        File folder = initial().toFile();
        if (folder.isDirectory()) {
            chooser.setInitialDirectory(folder);
        }
        return chooser;
    }

    /**
     * The file an export is saved in: {@code instead}'s answer when a test set one (no system dialog), else a save
     * dialog opening in {@link #initial()} with this name and one filter ({@code "*.csv"}); null when cancelled. One
     * chooser for every export (the checkout's and the reports' each had their own copy).
     */
    public File saveAs(Window over, String name, String pattern, BiFunction<Window, String, File> instead) {
        if (instead != null) {
            return instead.apply(over, name);
        }
        FileChooser chooser = chooser();
        chooser.setInitialFileName(name);
        chooser.getExtensionFilters().add(new FileChooser.ExtensionFilter(pattern, pattern));
        return remember(chooser.showSaveDialog(over));
    }

    /** Notes the folder of a file chosen (null: the dialog was cancelled); gives the file back. */
    public File remember(File chosen) {
        if (chosen != null && chosen.getAbsoluteFile().getParentFile() != null) {
            last = chosen.getAbsoluteFile().getParentFile().toPath();
            SettingsFile file = settings;
            if (file != null) {
                try {
                    file.put(Map.of(KEY, last.toString()));
                } catch (IOException e) {
                    // only the next dialog's starting folder is lost
                    log.warn("could not remember the folder {}", last, e);
                }
            }
        }
        return chosen;
    }
}
