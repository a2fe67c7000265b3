package app.salondesk.logic.clients;

import app.salondesk.model.booking.Source;
import app.salondesk.model.clients.ClientSummary;
import app.salondesk.model.clients.DuplicatePair;
import app.salondesk.model.clients.MergeOutcome;
import org.jooq.Condition;
import org.jooq.DSLContext;
import org.jooq.Field;
import org.jooq.exception.DataAccessException;
import org.jooq.impl.DSL;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static app.salondesk.jooq.Tables.CLIENTS;
import static app.salondesk.jooq.Tables.FORGOTTEN_CLIENTS;

/**
 * One client never twice (issue 36): merging a duplicate into the client she is, through the database's
 * definer function ({@code salondesk_merge_clients}, migration 42: an admin's, one transaction, recorded
 * in both histories), and the desk's suggestions of likely duplicates.
 */
public final class ClientMerges {

    private final DSLContext dsl;

    public ClientMerges(DSLContext dsl) {
        this.dsl = dsl;
    }

    /** Merges {@code from} into {@code into}: everything of {@code from} moves, {@code from} stays as an empty row. */
    public MergeOutcome merge(long tenantId, long from, long into, Source source) {
        if (from == into) {
            return new MergeOutcome.Refused(MergeOutcome.Why.SAME_CLIENT);
        }
        try {
            String moved = dsl.transactionResult(cfg -> {
                DSLContext tx = cfg.dsl();
                tx.resultQuery("SELECT set_config('salondesk.source', ?, true)", source.dbValue()).fetch();
                return tx.resultQuery("SELECT CAST(salondesk_merge_clients(?, ?, ?) AS text)", tenantId, from, into).fetchOne(0, String.class);
            });
            return new MergeOutcome.Merged(from, into, counts(moved));
        } catch (DataAccessException e) {
            String state = e.sqlState();
            String message = String.valueOf(e.getMessage());
            if ("42501".equals(state)) {
                return new MergeOutcome.Refused(MergeOutcome.Why.NO_PERMISSION);
            }
            if ("22023".equals(state)) {
                if (message.contains("merged into another client already")) {
                    return new MergeOutcome.Refused(MergeOutcome.Why.ALREADY_MERGED);
                }
                if (message.contains("forgotten")) {
                    return new MergeOutcome.Refused(MergeOutcome.Why.FORGOTTEN);
                }
                if (message.contains("has no client")) {
                    return new MergeOutcome.Refused(MergeOutcome.Why.UNKNOWN_CLIENT);
                }
                return new MergeOutcome.Refused(MergeOutcome.Why.SAME_CLIENT);
            }
            throw e;
        }
    }

    private static Map<String, Integer> counts(String json) {
        Map<String, Integer> out = new HashMap<>();
        try {
            Map<String, Object> m = com.fasterxml.jackson.jr.ob.JSON.std.mapFrom(json);
            m.forEach((k, v) -> out.put(k, ((Number) v).intValue()));
        } catch (java.io.IOException e) {
            throw new IllegalStateException("the merge answered no counts: " + json, e);
        }
        return out;
    }

