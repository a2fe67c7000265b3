package app.salondesk.cli;

import app.salondesk.logic.booking.BookingEngine;
import app.salondesk.logic.checkout.CheckoutService;
import app.salondesk.logic.checkout.CheckoutWords;
import app.salondesk.logic.checkout.PriceList;
import app.salondesk.logic.checkout.ProductRepository;
import app.salondesk.model.booking.Booking;
import app.salondesk.model.booking.BookingAsSeen;
import app.salondesk.model.booking.Source;
import app.salondesk.model.catalog.ServiceDetails;
import app.salondesk.model.checkout.Amounts;
import app.salondesk.model.checkout.Checkout;
import app.salondesk.model.checkout.CheckoutLine;
import app.salondesk.model.checkout.CheckoutOutcome;
import app.salondesk.model.checkout.CheckoutProblem;
import app.salondesk.model.checkout.Discount;
import app.salondesk.model.checkout.PaymentMethod;
import app.salondesk.model.checkout.Product;
import app.salondesk.model.checkout.Tender;
import app.salondesk.model.checkout.Tip;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Currency;
import java.util.List;
import java.util.Locale;
import java.util.UUID;

/**
 * {@code checkout}: pays for bookings (and extra services, products, tips) through the same checkout as
 * the desk (issue 34), and prints {@code sale_id=N total=… change=…}.
 */
@Command(name = "checkout", mixinStandardHelpOptions = true,
        description = {"Check out bookings: their services at the list price unless --line says otherwise, extra services, products,",
                "a discount, tips, and payments split over methods. Prints sale_id=N total=AMOUNT change=AMOUNT.",
                "Exit codes: 0 paid, 3 paid already / changed / sold out meanwhile, 4 try again, 2 invalid input."})
final class CheckoutCommand extends SalonCommand {

    static final int EXIT_TAKEN = 3;
    static final int EXIT_TRY_AGAIN = 4;

    @Option(names = "--booking", paramLabel = "ID", description = "A booking to pay for (repeat for a visit's parts).")
    List<Long> bookings = new ArrayList<>();

    @Option(names = "--line", paramLabel = "SERVICE=AMOUNT",
            description = {"The price of a booking's service as done, or an extra service (by name or id) at that price.",
                    "#BOOKING=AMOUNT prices a booking of no service."})
    List<String> lines = new ArrayList<>();

    @Option(names = "--price-reason", paramLabel = "TEXT", description = "Why a --line price is not the list price.")
    String priceReason;

    @Option(names = "--product", paramLabel = "NAME:QTY", description = "A product sold (by name or id), QTY of it (default 1).")
    List<String> products = new ArrayList<>();

    @Option(names = "--master", paramLabel = "ID|NAME",
            description = "Who did the extra services, sold the products, gets an unnamed tip (default: the first booking's master).")
    String master;

    @Option(names = "--discount", paramLabel = "10%|AMOUNT", description = "A discount on the whole (services and products, not tips).")
    String discount;

    @Option(names = "--discount-reason", paramLabel = "TEXT", description = "Why the discount (needed with --discount).")
    String discountReason;

    @Option(names = "--tip", paramLabel = "[MASTER=]AMOUNT", description = "A tip, whole to its master (repeatable).")
    List<String> tips = new ArrayList<>();

    @Option(names = "--pay", required = true, paramLabel = "METHOD:AMOUNT[,…]",
            description = {"What the client hands over: cash:AMOUNT is the cash given (the change is printed),",
                    "card:, transfer:, other: pay exactly that. Split over several, comma-separated or repeated."})
    List<String> pay = new ArrayList<>();

    @Option(names = "--request-id", paramLabel = "UUID",
            description = "The request's id: the same command run again with it makes one sale (default: a new one).")
    String requestId;

