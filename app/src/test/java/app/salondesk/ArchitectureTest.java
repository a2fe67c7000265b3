package app.salondesk;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAnyPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.type;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

/**
 * The house's shape as rules the build checks (issue 32, ADR 31, docs/ARCHITECTURE.md): three
 * layers with one direction, gui → logic → model, with cli and web on top and db, runtime and
 * i18n beneath; no package cycle anywhere; the helpers every screen uses import no feature, and
 * the shell on top is imported by no screen. Then the rules each layer keeps: no JavaFX below the
 * gui, no jOOQ or SQL in it, the bookings table in one package, the web road through the online
 * desk only, modality through one helper.
 */
class ArchitectureTest {

    /** The application's classes, imported once for every rule (the import is the slow part). */
    private static final JavaClasses classes = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("app.salondesk");

    private static final String[] BASE = {"app.salondesk.db..", "app.salondesk.runtime..", "app.salondesk.i18n.."};

    /**
     * gui → logic → model, one way: a screen may ask the logic and read the model, the logic
     * reads the model, the model asks nobody; the command line and the web road sit on top of
     * the logic (the command line also opens the desk), and {@code Main} on top of all.
     */
    @Test
    void layersDependOneWayOnly() {
        layeredArchitecture().consideringOnlyDependenciesInLayers()
                .layer("Main").definedBy("app.salondesk")
                .layer("Cli").definedBy("app.salondesk.cli..")
                .layer("Web").definedBy("app.salondesk.web..")
                .layer("Gui").definedBy("app.salondesk.gui..")
                .layer("Logic").definedBy("app.salondesk.logic..")
                .layer("Model").definedBy("app.salondesk.model..")
                .layer("Base").definedBy(BASE)
                .whereLayer("Main").mayNotBeAccessedByAnyLayer()
                .whereLayer("Cli").mayOnlyBeAccessedByLayers("Main")
                .whereLayer("Web").mayOnlyBeAccessedByLayers("Cli")
                .whereLayer("Gui").mayOnlyBeAccessedByLayers("Cli")
                .whereLayer("Logic").mayOnlyBeAccessedByLayers("Gui", "Cli", "Web")
                .whereLayer("Model").mayOnlyBeAccessedByLayers("Logic", "Gui", "Cli", "Web")
                .check(classes);
    }

    /** db, runtime and i18n lie beneath every layer: they know none of them. */
    @Test
    void theBaseKnowsNoLayerAboveIt() {
        noClasses().that().resideInAnyPackage(BASE)
                .should().dependOnClassesThat().resideInAnyPackage("app.salondesk.model..", "app.salondesk.logic..",
                        "app.salondesk.gui..", "app.salondesk.cli..", "app.salondesk.web..")
                .check(classes);
    }

    /**
     * No two packages need each other, directly or around a ring — inside a layer too
     * ({@code logic.booking} asks {@code logic.clients}, never the other way). jOOQ's generated
     * classes are left out: their tables and records name each other by design.
     */
    @Test
    void noPackageCycles() {
        slices().matching("app.salondesk.(**)").should().beFreeOfCycles()
                .check(classes.that(DescribedPredicate.not(resideInAPackage("app.salondesk.jooq.."))));
    }

    /** Tasks off the FX thread, windows, buttons, debouncers, text size: beneath every screen, knowing none. */
    @Test
    void theHelpersEveryScreenUsesImportNoFeature() {
        noClasses().that().resideInAPackage("app.salondesk.gui.common..")
                .should().dependOnClassesThat(resideInAnyPackage("app.salondesk.gui..", "app.salondesk.logic..",
                        "app.salondesk.model..").and(DescribedPredicate.not(resideInAPackage("app.salondesk.gui.common.."))))
                .check(classes);
    }

