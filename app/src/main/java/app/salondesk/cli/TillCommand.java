package app.salondesk.cli;

import app.salondesk.logic.checkout.CheckoutWords;
import app.salondesk.logic.checkout.TillRepository;
import app.salondesk.model.checkout.Answer;
import app.salondesk.model.checkout.TillDay;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.time.LocalDate;

import static app.salondesk.cli.CheckoutCommand.plain;

/** The till of the salon's day: its float, cash in and out, and closing it by the cash counted (issue 34). */
@Command(name = "till", mixinStandardHelpOptions = true, description = "The till of the salon's day (issue 34).",
        subcommands = {TillCommand.Open.class, TillCommand.Move.class, TillCommand.Close.class, TillCommand.Show.class})
final class TillCommand implements Runnable {

    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    @Command(name = "open", mixinStandardHelpOptions = true, description = "Open today's till with a float (once a day). Prints float=AMOUNT.")
    static final class Open extends SalonCommand {
        @Option(names = "--float", required = true, paramLabel = "AMOUNT", description = "The cash in the drawer to start with.")
        String floatAmount;

        @Override
        int run(Setup setup) throws CliInvalid {
            CheckoutWords words = new CheckoutWords(setup.messages, setup.salon.currency());
            long minor = CheckoutCommand.amount(words, floatAmount, setup);
            refusal(new TillRepository(setup.dsl).open(setup.salon.id(), minor), words);
            setup.out.println("float=" + plain(minor, setup.salon.currency()));
            return 0;
        }
    }

    @Command(name = "move", mixinStandardHelpOptions = true,
            description = "Put cash in (+AMOUNT) or take it out (-AMOUNT) of today's till, with a reason. Prints expected=AMOUNT.")
    static final class Move extends SalonCommand {
        @Option(names = "--amount", required = true, paramLabel = "±AMOUNT", description = "+ in, - out.")
        String amount;
        @Option(names = "--reason", required = true, paramLabel = "TEXT", description = "Why (kept with the movement).")
        String reason;

        @Override
        int run(Setup setup) throws CliInvalid {
            CheckoutWords words = new CheckoutWords(setup.messages, setup.salon.currency());
            String a = amount.strip();
            boolean out = a.startsWith("-");
            long minor = CheckoutCommand.amount(words, a.replaceFirst("^[+-]", ""), setup);
            TillRepository till = new TillRepository(setup.dsl);
            refusal(till.move(setup.salon.id(), out ? -minor : minor, reason), words);
            setup.out.println("expected=" + plain(till.day(setup.salon.id(), till.today(setup.salon.id())).expectedMinor(), setup.salon.currency()));
            return 0;
        }
    }

    @Command(name = "close", mixinStandardHelpOptions = true,
            description = {"Close the day by the cash counted: prints expected=AMOUNT counted=AMOUNT difference=AMOUNT.",
                    "A difference needs a reason and an admin; a closed day takes no more money."})
    static final class Close extends SalonCommand {
        @Option(names = "--counted", required = true, paramLabel = "AMOUNT", description = "The cash counted in the drawer.")
        String counted;
        @Option(names = "--reason", paramLabel = "TEXT", description = "Why the cash differs from the expected (needed when it does).")
        String reason;
        @Option(names = "--day", paramLabel = "DATE", description = "The salon day to close (default: today; an earlier one left open).")
        String day;

        @Override
        int run(Setup setup) throws CliInvalid {
            CheckoutWords words = new CheckoutWords(setup.messages, setup.salon.currency());
            TillRepository till = new TillRepository(setup.dsl);
            LocalDate d = day == null ? till.today(setup.salon.id()) : setup.input.date(day);
            TillDay.Closing c = refusal(till.close(setup.salon.id(), d, CheckoutCommand.amount(words, counted, setup), reason), words);
            setup.out.println("expected=" + plain(c.expectedMinor(), setup.salon.currency()) + " counted=" + plain(c.countedMinor(),
                    setup.salon.currency()) + " difference=" + plain(c.differenceMinor(), setup.salon.currency()));
            return 0;
        }
    }

    @Command(name = "show", mixinStandardHelpOptions = true,
            description = "A day's till: float, cash in and out, cash sales and refunds, expected, and its closing once closed.")
    static final class Show extends SalonCommand {
        @Option(names = "--day", paramLabel = "DATE", description = "The salon day (default: today).")
        String day;

        @Override
        int run(Setup setup) throws CliInvalid {
            TillRepository till = new TillRepository(setup.dsl);
            LocalDate d = day == null ? till.today(setup.salon.id()) : setup.input.date(day);
            TillDay t = till.day(setup.salon.id(), d);
            var c = setup.salon.currency();
            setup.out.println("day=" + d);
            setup.out.println("float=" + (t.floatMinor() == null ? "" : plain(t.floatMinor(), c)));
            for (TillDay.Move m : t.moves()) {
                setup.out.println("move\t" + plain(m.amountMinor(), c) + "\t" + m.reason() + "\t" + m.by());
            }
            setup.out.println("cash_sales=" + plain(t.cashSalesMinor(), c));
            setup.out.println("cash_refunds=" + plain(t.cashRefundsMinor(), c));
            setup.out.println("expected=" + plain(t.expectedMinor(), c));
            if (t.closed()) {
                setup.out.println("closed counted=" + plain(t.closing().countedMinor(), c) + " difference=" + plain(t.closing().differenceMinor(), c)
                        + " by=" + t.closing().by() + (t.closing().reason().isEmpty() ? "" : " reason=" + t.closing().reason()));
            }
            return 0;
        }
    }

    /** The value done, or the refusal as the command's one invalid line. */
    static <T> T refusal(Answer<T> answer, CheckoutWords words) throws CliInvalid {
        if (answer instanceof Answer.Refused<T> no) {
            throw new CliInvalid(words.problem(no.problem(), "", null));
        }
        return answer.value();
    }
}
