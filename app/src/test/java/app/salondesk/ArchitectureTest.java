package app.salondesk;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAnyPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.type;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

/** One direction of dependencies: UI → service → repository/domain (CONVENTIONS.md). */
class ArchitectureTest {

    private final JavaClasses classes = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("app.salondesk");

    /**
     * A feature's view and view model sit in its package beside its repository (package by
     * feature), so the JavaFX rule below names them: a class that is, or is nested in, a
     * {@code *View} or {@code *ViewModel}.
     */
    private static final DescribedPredicate<JavaClass> VIEW_OR_VIEW_MODEL = new DescribedPredicate<>("part of a *View or *ViewModel") {
        @Override
        public boolean test(JavaClass c) {
            JavaClass top = c;
            while (top.getEnclosingClass().isPresent()) {
                top = top.getEnclosingClass().get();
            }
            return top.getSimpleName().endsWith("View") || top.getSimpleName().endsWith("ViewModel");
        }
    };

    @Test
    void engineRepositoriesAndDomainDoNotTouchJavaFx() {
        noClasses().that().resideInAnyPackage("app.salondesk.booking", "app.salondesk.staff..", "app.salondesk.salon..",
                        "app.salondesk.catalog..", "app.salondesk.clients..", "app.salondesk.runtime..", "app.salondesk.demo..",
                        "app.salondesk.db..", "app.salondesk.live..", "app.salondesk.waitlist..", "app.salondesk.export..",
                        "app.salondesk.backup..")
                .and(DescribedPredicate.not(VIEW_OR_VIEW_MODEL))
                .should().dependOnClassesThat().resideInAnyPackage("javafx..", "com.calendarfx..")
                .check(classes);
    }

    @Test
    void repositoriesAnywhereDoNotTouchJavaFx() {
        noClasses().that().haveSimpleNameEndingWith("Repository")
                .should().dependOnClassesThat().resideInAnyPackage("javafx..", "com.calendarfx..")
                .check(classes);
    }

    @Test
    void viewsAndViewModelsHoldNoSql() {
        // FrontDesk is the window's composition root: it alone builds repositories from the DSLContext
        noClasses().that().resideInAnyPackage("app.salondesk.ui..", "app.salondesk.calendar..", "app.salondesk.booking.form..")
                .or(VIEW_OR_VIEW_MODEL)
                .and().doNotHaveSimpleName("FrontDesk")
                .should().dependOnClassesThat().resideInAnyPackage("org.jooq..", "java.sql..", "app.salondesk.jooq..")
                .check(classes);
    }

    @Test
    void onlyTheBookingPackageTouchesTheBookingsTable() {
        // writes go through BookingEngine; reads for calendars through ScheduleRepository, both in booking/;
        // the messages (issue 33) read the bookings they speak of (☰ → Tomorrow) and never write one
        noClasses().that().resideOutsideOfPackages("app.salondesk.booking", "app.salondesk.jooq..", "app.salondesk.logic.messages")
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

    /**
     * The web road is a thin adapter (CONVENTIONS.md): its handlers parse, call {@code OnlineDesk}
     * and render. No SQL, no engine, no repositories: everything it asks of the database goes
     * through online/, which connects as the online login.
     */
    @Test
    void theWebRoadOnlyTalksToTheOnlineDesk() {
        noClasses().that().resideInAPackage("app.salondesk.web..")
                .should().dependOnClassesThat().resideInAnyPackage("org.jooq..", "app.salondesk.jooq..",
                        "app.salondesk.booking..", "app.salondesk.runtime..", "app.salondesk.db..", "app.salondesk.cli..",
                        "app.salondesk.ui..", "javafx..", "com.calendarfx..")
                .check(classes);
        classes().that().resideInAPackage("app.salondesk.web..")
                .should().onlyDependOnClassesThat(resideInAnyPackage("app.salondesk.web..", "app.salondesk.online..",
                        "app.salondesk.i18n..", "java.lang..", "java.util..", "java.time..", "java.net..", "java.io..",
                        "java.nio..", "java.math..", "java.security..", "javax.crypto..", "io.javalin..", "org.eclipse.jetty..",
                        "gg.jte..", "org.slf4j..", "net.fortuna.ical4j..", "kotlin..")
                        .or(type(app.salondesk.clients.PhoneNumbers.class))
                        // money is written by the one formatter the desk uses too
                        .or(type(app.salondesk.catalog.Money.class))
                        // to tell "the database is out of reach" from a bug, by the driver's exception types only
                        .or(type(java.sql.SQLException.class)).or(type(java.sql.SQLTransientConnectionException.class))
                        // a message's private link (issue 33): the online login's two functions, behind one class
                        .or(type(app.salondesk.logic.messages.MessageLinks.class)).or(type(app.salondesk.logic.messages.MessageLinks.Link.class))
                        .or(type(app.salondesk.logic.messages.MessageLinks.Action.class))
                        .or(type(app.salondesk.logic.messages.MessageLinks.Outcome.class)))
                .check(classes);
    }

    /**
     * Modality and dialogs through one helper (issue 31, ADR 0027): the toolkit's modality
     * un-maximises the main window under a window manager, so no class but DeskWindows makes a
     * window modal or shows a Dialog (an Alert) itself.
     */
    @Test
    void onlyDeskWindowsMakesWindowsModalOrShowsDialogs() {
        noClasses().that().doNotHaveFullyQualifiedName("app.salondesk.ui.DeskWindows")
                .should().callMethodWhere(new DescribedPredicate<com.tngtech.archunit.core.domain.JavaMethodCall>(
                        "Stage/Dialog.initModality or Dialog.show/showAndWait") {
                    @Override
                    public boolean test(com.tngtech.archunit.core.domain.JavaMethodCall call) {
                        String name = call.getTarget().getName();
                        JavaClass owner = call.getTarget().getOwner();
                        boolean dialog = owner.isAssignableTo(javafx.scene.control.Dialog.class);
                        return name.equals("initModality") && (dialog || owner.isAssignableTo(javafx.stage.Stage.class))
                                || (name.equals("show") || name.equals("showAndWait")) && dialog;
                    }
                })
                .check(classes);
    }
}
