package app.salondesk.cli;

import app.salondesk.logic.checkout.CheckoutWords;
import app.salondesk.logic.checkout.CommissionRepository;
import app.salondesk.logic.checkout.PayReportCsv;
import app.salondesk.logic.checkout.TakingsRepository;
import app.salondesk.model.checkout.CommissionRate;
import app.salondesk.model.checkout.PayLine;
import app.salondesk.model.staff.MasterDetails;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.Currency;
import java.util.List;
import java.util.Map;

import static app.salondesk.cli.CheckoutCommand.plain;
import static app.salondesk.cli.SalesCommand.cell;

/** Masters' commission rates (an admin's) and the pay report (admins and managers read it) (issue 34). */
@Command(name = "commissions", mixinStandardHelpOptions = true, description = "Masters' commission rates and the pay report (issue 34).",
        subcommands = {CommissionsCommand.SetRate.class, CommissionsCommand.ListRates.class, CommissionsCommand.Remove.class,
                CommissionsCommand.Report.class})
final class CommissionsCommand implements Runnable {

    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    @Command(name = "set", mixinStandardHelpOptions = true,
            description = {"Set a master's rate (an admin's) for one --service, a --category, all other --services, one --product or",
                    "all other --products: --percent of the line after discounts, or --fixed per unit. Prints rate_id=N.",
                    "The most particular rate applies; a sale keeps the commission it was sold with."})
    static final class SetRate extends SalonCommand {
        @Option(names = "--master", required = true, paramLabel = "ID|NAME", description = "The master.")
        String master;
        @Option(names = "--service", paramLabel = "ID|NAME", description = "One service.")
        String service;
        @Option(names = "--category", paramLabel = "TEXT", description = "A service category.")
        String category;
        @Option(names = "--services", description = "Every service without a rate of its own or of its category.")
        boolean services;
        @Option(names = "--product", paramLabel = "ID|NAME", description = "One product.")
        String product;
        @Option(names = "--products", description = "Every product without a rate of its own.")
        boolean products;
        @Option(names = "--percent", paramLabel = "P", description = "A percentage, e.g. 40 or 12.5.")
        String percent;
        @Option(names = "--fixed", paramLabel = "AMOUNT", description = "A fixed amount per unit sold.")
        String fixed;

        @Override
        int run(Setup setup) throws CliInvalid {
            CheckoutWords words = new CheckoutWords(setup.messages, setup.salon.currency());
            int targets = (service != null ? 1 : 0) + (category != null ? 1 : 0) + (services ? 1 : 0) + (product != null ? 1 : 0) + (products ? 1 : 0);
            if (targets != 1 || (percent == null) == (fixed == null)) {
                throw new CliInvalid(setup.messages.get("checkout.cli.oneTarget"));
            }
            MasterDetails m = setup.master(master);
            CommissionRate.Scope scope = service != null ? CommissionRate.Scope.SERVICE : category != null ? CommissionRate.Scope.CATEGORY
                    : services ? CommissionRate.Scope.SERVICES : product != null ? CommissionRate.Scope.PRODUCT : CommissionRate.Scope.PRODUCTS;
            Long serviceId = service != null ? Long.valueOf(setup.service(service).id()) : null;
            Long productId = product != null ? Long.valueOf(ProductsCommand.product(setup, product).id()) : null;
            BigDecimal p = percent == null ? null : CheckoutCommand.percent(percent.replace("%", ""), setup);
            Long f = fixed == null ? null : CheckoutCommand.amount(words, fixed, setup);
            long id = TillCommand.refusal(new CommissionRepository(setup.dsl).set(setup.salon.id(), m.id(), scope, serviceId, category, productId, p, f),
                    words);
            setup.out.println("rate_id=" + id);
            return 0;
        }
    }

    @Command(name = "list", mixinStandardHelpOptions = true,
            description = "The rates, tab-separated: rate_id, master, scope, target, percent, fixed.")
    static final class ListRates extends SalonCommand {
        @Override
        int run(Setup setup) {
            Map<Long, String> names = new app.salondesk.logic.staff.MasterRepository(setup.dsl).names(setup.salon.id());
            setup.out.println("rate_id\tmaster\tscope\ttarget\tpercent\tfixed");
            for (CommissionRate r : new CommissionRepository(setup.dsl).list(setup.salon.id())) {
                setup.out.println(r.id() + "\t" + cell(names.get(r.masterId())) + "\t" + r.scope().dbValue() + "\t" + cell(r.target()) + "\t"
                        + (r.percent() == null ? "" : r.percent().stripTrailingZeros().toPlainString()) + "\t"
                        + (r.fixedMinor() == null ? "" : plain(r.fixedMinor(), setup.salon.currency())));
            }
            return 0;
        }
    }

    @Command(name = "remove", mixinStandardHelpOptions = true, description = "Remove a rate (an admin's). Prints removed=true|false.")
    static final class Remove extends SalonCommand {
        @Option(names = "--rate", required = true, paramLabel = "ID", description = "The rate's id (commissions list).")
        long rate;

        @Override
        int run(Setup setup) throws CliInvalid {
            boolean gone = TillCommand.refusal(new CommissionRepository(setup.dsl).remove(setup.salon.id(), rate),
                    new CheckoutWords(setup.messages, setup.salon.currency()));
            setup.out.println("removed=" + gone);
            return 0;
        }
    }

    @Command(name = "report", mixinStandardHelpOptions = true,
            description = {"The pay report of a period (admins and managers): per master, services, products, tips (whole to them),",
                    "commission, and pay (commission and tips), tab-separated, totals last; --csv FILE writes it as CSV too."})
    static final class Report extends SalonCommand {
        @Option(names = "--from", required = true, paramLabel = "DATE", description = "The first salon day.")
        String from;
        @Option(names = "--to", paramLabel = "DATE", description = "The last salon day (default: --from).")
        String to;
        @Option(names = "--csv", paramLabel = "FILE", description = "Also write the report to this CSV file.")
        String csv;

        @Override
        int run(Setup setup) throws CliInvalid {
            LocalDate first = setup.input.date(from);
            LocalDate last = to == null ? first : setup.input.date(to);
            List<PayLine> lines = new TakingsRepository(setup.dsl).pay(setup.salon.id(), first, last);
            Currency c = setup.salon.currency();
            StringBuilder table = new StringBuilder("master\tservices\tproducts\ttips\tcommission\tpay\n");
            long[] sum = new long[5];
            for (PayLine l : lines) {
                long[] row = {l.servicesMinor(), l.productsMinor(), l.tipsMinor(), l.commissionMinor(), l.payMinor()};
                table.append(cell(l.masterName()));
                for (int i = 0; i < 5; i++) {
                    table.append('\t').append(plain(row[i], c));
                    sum[i] += row[i];
                }
                table.append('\n');
            }
            table.append("total");
            for (long v : sum) {
                table.append('\t').append(plain(v, c));
            }
            table.append('\n');
            setup.out.print(table);
            if (csv != null) {
                Path file = Path.of(csv).toAbsolutePath();
                try {
                    PayReportCsv.write(file, lines, c);
                } catch (IOException e) {
                    throw new CliInvalid(setup.messages.format("export.invalid.write", csv, e.getMessage()));
                }
                setup.out.println("file=" + file);
            }
            return 0;
        }
    }
}
