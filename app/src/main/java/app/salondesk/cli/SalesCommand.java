package app.salondesk.cli;

import app.salondesk.logic.checkout.CheckoutWords;
import app.salondesk.logic.checkout.SaleRepository;
import app.salondesk.model.checkout.Answer;
import app.salondesk.model.checkout.PaymentMethod;
import app.salondesk.model.checkout.Receipt;
import app.salondesk.model.checkout.SaleSummary;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.time.LocalDate;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;
import java.util.UUID;

import static app.salondesk.cli.CheckoutCommand.plain;

/** The salon's sales: a day's list, a receipt, and the corrections — refunds and voids, an admin's. */
@Command(name = "sales", mixinStandardHelpOptions = true, description = "The salon's sales and their corrections (issue 34).",
        subcommands = {SalesCommand.ListSales.class, SalesCommand.Show.class, SalesCommand.Refund.class, SalesCommand.Void.class})
final class SalesCommand implements Runnable {

    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("HH:mm");

    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    /** A text cell of a tab-separated listing: never read as a formula by a spreadsheet (ADR 26). */
    static String cell(String text) {
        return app.salondesk.logic.export.SpreadsheetCells.neutral(text == null ? "" : text);
    }

    @Command(name = "list", mixinStandardHelpOptions = true,
            description = {"A day's sales, tab-separated: sale_id, time, client, total, refunded, status, by; the total last",
                    "(sales that stand, less refunds)."})
    static final class ListSales extends SalonCommand {
        @Option(names = "--day", paramLabel = "DATE", description = "The salon day, e.g. 2026-12-07 (default: today).")
        String day;

        @Override
        int run(Setup setup) throws CliInvalid {
            LocalDate d = day == null ? setup.today() : setup.input.date(day);
            List<SaleSummary> sales = new SaleRepository(setup.dsl).day(setup.salon.id(), d);
            setup.out.println("sale_id\ttime\tclient\ttotal\trefunded\tstatus\tby");
            long total = 0;
            for (SaleSummary s : sales) {
                setup.out.println(s.id() + "\t" + s.soldAt().atZone(setup.salon.zone()).format(TIME) + "\t" + cell(s.clientName())
                        + "\t" + plain(s.totalMinor(), s.currency()) + "\t" + plain(s.refundedMinor(), s.currency()) + "\t"
                        + (s.voided() ? "void" : s.refundedMinor() > 0 ? "refunded" : "paid") + "\t" + cell(s.soldBy()));
                total += s.voided() ? 0 : s.totalMinor() - s.refundedMinor();
            }
            setup.out.println("total\t\t\t" + plain(total, setup.salon.currency()) + "\t\t\t");
            return 0;
        }
    }

    @Command(name = "show", mixinStandardHelpOptions = true, description = "A sale's receipt: its lines, discounts, tips, payments, change, refunds.")
    static final class Show extends SalonCommand {
        @Option(names = "--sale", required = true, paramLabel = "ID", description = "The sale.")
        long sale;

        @Override
        int run(Setup setup) throws CliInvalid {
            Receipt r = new SaleRepository(setup.dsl).receipt(setup.salon.id(), sale)
                    .orElseThrow(() -> new CliInvalid(setup.messages.format("checkout.cli.unknownSale", String.valueOf(sale))));
            CheckoutWords words = new CheckoutWords(setup.messages, r.currency());
            setup.out.println("sale_id=" + r.saleId() + " day=" + r.day() + " time=" + r.soldAt().atZone(setup.salon.zone()).format(TIME)
                    + (r.clientName() == null ? "" : " client=" + r.clientName()));
            for (Receipt.Line l : r.lines()) {
                setup.out.println("line\t" + l.kind().dbValue() + "\t" + l.description() + "\t" + (l.masterName() == null ? "" : l.masterName()) + "\t"
                        + l.quantity() + "\t" + plain(l.unitPriceMinor(), r.currency()) + "\t" + plain(l.discountMinor() + l.shareMinor(), r.currency())
                        + "\t" + plain(l.amountMinor(), r.currency()));
            }
            for (Receipt.Payment p : r.payments()) {
                setup.out.println("paid\t" + p.method().dbValue() + "\t" + plain(p.amountMinor(), r.currency())
                        + (p.tenderedMinor() == null ? "" : "\tgiven " + plain(p.tenderedMinor(), r.currency()) + "\tchange " + plain(p.changeMinor(), r.currency())));
            }
            for (Receipt.Refund f : r.refunds()) {
                setup.out.println("refund\t" + f.id() + "\t" + f.method().dbValue() + "\t" + plain(f.amountMinor(), r.currency()) + "\t" + f.reason());
            }
            if (r.voided()) {
                setup.out.println("void\t" + r.voidReason());
            }
            setup.out.println("total=" + plain(r.totalMinor(), r.currency()) + " (" + words.money(r.totalMinor()) + ")");
            return 0;
        }
    }

