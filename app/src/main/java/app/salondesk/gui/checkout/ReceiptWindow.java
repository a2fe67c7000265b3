package app.salondesk.gui.checkout;

import app.salondesk.gui.common.SaveFolder;
import app.salondesk.gui.common.WindowButtons;
import app.salondesk.i18n.Messages;
import app.salondesk.model.checkout.Receipt;
import app.salondesk.model.print.PrintOutcome;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import javafx.scene.layout.VBox;
import javafx.stage.FileChooser;
import javafx.stage.Stage;
import javafx.stage.Window;

import java.io.File;
import java.time.ZoneId;
import java.util.function.BiFunction;

/**
 * A sale's receipt on screen, with Print…, Save as PDF… and E-mail (issue 34, item 4). E-mail waits
 * for the messages' mail ({@code ReceiptMail}): until it is set up the button is off and says why.
 */
public final class ReceiptWindow {

    private ReceiptWindow() {
    }

    /**
     * @param chooseFile where a PDF goes (the system's save dialog; tests give their own)
     * @param mailReady  whether the receipt can be mailed to the client now
     */
    public static Stage show(Window owner, Receipt receipt, Messages messages, ZoneId zone, ReceiptPrinter printer,
                             BiFunction<Window, String, File> chooseFile, boolean mailReady) {
        Stage stage = new Stage();
        stage.initOwner(owner);
        stage.setTitle(messages.format("receipt.window", String.valueOf(receipt.saleId())));
        Label outcome = new Label();
        outcome.setId("receipt-outcome");
        outcome.setWrapText(true);
        Button print = new Button(messages.get("print.print"));
        print.setId("receipt-print");
        print.setOnAction(e -> printer.print(receipt, o -> outcome.setText(said(o, messages))));
        Button pdf = new Button(messages.get("print.savePdf"));
        pdf.setId("receipt-pdf");
        pdf.setOnAction(e -> {
            File file = (chooseFile != null ? chooseFile : (BiFunction<Window, String, File>) ReceiptWindow::ask)
                    .apply(stage, messages.format("receipt.fileName", String.valueOf(receipt.saleId())));
            if (file != null) {
                printer.savePdf(receipt, file.toPath(), o -> outcome.setText(said(o, messages)));
            }
        });
        Button mail = new Button(messages.get("receipt.mail"));
        mail.setId("receipt-mail");
        mail.setDisable(!mailReady);
        Tooltip.install(pdf, new Tooltip(messages.get("print.savePdf")));
        if (!mailReady) {
            // a disabled button shows no tooltip: the reason is said beside it
            outcome.setText(messages.get("receipt.mailNotSetUp"));
        }
        HBox buttons = new HBox(8, print, pdf, mail, WindowButtons.close(messages, stage, true));
        buttons.setAlignment(Pos.CENTER_RIGHT);
        ScrollPane scroll = new ScrollPane(new ReceiptView(receipt, messages, zone).node());
        scroll.setPrefViewportHeight(520);
        scroll.setPrefViewportWidth(400);
        VBox root = new VBox(10, scroll, outcome, buttons);
        root.setPadding(new Insets(12));
        root.getStylesheets().add(CheckoutView.STYLES);
        stage.setScene(new Scene(root));
        stage.show();
        return stage;
    }

    private static String said(PrintOutcome o, Messages messages) {
        if (o instanceof PrintOutcome.Saved s) {
            return messages.format("receipt.saved", s.file().getFileName().toString());
        }
        if (o instanceof PrintOutcome.Printed) {
            return messages.get("receipt.printed");
        }
        if (o instanceof PrintOutcome.NoPrinter) {
            return messages.get("receipt.noPrinter");
        }
        if (o instanceof PrintOutcome.Cancelled) {
            return "";
        }
        return messages.get("receipt.failed");
    }

    private static File ask(Window owner, String name) {
        FileChooser chooser = SaveFolder.shared().chooser();
        chooser.setInitialFileName(name);
        chooser.getExtensionFilters().add(new FileChooser.ExtensionFilter("PDF", "*.pdf"));
        return SaveFolder.shared().remember(chooser.showSaveDialog(owner));
    }
}
