package app.salondesk.gui.common;

import javafx.scene.control.TextInputControl;
import javafx.scene.text.Text;

/**
 * A field at least as wide as the hint written inside it (issue 31: "Пошук клієнта: ім'я або"
 * was cut in the toolbar): its minimum width follows its prompt text, measured in its own font,
 * plus its padding — in whichever language the desk speaks. The texts themselves are kept short;
 * this keeps a longer translation whole rather than cut. A low helper: it knows no feature.
 */
public final class PromptFit {

    private PromptFit() {
    }

    public static <T extends TextInputControl> T fit(T field) {
        Runnable update = () -> {
            String prompt = field.getPromptText();
            if (prompt == null || prompt.isEmpty()) {
                return;
            }
            Text measured = new Text(prompt);
            measured.setFont(field.getFont());
            double room = Math.ceil(measured.getLayoutBounds().getWidth() + field.getInsets().getLeft() + field.getInsets().getRight()) + 2;
            field.setMinWidth(room);
        };
        field.promptTextProperty().addListener((obs, old, now) -> update.run());
        field.fontProperty().addListener((obs, old, now) -> update.run());
        field.insetsProperty().addListener((obs, old, now) -> update.run());
        update.run();
        return field;
    }
}
