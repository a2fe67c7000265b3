package app.salondesk.logic.setup;

import app.salondesk.logic.catalog.ServiceRepository;
import app.salondesk.logic.salon.Refusal;
import app.salondesk.logic.salon.SalonRepository;
import app.salondesk.logic.staff.MasterRepository;
import app.salondesk.model.catalog.Offer;
import app.salondesk.model.setup.SalonPlan;
import app.salondesk.model.staff.Week;
import org.jooq.DSLContext;
import org.jooq.exception.DataAccessException;
import org.jooq.impl.DSL;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.DayOfWeek;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Makes the salon the first-start wizard describes, in one transaction: the salon, its
 * masters each with the opening week as their first week ({@link Week#ALWAYS}, changed later
 * per master), its services and who does them. A refusal leaves nothing behind, so the wizard
 * can simply be finished again.
 */
public final class SalonSetup {

    private static final Logger log = LoggerFactory.getLogger(SalonSetup.class);

    private final DSLContext dsl;

    public SalonSetup(DSLContext dsl) {
        this.dsl = dsl;
    }

    /** Creating a salon is the database owner's (the embedded desk is the owner; staff cannot add salons). */
    public SetupResult create(SalonPlan plan) {
        try {
            return dsl.transactionResult(cfg -> {
                DSLContext tx = DSL.using(cfg);
                SalonRepository salons = new SalonRepository(tx);
                MasterRepository masters = new MasterRepository(tx);
                ServiceRepository services = new ServiceRepository(tx);
                long salon = salons.create(plan.salon(), false);
                List<Long> masterIds = new ArrayList<>();
                for (SalonPlan.NewMaster m : plan.masters()) {
                    long id = masters.add(salon, m.name(), m.colour());
                    masterIds.add(id);
                    for (Map.Entry<DayOfWeek, LocalTime[]> day : plan.week().entrySet()) {
                        masters.setWeekDay(salon, id, Week.ALWAYS, day.getKey(), List.<LocalTime[]>of(day.getValue()));
                    }
                }
                for (SalonPlan.NewService s : plan.services()) {
                    long id = services.add(salon, s.name(), "", s.minutes(), s.price());
                    for (int who : s.masters()) {
                        services.offer(salon, new Offer(masterIds.get(who), id, null, null));
                    }
                }
                log.info("set up salon {} '{}': {} masters, {} services", salon, plan.salon().name(),
                        masterIds.size(), plan.services().size());
                return new SetupResult.Done(salons.find(salon).orElseThrow());
            });
        } catch (DataAccessException e) {
            Refusal why = Refusal.of(e).orElseThrow(() -> e);
            log.warn("the database refused the new salon ({}): {}", why, e.getMessage());
            return new SetupResult.Refused(why);
        }
    }
}
