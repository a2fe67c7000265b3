package app.salondesk.gui.clients;

import app.salondesk.gui.common.FxDebouncer;
import app.salondesk.gui.common.TaskRunner;
import app.salondesk.i18n.Messages;
import app.salondesk.logic.clients.ClientRepository;
import app.salondesk.model.clients.ClientSummary;
import app.salondesk.model.salon.Salon;
import javafx.collections.ListChangeListener;
import javafx.geometry.Bounds;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyEvent;
import javafx.scene.input.MouseButton;
import javafx.scene.input.MouseEvent;
import javafx.stage.Popup;

import java.time.Duration;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * A text field that lists matching clients under itself as the user types. Up/Down move in
 * the list, Enter or a click picks (the first match when none is selected), Esc closes the
 * list. The field has the style class {@code client-search}; the list {@code client-search-results},
 * each match {@code client-search-result}.
 */
public final class ClientSearchView {

    /** Long enough to skip the queries between keystrokes, short enough to feel immediate. */
    public static final Duration DEBOUNCE = Duration.ofMillis(200);

    private final ClientSearchViewModel vm;
    private final TextField field = new TextField();
    private final ListView<ClientSummary> list;
    private final Popup popup = new Popup();

    public ClientSearchView(ClientSearchViewModel vm, Messages messages) {
        this.vm = vm;
        field.getStyleClass().add("client-search");
        field.setPromptText(messages.get("client.search.prompt"));
        app.salondesk.gui.common.PromptFit.fit(field);
        field.textProperty().bindBidirectional(vm.textProperty());

        list = new ListView<>(vm.results());
        list.getStyleClass().add("client-search-results");
        list.setPlaceholder(new Label(messages.get("client.search.none")));
        list.setFocusTraversable(false);
        list.setCellFactory(l -> new ListCell<>() {
            @Override
            protected void updateItem(ClientSummary c, boolean empty) {
                super.updateItem(c, empty);
                getStyleClass().remove("client-search-result");
                if (empty || c == null) {
                    setText(null);
                } else {
                    getStyleClass().add("client-search-result");
                    setText(c.phone() == null ? c.name() : c.name() + "   " + vm.phoneShown(c));
                }
            }
        });
        list.addEventHandler(MouseEvent.MOUSE_CLICKED, e -> {
            ClientSummary chosen = list.getSelectionModel().getSelectedItem();
            if (e.getButton() == MouseButton.PRIMARY && chosen != null) {
                pick(chosen);
            }
        });
        list.getStylesheets().add(Objects.requireNonNull(ClientSearchView.class.getResource("clients.css")).toExternalForm());
        popup.getContent().add(list);
        popup.setAutoHide(true);
        // a click elsewhere (the next field, a button) closes the list and still does its job
        popup.setConsumeAutoHidingEvents(false);

        vm.results().addListener((ListChangeListener<ClientSummary>) change -> updatePopup());
        vm.noMatchesProperty().addListener((obs, old, now) -> updatePopup());
        field.focusedProperty().addListener((obs, old, focused) -> {
            if (!focused) {
                popup.hide();
            }
        });
        field.addEventFilter(KeyEvent.KEY_PRESSED, this::keyPressed);
    }

    /**
     * The field with its view model, debounced on the FX timer: what the main window's
     * toolbar and the booking form place. Call on the FX thread.
     */
    public static ClientSearchView create(ClientRepository clients, Salon salon, TaskRunner tasks, Messages messages,
                                          Consumer<ClientSummary> onPick) {
        ClientSearchViewModel vm = new ClientSearchViewModel(clients, salon.id(), salon.country(), tasks, new FxDebouncer(DEBOUNCE));
        vm.setOnPick(onPick);
        return new ClientSearchView(vm, messages);
    }

    public TextField node() {
        return field;
    }

    public ClientSearchViewModel viewModel() {
        return vm;
    }

    /** For Ctrl+F: the caret into the field with its text selected, ready to type over. */
    public void focus() {
        field.requestFocus();
        field.selectAll();
    }

    private void keyPressed(KeyEvent e) {
        switch (e.getCode()) {
            case DOWN:
                move(+1);
                e.consume();
                break;
            case UP:
                move(-1);
                e.consume();
                break;
            case ENTER:
                if (!vm.results().isEmpty()) {
                    ClientSummary chosen = list.getSelectionModel().getSelectedItem();
                    pick(chosen != null ? chosen : vm.results().get(0));
                    e.consume();
                }
                break;
            case ESCAPE:
                if (popup.isShowing()) {
                    popup.hide();
                    e.consume();
                }
                break;
            default:
                break;
        }
    }

    private void move(int by) {
        int size = vm.results().size();
        if (size == 0) {
            return;
        }
        if (!popup.isShowing()) {
            updatePopup();
        }
        int at = list.getSelectionModel().getSelectedIndex();
        int next = at < 0 ? (by > 0 ? 0 : size - 1) : Math.floorMod(at + by, size);
        list.getSelectionModel().select(next);
        list.scrollTo(next);
    }

    private void pick(ClientSummary chosen) {
        popup.hide();
        vm.pick(chosen);
        field.positionCaret(field.getText().length());
    }

    private void updatePopup() {
        boolean show = !vm.results().isEmpty() || vm.noMatchesProperty().get();
        if (!show || !field.isFocused() || field.getScene() == null || field.getScene().getWindow() == null) {
            popup.hide();
            return;
        }
        list.getSelectionModel().clearSelection();
        list.setPrefWidth(Math.max(320, field.getWidth()));
        list.setPrefHeight(vm.results().isEmpty() ? 40 : Math.min(vm.results().size(), ClientSearchViewModel.LIMIT) * 26 + 4);
        if (!popup.isShowing()) {
            Bounds b = field.localToScreen(field.getBoundsInLocal());
            popup.show(field, b.getMinX(), b.getMaxY());
        }
    }
}
