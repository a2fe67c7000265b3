package app.salondesk.ui;

import app.salondesk.i18n.LanguageSetting;
import app.salondesk.i18n.Messages;
import javafx.geometry.Insets;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.layout.GridPane;
import javafx.stage.Window;
import javafx.util.StringConverter;

import java.util.Locale;
import java.util.Optional;

/** Settings: the language of the window (each language named in itself), and on this computer's database the way to its backups. */
public final class SettingsDialog {

    private SettingsDialog() {
    }

    /**
     * Asks for the language; returns the choice (empty inner Optional = as the computer), or
     * empty when the dialog was cancelled.
     */
    public static Optional<Optional<Locale>> ask(Window owner, Messages messages, Optional<Locale> current) {
        return ask(owner, messages, current, null);
    }

    /** @param openBackups what "Backups…" opens (the embedded database's backups), or null to offer none */
    public static Optional<Optional<Locale>> ask(Window owner, Messages messages, Optional<Locale> current, Runnable openBackups) {
        Dialog<Optional<Locale>> dialog = new Dialog<>();
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
        GridPane grid = new GridPane();
        grid.setHgap(10);
        grid.setVgap(8);
        grid.setPadding(new Insets(16));
        grid.addRow(0, new Label(messages.get("settings.language")), language);
        grid.add(new Label(messages.get("settings.languageHint")), 0, 1, 2, 1);
        if (openBackups != null) {
            javafx.scene.control.Button backups = new javafx.scene.control.Button(messages.get("settings.backups"));
            backups.setId("settings-backups");
            backups.setOnAction(e -> {
                dialog.setResult(null);
                dialog.close();
                javafx.application.Platform.runLater(openBackups);
            });
            grid.add(new javafx.scene.control.Separator(), 0, 2, 2, 1);
            grid.add(backups, 0, 3, 2, 1);
        }
        dialog.getDialogPane().setContent(grid);
        ButtonType ok = new ButtonType(messages.get("settings.apply"), ButtonBar.ButtonData.OK_DONE);
        ButtonType cancel = new ButtonType(messages.get("form.cancel"), ButtonBar.ButtonData.CANCEL_CLOSE);
        dialog.getDialogPane().getButtonTypes().addAll(ok, cancel);
        dialog.getDialogPane().lookupButton(ok).setId("settings-apply");
        dialog.setResultConverter(b -> b == ok ? language.getValue() : null);
        return dialog.showAndWait();
    }
}
