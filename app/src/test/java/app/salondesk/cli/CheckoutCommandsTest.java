package app.salondesk.cli;

import app.salondesk.logic.booking.EngineFixture;
import app.salondesk.logic.staff.StaffRepository;
import app.salondesk.model.booking.Booking;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code checkout}, {@code sales}, {@code till}, {@code takings}, {@code products} and
 * {@code commissions} (issue 34) on the fixture's salon (Cut 500.00 by Anna or Bohdan), as its
 * receptionist and its admin: one line per outcome, tab-separated lists with their totals last,
 * refusals one {@code invalid:} line with exit code 2 (3 when the booking was paid meanwhile).
 */
class CheckoutCommandsTest {

    private static EngineFixture f;
    private static EngineFixture other;
    private static SetupCli cli;
    private static SetupCli otherCli;
    private static String s;
    private static int slot;

    @BeforeAll
    static void salon() {
        f = new EngineFixture("clicheckout", 2);
        other = new EngineFixture("clitill", 2);
        cli = new SetupCli(f.backend.database().settings());
        otherCli = new SetupCli(other.backend.database().settings());
        s = Long.toString(System.nanoTime(), 36);
        new StaffRepository(f.dsl).add(f.tenant, "boss_" + s, "Boss", "admin", "admin-password".toCharArray());
        new StaffRepository(f.dsl).add(f.tenant, "desk_" + s, "Desk", "receptionist", "desk-password".toCharArray());
        new StaffRepository(other.dsl).add(other.tenant, "tboss_" + s, "Boss", "admin", "admin-password".toCharArray());
        new StaffRepository(other.dsl).add(other.tenant, "tdesk_" + s, "Desk", "receptionist", "desk-password".toCharArray());
    }

    @AfterAll
    static void close() {
        f.close();
        other.close();
    }

    private static SetupCli.Run admin(String... args) {
        return cli.as("boss_" + s, "admin-password", args);
    }

    private static SetupCli.Run desk(String... args) {
        return cli.as("desk_" + s, "desk-password", args);
    }

    private static Booking cut() {
        int n = slot++;
        return f.booked(f.engine.book(f.cutWith(f.anna, EngineFixture.at(8, 0).plusSeconds(3_600L * (n % 12) + 86_400L * (n / 12)))));
    }

    @Test
    void aReceptionistChecksOutABookingWithAProductADiscountATipAndASplitPayment() {
        assertEquals("product_id=", admin("products", "add", "--name", "Shampoo " + s, "--price", "250", "--low-stock", "2").line().replaceAll("\\d", ""));
        assertEquals("stock=3", desk("products", "stock", "--product", "Shampoo " + s, "--add", "3").line());
        Booking b = cut();
        // 500 + 250 = 750, 10 % off = 675, tip 50 = 725; card 300, cash 500 given: 425 due, change 75
        SetupCli.Run r = desk("checkout", "--booking", Long.toString(b.id()), "--product", "Shampoo " + s + ":1", "--discount", "10%",
                "--discount-reason", "loyal", "--tip", "50", "--pay", "card:300,cash:500");
        assertEquals(0, r.exit(), r.toString());
        assertTrue(r.line().matches("sale_id=\\d+ total=725.00 change=75.00"), r.line());
        long sale = Long.parseLong(r.line().replaceAll("sale_id=(\\d+).*", "$1"));
        assertEquals("completed", f.dsl.resultQuery("SELECT status FROM bookings WHERE id = " + b.id()).fetchOne(0, String.class));
        assertEquals("cli", f.dsl.resultQuery("SELECT source FROM sales WHERE id = " + sale).fetchOne(0, String.class));
        List<String> shown = desk("sales", "show", "--sale", Long.toString(sale)).lines();
        assertTrue(shown.contains("line\tservice\tCut\tAnna\t1\t500.00\t50.00\t450.00"), shown.toString());
        assertTrue(shown.contains("paid\tcash\t425.00\tgiven 500.00\tchange 75.00"), shown.toString());
        List<String> low = desk("products", "list", "--low").lines();
        assertTrue(low.stream().anyMatch(l -> l.contains("Shampoo " + s) && l.contains("\t2\t2\t")), low.toString());

        SetupCli.Run again = desk("checkout", "--booking", Long.toString(b.id()), "--pay", "card:500");
        assertEquals(3, again.exit(), again.toString());
        assertEquals("invalid: this booking is paid already (sale " + sale + "): nothing was saved", again.line());
    }

    @Test
    void refundsAndVoidsAreAnAdminsAndTheTakingsShowThem() {
        Booking b = cut();
        SetupCli.Run r = desk("checkout", "--booking", Long.toString(b.id()), "--pay", "card:500");
        long sale = Long.parseLong(r.line().replaceAll("sale_id=(\\d+).*", "$1"));
        SetupCli.Run refused = desk("sales", "refund", "--sale", Long.toString(sale), "--amount", "100", "--reason", "friend");
        assertEquals(2, refused.exit(), refused.toString());
        assertTrue(refused.line().startsWith("invalid: you don't have permission"), refused.line());
        SetupCli.Run refund = admin("sales", "refund", "--sale", Long.toString(sale), "--amount", "100", "--reason", "too short");
        assertTrue(refund.line().matches("refund_id=\\d+ amount=100.00"), refund.toString());
        List<String> day = desk("sales", "list").lines();
        assertTrue(day.stream().anyMatch(l -> l.startsWith(sale + "\t") && l.contains("\t500.00\t100.00\trefunded\tDesk")), day.toString());
        List<String> methods = desk("takings", "--by", "method").lines();
        assertEquals("method\tpaid\trefunded\tnet", methods.get(0));
        String card = methods.stream().filter(l -> l.startsWith("card\t")).findFirst().orElseThrow();
        assertTrue(card.endsWith("\t"
                + f.dsl.resultQuery("SELECT (sum(p.amount_minor) - (SELECT coalesce(sum(amount_minor), 0) FROM sale_refunds WHERE method = 'card'))::numeric / 100 "
                + "FROM sale_payments p WHERE method = 'card'").fetchOne(0, java.math.BigDecimal.class).setScale(2)), card);
        // by day, by master and by method end on one total
        String total = lastCell(desk("takings").lines());
        assertEquals(total, lastCell(desk("takings", "--by", "master").lines()));
        assertEquals(total, lastCell(methods));
        SetupCli.Run v = admin("sales", "void", "--sale", Long.toString(sale), "--reason", "wrong");
        assertEquals(2, v.exit(), "a refunded sale is not voided: " + v);
    }