    /** The shell opens every screen; no screen opens the shell (it hands screens what they need). */
    @Test
    void noScreenImportsTheShell() {
        noClasses().that().resideInAPackage("app.salondesk.gui..").and().resideOutsideOfPackage("app.salondesk.gui.shell..")
                .should().dependOnClassesThat().resideInAPackage("app.salondesk.gui.shell..")
                .check(classes);
    }

    /**
     * A class that is, or is nested in, a {@code *View} or {@code *ViewModel}: outside the gui
     * there is none today, and the rules below keep such a class free of SQL wherever it is put.
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
        noClasses().that().resideInAnyPackage("app.salondesk.model..", "app.salondesk.logic..", "app.salondesk.runtime..",
                        "app.salondesk.db..", "app.salondesk.i18n..", "app.salondesk.web..", "app.salondesk.cli..")
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
    void theGuiHoldsNoSql() {
        // the shell's composition root too: it asks logic.desk.DeskLogic, which alone holds the connection
        noClasses().that().resideInAnyPackage("app.salondesk.gui..")
                .or(VIEW_OR_VIEW_MODEL)
                .should().dependOnClassesThat().resideInAnyPackage("org.jooq..", "java.sql..", "javax.sql..", "app.salondesk.jooq..")
                .check(classes);
    }

    @Test
    void onlyTheBookingPackageTouchesTheBookingsTable() {
        // writes go through BookingEngine; reads for calendars through ScheduleRepository, both in logic.booking;
        // the messages (issue 33) read the bookings they speak of (☰ → Tomorrow) and never write one
        noClasses().that().resideOutsideOfPackages("app.salondesk.logic.booking", "app.salondesk.jooq..", "app.salondesk.logic.messages")
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
                        "app.salondesk.logic.booking..", "app.salondesk.model.booking..", "app.salondesk.runtime..",
                        "app.salondesk.db..", "app.salondesk.cli..", "app.salondesk.gui..", "javafx..", "com.calendarfx..")
                .check(classes);
        classes().that().resideInAPackage("app.salondesk.web..")
                .should().onlyDependOnClassesThat(resideInAnyPackage("app.salondesk.web..", "app.salondesk.logic.online..", "app.salondesk.model.online..",
                        "app.salondesk.i18n..", "java.lang..", "java.util..", "java.time..", "java.net..", "java.io..",
                        "java.nio..", "java.math..", "java.security..", "javax.crypto..", "io.javalin..", "org.eclipse.jetty..",
                        "gg.jte..", "org.slf4j..", "net.fortuna.ical4j..", "kotlin..")
                        .or(type(app.salondesk.model.clients.PhoneNumbers.class))
                        // money is written by the one formatter the desk uses too
                        .or(type(app.salondesk.model.catalog.Money.class))
                        // to tell "the database is out of reach" from a bug, by the driver's exception types only
                        .or(type(java.sql.SQLException.class)).or(type(java.sql.SQLTransientConnectionException.class))
                        // a message's private link (issue 33): the online login's two functions, behind one class
                        .or(type(app.salondesk.logic.messages.MessageLinks.class)).or(type(app.salondesk.logic.messages.MessageLinks.Link.class))
                        .or(type(app.salondesk.logic.messages.MessageLinks.Action.class))
                        .or(type(app.salondesk.logic.messages.MessageLinks.Outcome.class))
                        // the requests' figures for serve's /metrics (issue 37, ADR 37): Micrometer's meters only
                        .or(resideInAPackage("io.micrometer.core.instrument")))
                .check(classes);
    }

    /**
     * Modality and dialogs through one helper (issue 31, ADR 0027): the toolkit's modality
     * un-maximises the main window under a window manager, so no class but DeskWindows makes a
     * window modal or shows a Dialog (an Alert) itself.
     */
    @Test
    void onlyDeskWindowsMakesWindowsModalOrShowsDialogs() {
        noClasses().that().doNotHaveFullyQualifiedName("app.salondesk.gui.common.DeskWindows")
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
