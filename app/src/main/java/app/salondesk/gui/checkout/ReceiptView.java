package app.salondesk.gui.checkout;

import app.salondesk.i18n.Messages;
import app.salondesk.logic.checkout.CheckoutWords;
import app.salondesk.model.checkout.LineKind;
import app.salondesk.model.checkout.Receipt;
import javafx.geometry.Pos;
import javafx.scene.control.Label;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;

import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.time.format.FormatStyle;
import java.util.ArrayList;
import java.util.List;

/**
 * A receipt as a node (issue 34): the salon, each line with who did it and what was taken off it, the
 * discount on the whole, the tips, the cash rounding, the total, the payments with the cash given and
 * the change, and what happened to the sale since. Every row has one height, so that pages are cut
 * before anything is drawn (as the day sheet's, ADR 21): the same rows on screen, on paper and in the PDF.
 */
public final class ReceiptView {

    static final double ROW = 18;

    private final Receipt receipt;
    private final Messages messages;
    private final CheckoutWords words;
    private final ZoneId zone;

    public ReceiptView(Receipt receipt, Messages messages, ZoneId zone) {
        this.receipt = receipt;
        this.messages = messages;
        this.words = new CheckoutWords(messages, receipt.currency());
        this.zone = zone;
    }

    /** The receipt's rows, in order. */
    List<Region> rows() {
        List<Region> rows = new ArrayList<>();
        rows.add(row(receipt.salonName(), "", "receipt-salon"));
        if (!receipt.salonAddress().isBlank()) {
            rows.add(row(receipt.salonAddress(), "", null));
        }
        if (!receipt.salonPhone().isBlank()) {
            rows.add(row(receipt.salonPhone(), "", null));
        }
        String when = receipt.soldAt().atZone(zone)
                .format(DateTimeFormatter.ofLocalizedDateTime(FormatStyle.MEDIUM, FormatStyle.SHORT).withLocale(messages.locale()));
        rows.add(row(messages.format("receipt.number", String.valueOf(receipt.saleId())), when, null));
        if (receipt.clientName() != null) {
            rows.add(row(messages.format("receipt.client", receipt.clientName()), "", null));
        }
        if (receipt.soldBy() != null) {
            rows.add(row(messages.format("receipt.servedBy", receipt.soldBy()), "", null));
        }
        rows.add(rule());
        long shares = 0;
        for (Receipt.Line l : receipt.lines()) {
            if (l.kind() == LineKind.TIP || l.kind() == LineKind.ROUNDING) {
                continue;
            }
            long gross = (long) l.quantity() * l.unitPriceMinor();
            String what = l.quantity() > 1 ? messages.format("receipt.times", l.description(), String.valueOf(l.quantity()),
                    words.money(l.unitPriceMinor())) : l.description();
            rows.add(row(what, words.money(gross), null));
            if (l.masterName() != null && !l.masterName().isBlank()) {
                rows.add(row("   " + l.masterName(), "", "receipt-detail"));
            }
            if (l.listPriceMinor() != null && l.unitPriceMinor() != l.listPriceMinor()) {
                rows.add(row("   " + messages.format("receipt.listPrice", words.money(l.listPriceMinor()), l.priceReason()), "", "receipt-detail"));
            }
            if (l.discountMinor() > 0) {
                String pct = l.discountPercent() == null ? "" : l.discountPercent().stripTrailingZeros().toPlainString() + "% ";
                rows.add(row("   " + messages.format("receipt.discount", pct, l.discountReason()), "\u2212" + words.money(l.discountMinor()),
                        "receipt-detail"));
            }
            shares += l.shareMinor();
        }
        if (receipt.discountMinor() > 0) {
            String pct = receipt.discountPercent() == null ? "" : receipt.discountPercent().stripTrailingZeros().toPlainString() + "% ";
            rows.add(row(messages.format("receipt.discountWhole", pct, receipt.discountReason()), "\u2212" + words.money(shares), null));
        }
        for (Receipt.Line l : receipt.lines()) {
            if (l.kind() == LineKind.TIP) {
                rows.add(row(messages.format("receipt.tip", l.masterName()), words.money(l.amountMinor()), null));
            }
        }
        for (Receipt.Line l : receipt.lines()) {
            if (l.kind() == LineKind.ROUNDING) {
                rows.add(row(messages.get("receipt.rounding"), words.money(l.amountMinor()), null));
            }
        }
        rows.add(rule());
        rows.add(row(messages.get("receipt.total"), words.money(receipt.totalMinor()), "receipt-total"));
        for (Receipt.Payment p : receipt.payments()) {
            String how = words.method(p.method()) + (p.note().isBlank() ? "" : " (" + p.note() + ")");
            rows.add(row(how, words.money(p.amountMinor()), null));
            if (p.tenderedMinor() != null && p.changeMinor() > 0) {
                rows.add(row("   " + messages.format("receipt.given", words.money(p.tenderedMinor())), "", "receipt-detail"));
                rows.add(row(messages.get("receipt.change"), words.money(p.changeMinor()), null));
            }
        }
        for (Receipt.Refund f : receipt.refunds()) {
            rows.add(row(messages.format("receipt.refund", words.method(f.method()), f.reason()), "\u2212" + words.money(f.amountMinor()), null));
        }
        if (receipt.voided()) {
            rows.add(row(messages.format("receipt.void", receipt.voidReason()), "", "checkout-problem"));
        }
        rows.add(rule());
        rows.add(row(messages.get("receipt.thanks"), "", null));
        return rows;
    }

    /** The receipt on one screen. */
    public Region node() {
        VBox box = new VBox();
        box.getStyleClass().add("receipt");
        box.setId("receipt");
        box.getChildren().addAll(rows());
        box.setPrefWidth(380);
        box.getStylesheets().add(CheckoutView.STYLES);
        return box;
    }

    /** The receipt cut into pages of {@code width} × {@code height} points. */
    public List<Region> pages(double width, double height) {
        List<Region> pages = new ArrayList<>();
        int perPage = Math.max(1, (int) Math.floor((height - 24) / ROW));
        List<Region> all = rows();
        for (int i = 0; i < all.size(); i += perPage) {
            VBox page = new VBox();
            page.getStyleClass().add("receipt");
            page.getStylesheets().add(CheckoutView.STYLES);
            page.getChildren().addAll(all.subList(i, Math.min(all.size(), i + perPage)));
            page.setPrefSize(width, height);
            page.setMinSize(width, height);
            page.setMaxSize(width, height);
            pages.add(page);
        }
        return pages;
    }

    private static Region row(String left, String right, String style) {
        Label l = new Label(left);
        l.setMinWidth(0);
        l.setMaxWidth(Double.MAX_VALUE);
        HBox.setHgrow(l, Priority.ALWAYS);
        Label r = new Label(right);
        r.setMinWidth(javafx.scene.control.Control.USE_PREF_SIZE);
        HBox row = new HBox(8, l, r);
        row.setAlignment(Pos.CENTER_LEFT);
        row.setMinHeight(ROW);
        row.setPrefHeight(ROW);
        row.setMaxHeight(ROW);
        if (style != null) {
            l.getStyleClass().add(style);
            r.getStyleClass().add(style);
        }
        return row;
    }

    private static Region rule() {
        Region r = new Region();
        r.getStyleClass().add("receipt-rule");
        r.setMinHeight(ROW / 2);
        r.setPrefHeight(ROW / 2);
        r.setMaxHeight(ROW / 2);
        return r;
    }
}