    @Command(name = "refund", mixinStandardHelpOptions = true,
            description = {"Give back part or all of a sale (an admin's), split over its lines. Prints refund_id=N amount=AMOUNT."})
    static final class Refund extends SalonCommand {
        @Option(names = "--sale", required = true, paramLabel = "ID", description = "The sale.")
        long sale;
        @Option(names = "--amount", paramLabel = "AMOUNT", description = "How much (default: all that is left of it).")
        String amount;
        @Option(names = "--method", paramLabel = "METHOD", description = "cash, card, transfer or other (default: how it was paid first).")
        String method;
        @Option(names = "--reason", required = true, paramLabel = "TEXT", description = "Why (kept with the refund).")
        String reason;
        @Option(names = "--request-id", paramLabel = "UUID", description = "The same command run again with it refunds once (default: a new one).")
        String requestId;

        @Override
        int run(Setup setup) throws CliInvalid {
            SaleRepository sales = new SaleRepository(setup.dsl);
            Receipt r = sales.receipt(setup.salon.id(), sale)
                    .orElseThrow(() -> new CliInvalid(setup.messages.format("checkout.cli.unknownSale", String.valueOf(sale))));
            CheckoutWords words = new CheckoutWords(setup.messages, r.currency());
            Long minor = amount == null ? null : CheckoutCommand.amount(words, amount, setup);
            PaymentMethod m;
            try {
                m = method != null ? PaymentMethod.valueOf(method.strip().toUpperCase(Locale.ROOT))
                        : r.payments().isEmpty() ? PaymentMethod.CASH : r.payments().get(0).method();
            } catch (IllegalArgumentException e) {
                throw new CliInvalid(setup.messages.format("checkout.cli.badPay", method));
            }
            UUID id;
            try {
                id = requestId == null ? UUID.randomUUID() : UUID.fromString(requestId.strip());
            } catch (IllegalArgumentException e) {
                throw new CliInvalid(setup.messages.format("cli.invalid.requestId", requestId));
            }
            Answer<Long> done = sales.refund(setup.salon.id(), sale, minor, m, reason, id);
            if (done instanceof Answer.Refused<Long> no) {
                throw new CliInvalid(words.problem(no.problem(), "", null));
            }
            long given = minor != null ? minor : r.totalMinor() - r.refunds().stream().mapToLong(Receipt.Refund::amountMinor).sum();
            setup.out.println("refund_id=" + done.value() + " amount=" + plain(given, r.currency()));
            return 0;
        }
    }

    @Command(name = "void", mixinStandardHelpOptions = true,
            description = {"Void a sale of today (an admin's): it counts nowhere, its products go back on the shelf,",
                    "its bookings may be paid again. After its day, refund it instead. Prints voided sale_id=N."})
    static final class Void extends SalonCommand {
        @Option(names = "--sale", required = true, paramLabel = "ID", description = "The sale.")
        long sale;
        @Option(names = "--reason", required = true, paramLabel = "TEXT", description = "Why (kept with the void).")
        String reason;

        @Override
        int run(Setup setup) throws CliInvalid {
            Answer<Long> done = new SaleRepository(setup.dsl).voidSale(setup.salon.id(), sale, reason);
            if (done instanceof Answer.Refused<Long> no) {
                throw new CliInvalid(new CheckoutWords(setup.messages, setup.salon.currency()).problem(no.problem(), "", null));
            }
            setup.out.println("voided sale_id=" + sale);
            return 0;
        }
    }
}
