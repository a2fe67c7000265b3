package app.salondesk.logic.clients;

import app.salondesk.model.clients.ClientDetails;
import app.salondesk.model.clients.ClientProblem;
import app.salondesk.model.clients.ClientSummary;
import app.salondesk.model.clients.ClientUpdateResult;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Search, card data and saving against a real PostgreSQL. */
class ClientRepositoryTest {

    private static ClientsFixture fx;
    private static ClientRepository clients;

    @BeforeAll
    static void salon() {
        fx = new ClientsFixture("client_repository");
        clients = fx.clients();
    }

    @AfterAll
    static void close() {
        fx.close();
    }

    private static List<Long> ids(String text, int limit) {
        return clients.search(fx.tenant, "UA", text, limit).stream().map(ClientSummary::id).toList();
    }

    // ---- search -------------------------------------------------------------------------------

    @Test
    void everyTypedWordMustBeInTheNameInAnyCaseAndOrder() {
        assertEquals(List.of(fx.iryna), ids("SAVCH iry", 10));
        assertEquals(List.of(fx.kovalenko), ids("  kovalenko   IRYNA ", 10));
        assertEquals(List.of(), ids("iryna bondar", 10));
    }

    @Test
    void cyrillicNamesAreFoundWhateverTheCaseOnACLocaleDatabase() {
        assertEquals(List.of(fx.melnyk), ids("\u0406\u0420\u0418\u041D\u0410", 10));            // ІРИНА
        assertEquals(List.of(fx.melnyk), ids("\u043C\u0435\u043B\u044C\u043D", 10));            // мельн
        // the apostrophe typed on a keyboard finds the typographic one stored
        assertEquals(List.of(fx.maryana), ids("\u043C\u0430\u0440'\u044F\u043D\u0430", 10));   // мар'яна
    }

    @Test
    void phoneDigitsMatchHoweverTheNumberIsTyped() {
        assertEquals(List.of(fx.iryna), ids("067 12", 10));
        assertEquals(List.of(fx.iryna), ids("+38 (067) 123-45", 10));
        assertEquals(List.of(fx.iryna), ids("0671234567", 10));
        assertEquals(List.of(fx.kovalenko), ids("0501", 10));
        assertEquals(List.of(fx.kovalenko), ids("Iryna 050", 10), "a name word and a phone word together");
    }

    @Test
    void namesStartingWithTheTextComeFirstThenNamesWithAWordStartingWithItThenTheRest() {
        assertEquals(List.of(fx.kovalenko, fx.iryna, fx.iryshko, fx.kiryl), ids("iry", 10));
        // a number starting with what was typed (in the national form) before one merely holding it
        assertEquals(List.of(fx.zoia, fx.alla), ids("0685", 10));
    }

    @Test
    void theLimitKeepsTheBestMatches() {
        assertEquals(List.of(fx.kovalenko, fx.iryna), ids("iry", 2));
        assertEquals(List.of(), ids("iry", 0));
    }

    @Test
    void anotherSalonsClientsAreNeverFound() {
        // the other salon has a client with Iryna's phone and a name starting "Iryna Sav"
        assertEquals(List.of(fx.iryna), ids("Iryna Sav", 10));
        assertEquals(List.of(fx.iryna), ids("+380671234567", 10));
        assertEquals(List.of(fx.otherIryna), clients.search(fx.otherTenant, "UA", "iry", 10).stream().map(ClientSummary::id).toList());
    }

    @Test
    void emptyTextFindsNobody() {
        assertEquals(List.of(), ids("", 10));
        assertEquals(List.of(), ids("   ", 10));
        assertEquals(List.of(), clients.search(fx.tenant, "UA", null, 10));
    }

    @Test
    void likeWildcardsAreTakenLiterally() {
        assertEquals(List.of(), ids("%", 10));
        assertEquals(List.of(), ids("_", 10));
    }

    @Test
    void aHugePasteIsCutDownToASearch() {
        assertEquals(List.of(), ids("savchenko " + "x".repeat(5000), 10), "no error, and no name holds the x's");
        assertEquals(List.of(fx.iryna), ids("savchenko" + " ".repeat(200) + "zzz", 10), "words past the cut are ignored");
    }

    @Test
    void resultsCarryNameAndPhone() {
        ClientSummary s = clients.search(fx.tenant, "UA", "savchenko", 10).get(0);
        assertEquals(new ClientSummary(fx.iryna, "Iryna Savchenko", "+380671234567"), s);
    }

    // ---- the card -----------------------------------------------------------------------------

    @Test
    void findReadsTheCardOnlyInItsOwnSalon() {
        assertEquals(Optional.of(new ClientDetails(fx.iryshko, "Oksana Iryshko", null, "")), clients.find(fx.tenant, fx.iryshko));
        assertEquals(Optional.empty(), clients.find(fx.otherTenant, fx.iryshko));
    }

