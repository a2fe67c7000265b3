package app.salondesk.logic.clients;

import app.salondesk.model.clients.ClientDetails;
import app.salondesk.model.clients.ClientProblem;
import app.salondesk.model.clients.ClientSummary;
import app.salondesk.model.clients.ClientUpdateResult;
import app.salondesk.model.clients.PhoneNumbers;
import org.jooq.Condition;
import org.jooq.DSLContext;
import org.jooq.Field;
import org.jooq.exception.DataAccessException;
import org.jooq.impl.DSL;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

import static app.salondesk.jooq.Tables.CLIENTS;

/** Clients of a salon. Works inside the caller's transaction when given its context. */
public final class ClientRepository {

    private static final Logger log = LoggerFactory.getLogger(ClientRepository.class);

    public static final int MAX_NAME_LENGTH = 200;
    /** Past this, a paste into the search box is not a search any more; the rest is ignored. */
    static final int MAX_SEARCH_LENGTH = 100;

    /** A word that is (part of) a phone number as people type one: "067", "+38(067)", "123-45". */
    private static final Pattern PHONE_WORD = Pattern.compile("[+()\\-.\\d]*\\d[+()\\-.\\d]*");
    private static final Pattern WHITESPACE = Pattern.compile("\\s+");
    private static final String[] FOLD = foldTable();

    private final DSLContext dsl;

    public ClientRepository(DSLContext dsl) {
        this.dsl = dsl;
    }

    public Optional<Long> findByPhone(long tenantId, String e164) {
        return dsl.select(CLIENTS.ID).from(CLIENTS)
                .where(CLIENTS.TENANT_ID.eq(tenantId).and(CLIENTS.PHONE.eq(e164)))
                .fetchOptional(CLIENTS.ID);
    }

    /**
     * A client without a phone of exactly this name (ignoring case), if there is one. Folded as
     * the search folds (see {@link #foldedName()}): with lower() alone, on a C-locale database
     * "Ніна" never matched itself lower-cased in Java, and every booking or import of a
     * Cyrillic name without a phone made the client again.
     */
    public Optional<Long> findByNameWithoutPhone(long tenantId, String name) {
        return dsl.select(CLIENTS.ID).from(CLIENTS)
                .where(CLIENTS.TENANT_ID.eq(tenantId)
                        .and(CLIENTS.PHONE.isNull())
                        .and(CLIENTS.MERGED_INTO.isNull())
                        .and(foldedName().eq(fold(name.strip()))))
                .orderBy(CLIENTS.ID).limit(1)
                .fetchOptional(CLIENTS.ID);
    }

    public boolean exists(long tenantId, long clientId) {
        return dsl.fetchExists(CLIENTS, CLIENTS.TENANT_ID.eq(tenantId).and(CLIENTS.ID.eq(clientId)));
    }

    /**
     * The client with this phone (the phone is the identity: a duplicate is found, not made),
     * else by name among clients without a phone, else a new one.
     */
    public long findOrCreate(long tenantId, String name, String e164OrNull) {
        if (e164OrNull != null) {
            // ON CONFLICT makes this safe when two desks add the same new client at once
            Long id = dsl.insertInto(CLIENTS, CLIENTS.TENANT_ID, CLIENTS.NAME, CLIENTS.PHONE)
                    .values(tenantId, name, e164OrNull)
                    .onConflict(CLIENTS.TENANT_ID, CLIENTS.PHONE).doNothing()
                    .returning(CLIENTS.ID)
                    .fetchOptional(CLIENTS.ID).orElse(null);
            return id != null ? id : findByPhone(tenantId, e164OrNull).orElseThrow();
        }
        return findByNameWithoutPhone(tenantId, name).orElseGet(() ->
                dsl.insertInto(CLIENTS, CLIENTS.TENANT_ID, CLIENTS.NAME)
                        .values(tenantId, name)
                        .returning(CLIENTS.ID).fetchOne(CLIENTS.ID));
    }

    /**
     * The online road's client (migration 13): the client of the salon with this phone, else a
     * new one with this name, found or made by a definer function that answers with the id alone
     * (the online login can read no client's name or phone) and marks the client as the one this
     * transaction books for. Works inside the caller's transaction.
     */
    public long findOrCreateOnline(long tenantId, String name, String e164) {
        return dsl.resultQuery("SELECT salondesk_online_client(?, ?, ?)", tenantId, name, e164).fetchOne(0, Long.class);
    }

