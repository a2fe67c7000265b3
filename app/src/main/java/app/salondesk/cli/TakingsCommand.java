package app.salondesk.cli;

import app.salondesk.logic.checkout.TakingsRepository;
import app.salondesk.model.checkout.Takings;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.time.LocalDate;
import java.util.Currency;

import static app.salondesk.cli.CheckoutCommand.plain;

/** {@code takings}: a period's takings, tab-separated, its totals last (issue 34). */
@Command(name = "takings", mixinStandardHelpOptions = true,
        description = {"A period's takings (sales that stand, less refunds on their day), tab-separated with a header,",
                "totals last: --by day (services, products, tips, rounding, refunds, discounts), method, or master."})
final class TakingsCommand extends SalonCommand {

    @Option(names = "--from", paramLabel = "DATE", description = "The first salon day (default: today).")
    String from;

    @Option(names = "--to", paramLabel = "DATE", description = "The last salon day (default: --from).")
    String to;

    @Option(names = "--by", paramLabel = "day|method|master", description = "How the rows are cut (default: day).")
    String by = "day";

    @Override
    int run(Setup setup) throws CliInvalid {
        LocalDate first = from == null ? setup.today() : setup.input.date(from);
        LocalDate last = to == null ? first : setup.input.date(to);
        Takings t = new TakingsRepository(setup.dsl).takings(setup.salon.id(), first, last);
        Currency c = setup.salon.currency();
        switch (by.strip()) {
            case "day" -> {
                setup.out.println("day\tsales\tservices\tproducts\ttips\trounding\trefunds\tdiscounts\ttotal");
                long[] sum = new long[8];
                for (Takings.Day d : t.days()) {
                    setup.out.println(d.day() + "\t" + d.sales() + "\t" + plain(d.servicesMinor(), c) + "\t" + plain(d.productsMinor(), c) + "\t"
                            + plain(d.tipsMinor(), c) + "\t" + plain(d.roundingMinor(), c) + "\t" + plain(d.refundsMinor(), c) + "\t"
                            + plain(d.discountsMinor(), c) + "\t" + plain(d.totalMinor(), c));
                    long[] row = {d.sales(), d.servicesMinor(), d.productsMinor(), d.tipsMinor(), d.roundingMinor(), d.refundsMinor(), d.discountsMinor(),
                            d.totalMinor()};
                    for (int i = 0; i < 8; i++) {
                        sum[i] += row[i];
                    }
                }
                setup.out.println("total\t" + sum[0] + "\t" + plain(sum[1], c) + "\t" + plain(sum[2], c) + "\t" + plain(sum[3], c) + "\t"
                        + plain(sum[4], c) + "\t" + plain(sum[5], c) + "\t" + plain(sum[6], c) + "\t" + plain(sum[7], c));
            }
            case "method" -> {
                setup.out.println("method\tpaid\trefunded\tnet");
                long paid = 0;
                long back = 0;
                for (Takings.ByMethod m : t.methods()) {
                    setup.out.println(m.method().dbValue() + "\t" + plain(m.paidMinor(), c) + "\t" + plain(m.refundedMinor(), c) + "\t"
                            + plain(m.netMinor(), c));
                    paid += m.paidMinor();
                    back += m.refundedMinor();
                }
                setup.out.println("total\t" + plain(paid, c) + "\t" + plain(back, c) + "\t" + plain(paid - back, c));
            }
            case "master" -> {
                setup.out.println("master\tservices\tproducts\ttips\trounding\ttotal");
                long[] sum = new long[5];
                for (Takings.ByMaster m : t.masters()) {
                    setup.out.println(SalesCommand.cell(m.masterName() == null ? "" : m.masterName()) + "\t" + plain(m.servicesMinor(), c) + "\t"
                            + plain(m.productsMinor(), c) + "\t" + plain(m.tipsMinor(), c) + "\t" + plain(m.roundingMinor(), c) + "\t"
                            + plain(m.totalMinor(), c));
                    long[] row = {m.servicesMinor(), m.productsMinor(), m.tipsMinor(), m.roundingMinor(), m.totalMinor()};
                    for (int i = 0; i < 5; i++) {
                        sum[i] += row[i];
                    }
                }
                setup.out.println("total\t" + plain(sum[0], c) + "\t" + plain(sum[1], c) + "\t" + plain(sum[2], c) + "\t" + plain(sum[3], c) + "\t"
                        + plain(sum[4], c));
            }
            default -> throw new CliInvalid(setup.messages.format("checkout.cli.badBy", by));
        }
        return 0;
    }
}
