package app.salondesk.gui.booking.form;

import app.salondesk.i18n.Messages;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.layout.HBox;
import javafx.scene.layout.VBox;

/**
 * The booking form's line over an online booking whose phone is a client's but whose typed name
 * is not (issue 29): the sentence, Same person and Keep apart while it is undecided, then what the
 * decision came to. Shown only while there is something to say.
 */
final class OnlineMatchBanner {

    private OnlineMatchBanner() {
    }

    static Node of(BookingFormViewModel vm, Messages messages) {
        Label says = new Label();
        says.setId("form-online-match");
        says.setWrapText(true);
        says.getStyleClass().add("no-shows-warning");
        says.textProperty().bind(vm.onlineMatchProperty());
        Button same = new Button(messages.get("form.onlineSamePerson"));
        same.setId("form-online-same");
        same.setOnAction(e -> vm.samePerson());
        Button apart = new Button(messages.get("form.onlineKeepApart"));
        apart.setId("form-online-apart");
        apart.setOnAction(e -> vm.keepApart());
        HBox choice = new HBox(8, same, apart);
        choice.setAlignment(Pos.CENTER_LEFT);
        choice.disableProperty().bind(vm.onlineMatchDecidingProperty().or(vm.savingProperty()));
        VBox question = new VBox(6, says, choice);
        question.visibleProperty().bind(vm.onlineMatchOpenProperty());
        question.managedProperty().bind(question.visibleProperty());

        Label decided = new Label();
        decided.setId("form-online-match-answer");
        decided.setWrapText(true);
        decided.textProperty().bind(vm.onlineMatchAnswerProperty());
        decided.visibleProperty().bind(vm.onlineMatchAnswerProperty().isNotEmpty());
        decided.managedProperty().bind(decided.visibleProperty());

        VBox box = new VBox(6, question, decided);
        box.visibleProperty().bind(question.visibleProperty().or(decided.visibleProperty()));
        box.managedProperty().bind(box.visibleProperty());
        return box;
    }
}
