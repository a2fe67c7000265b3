package app.salondesk.gui.common;

import app.salondesk.runtime.SettingsFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/** Issue 31: "the save dialog opens in the app's build folder". */
class SaveFolderTest {

    @Test
    void aSaveDialogOpensInDocumentsThenInTheFolderLastSavedIntoAlsoAfterARestart(@TempDir Path tmp) throws Exception {
        Path home = Files.createDirectories(tmp.resolve("home"));
        assertEquals(home, new SaveFolder(home).initial(), "no Documents: the home folder");
        Path documents = Files.createDirectories(home.resolve("Documents"));
        SettingsFile settings = new SettingsFile(tmp.resolve("salondesk"));
        SaveFolder folder = new SaveFolder(home).remembering(settings);
        assertEquals(documents, folder.initial());
        assertEquals(documents.toFile(), folder.chooser().getInitialDirectory(), "not the process's working folder");

        Path reports = Files.createDirectories(tmp.resolve("reports"));
        File chosen = reports.resolve("bookings.csv").toFile();
        assertEquals(chosen, folder.remember(chosen));
        assertEquals(reports, folder.initial());
        assertNull(folder.remember(null), "cancelled");
        assertEquals(reports, folder.initial(), "a cancelled dialog changes nothing");

        assertEquals(reports, new SaveFolder(home).remembering(settings).initial(), "kept in settings.properties");
        Files.delete(reports);
        assertEquals(documents, new SaveFolder(home).remembering(settings).initial(), "a folder since removed: Documents again");
    }
}
