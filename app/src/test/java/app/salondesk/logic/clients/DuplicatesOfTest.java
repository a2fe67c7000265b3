package app.salondesk.logic.clients;

import app.salondesk.model.booking.Source;
import app.salondesk.model.clients.DuplicatePair;
import app.salondesk.model.clients.MergeOutcome;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The card's suggestions of likely duplicates (issue 36) on a real PostgreSQL: the same phone digits under another
 * code, the same name and birthday, the same e-mail — and never a client merged away, forgotten, of another salon,
 * or merely of the same name.
 */
class DuplicatesOfTest {

    private static ClientsFixture fx;
    private static ClientMerges merges;

    @BeforeAll
    static void salon() {
        fx = new ClientsFixture("duplicates_of");
        merges = new ClientMerges(fx.dsl);
    }

    @AfterAll
    static void close() {
        fx.close();
    }

    private long client(long tenant, String name, String phone) {
        return fx.dsl.resultQuery("INSERT INTO clients (tenant_id, name, phone) VALUES (?, ?, ?) RETURNING id", tenant, name, phone)
                .fetchOne(0, Long.class);
    }

    private List<Long> others(long clientId) {
        return merges.duplicatesOf(fx.tenant, clientId, 10).stream().map(p -> p.second().id()).toList();
    }

    @Test
    void theSamePhoneDigitsUnderAnotherCodeAreSuggestedBothWays() {
        long polish = client(fx.tenant, "I. Savchenko", "+48671234567");
        List<DuplicatePair> of = merges.duplicatesOf(fx.tenant, polish, 10);
        assertEquals(List.of(fx.iryna), of.stream().map(p -> p.second().id()).toList());
        assertEquals(DuplicatePair.Reason.PHONE, of.get(0).reason());
        assertEquals(polish, of.get(0).first().id());
        assertTrue(others(fx.iryna).contains(polish), "her card suggests the other as well");
        assertTrue(!others(fx.iryna).contains(fx.otherIryna), "the other salon's client with her number is never suggested");
    }

    @Test
    void theSameNameAndBirthdayAreSuggestedTheSameNameAloneIsNot() {
        long a = client(fx.tenant, "Sofia Marchenko", "+380500000101");
        long b = client(fx.tenant, "  sofia marchenko ", "+380500000202");
        assertEquals(List.of(), others(a), "a common name is not a person");
        fx.dsl.execute("UPDATE clients SET birthday = DATE '1991-07-04' WHERE id IN (" + a + ", " + b + ")");
        List<DuplicatePair> of = merges.duplicatesOf(fx.tenant, a, 10);
        assertEquals(List.of(b), of.stream().map(p -> p.second().id()).toList());
        assertEquals(DuplicatePair.Reason.NAME_AND_BIRTHDAY, of.get(0).reason());
    }

    @Test
    void aMergedOrForgottenClientIsNotSuggested() {
        long a = client(fx.tenant, "Nina Hlushko", "+380500000303");
        long b = client(fx.tenant, "Nina H.", "+44500000303");
        long c = client(fx.tenant, "N. Hlushko", "+1500000303");
        assertEquals(List.of(b, c), others(a));
        assertEquals(ClientDataService.Forgetting.FORGOTTEN,
                new ClientDataService(new ClientDataRepository(fx.dsl), fx.salon, ClientsFixture.CLOCK, Source.FORM).forget(c));
        assertInstanceOf(MergeOutcome.Merged.class, merges.merge(fx.tenant, b, a, Source.FORM));
        assertEquals(List.of(), others(a));
    }
}
