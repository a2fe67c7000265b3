package app.salondesk.cli;

import app.salondesk.logic.booking.BookingEngine;
import app.salondesk.model.booking.NewBooking;
import app.salondesk.model.booking.NewVisit;
import app.salondesk.model.booking.Source;
import app.salondesk.model.booking.VisitOutcome;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * The README's examples of the changes of bookings ("Command line": every {@code sh} block with a
 * {@code bookings}, {@code series} or {@code visits} command), run word for word in their order on
 * the demo salon of a fresh database, each printing what the README says it prints and exiting as
 * its {@code echo $?} says (0 where the README shows none).
 *
 * <p>Only what must differ on a test machine differs: the numbers of bookings and visits (a
 * README number is bound to the real one where an answer first names it — {@code #N},
 * {@code id=N}, {@code visit=N} — and stands for it from then on), the visit the README says was
 * booked at the desk (made here through the engine; its number is bound where a command first names
 * it), the time of each history line, and the database's address (the README's examples use the
 * embedded database; here {@code --db-url} names the test's, so the owner's warning may stand on
 * standard error). A README command this test cannot run fails it: change the README and teach the
 * test, never the other way round.
 */
class CommandLineReadmeTest {

    private static final Set<String> CHANGES = Set.of("bookings", "series", "visits");
    private static final Set<String> MUST_SHOW = Set.of("bookings move", "bookings status", "bookings note", "bookings show", "series move",
            "series cancel", "visits move");
    private static final Pattern NUMBER = Pattern.compile("#(\\d+)|^(?:id|visit)=(\\d+)$");
    private static final Pattern WHEN = Pattern.compile("\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d");

    private static DemoCli cli;
    private static long deskVisit;

    private final Map<Long, Long> bound = new HashMap<>();
    private final Set<String> shown = new LinkedHashSet<>();

    private record Example(String command, List<String> output) {
    }

    @BeforeAll
    static void demoSalonWithAVisit() throws Exception {
        cli = new DemoCli("clireadme");
        ZoneId kyiv = ZoneId.of("Europe/Kyiv");
        VisitOutcome made = new BookingEngine(cli.owner).bookVisit(new NewVisit(cli.tenant, null,
                new NewBooking.ClientDetails("Vira Visit", null),
                List.of(new NewVisit.Part(cli.master("Olena Kovalenko"), cli.service("Women's haircut"),
                                LocalDateTime.parse("2030-01-09T10:00").atZone(kyiv).toInstant(), null),
                        new NewVisit.Part(cli.master("Iryna Bondar"), cli.service("Gel manicure"), null, null)),
                "", UUID.randomUUID(), Source.FORM));
        deskVisit = assertInstanceOf(VisitOutcome.Booked.class, made).visitId();
    }

    @AfterAll
    static void close() {
        cli.close();
    }

    @Test
    void theReadmesChangesOfBookingsRunAsWritten() throws Exception {
        String readme = Files.readString(Path.of("..", "README.md"), StandardCharsets.UTF_8);
        List<Example> examples = new ArrayList<>();
        for (List<String> block : shBlocks(section(readme, "## Command line"))) {
            List<Example> inBlock = examples(block);
            if (inBlock.stream().anyMatch(e -> CHANGES.contains(words(e.command()).get(1)))) {
                examples.addAll(inBlock);
            }
        }
        assertFalse(examples.isEmpty(), "the README shows the changes of bookings");
        for (int i = 0; i < examples.size(); i++) {
            Example e = examples.get(i);
            assertTrue(e.command().startsWith("salondesk "), "a SalonDesk command: " + e.command());
            Integer exit = i + 1 < examples.size() && examples.get(i + 1).command().equals("echo $?")
                    ? Integer.valueOf(examples.get(++i).output().get(0)) : 0;
            run(e, exit);
        }
        assertTrue(shown.containsAll(MUST_SHOW), "the README shows each change, run: " + shown);
    }

    private void run(Example e, int exit) {
        List<String> words = words(e.command());
        List<String> args = new ArrayList<>(words.subList(1, words.size()));
        for (int i = 0; i + 1 < args.size(); i++) {
            String option = args.get(i);
            if (option.equals("--id") || option.equals("--booking") || option.equals("--visit")) {
                long readme = Long.parseLong(args.get(i + 1));
                if (option.equals("--visit") && !bound.containsKey(readme)) {
                    bind(readme, deskVisit);
                }
                assertNotNull(bound.get(readme), "an answer before it names " + readme + ": " + e.command());
                args.set(i + 1, Long.toString(bound.get(readme)));
            } else if (option.equals("--version") && args.get(i + 1).contains("=")) {
                String[] part = args.get(i + 1).split("=");
                args.set(i + 1, bound.get(Long.parseLong(part[0])) + "=" + part[1]);
            }
        }
        DemoCli.Run r = cli.run(args.toArray(String[]::new));
        assertEquals(exit, r.exit(), e.command() + "\n" + r.all());
        assertTrue(r.err().lines().allMatch(l -> l.startsWith("Warning: postgres is the database owner")), r.err());
        List<String> actual = r.out().isEmpty() ? List.of() : r.out().lines().toList();
        assertEquals(e.output().size(), actual.size(), e.command() + "\nREADME:\n" + String.join("\n", e.output()) + "\nran:\n" + r.out());
        for (int i = 0; i < actual.size(); i++) {
            match(e.output().get(i), actual.get(i), e.command());
        }
        String what = args.get(0) + (args.size() > 1 && !args.get(1).startsWith("-") ? " " + args.get(1) : "");
        shown.add(what);
    }

