package app.salondesk.logic.booking;

import app.salondesk.model.booking.BookingStatus;
import app.salondesk.model.clients.ClientFilter;
import app.salondesk.model.clients.ClientListRow;
import app.salondesk.model.clients.PhoneNumbers;
import org.jooq.Condition;
import org.jooq.DSLContext;
import org.jooq.Field;
import org.jooq.impl.DSL;

import java.time.LocalDate;
import java.time.ZoneId;
import java.util.Arrays;
import java.util.List;

import static app.salondesk.jooq.Tables.BOOKINGS;
import static app.salondesk.jooq.Tables.CLIENTS;
import static app.salondesk.jooq.Tables.CLIENT_NOTES;
import static app.salondesk.jooq.Tables.FORGOTTEN_CLIENTS;

/**
 * The client list (issue 36): the salon's clients with their last visit and no-shows, searched and
 * filtered — a tag, last visit before / after a day, no-shows (since a day), birthday in a month — for
 * the desk's list, its CSV export and {@code clients list}. Here because it reads the bookings table.
 * Merged clients are left out (they are the client they were merged into); forgotten ones too.
 */
public final class ClientListRepository {

    /** Past this many rows the list says "the first 2 000" (a salon's whole list is still exported). */
    public static final int SHOWN = 2000;

    private final DSLContext dsl;

    public ClientListRepository(DSLContext dsl) {
        this.dsl = dsl;
    }

    private static final List<String> TOOK_PLACE = List.of(BookingStatus.ARRIVED.dbValue(), BookingStatus.COMPLETED.dbValue());

    /** The clients the filter lets through, by name; at most {@code limit} (≤ 0: all). */
    public List<ClientListRow> list(long tenantId, ZoneId zone, String region, ClientFilter filter, int limit) {
        Field<java.time.OffsetDateTime> lastVisit = DSL.field(DSL.select(DSL.max(BOOKINGS.STARTS_AT)).from(BOOKINGS)
                .where(BOOKINGS.TENANT_ID.eq(CLIENTS.TENANT_ID).and(BOOKINGS.CLIENT_ID.eq(CLIENTS.ID))
                        .and(BOOKINGS.STATUS.in(TOOK_PLACE)).and(BOOKINGS.STARTS_AT.le(DSL.currentOffsetDateTime()))));
        Condition noShowSince = filter.noShowSince() == null ? DSL.noCondition()
                : BOOKINGS.STARTS_AT.ge(filter.noShowSince().atStartOfDay(zone).toOffsetDateTime());
        Field<Integer> noShows = DSL.field(DSL.selectCount().from(BOOKINGS)
                .where(BOOKINGS.TENANT_ID.eq(CLIENTS.TENANT_ID).and(BOOKINGS.CLIENT_ID.eq(CLIENTS.ID))
                        .and(BOOKINGS.STATUS.eq(BookingStatus.NO_SHOW.dbValue())).and(noShowSince)));
        Field<Boolean> alert = DSL.field(DSL.exists(DSL.selectOne().from(CLIENT_NOTES)
                .where(CLIENT_NOTES.TENANT_ID.eq(CLIENTS.TENANT_ID).and(CLIENT_NOTES.CLIENT_ID.eq(CLIENTS.ID)).and(CLIENT_NOTES.ALERT))));

        Condition where = CLIENTS.TENANT_ID.eq(tenantId).and(CLIENTS.MERGED_INTO.isNull())
                .and(DSL.notExists(DSL.selectOne().from(FORGOTTEN_CLIENTS)
                        .where(FORGOTTEN_CLIENTS.TENANT_ID.eq(CLIENTS.TENANT_ID).and(FORGOTTEN_CLIENTS.CLIENT_ID.eq(CLIENTS.ID)))));
        if (!filter.text().isEmpty()) {
            // the toolbar's search decides what the text finds: one answer for both
            List<Long> found = new app.salondesk.logic.clients.ClientRepository(dsl).search(tenantId, region, filter.text(), 100_000)
                    .stream().map(app.salondesk.model.clients.ClientSummary::id).toList();
            where = where.and(CLIENTS.ID.eq(DSL.any(found.toArray(Long[]::new))));
        }
        if (filter.tag() != null) {
            // any case: "vip" finds "VIP"
            where = where.and(DSL.exists(DSL.selectOne().from(DSL.unnest(CLIENTS.TAGS).as("t", "v"))
                    .where(DSL.lower(DSL.field(DSL.name("t", "v"), String.class)).eq(filter.tag().toLowerCase(java.util.Locale.ROOT)))));
        }
        if (filter.birthdayMonth() != null) {
            where = where.and(DSL.month(CLIENTS.BIRTHDAY).eq(filter.birthdayMonth()));
        }
        var rows = dsl.select(CLIENTS.ID, CLIENTS.NAME, CLIENTS.PHONE, CLIENTS.EMAIL, CLIENTS.BIRTHDAY, CLIENTS.TAGS, CLIENTS.SOURCE,
                        lastVisit.as("last_visit"), noShows.as("no_shows"), alert.as("alert"))
                .from(CLIENTS).where(where).asTable("x");
        Field<java.time.OffsetDateTime> last = rows.field("last_visit", java.time.OffsetDateTime.class);
        Field<Integer> shows = rows.field("no_shows", Integer.class);
        Condition after = DSL.noCondition();
        if (filter.lastVisitBefore() != null) {
            // "last visit before March": came, but not since; never came counts too
            after = after.and(last.isNull().or(last.lt(filter.lastVisitBefore().atStartOfDay(zone).toOffsetDateTime())));
        }
        if (filter.lastVisitAfter() != null) {
            after = after.and(last.ge(filter.lastVisitAfter().atStartOfDay(zone).toOffsetDateTime()));
        }
        if (filter.withNoShows() || filter.noShowSince() != null) {
            after = after.and(shows.gt(0));
        }
        var query = dsl.selectFrom(rows).where(after)
                .orderBy(DSL.lower(rows.field(CLIENTS.NAME)), rows.field(CLIENTS.ID));
        var result = limit > 0 ? query.limit(limit).fetch() : query.fetch();
        return result.map(r -> new ClientListRow(r.get(CLIENTS.ID.getName(), Long.class), r.get(CLIENTS.NAME.getName(), String.class),
                r.get(CLIENTS.PHONE.getName(), String.class), r.get(CLIENTS.EMAIL.getName(), String.class),
                r.get(CLIENTS.BIRTHDAY.getName(), LocalDate.class), Arrays.asList(r.get(CLIENTS.TAGS.getName(), String[].class)),
                r.get(CLIENTS.SOURCE.getName(), String.class),
                r.get(last) == null ? null : r.get(last).toInstant(), r.get(shows), Boolean.TRUE.equals(r.get("alert", Boolean.class))));
    }

    /** How a row's phone reads at the salon (the list's column). */
    public static String phoneShown(ClientListRow row, String region) {
        return row.phone() == null ? "" : PhoneNumbers.display(row.phone(), region);
    }
}
