package app.salondesk.logic.online;

import app.salondesk.logic.booking.EngineFixture;
import app.salondesk.logic.staff.StaffRepository;
import app.salondesk.model.online.OnlineMaster;
import app.salondesk.model.online.OnlineService;
import app.salondesk.model.online.OnlineSettings;
import com.zaxxer.hikari.HikariDataSource;
import org.jooq.DSLContext;
import org.jooq.SQLDialect;
import org.jooq.impl.DSL;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The salon side of online booking, as real staff logins: the own salon's admin sets it, nobody else. */
class OnlineSettingsRepositoryTest {

    private static final String PASSWORD = "settings-pw-123";
    private static EngineFixture f;
    private static long other;
    private static String sfx;
    private static final List<HikariDataSource> pools = new ArrayList<>();

    @BeforeAll
    static void salonsAndStaff() {
        f = new EngineFixture("onlinesettings", 2);
        other = f.id("INSERT INTO tenants (name, time_zone) VALUES ('Other salon', 'Europe/Warsaw') RETURNING id");
        sfx = Long.toString(System.nanoTime(), 36);
        StaffRepository owner = new StaffRepository(f.dsl);
        owner.add(f.tenant, "adm_" + sfx, "Admin", "admin", PASSWORD.toCharArray());
        owner.add(f.tenant, "rec_" + sfx, "Desk", "receptionist", PASSWORD.toCharArray());
        owner.add(other, "oth_" + sfx, "Other admin", "admin", PASSWORD.toCharArray());
    }

    @AfterAll
    static void close() {
        pools.forEach(HikariDataSource::close);
        f.close();
    }

    private static OnlineSettingsRepository as(String who) {
        HikariDataSource ds = new HikariDataSource();
        ds.setJdbcUrl(f.backend.database().settings().url());
        ds.setUsername(who + "_" + sfx);
        ds.setPassword(PASSWORD);
        ds.setMaximumPoolSize(1);
        pools.add(ds);
        DSLContext dsl = DSL.using(ds, SQLDialect.POSTGRES);
        return new OnlineSettingsRepository(dsl);
    }

    @Test
    void theSalonsAdminSwitchesItOnAndChoosesWhatIsBookable() {
        OnlineSettingsRepository admin = as("adm");
        String slug = "bloom-" + sfx;
        f.dsl.execute("DELETE FROM online_settings WHERE tenant_id = " + f.tenant);
        assertEquals(Optional.empty(), admin.find(f.tenant), "off until someone sets it");
        assertEquals(OnlineSettingsRepository.Saved.SAVED, admin.save(f.tenant, OnlineSettings.defaults(slug)));
        OnlineSettings on = new OnlineSettings(true, slug, 14, 30, 240, false, 2);
        assertEquals(OnlineSettingsRepository.Saved.SAVED, admin.save(f.tenant, on));
        assertEquals(Optional.of(on), admin.find(f.tenant));
        assertTrue(admin.setMasterBookable(f.tenant, f.bohdan, false));
        assertTrue(admin.setServiceBookable(f.tenant, f.nails, false));
        assertFalse(admin.setMasterBookable(other, f.bohdan, false), "no such master in another salon");
        OnlineDeskService page = new OnlineDeskService(f.dsl);
        assertEquals(List.of("Anna"), page.masters(f.tenant, f.cut).stream().map(OnlineMaster::name).toList());
        assertEquals(List.of("Cut"), page.services(f.tenant).stream().map(OnlineService::name).toList());
        assertEquals(2, page.salon(slug).orElseThrow().daysAhead() / 7);
        // the receptionist reads it, and changes nothing
        OnlineSettingsRepository desk = as("rec");
        assertEquals(Optional.of(on), desk.find(f.tenant));
        assertEquals(OnlineSettingsRepository.Saved.NOT_ALLOWED, desk.save(f.tenant, OnlineSettings.defaults(slug)));
        assertEquals(Optional.of(on), admin.find(f.tenant));
    }

    @Test
    void aSlugIsOneSalonsAndWellFormedAndAnotherSalonsAdminChangesNothing() {
        OnlineSettingsRepository admin = as("adm");
        OnlineSettingsRepository rival = as("oth");
        String slug = "taken-" + sfx;
        assertEquals(OnlineSettingsRepository.Saved.SAVED, admin.save(f.tenant, OnlineSettings.defaults(slug)));
        assertEquals(OnlineSettingsRepository.Saved.SLUG_TAKEN, rival.save(other, OnlineSettings.defaults(slug)));
        for (String bad : List.of("Upper", "-dash", "dash-", "two--dashes", "sp ace", "", "x".repeat(41), "ü")) {
            assertEquals(OnlineSettingsRepository.Saved.INVALID, rival.save(other, OnlineSettings.defaults(bad)), bad);
        }
        assertEquals(OnlineSettingsRepository.Saved.INVALID, rival.save(other, new OnlineSettings(true, "rival-" + sfx, 0, 60, 120, true, 3)));
        assertEquals(OnlineSettingsRepository.Saved.NOT_ALLOWED, rival.save(f.tenant, OnlineSettings.defaults("mine-" + sfx)));
        assertEquals(slug, admin.find(f.tenant).orElseThrow().slug());
        assertEquals(Optional.empty(), rival.find(f.tenant));
        assertFalse(rival.setServiceBookable(f.tenant, f.cut, false), "another salon's service is out of reach");
        assertEquals(OnlineSettingsRepository.Saved.SAVED, rival.save(other, OnlineSettings.defaults("rival-" + sfx)));
    }
}
