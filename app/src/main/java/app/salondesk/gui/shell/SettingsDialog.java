package app.salondesk.gui.shell;

import app.salondesk.gui.common.DeskWindows;
import app.salondesk.i18n.LanguageSetting;
import app.salondesk.i18n.Messages;
import app.salondesk.runtime.WindowSettings;
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
 * this computer's database the way to its backups.
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
        language.setValue(current);
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
        size.setValue(WindowSettings.TEXT_SIZES.contains(textSize) ? textSize : WindowSettings.NORMAL_TEXT);
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
            backups.setOnAction(e -> {
                dialog.setResult(null);
                dialog.close();
                javafx.application.Platform.runLater(openBackups);
            });
            grid.add(new javafx.scene.control.Separator(), 0, 4, 2, 1);
            grid.add(backups, 0, 5, 2, 1);
        }
        dialog.getDialogPane().setContent(grid);
        ButtonType ok = new ButtonType(messages.get("settings.apply"), ButtonBar.ButtonData.OK_DONE);
        ButtonType cancel = new ButtonType(messages.get("form.cancel"), ButtonBar.ButtonData.CANCEL_CLOSE);
        dialog.getDialogPane().getButtonTypes().addAll(ok, cancel);
        dialog.getDialogPane().lookupButton(ok).setId("settings-apply");
        dialog.setResultConverter(b -> b == ok ? new Choice(language.getValue(), size.getValue()) : null);
        return DeskWindows.showAndWait(dialog);
    }
}
