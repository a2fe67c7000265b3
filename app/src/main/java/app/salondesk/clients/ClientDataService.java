package app.salondesk.clients;

import app.salondesk.booking.Source;
import app.salondesk.runtime.WholeFile;
import app.salondesk.salon.Salon;
import com.fasterxml.jackson.jr.ob.JSON;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A client's data on request (issue 15): the file with everything stored about one client, and
 * forgetting them. The database decides who may (admins of the salon, ADR 15); this class writes
 * the file and says what happened. No JavaFX here.
 *
 * <p>The file is one JSON object (UTF-8, written by jackson-jr): {@code format}, {@code salon},
 * {@code exported_at}, then what the database answered — {@code client} (the card),
 * {@code forgotten} (null, or when and by whom), {@code bookings}, {@code history} (every change
 * of those bookings), {@code waitlist}. One file a person can read and any program can parse.
 */
public final class ClientDataService {

    public static final String FORMAT = "salondesk-client-data/1";

    private final ClientDataRepository data;
    private final Salon salon;
    private final Clock clock;
    private final Source source;

    /** @param source the road the forgetting is recorded under in the history ({@code form} for the desk, {@code cli}) */
    public ClientDataService(ClientDataRepository data, Salon salon, Clock clock, Source source) {
        this.data = data;
        this.salon = salon;
        this.clock = clock;
        this.source = source;
    }

    /** Writes everything stored about the client into {@code file} (whole or not at all); answers how many bookings it holds. */
    public int export(long clientId, Path file) throws IOException {
        Map<String, Object> answer = document(clientId);
        return WholeFile.write(file, out -> {
            JSON.std.with(JSON.Feature.PRETTY_PRINT_OUTPUT).write(answer, out);
            return ((java.util.List<?>) answer.get("bookings")).size();
        });
    }

    /** The same as one JSON text (the command line's {@code --out -}). */
    public String exportText(long clientId) throws IOException {
        return JSON.std.with(JSON.Feature.PRETTY_PRINT_OUTPUT).asString(document(clientId));
    }

    /** Forgets the client; true when forgotten now, false when they had been forgotten before. */
    public boolean forget(long clientId) {
        return data.forget(salon.id(), clientId, source);
    }

    public boolean forgotten(long clientId) {
        return data.forgotten(salon.id(), clientId);
    }

    private Map<String, Object> document(long clientId) throws IOException {
        Map<String, Object> stored = JSON.std.with(JSON.Feature.USE_BIG_DECIMAL_FOR_FLOATS).mapFrom(data.clientData(salon.id(), clientId));
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("format", FORMAT);
        doc.put("salon", salon.name());
        doc.put("exported_at", clock.instant().toString());
        // jsonb keeps its keys in its own order; the file reads top-down: who, then what
        for (String part : java.util.List.of("client", "forgotten", "bookings", "history", "waitlist")) {
            doc.put(part, stored.get(part));
        }
        return doc;
    }
}
