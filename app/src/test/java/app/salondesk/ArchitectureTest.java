package app.salondesk;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

/** One direction of dependencies: UI → service → repository/domain (CONVENTIONS.md). */
class ArchitectureTest {

    private final JavaClasses classes = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("app.salondesk");

    @Test
    void engineRepositoriesAndDomainDoNotTouchJavaFx() {
        noClasses().that().resideInAnyPackage("app.salondesk.booking", "app.salondesk.staff..", "app.salondesk.salon..",
                        "app.salondesk.catalog..", "app.salondesk.runtime..", "app.salondesk.demo..", "app.salondesk.db..",
                        "app.salondesk.live..")
                .should().dependOnClassesThat().resideInAnyPackage("javafx..", "com.calendarfx..")
                .check(classes);
    }

    @Test
    void repositoriesAnywhereDoNotTouchJavaFx() {
        // feature packages (clients/, …) hold views too; their repositories stay free of the UI
        noClasses().that().haveSimpleNameEndingWith("Repository")
                .should().dependOnClassesThat().resideInAnyPackage("javafx..", "com.calendarfx..")
                .check(classes);
    }

    @Test
    void viewsAndViewModelsHoldNoSql() {
        noClasses().that().resideInAnyPackage("app.salondesk.ui..", "app.salondesk.calendar..", "app.salondesk.booking.form..")
                .should().dependOnClassesThat().resideInAnyPackage("org.jooq..", "java.sql..", "app.salondesk.jooq..")
                .check(classes);
    }

    @Test
    void onlyTheBookingPackageTouchesTheBookingsTable() {
        // writes go through BookingEngine; reads for calendars through ScheduleRepository, both in booking/
        noClasses().that().resideOutsideOfPackages("app.salondesk.booking", "app.salondesk.jooq..")
                .should().dependOnClassesThat().belongToAnyOf(app.salondesk.jooq.tables.Bookings.class,
                        app.salondesk.jooq.tables.records.BookingsRecord.class)
                .check(classes);
    }

    @Test
    void viewModelsHoldNoControls() {
        noClasses().that().haveSimpleNameEndingWith("ViewModel")
                .should().dependOnClassesThat().resideInAnyPackage("javafx.scene..", "com.calendarfx..")
                .check(classes);
    }
}