    /**
     * A new client with notes (the import of a salon's client list); empty when another client
     * of the salon has this phone by now (the unique key decides: two imports at once cannot
     * both make one). The caller has checked the values with {@link ClientRules}.
     */
    public Optional<Long> add(long tenantId, String name, String e164OrNull, String notes) {
        return dsl.insertInto(CLIENTS, CLIENTS.TENANT_ID, CLIENTS.NAME, CLIENTS.PHONE, CLIENTS.NOTES)
                .values(tenantId, name, e164OrNull, notes == null ? "" : notes)
                .onConflict(CLIENTS.TENANT_ID, CLIENTS.PHONE).doNothing()
                .returning(CLIENTS.ID)
                .fetchOptional(CLIENTS.ID);
    }

    // ---- the client card ---------------------------------------------------------------------

    public Optional<ClientDetails> find(long tenantId, long clientId) {
        return dsl.select(CLIENTS.ID, CLIENTS.NAME, CLIENTS.PHONE, CLIENTS.NOTES).from(CLIENTS)
                .where(CLIENTS.TENANT_ID.eq(tenantId).and(CLIENTS.ID.eq(clientId)))
                .fetchOptional(r -> new ClientDetails(r.value1(), r.value2(), r.value3(), r.value4()));
    }

    /** Every client of the salon the login may see, by name (the clients export). */
    public List<ClientDetails> all(long tenantId) {
        return dsl.select(CLIENTS.ID, CLIENTS.NAME, CLIENTS.PHONE, CLIENTS.NOTES).from(CLIENTS)
                .where(CLIENTS.TENANT_ID.eq(tenantId).and(CLIENTS.MERGED_INTO.isNull()))
                .orderBy(CLIENTS.NAME, CLIENTS.ID)
                .fetch(r -> new ClientDetails(r.value1(), r.value2(), r.value3(), r.value4()));
    }

    /**
     * Saves what the card shows. A phone that another client of the salon already has is
     * {@link ClientUpdateResult.PhoneTaken}: the unique key (tenant_id, phone) decides, so two
     * desks giving two clients the same number at once cannot both succeed.
     */
    public ClientUpdateResult update(long tenantId, long clientId, String name, String phoneE164OrNull, String notes) {
        String cleanName = ClientRules.cleanName(name);
        String cleanNotes = notes == null ? "" : notes;
        Optional<ClientProblem> problem = ClientRules.checkName(cleanName)
                .or(() -> ClientRules.checkE164(phoneE164OrNull))
                .or(() -> ClientRules.checkNotes(cleanNotes));
        if (problem.isPresent()) {
            return new ClientUpdateResult.Invalid(problem.get());
        }
        try {
            // autocommit on its own: the unique violation must not poison a surrounding transaction
            int updated = dsl.update(CLIENTS)
                    .set(CLIENTS.NAME, cleanName)
                    .set(CLIENTS.PHONE, phoneE164OrNull)
                    .set(CLIENTS.NOTES, cleanNotes)
                    .where(CLIENTS.TENANT_ID.eq(tenantId).and(CLIENTS.ID.eq(clientId)))
                    .execute();
            if (updated == 0) {
                return new ClientUpdateResult.Invalid(ClientProblem.UNKNOWN_CLIENT);
            }
            return new ClientUpdateResult.Saved(new ClientDetails(clientId, cleanName, phoneE164OrNull, cleanNotes));
        } catch (DataAccessException e) {
            if (!"23505".equals(e.sqlState())) {
                throw e;
            }
            log.info("phone of client {} is already another client's in salon {}", clientId, tenantId);
            String other = dsl.select(CLIENTS.NAME).from(CLIENTS)
                    .where(CLIENTS.TENANT_ID.eq(tenantId).and(CLIENTS.PHONE.eq(phoneE164OrNull)))
                    .fetchOptional(CLIENTS.NAME).orElse("");
            return new ClientUpdateResult.PhoneTaken(other);
        }
    }

    // ---- search as you type ------------------------------------------------------------------