    @Override
    int run(Setup setup) throws CliInvalid {
        long tenant = setup.salon.id();
        Currency currency = setup.salon.currency();
        CheckoutWords words = new CheckoutWords(setup.messages, currency);
        BookingEngine engine = new BookingEngine(setup.dsl);
        PriceList prices = new PriceList(setup.dsl);
        List<Booking> paid = new ArrayList<>();
        for (long id : bookings) {
            paid.add(engine.find(tenant, id).orElseThrow(() -> new CliInvalid(setup.messages.format("checkout.cli.unknownBooking", String.valueOf(id)))));
        }
        Long who = master != null ? Long.valueOf(setup.master(master).id()) : paid.isEmpty() ? null : paid.get(0).masterId();
        List<CheckoutLine> sold = new ArrayList<>();
        for (Booking b : paid) {
            long list = b.serviceId() == null ? 0 : prices.service(tenant, b.serviceId(), b.masterId()).map(PriceList.Priced::minor).orElse(0L);
            sold.add(CheckoutLine.ofBooking(b.id(), null, b.masterId(), b.serviceId() == null ? setup.messages.format("checkout.customLine", String.valueOf(b.id())) : "",
                    list));
        }
        for (String l : lines) {
            int eq = l.lastIndexOf('=');
            if (eq <= 0) {
                throw new CliInvalid(setup.messages.format("checkout.cli.badItem", l));
            }
            String name = l.substring(0, eq).strip();
            long amount = amount(words, l.substring(eq + 1), setup);
            String reason = priceReason == null ? "" : priceReason;
            if (name.startsWith("#")) {
                long booking = parseId(name.substring(1), l, setup);
                int at = indexOfBooking(sold, booking);
                if (at < 0) {
                    throw new CliInvalid(setup.messages.format("checkout.cli.unknownBooking", String.valueOf(booking)));
                }
                // a booking of no service has no list price: what is charged is its price
                CheckoutLine line = sold.get(at);
                sold.set(at, new CheckoutLine(line.kind(), line.bookingId(), line.serviceId(), null, line.masterId(), line.description(), 1,
                        amount, amount, "", Discount.NONE));
                continue;
            }
            ServiceDetails service = setup.service(name);
            int at = -1;
            for (int i = 0; i < paid.size(); i++) {
                if (service.id() == (paid.get(i).serviceId() == null ? -1 : paid.get(i).serviceId()) && sold.get(i).unitPriceMinor() == sold.get(i).listPriceMinor()) {
                    at = i;
                    break;
                }
            }
            if (at >= 0) {
                sold.set(at, sold.get(at).priced(amount, reason));
            } else {
                if (who == null) {
                    throw new CliInvalid(setup.messages.get("checkout.cli.noMaster"));
                }
                long list = prices.service(tenant, service.id(), who).map(PriceList.Priced::minor).orElse(0L);
                sold.add(CheckoutLine.service(service.id(), who, "", list).priced(amount, reason));
            }
        }
        List<Product> catalogue = new ProductRepository(setup.dsl).list(tenant);
        for (String p : products) {
            int colon = p.lastIndexOf(':');
            String name = colon > 0 ? p.substring(0, colon) : p;
            int qty = 1;
            if (colon > 0) {
                try {
                    qty = Integer.parseInt(p.substring(colon + 1).strip());
                } catch (NumberFormatException e) {
                    throw new CliInvalid(setup.messages.format("checkout.cli.badItem", p));
                }
            }
            Product product = setup.one(catalogue, name, Product::id, Product::name, "checkout.cli.unknownProduct", "checkout.cli.ambiguousProduct");
            sold.add(CheckoutLine.product(product.id(), who, "", qty, product.priceMinor()));
        }
        List<Tip> tipped = new ArrayList<>();
        for (String t : tips) {
            int eq = t.lastIndexOf('=');
            Long to = eq > 0 ? Long.valueOf(setup.master(t.substring(0, eq)).id()) : who;
            if (to == null) {
                throw new CliInvalid(setup.messages.get("checkout.cli.noMaster"));
            }
            tipped.add(new Tip(to, amount(words, eq > 0 ? t.substring(eq + 1) : t, setup)));
        }
        List<Tender> tenders = new ArrayList<>();
        for (String group : pay) {
            for (String one : group.split(",")) {
                tenders.add(tender(one, words, setup));
            }
        }
        Checkout checkout = new Checkout(tenant, currency, paid.isEmpty() ? null : paid.get(0).clientId(), requestId(setup),
                paid.stream().map(BookingAsSeen::of).toList(), sold, discount(words, setup), tipped, tenders, "", Source.CLI);
        CheckoutOutcome outcome = new CheckoutService(setup.dsl, engine).checkout(checkout);
        if (outcome instanceof CheckoutOutcome.CheckedOut done) {
            setup.out.println("sale_id=" + done.sale().id() + " total=" + plain(done.sale().totalMinor(), currency) + " change="
                    + plain(done.changeMinor(), currency));
            return 0;
        }
        if (outcome instanceof CheckoutOutcome.TryAgain) {
            setup.out.println("try-again: " + words.tryAgain());
            return EXIT_TRY_AGAIN;
        }
        CheckoutOutcome.Refused r = (CheckoutOutcome.Refused) outcome;
        setup.out.println("invalid: " + words.refusal(r));
        return r.problem() == CheckoutProblem.ALREADY_PAID || r.problem() == CheckoutProblem.CHANGED || r.problem() == CheckoutProblem.OUT_OF_STOCK
                ? EXIT_TAKEN : BookingTools.EXIT_INVALID;
    }

