package app.salondesk.cli;

import app.salondesk.logic.messages.MessageTexts;
import app.salondesk.logic.messages.MessagesRepository;
import app.salondesk.model.messages.Channel;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * {@code salondesk clients}: a client's e-mail, channels and consent for messages (issue 33). The
 * database records who gave or took back consent, when, and how (here: {@code cli}).
 */
@Command(name = "clients", mixinStandardHelpOptions = true, description = "A client's card and record: contact, card fields, notes and alerts, "
        + "formulas, patch tests; merging duplicates; the client list.",
        subcommands = {ClientsCommand.Set.class, ClientRecordCommands.Show.class, ClientRecordCommands.Note.class,
                ClientRecordCommands.FormulaGroup.class, ClientRecordCommands.PatchTestGroup.class, ClientRecordCommands.Merge.class,
                ClientRecordCommands.ListClients.class})
final class ClientsCommand implements Runnable {

    @ParentCommand
    SalonDeskCommand root;

    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    @Command(name = "set", mixinStandardHelpOptions = true,
            description = {"Set a client's e-mail, channels (in order of preference) and consent to messages, her birthday, tags and source.",
                    "Prints the client's contact as the database keeps it, consent with who, how and when, and her card fields."})
    static final class Set extends SalonCommand {
        @Option(names = "--id", required = true, paramLabel = "N", description = "The client's number.")
        long id;
        @Option(names = "--email", paramLabel = "ADDRESS", description = "The client's e-mail; \"\" removes it.")
        String email;
        @Option(names = "--channels", paramLabel = "LIST", description = "How to reach them, in order of preference: email, sms, viber (Viber, SMS where it does not reach), e.g. viber,email, or \"\" for none.")
        String channels;
        @Option(names = "--consent", paramLabel = "yes|no", description = "Whether the client agreed to get messages.")
        String consent;
        @Option(names = "--language", paramLabel = "uk|ru|en", description = "The language of their messages (default: the salon's).")
        String language;
        @Option(names = "--birthday", paramLabel = "DATE", description = "Her birthday, e.g. 1990-05-31; \"\" removes it.")
        String birthday;
        @Option(names = "--tags", paramLabel = "A,B", description = "Her tags, comma-separated (VIP,student); they replace the old ones; \"\" removes them.")
        String tags;
        @Option(names = "--source", paramLabel = "TEXT", description = "How she found the salon, e.g. Instagram.")
        String source;
        @Option(names = "--marketing", paramLabel = "LIST", description = "Her consent to marketing, per channel: email, sms, email,sms, or \"\" for none (the database records who and when).")
        String marketing;

        @Override
        int run(Setup setup) throws CliInvalid {
            boolean contact = email != null || channels != null || consent != null || language != null;
            boolean card = birthday != null || tags != null || source != null || marketing != null;
            if (!contact && !card) {
                throw new CliInvalid(setup.messages.get("cli.invalid.nothingToChange"));
            }
            if (marketing != null && !java.util.Arrays.stream(marketing.split(",")).map(c -> c.strip().toLowerCase(Locale.ROOT))
                    .allMatch(c -> c.isEmpty() || c.equals("email") || c.equals("sms"))) {
                throw new CliInvalid(setup.messages.format("cli.invalid.marketing", marketing));
            }
            app.salondesk.logic.clients.ClientRecordRepository record = new app.salondesk.logic.clients.ClientRecordRepository(setup.dsl);
            app.salondesk.model.clients.CardFields fields = null;
            if (card) {
                app.salondesk.model.clients.CardFields was = record.cardFields(setup.salon.id(), id)
                        .orElseThrow(() -> new CliInvalid(setup.messages.format("cli.invalid.unknownClient", id)));
                fields = new app.salondesk.model.clients.CardFields(
                        birthday == null ? was.birthday() : birthday.isBlank() ? null : ClientRecordCommands.date(setup, birthday),
                        tags == null ? was.tags() : app.salondesk.model.clients.CardFields.parseTags(tags),
                        source == null ? was.source() : source, marketing == null ? was.marketing() : java.util.Arrays.stream(marketing.split(","))
                        .map(c -> c.strip().toLowerCase(Locale.ROOT)).filter(c -> !c.isEmpty()).collect(Collectors.toSet()));
                java.util.Optional<app.salondesk.model.clients.RecordProblem> problem = fields.problem();
                if (problem.isPresent()) {
                    throw new CliInvalid(setup.messages.get(problem.get().messageKey()));
                }
            }
            if (contact) {
                contact(setup);
            }
            if (card) {
                ClientRecordCommands.printCard(setup.out, id, ClientRecordCommands.saved(setup, record.setCardFields(setup.salon.id(), id, fields,
                        app.salondesk.model.booking.Source.CLI)));
                // who gave or took back marketing consent, when and how: the database's
                record.marketingRecorded(setup.salon.id(), id).filter(r -> marketing != null)
                        .ifPresent(r -> setup.out.println("marketing recorded by " + r[0] + " at " + r[1] + " via " + r[2]));
            }
            return 0;
        }

        private void contact(Setup setup) throws CliInvalid {
            MessagesRepository repo = new MessagesRepository(setup.dsl);
            MessagesRepository.ClientContact now = repo.clientContact(setup.salon.id(), id)
                    .orElseThrow(() -> new CliInvalid(setup.messages.format("cli.invalid.unknownClient", id)));
            String mail = email == null ? now.email() : email.strip();
            if (!mail.isEmpty() && !mail.matches("[^@\\s]+@[^@\\s]+\\.[^@\\s]+")) {
                throw new CliInvalid(setup.messages.format("cli.invalid.email", email));
            }
            List<Channel> chosen = channels == null ? null : Channel.parseList(channels)
                    .orElseThrow(() -> new CliInvalid(setup.messages.format("cli.invalid.channels", channels)));
            Boolean agreed = null;
            if (consent != null) {
                String c = consent.strip().toLowerCase(Locale.ROOT);
                if (!List.of("yes", "no", "true", "false").contains(c)) {
                    throw new CliInvalid(setup.messages.format("cli.invalid.consent", consent));
                }
                agreed = c.equals("yes") || c.equals("true");
            }
            String lang = language == null ? null : language.strip().toLowerCase(Locale.ROOT);
            if (lang != null && !MessageTexts.LANGUAGES.contains(lang)) {
                throw new CliInvalid(setup.messages.format("cli.invalid.messageLanguage", language));
            }
            List<Channel> after = chosen != null ? chosen : now.channels();
            if (after.contains(Channel.EMAIL) && mail.isEmpty()) {
                throw new CliInvalid(setup.messages.get("cli.invalid.emailChannelWithoutEmail"));
            }
            if (after.stream().anyMatch(Channel::byPhone) && (now.phone() == null || now.phone().isBlank())) {
                throw new CliInvalid(setup.messages.get("cli.invalid.phoneChannelWithoutPhone"));
            }
            repo.setClientContact(setup.salon.id(), id, mail, chosen, agreed, lang, app.salondesk.model.booking.Source.CLI);
            print(setup.out, repo.clientContact(setup.salon.id(), id).orElseThrow(), id);
        }
    }

    static void print(PrintWriter out, MessagesRepository.ClientContact c, long id) {
        out.println("client #" + id + " email=" + c.email() + " channels="
                + c.channels().stream().map(Channel::dbValue).collect(Collectors.joining(","))
                + " consent=" + (c.consent() ? "yes" : "no")
                + (c.consentAt() != null ? " (" + c.consentBy() + ", " + c.consentHow() + ", " + c.consentAt() + ")" : "")
                + (c.language() != null ? " language=" + c.language() : ""));
    }
}