    /**
     * Clients whose name holds every typed word (any case), or whose phone holds the typed
     * digits ("067 12" finds +380 67 12…): best first (name or number starting with the text,
     * then a word of the name starting with the first typed word), then by name. One query.
     *
     * @param region the salon's country: its numbers are also matched as dialled there
     */
    public List<ClientSummary> search(long tenantId, String region, String text, int limit) {
        String typed = text == null ? "" : text.strip();
        String folded = fold(typed.length() > MAX_SEARCH_LENGTH ? typed.substring(0, MAX_SEARCH_LENGTH) : typed);
        if (folded.isEmpty() || limit <= 0) {
            return List.of();
        }
        List<String> words = Arrays.asList(WHITESPACE.split(folded));
        String phrase = String.join(" ", words);
        String digits = digits(phrase);
        boolean phoneText = words.stream().allMatch(w -> PHONE_WORD.matcher(w).matches());

        Field<String> name = foldedName();
        // E.164 without "+", and the national form staff dial ("0671234567" for +380671234567)
        String countryCode = PhoneNumbers.countryCode(region);
        Field<String> phoneDigits = DSL.substring(CLIENTS.PHONE, 2);
        Field<String> phoneNational = DSL.when(CLIENTS.PHONE.startsWith("+" + countryCode),
                        DSL.inline(PhoneNumbers.nationalPrefix(region)).concat(DSL.substring(CLIENTS.PHONE, countryCode.length() + 2)))
                .otherwise(phoneDigits);

        List<Condition> perWord = new ArrayList<>();
        for (String w : words) {
            Condition c = name.contains(w);
            if (PHONE_WORD.matcher(w).matches()) {
                String d = digits(w);
                c = c.or(phoneDigits.contains(d)).or(phoneNational.contains(d));
            }
            perWord.add(c);
        }
        Condition matches = DSL.and(perWord);
        Condition prefix = name.startsWith(phrase);
        if (phoneText) {
            matches = matches.or(phoneDigits.contains(digits)).or(phoneNational.contains(digits));
            prefix = prefix.or(phoneDigits.startsWith(digits)).or(phoneNational.startsWith(digits));
        }
        Field<Integer> rank = DSL.when(prefix, DSL.inline(0))
                .when(DSL.inline(" ").concat(name).contains(" " + words.get(0)), DSL.inline(1))
                .otherwise(DSL.inline(2));

        return dsl.select(CLIENTS.ID, CLIENTS.NAME, CLIENTS.PHONE).from(CLIENTS)
                .where(CLIENTS.TENANT_ID.eq(tenantId))
                // a client merged into another (issue 36) is found as the other
                .and(CLIENTS.MERGED_INTO.isNull())
                .and(matches)
                .orderBy(rank, name, CLIENTS.ID)
                .limit(limit)
                .fetch(r -> new ClientSummary(r.value1(), r.value2(), r.value3()));
    }

    /**
     * The name folded to lower case in SQL. lower() alone is not enough: on a database created
     * with the C locale (the embedded one, and many servers) it folds only ASCII, so "ІРИНА"
     * would not find "ірина". translate() maps the Latin, Greek and Cyrillic capitals
     * explicitly, whatever the server's locale, and it folds ё to е and every apostrophe to
     * one, as people type them interchangeably.
     */
    /** The capitals {@link #fold} maps, in SQL's translate() order (the duplicates' search folds names alike). */
    static String foldFrom() {
        return FOLD[0];
    }

    static String foldTo() {
        return FOLD[1];
    }

    private static Field<String> foldedName() {
        return DSL.translate(DSL.lower(CLIENTS.NAME), DSL.inline(FOLD[0]), DSL.inline(FOLD[1]));
    }

    /** The Java side of {@link #foldedName()}: the same mapping applied to what was typed. */
    static String fold(String s) {
        StringBuilder b = new StringBuilder(s.length());
        s.codePoints().map(Character::toLowerCase).forEach(b::appendCodePoint);
        String lower = b.toString();
        StringBuilder out = new StringBuilder(lower.length());
        for (int i = 0; i < lower.length(); i++) {
            char c = lower.charAt(i);
            int at = FOLD[0].indexOf(c);
            out.append(at >= 0 ? FOLD[1].charAt(at) : c);
        }
        return out.toString();
    }

    private static String[] foldTable() {
        StringBuilder from = new StringBuilder();
        StringBuilder to = new StringBuilder();
        int[][] ranges = {{0x00C0, 0x024F}, {0x0370, 0x03FF}, {0x0400, 0x052F}};
        for (int[] r : ranges) {
            for (char c = (char) r[0]; c <= r[1]; c++) {
                char lower = Character.toLowerCase(c);
                if (lower != c && Character.isUpperCase(c)) {
                    from.append(c);
                    // translate() maps once, not in a chain: Ё goes straight to е
                    to.append(lower == '\u0451' ? '\u0435' : lower);
                }
            }
        }
        // applied after lower(): both cases of ё are lower by then
        from.append('\u0451').append('\u2019').append('\u02BC').append('`');
        to.append('\u0435').append('\'').append('\'').append('\'');
        return new String[]{from.toString(), to.toString()};
    }

    private static String digits(String s) {
        return s.replaceAll("\\D", "");
    }
}