    @Test
    void updateStoresTheTrimmedNameThePhoneAndTheNotes() {
        long id = fx.clients().findOrCreate(fx.tenant, "Nina", null);
        ClientUpdateResult r = clients.update(fx.tenant, id, "  Nina Bondarenko ", "+380639998877", "Allergic to latex\nPays by card");
        assertEquals(new ClientUpdateResult.Saved(new ClientDetails(id, "Nina Bondarenko", "+380639998877", "Allergic to latex\nPays by card")), r);
        assertEquals(Optional.of(new ClientDetails(id, "Nina Bondarenko", "+380639998877", "Allergic to latex\nPays by card")),
                clients.find(fx.tenant, id));
        assertTrue(clients.update(fx.tenant, id, "Nina Bondarenko", null, "") instanceof ClientUpdateResult.Saved);
        assertEquals(null, fx.phoneOf(id), "the phone can be removed");
    }

    @Test
    void aClientWithoutPhoneIsFoundByACyrillicNameInAnyCaseNotMadeAgain() {
        long nina = fx.clients().findOrCreate(fx.tenant, "\u041d\u0456\u043d\u0430 \u0411\u0435\u0437\u0442\u0435\u043b\u0435\u0444\u043e\u043d\u043d\u0430", null);
        assertEquals(nina, fx.clients().findOrCreate(fx.tenant, "\u041d\u0456\u043d\u0430 \u0411\u0435\u0437\u0442\u0435\u043b\u0435\u0444\u043e\u043d\u043d\u0430", null));
        assertEquals(Optional.of(nina), clients.findByNameWithoutPhone(fx.tenant, "\u041d\u0406\u041d\u0410 \u0431\u0435\u0437\u0442\u0435\u043b\u0435\u0444\u043e\u043d\u043d\u0430"));
    }

    @Test
    void aPhoneAnotherClientHasIsReportedWithThatClientsNameAndNothingChanges() {
        long id = fx.clients().findOrCreate(fx.tenant, "Halyna", "+380672223344");
        ClientUpdateResult r = clients.update(fx.tenant, id, "Halyna Petrenko", "+380501112233", "new notes");
        assertEquals(new ClientUpdateResult.PhoneTaken("Iryna Kovalenko"), r);
        assertEquals("Halyna", fx.nameOf(id));
        assertEquals("+380672223344", fx.phoneOf(id));
        assertEquals("", fx.notesOf(id));
    }

    @Test
    void aPhoneUsedOnlyInAnotherSalonIsFree() {
        long id = fx.clients().findOrCreate(fx.tenant, "Vira", null);
        long elsewhere = fx.clients().findOrCreate(fx.otherTenant, "Someone", "+380675556677");
        assertTrue(elsewhere > 0);
        assertTrue(clients.update(fx.tenant, id, "Vira", "+380675556677", "") instanceof ClientUpdateResult.Saved);
    }

    @Test
    void invalidValuesAreRefusedWithTheReasonBeforeTheDatabaseIsAsked() {
        assertEquals(new ClientUpdateResult.Invalid(ClientProblem.NAME_MISSING), clients.update(fx.tenant, fx.kiryl, "  ", null, ""));
        assertEquals(new ClientUpdateResult.Invalid(ClientProblem.NAME_TOO_LONG), clients.update(fx.tenant, fx.kiryl, "K".repeat(201), null, ""));
        assertEquals(new ClientUpdateResult.Invalid(ClientProblem.NAME_BAD_CHARACTERS), clients.update(fx.tenant, fx.kiryl, "Kiryl\tBondar", null, ""));
        assertEquals(new ClientUpdateResult.Invalid(ClientProblem.PHONE_INVALID), clients.update(fx.tenant, fx.kiryl, "Kiryl", "067 123", ""));
        assertEquals(new ClientUpdateResult.Invalid(ClientProblem.NOTES_TOO_LONG),
                clients.update(fx.tenant, fx.kiryl, "Kiryl", null, "x".repeat(ClientRules.MAX_NOTES_LENGTH + 1)));
        assertEquals("Kiryl Bondar", fx.nameOf(fx.kiryl));
        assertEquals("+380931234000", fx.phoneOf(fx.kiryl));
    }

    @Test
    void aClientOfAnotherSalonCannotBeUpdated() {
        assertEquals(new ClientUpdateResult.Invalid(ClientProblem.UNKNOWN_CLIENT),
                clients.update(fx.otherTenant, fx.iryshko, "Taken over", null, ""));
        assertEquals("Oksana Iryshko", fx.nameOf(fx.iryshko));
    }
}