    /** The README's line against the one printed: the same but for the numbers bound and a history line's time. */
    private void match(String readme, String printed, String command) {
        String expected = readme;
        if (readme.startsWith("history\t")) {
            String[] columns = readme.split("\t", -1);
            String[] got = printed.split("\t", -1);
            assertEquals(columns.length, got.length, printed);
            assertTrue(WHEN.matcher(got[1]).matches(), printed);
            columns[1] = got[1];
            expected = String.join("\t", columns);
        }
        StringBuilder regex = new StringBuilder();
        List<Long> numbers = new ArrayList<>();
        Matcher m = NUMBER.matcher(expected);
        int at = 0;
        while (m.find()) {
            String number = m.group(1) != null ? m.group(1) : m.group(2);
            int start = m.group(1) != null ? m.start(1) : m.start(2);
            regex.append(Pattern.quote(expected.substring(at, start))).append("(\\d+)");
            at = start + number.length();
            numbers.add(Long.parseLong(number));
        }
        regex.append(Pattern.quote(expected.substring(at)));
        Matcher got = Pattern.compile(regex.toString()).matcher(printed);
        if (!got.matches()) {
            fail(command + "\nREADME: " + readme + "\nprinted: " + printed);
        }
        for (int i = 0; i < numbers.size(); i++) {
            bind(numbers.get(i), Long.parseLong(got.group(i + 1)));
        }
    }

    private void bind(long readme, long real) {
        Long before = bound.putIfAbsent(readme, real);
        assertEquals(before == null ? real : before, real, "the README's #" + readme + " is one booking");
        assertEquals(1, bound.values().stream().filter(v -> v == real).count(), "one README number per booking: " + bound);
    }

    // ---- the README's blocks -----------------------------------------------------------------

    /** The lines of a section, up to the next heading of the same or a higher level. */
    private static List<String> section(String readme, String heading) {
        List<String> lines = readme.lines().toList();
        int start = lines.indexOf(heading);
        assertTrue(start >= 0, "the README has the section " + heading);
        List<String> found = new ArrayList<>();
        boolean inFence = false;
        for (String line : lines.subList(start + 1, lines.size())) {
            if (line.strip().startsWith("```")) {
                inFence = !inFence;
            } else if (!inFence && line.matches("#{1,2} .*")) {
                break;
            }
            found.add(line);
        }
        return found;
    }

    private static List<List<String>> shBlocks(List<String> lines) {
        List<List<String>> blocks = new ArrayList<>();
        List<String> block = null;
        for (String line : lines) {
            if (block == null && line.strip().equals("```sh")) {
                block = new ArrayList<>();
            } else if (block != null && line.strip().equals("```")) {
                blocks.add(block);
                block = null;
            } else if (block != null) {
                block.add(line);
            }
        }
        return blocks;
    }

    /** Each {@code $ command} (its continuation lines joined) with the lines it prints. */
    private static List<Example> examples(List<String> block) {
        List<Example> examples = new ArrayList<>();
        StringBuilder command = null;
        List<String> output = null;
        boolean continued = false;
        for (String line : block) {
            if (continued) {
                command.append(' ').append(line.strip().replaceAll("\\\\$", "").strip());
                continued = line.endsWith("\\");
            } else if (line.startsWith("$ ")) {
                if (command != null) {
                    examples.add(new Example(command.toString(), output));
                }
                command = new StringBuilder(line.substring(2).replaceAll("\\\\$", "").strip());
                output = new ArrayList<>();
                continued = line.endsWith("\\");
            } else {
                assertNotNull(output, "a block starts with a command: " + line);
                output.add(line);
            }
        }
        if (command != null) {
            examples.add(new Example(command.toString(), output));
        }
        return examples;
    }

    /** The words of a command line as the shell splits them (quotes only: the README needs no more). */
    private static List<String> words(String command) {
        List<String> words = new ArrayList<>();
        Matcher m = Pattern.compile("\"([^\"]*)\"|'([^']*)'|(\\S+)").matcher(command);
        while (m.find()) {
            words.add(m.group(1) != null ? m.group(1) : m.group(2) != null ? m.group(2) : m.group(3));
        }
        return words;
    }
}