    @Test
    void theTillOpensMovesCashAndClosesWithADifferenceOnlyByAnAdminWithAReason() {
        SetupCli.Run open = otherCli.as("tdesk_" + s, "desk-password", "till", "open", "--float", "500");
        assertEquals("float=500.00", open.line(), open.toString());
        assertEquals("expected=450.00", otherCli.as("tdesk_" + s, "desk-password", "till", "move", "--amount", "-50", "--reason", "flowers").line());
        SetupCli.Run paid = otherCli.as("tdesk_" + s, "desk-password", "checkout", "--tip", "Anna=20", "--pay", "cash:20");
        assertEquals(0, paid.exit(), paid.toString());
        SetupCli.Run short1 = otherCli.as("tdesk_" + s, "desk-password", "till", "close", "--counted", "460", "--reason", "short");
        assertEquals(2, short1.exit(), short1.toString());
        SetupCli.Run noReason = otherCli.as("tboss_" + s, "admin-password", "till", "close", "--counted", "460");
        assertEquals(2, noReason.exit(), noReason.toString());
        assertEquals("invalid: a reason is needed", noReason.line());
        SetupCli.Run closed = otherCli.as("tboss_" + s, "admin-password", "till", "close", "--counted", "460", "--reason", "a 10 note missing");
        assertEquals("expected=470.00 counted=460.00 difference=-10.00", closed.line(), closed.toString());
        SetupCli.Run late = otherCli.as("tdesk_" + s, "desk-password", "checkout", "--tip", "Anna=20", "--pay", "card:20");
        assertEquals(2, late.exit(), late.toString());
        assertEquals("invalid: the day is closed: its till takes no more money", late.line());
        List<String> shown = otherCli.as("tdesk_" + s, "desk-password", "till", "show").lines();
        assertTrue(shown.contains("closed counted=460.00 difference=-10.00 by=Boss reason=a 10 note missing"), shown.toString());
    }

    @Test
    void commissionsAreSetByAnAdminAndThePayReportAddsTipsWhole() throws Exception {
        SetupCli.Run refused = desk("commissions", "set", "--master", "Bohdan", "--services", "--percent", "40");
        assertEquals(2, refused.exit(), refused.toString());
        assertTrue(admin("commissions", "set", "--master", "Bohdan", "--services", "--percent", "40").line().matches("rate_id=\\d+"));
        Booking b = f.booked(f.engine.book(f.cutWith(f.bohdan, EngineFixture.at(9, 0).plusSeconds(86_400L * 50))));
        assertEquals(0, desk("checkout", "--booking", Long.toString(b.id()), "--tip", "30", "--pay", "card:530").exit());
        Path csv = Files.createTempFile("pay", ".csv");
        List<String> report = admin("commissions", "report", "--from", today(), "--csv", csv.toString()).lines();
        assertTrue(report.contains("Bohdan\t500.00\t0.00\t30.00\t200.00\t230.00"), report.toString());
        List<String> file = Files.readAllLines(csv);
        assertEquals("master,services,products,tips,commission,pay", file.get(0));
        assertTrue(file.contains("Bohdan,500.00,0.00,30.00,200.00,230.00"), file.toString());
        assertEquals(2, desk("commissions", "report", "--from", today()).exit(), "the pay report is not a receptionist's");
    }

    @Test
    void badInputIsOneLineAndWritesNothing() {
        int before = f.count("SELECT count(*) FROM sales");
        Booking b = cut();
        assertEquals("invalid: \"bitcoin:10\" is not a payment: METHOD:AMOUNT, the method one of cash, card, transfer, other",
                desk("checkout", "--booking", Long.toString(b.id()), "--pay", "bitcoin:10").line());
        assertEquals("invalid: a discount needs a reason", desk("checkout", "--booking", Long.toString(b.id()), "--discount", "10%",
                "--pay", "card:450").line());
        assertEquals("invalid: 50.00 ₴ is still to pay".replace("50.00 ₴", "UAH\u00a050.00"),
                desk("checkout", "--booking", Long.toString(b.id()), "--pay", "card:450").line());
        assertEquals("invalid: a price other than the list price needs a reason",
                desk("checkout", "--booking", Long.toString(b.id()), "--line", "Cut=600", "--pay", "card:600").line());
        assertEquals("invalid: no booking 999999 in this salon", desk("checkout", "--booking", "999999", "--pay", "card:1").line());
        assertEquals(before, f.count("SELECT count(*) FROM sales"));
        assertEquals("confirmed", f.dsl.resultQuery("SELECT status FROM bookings WHERE id = " + b.id()).fetchOne(0, String.class));
    }

    private static String today() {
        return java.time.LocalDate.now(EngineFixture.ZONE).toString();
    }

    private static String lastCell(List<String> lines) {
        String last = lines.get(lines.size() - 1);
        return last.substring(last.lastIndexOf('\t') + 1);
    }
}
