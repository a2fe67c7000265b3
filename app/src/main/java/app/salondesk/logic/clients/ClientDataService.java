package app.salondesk.logic.clients;

import app.salondesk.model.booking.Source;
import app.salondesk.model.salon.Salon;
import app.salondesk.runtime.WholeFile;
import com.fasterxml.jackson.jr.ob.JSON;
import org.jooq.exception.DataAccessException;

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
 * of those bookings), {@code waitlist}, {@code messages} (issue 33). One file a person can read and any program can parse.
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

    /** What became of a request to forget a client. */
    public enum Forgetting { FORGOTTEN, FORGOTTEN_BEFORE }

    /**
     * The database refused the caller (SQLSTATE 42501): not an admin of this salon. A refusal, not
     * a fault: the person is told so in a sentence.
     */
    public static final class NotAllowed extends RuntimeException {
        NotAllowed(Throwable cause) {
            super("the database refused: not an admin of this salon", cause);
        }
    }

    /** Forgets the client. */
    public Forgetting forget(long clientId) {
        try {
            return data.forget(salon.id(), clientId, source) ? Forgetting.FORGOTTEN : Forgetting.FORGOTTEN_BEFORE;
        } catch (DataAccessException e) {
            throw refusal(e);
        }
    }

    private static RuntimeException refusal(DataAccessException e) {
        return "42501".equals(e.sqlState()) ? new NotAllowed(e) : e;
    }

    public boolean forgotten(long clientId) {
        return data.forgotten(salon.id(), clientId);
    }

    private Map<String, Object> document(long clientId) throws IOException {
        String json;
        try {
            json = data.clientData(salon.id(), clientId);
        } catch (DataAccessException e) {
            throw refusal(e);
        }
        Map<String, Object> stored = JSON.std.with(JSON.Feature.USE_BIG_DECIMAL_FOR_FLOATS).mapFrom(json);
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("format", FORMAT);
        doc.put("salon", salon.name());
        doc.put("exported_at", clock.instant().toString());
        // jsonb keeps its keys in its own order; the file reads top-down: who, then what
        for (String part : java.util.List.of("client", "forgotten", "bookings", "history", "waitlist", "messages", "record", "sales")) {
            doc.put(part, stored.get(part));
        }
        // whatever a later migration adds to the file is the client's too: never dropped on the way out
        stored.forEach(doc::putIfAbsent);
        return doc;
    }
}
