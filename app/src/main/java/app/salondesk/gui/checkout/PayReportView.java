package app.salondesk.gui.checkout;

import app.salondesk.i18n.Messages;
import app.salondesk.logic.checkout.CheckoutWords;
import app.salondesk.model.checkout.PayLine;
import javafx.geometry.Pos;
import javafx.scene.control.Label;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;

import java.time.LocalDate;
import java.time.format.DateTimeFormatter;
import java.time.format.FormatStyle;
import java.util.ArrayList;
import java.util.Currency;
import java.util.List;

/**
 * The pay report as pages to save as a PDF (issue 34): the salon and the period, then a row per
 * master — services, products, tips, commission, pay — and the totals. Rows of one height, cut into
 * pages before they are drawn, the heading repeated on each.
 */
public final class PayReportView {

    private static final double ROW = 20;

    private final String salon;
    private final LocalDate from;
    private final LocalDate to;
    private final List<PayLine> lines;
    private final Messages messages;
    private final CheckoutWords words;

    public PayReportView(String salon, LocalDate from, LocalDate to, List<PayLine> lines, Messages messages, Currency currency) {
        this.salon = salon;
        this.from = from;
        this.to = to;
        this.lines = List.copyOf(lines);
        this.messages = messages;
        this.words = new CheckoutWords(messages, currency);
    }

    public List<Region> pages(double width, double height) {
        DateTimeFormatter f = DateTimeFormatter.ofLocalizedDate(FormatStyle.MEDIUM).withLocale(messages.locale());
        List<Region> head = List.of(row(width, true, messages.format("pay.title", salon, from.format(f), to.format(f))),
                row(width, true, messages.get("takings.col.master"), messages.get("takings.col.services"), messages.get("takings.col.products"),
                        messages.get("takings.col.tips"), messages.get("takings.col.commission"), messages.get("takings.col.pay")));
        List<Region> body = new ArrayList<>();
        long[] sum = new long[5];
        for (PayLine l : lines) {
            long[] v = {l.servicesMinor(), l.productsMinor(), l.tipsMinor(), l.commissionMinor(), l.payMinor()};
            body.add(row(width, false, l.masterName(), words.money(v[0]), words.money(v[1]), words.money(v[2]), words.money(v[3]), words.money(v[4])));
            for (int i = 0; i < 5; i++) {
                sum[i] += v[i];
            }
        }
        body.add(row(width, true, messages.get("takings.total"), words.money(sum[0]), words.money(sum[1]), words.money(sum[2]),
                words.money(sum[3]), words.money(sum[4])));
        int per = Math.max(1, (int) Math.floor(height / ROW) - 2);
        List<Region> pages = new ArrayList<>();
        for (int i = 0; i < body.size(); i += per) {
            VBox page = new VBox();
            page.getStyleClass().add("receipt");
            page.getStylesheets().add(CheckoutView.STYLES);
            // the heading on every page: made again, a node has one parent
            page.getChildren().addAll(pages.isEmpty() ? head : List.of(row(width, true, messages.format("pay.title", salon, from.format(f), to.format(f))),
                    row(width, true, messages.get("takings.col.master"), messages.get("takings.col.services"), messages.get("takings.col.products"),
                            messages.get("takings.col.tips"), messages.get("takings.col.commission"), messages.get("takings.col.pay"))));
            page.getChildren().addAll(body.subList(i, Math.min(body.size(), i + per)));
            page.setPrefSize(width, height);
            page.setMinSize(width, height);
            page.setMaxSize(width, height);
            pages.add(page);
        }
        return pages;
    }

    private static Region row(double width, boolean bold, String... cells) {
        HBox row = new HBox(6);
        row.setAlignment(Pos.CENTER_LEFT);
        row.setMinHeight(ROW);
        row.setPrefHeight(ROW);
        row.setMaxHeight(ROW);
        double first = cells.length == 1 ? width : width * 0.24;
        double rest = cells.length == 1 ? 0 : (width - first - 6 * cells.length) / (cells.length - 1);
        for (int i = 0; i < cells.length; i++) {
            Label l = new Label(cells[i]);
            l.setMinWidth(i == 0 ? first : rest);
            l.setPrefWidth(i == 0 ? first : rest);
            l.setMaxWidth(i == 0 ? first : rest);
            l.setAlignment(i == 0 ? Pos.CENTER_LEFT : Pos.CENTER_RIGHT);
            if (bold) {
                l.getStyleClass().add("receipt-total");
            }
            row.getChildren().add(l);
        }
        return row;
    }
}
