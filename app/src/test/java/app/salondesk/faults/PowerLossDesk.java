package app.salondesk.faults;

import app.salondesk.logic.booking.BookingEngine;
import app.salondesk.model.booking.BookingOutcome;
import app.salondesk.runtime.AppHome;
import app.salondesk.runtime.Backend;
import app.salondesk.runtime.DbOptions;
import app.salondesk.runtime.SettingsFile;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Map;
import java.util.UUID;

/**
 * Run as a JVM of its own by {@link PowerLossFaultTest}: a desk on the embedded server in the
 * home folder {@code args[0]} that books slot after slot and prints {@code BOOKED <id>} the moment
 * each answer is "booked" (and writes a setting after each, as the desk writes its settings),
 * until it is killed together with its server.
 */
public final class PowerLossDesk {

    private PowerLossDesk() {
    }

    public static void main(String[] args) {
        AppHome home = new AppHome(Path.of(args[0]));
        Backend backend = Backend.open(home, DbOptions.embedded());
        FaultSalon salon = FaultSalon.create(backend.dsl(), 2);
        BookingEngine engine = new BookingEngine(backend.dsl());
        SettingsFile settings = new SettingsFile(home.dir());
        System.out.println("READY");
        for (int slot = 0; slot < 100_000; slot++) {
            for (long master : salon.masters) {
                BookingOutcome outcome = engine.book(salon.booking(master, slot, UUID.randomUUID()));
                if (outcome instanceof BookingOutcome.Booked b) {
                    System.out.println("BOOKED " + b.booking().id());
                    try {
                        settings.put(Map.of("last.booked", Long.toString(b.booking().id()), "filler", "x".repeat(4000)));
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                } else {
                    System.out.println("NOT BOOKED " + outcome);
                }
            }
        }
    }
}