    private UUID requestId(Setup setup) throws CliInvalid {
        if (requestId == null) {
            return UUID.randomUUID();
        }
        try {
            return UUID.fromString(requestId.strip());
        } catch (IllegalArgumentException e) {
            throw new CliInvalid(setup.messages.format("cli.invalid.requestId", requestId));
        }
    }

    private Discount discount(CheckoutWords words, Setup setup) throws CliInvalid {
        if (discount == null || discount.isBlank()) {
            return Discount.NONE;
        }
        String reason = discountReason == null ? "" : discountReason;
        String d = discount.strip();
        if (d.endsWith("%")) {
            return Discount.percent(percent(d.substring(0, d.length() - 1), setup), reason);
        }
        return Discount.amount(amount(words, d, setup), reason);
    }

    static BigDecimal percent(String text, Setup setup) throws CliInvalid {
        try {
            return new BigDecimal(text.strip().replace(',', '.'));
        } catch (NumberFormatException e) {
            throw new CliInvalid(setup.messages.format("checkout.cli.badAmount", text));
        }
    }

    private static Tender tender(String text, CheckoutWords words, Setup setup) throws CliInvalid {
        int colon = text.indexOf(':');
        if (colon <= 0) {
            throw new CliInvalid(setup.messages.format("checkout.cli.badPay", text));
        }
        PaymentMethod method;
        try {
            method = PaymentMethod.valueOf(text.substring(0, colon).strip().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new CliInvalid(setup.messages.format("checkout.cli.badPay", text));
        }
        return new Tender(method, amount(words, text.substring(colon + 1), setup));
    }

    /** An amount typed in the salon's currency, in minor units. */
    static long amount(CheckoutWords words, String text, Setup setup) throws CliInvalid {
        Long minor = words.parse(text);
        if (minor == null) {
            throw new CliInvalid(setup.messages.format("checkout.cli.badAmount", text));
        }
        return minor;
    }

    private static long parseId(String text, String whole, Setup setup) throws CliInvalid {
        try {
            return Long.parseLong(text.strip());
        } catch (NumberFormatException e) {
            throw new CliInvalid(setup.messages.format("checkout.cli.badItem", whole));
        }
    }

    private static int indexOfBooking(List<CheckoutLine> lines, long booking) {
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).bookingId() != null && lines.get(i).bookingId() == booking) {
                return i;
            }
        }
        return -1;
    }

    /** Minor units as the machine reads them: "1295.00", "1500" (yen), "12.500" (dinars). */
    static String plain(long minor, Currency currency) {
        return Amounts.toDecimal(minor, currency).toPlainString();
    }
}
