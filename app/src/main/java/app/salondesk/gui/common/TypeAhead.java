package app.salondesk.gui.common;

import javafx.scene.control.ChoiceBox;
import javafx.scene.control.ComboBox;
import javafx.scene.control.ListView;
import javafx.scene.control.skin.ComboBoxListViewSkin;
import javafx.scene.input.KeyEvent;

import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import java.util.function.IntConsumer;
import java.util.function.Supplier;

/**
 * Typing letters in a long list picks the first item that starts so ("UAH" in the currencies,
 * "Укр" in the countries, "kyi" in the zones): JavaFX's ComboBox, ChoiceBox and ListView have
 * no type-ahead of their own. Letters typed within a second of each other make one prefix; a
 * pause starts a new one. An item matches when its label, or a word of it, starts with what was
 * typed, case aside — its label as the list shows it. A low helper: it knows no feature.
 */
public final class TypeAhead {

    /** A pause longer than this starts a new prefix. */
    static final long PAUSE_NANOS = 1_000_000_000L;

    private final StringBuilder typed = new StringBuilder();
    private long last;

    private TypeAhead() {
    }

    /** Letters typed on the box (closed or open) choose its value. Not for an editable box: its editor takes the letters. */
    public static <T> void install(ComboBox<T> box, Function<T, String> label) {
        TypeAhead t = new TypeAhead();
        box.addEventFilter(KeyEvent.KEY_TYPED, e -> {
            if (!box.isEditable()) {
                t.typed(e, box::getItems, label, i -> {
                    box.getSelectionModel().select(i);
                    if (box.getSkin() instanceof ComboBoxListViewSkin<?> skin && skin.getPopupContent() instanceof ListView<?> list) {
                        list.scrollTo(i);
                    }
                });
            }
        });
    }

    /** As above, each item named as the box's converter names it. */
    public static <T> void install(ComboBox<T> box) {
        install(box, item -> box.getConverter() == null ? String.valueOf(item) : box.getConverter().toString(item));
    }

    public static <T> void install(ChoiceBox<T> box, Function<T, String> label) {
        TypeAhead t = new TypeAhead();
        box.addEventFilter(KeyEvent.KEY_TYPED, e -> t.typed(e, box::getItems, label, i -> box.getSelectionModel().select(i)));
    }

    /** Letters typed in the list select (and scroll to) the item; what a pick means stays the list owner's. */
    public static <T> void install(ListView<T> list, Function<T, String> label) {
        TypeAhead t = new TypeAhead();
        list.addEventFilter(KeyEvent.KEY_TYPED, e -> t.typed(e, list::getItems, label, i -> {
            list.getSelectionModel().clearAndSelect(i);
            list.getFocusModel().focus(i);
            list.scrollTo(i);
        }));
    }

    private <T> void typed(KeyEvent e, Supplier<List<T>> items, Function<T, String> label, IntConsumer select) {
        String c = e.getCharacter();
        if (c == null || c.isEmpty() || e.isControlDown() || e.isAltDown() || e.isMetaDown() || e.isShortcutDown()
                || Character.isISOControl(c.charAt(0)) || (typed.length() == 0 && c.isBlank())) {
            return;
        }
        long now = System.nanoTime();
        if (now - last > PAUSE_NANOS) {
            typed.setLength(0);
        }
        last = now;
        typed.append(c);
        int at = match(items.get(), label, typed.toString());
        if (at >= 0) {
            select.accept(at);
            e.consume();
        }
    }

    /**
     * The first item whose label starts with {@code prefix}, else the first with a word that
     * does ("Europe/Kyiv" for "ky"); case and the letter case of the language aside. -1 if none.
     */
    public static <T> int match(List<T> items, Function<T, String> label, String prefix) {
        String p = prefix.toLowerCase(Locale.ROOT);
        int byWord = -1;
        for (int i = 0; i < items.size(); i++) {
            T item = items.get(i);
            String named = item == null ? null : label.apply(item);
            String text = named == null ? "" : named.toLowerCase(Locale.ROOT);
            if (text.startsWith(p)) {
                return i;
            }
            if (byWord < 0 && wordStarts(text, p)) {
                byWord = i;
            }
        }
        return byWord;
    }

    private static boolean wordStarts(String text, String p) {
        for (int at = text.indexOf(p); at >= 0; at = text.indexOf(p, at + 1)) {
            if (at == 0 || !Character.isLetterOrDigit(text.charAt(at - 1))) {
                return true;
            }
        }
        return false;
    }
}