    /**
     * Pairs of the salon's clients who are likely one person, each pair once (the first reason found):
     * the same last nine digits of the phone under another code, the same e-mail, the same name and
     * birthday, the same name where one has no phone. Merged and forgotten clients are left out.
     */
    public List<DuplicatePair> duplicates(long tenantId, int limit) {
        var a = CLIENTS.as("a");
        var b = CLIENTS.as("b");
        Field<String> nameA = folded(a.NAME);
        Field<String> nameB = folded(b.NAME);
        var reason = DSL.when(DSL.right(a.PHONE, 9).eq(DSL.right(b.PHONE, 9)), DSL.inline(DuplicatePair.Reason.PHONE.name()))
                .when(a.EMAIL.ne("").and(DSL.lower(a.EMAIL).eq(DSL.lower(b.EMAIL))), DSL.inline(DuplicatePair.Reason.EMAIL.name()))
                .when(nameA.eq(nameB).and(a.BIRTHDAY.eq(b.BIRTHDAY)), DSL.inline(DuplicatePair.Reason.NAME_AND_BIRTHDAY.name()))
                .otherwise(DSL.inline(DuplicatePair.Reason.NAME_WITHOUT_PHONE.name()));
        var alive = DSL.notExists(DSL.selectOne().from(FORGOTTEN_CLIENTS)
                .where(FORGOTTEN_CLIENTS.TENANT_ID.eq(a.TENANT_ID).and(FORGOTTEN_CLIENTS.CLIENT_ID.in(a.ID, b.ID))));
        List<DuplicatePair> out = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        dsl.select(a.ID, a.NAME, a.PHONE, b.ID, b.NAME, b.PHONE, reason)
                .from(a).join(b).on(b.TENANT_ID.eq(a.TENANT_ID).and(b.ID.gt(a.ID)))
                .where(a.TENANT_ID.eq(tenantId).and(a.MERGED_INTO.isNull()).and(b.MERGED_INTO.isNull()).and(alive))
                .and(DSL.right(a.PHONE, 9).eq(DSL.right(b.PHONE, 9))
                        .or(a.EMAIL.ne("").and(DSL.lower(a.EMAIL).eq(DSL.lower(b.EMAIL))))
                        .or(nameA.eq(nameB).and(a.BIRTHDAY.eq(b.BIRTHDAY)))
                        .or(nameA.eq(nameB).and(a.PHONE.isNull().or(b.PHONE.isNull()))))
                .orderBy(a.ID, b.ID)
                .limit(limit)
                .forEach(r -> {
                    if (seen.add(r.value1() + ":" + r.value4())) {
                        out.add(new DuplicatePair(new ClientSummary(r.value1(), r.value2(), r.value3()),
                                new ClientSummary(r.value4(), r.value5(), r.value6()), DuplicatePair.Reason.valueOf(r.value7())));
                    }
                });
        return out;
    }

    /**
     * The likely duplicates of one client, for her card (issue 36): another client of the salon whose phone has the
     * same last nine digits (compared as digits only, so a number kept in another form or under another country
     * code is found), the same e-mail, or the same name and birthday. Merged and forgotten clients are left out.
     */
    public List<DuplicatePair> duplicatesOf(long tenantId, long clientId, int limit) {
        var a = CLIENTS.as("a");
        var b = CLIENTS.as("b");
        Field<String> digitsA = DSL.right(DSL.regexpReplaceAll(a.PHONE, DSL.inline("[^0-9]"), DSL.inline("")), 9);
        Field<String> digitsB = DSL.right(DSL.regexpReplaceAll(b.PHONE, DSL.inline("[^0-9]"), DSL.inline("")), 9);
        Condition phone = DSL.length(digitsA).eq(9).and(digitsA.eq(digitsB));
        Condition email = a.EMAIL.ne("").and(DSL.lower(a.EMAIL).eq(DSL.lower(b.EMAIL)));
        Condition nameAndBirthday = folded(a.NAME).eq(folded(b.NAME)).and(a.BIRTHDAY.eq(b.BIRTHDAY));
        var reason = DSL.when(phone, DSL.inline(DuplicatePair.Reason.PHONE.name()))
                .when(email, DSL.inline(DuplicatePair.Reason.EMAIL.name()))
                .otherwise(DSL.inline(DuplicatePair.Reason.NAME_AND_BIRTHDAY.name()));
        var forgotten = DSL.exists(DSL.selectOne().from(FORGOTTEN_CLIENTS)
                .where(FORGOTTEN_CLIENTS.TENANT_ID.eq(b.TENANT_ID).and(FORGOTTEN_CLIENTS.CLIENT_ID.eq(b.ID))));
        return dsl.select(a.ID, a.NAME, a.PHONE, b.ID, b.NAME, b.PHONE, reason)
                .from(a).join(b).on(b.TENANT_ID.eq(a.TENANT_ID).and(b.ID.ne(a.ID)))
                .where(a.TENANT_ID.eq(tenantId).and(a.ID.eq(clientId)).and(b.MERGED_INTO.isNull()).and(DSL.not(forgotten)))
                .and(phone.or(email).or(nameAndBirthday))
                .orderBy(b.ID)
                .limit(limit)
                .fetch(r -> new DuplicatePair(new ClientSummary(r.value1(), r.value2(), r.value3()),
                        new ClientSummary(r.value4(), r.value5(), r.value6()), DuplicatePair.Reason.valueOf(r.value7())));
    }

    private static Field<String> folded(Field<String> name) {
        return DSL.translate(DSL.lower(DSL.trim(name)), DSL.inline(ClientRepository.foldFrom()), DSL.inline(ClientRepository.foldTo()));
    }
}
