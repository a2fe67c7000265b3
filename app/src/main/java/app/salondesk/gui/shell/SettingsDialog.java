package app.salondesk.gui.shell;

import app.salondesk.gui.common.DeskWindows;
import app.salondesk.gui.common.DiscardGuard;
import app.salondesk.gui.common.UnsavedEdits;
import app.salondesk.i18n.LanguageSetting;
import app.salondesk.i18n.Messages;
import app.salondesk.runtime.WindowSettings;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.geometry.Insets;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.layout.GridPane;
import javafx.stage.Window;
import javafx.util.StringConverter;

import java.text.NumberFormat;
import java.util.Locale;
import java.util.Optional;

/**
 * Settings: the language of the window (each language named in itself), the text size, and on
 * this computer's database the way to its backups. Cancel, Esc, its ✕ and "Backups…" ask before
 * losing a language or size chosen and not applied (issue 31).
 */
public final class SettingsDialog {

    private SettingsDialog() {
    }

    /**
     * What was chosen.
     *
     * @param language empty: as the computer
     * @param textSize in pixels, one of {@link WindowSettings#TEXT_SIZES}
     */
    public record Choice(Optional<Locale> language, int textSize) {
    }

    /**
     * Asks for the language and the text size; empty when the dialog was cancelled.
     *
     * @param openBackups what "Backups…" opens (the embedded database's backups), or null to offer none
     */
    public static Optional<Choice> ask(Window owner, Messages messages, Optional<Locale> current, int textSize, Runnable openBackups) {
        Dialog<Choice> dialog = new Dialog<>();
        dialog.initOwner(owner);
        dialog.setTitle(messages.get("settings.title"));
        dialog.setHeaderText(null);
        ComboBox<Optional<Locale>> language = new ComboBox<>();
        language.setId("settings-language");
        language.getItems().add(Optional.empty());
        LanguageSetting.SUPPORTED.forEach(l -> language.getItems().add(Optional.of(l)));
        language.setConverter(new StringConverter<>() {
            @Override
            public String toString(Optional<Locale> l) {
                if (l == null || l.isEmpty()) {
                    return messages.get("settings.languageSystem");
                }
                String name = l.get().getDisplayLanguage(l.get());   // "українська", "русский", "English"
                return name.substring(0, 1).toUpperCase(l.get()) + name.substring(1);
            }

            @Override
            public Optional<Locale> fromString(String s) {
                return Optional.empty();
            }
        });
        // what is chosen, apart from the lists that show it: "has changes" compares these (UnsavedEdits)
        ObjectProperty<Optional<Locale>> chosenLanguage = new SimpleObjectProperty<>(current);
        language.valueProperty().bindBidirectional(chosenLanguage);
        ComboBox<Integer> size = new ComboBox<>();
        size.setId("settings-text-size");
        size.getItems().setAll(WindowSettings.TEXT_SIZES);
        NumberFormat percent = NumberFormat.getPercentInstance(messages.locale());
        size.setConverter(new StringConverter<>() {
            @Override
            public String toString(Integer px) {
                return px == null ? "" : percent.format(px / (double) WindowSettings.NORMAL_TEXT);
            }

            @Override
            public Integer fromString(String s) {
                return null;
            }
        });
        ObjectProperty<Integer> chosenSize = new SimpleObjectProperty<>(
                WindowSettings.TEXT_SIZES.contains(textSize) ? textSize : WindowSettings.NORMAL_TEXT);
        size.valueProperty().bindBidirectional(chosenSize);
        UnsavedEdits edits = new UnsavedEdits(chosenLanguage, chosenSize);
        GridPane grid = new GridPane();
        grid.setHgap(10);
        grid.setVgap(8);
        grid.setPadding(new Insets(16));
        grid.addRow(0, new Label(messages.get("settings.language")), language);
        grid.add(new Label(messages.get("settings.languageHint")), 0, 1, 2, 1);
        grid.addRow(2, new Label(messages.get("settings.textSize")), size);
        grid.add(new Label(messages.get("settings.textSizeHint")), 0, 3, 2, 1);
        if (openBackups != null) {
            javafx.scene.control.Button backups = new javafx.scene.control.Button(messages.get("settings.backups"));
            backups.setId("settings-backups");
            // the settings close first (asking when something was chosen), then the backups open
            backups.setOnAction(e -> DiscardGuard.requestClose(dialog, () -> javafx.application.Platform.runLater(openBackups)));
            grid.add(new javafx.scene.control.Separator(), 0, 4, 2, 1);
            grid.add(backups, 0, 5, 2, 1);
        }
        dialog.getDialogPane().setContent(grid);
        ButtonType ok = new ButtonType(messages.get("settings.apply"), ButtonBar.ButtonData.OK_DONE);
        ButtonType cancel = new ButtonType(messages.get("form.cancel"), ButtonBar.ButtonData.CANCEL_CLOSE);
        dialog.getDialogPane().getButtonTypes().addAll(ok, cancel);
        dialog.getDialogPane().lookupButton(ok).setId("settings-apply");
        dialog.getDialogPane().lookupButton(cancel).setId("settings-cancel");
        dialog.setResultConverter(b -> b == ok ? new Choice(chosenLanguage.get(), chosenSize.get()) : null);
        DiscardGuard.install(dialog, edits.changedProperty(), () -> messages.get("discard.settings"), messages);
        return DeskWindows.showAndWait(dialog);
    }
}
