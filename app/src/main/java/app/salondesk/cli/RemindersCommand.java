package app.salondesk.cli;

import app.salondesk.i18n.Messages;
import app.salondesk.logic.messages.MailCredentials;
import app.salondesk.logic.messages.MessageSender;
import app.salondesk.logic.messages.MessageSenders;
import app.salondesk.logic.messages.MessageTexts;
import app.salondesk.logic.messages.MessagesRepository;
import app.salondesk.model.messages.Leads;
import app.salondesk.model.messages.MessageRow;
import app.salondesk.model.messages.MessageSettings;
import app.salondesk.runtime.Backend;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

/**
 * {@code salondesk reminders}: messages to clients (issue 33, ADR 33) — the salon's timing and mail
 * server, the messages of a day, and one sending pass for a cron. Refused input is one
 * {@code invalid: …} line and exit code 2, with nothing written.
 */
@Command(name = "reminders", mixinStandardHelpOptions = true,
        description = "Confirmations and reminders to clients: settings, the messages of a day, and sending what is due.",
        subcommands = {RemindersCommand.Settings.class, RemindersCommand.ListDay.class, RemindersCommand.OfBooking.class,
                RemindersCommand.SendNow.class, RemindersCommand.SendDue.class})
final class RemindersCommand implements Runnable {

    @ParentCommand
    SalonDeskCommand root;

    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    @Command(name = "settings", mixinStandardHelpOptions = true,
            description = {"Show the salon's message settings, or change them (the salon's admins).",
                    "Prints one name=value line each. Passwords are never here: the sending process reads them (README, Messages)."})
    static final class Settings extends SalonCommand {
        @Option(names = "--enabled", arity = "1", paramLabel = "true|false", description = "Whether the salon sends messages at all.")
        Boolean enabled;
        @Option(names = "--email-before", paramLabel = "LEAD", description = "An e-mail reminder this long before, e.g. 24h, 90m, 1d; none: no e-mail reminder.")
        String emailBefore;
        @Option(names = "--sms-before", paramLabel = "LEAD", description = "An SMS reminder this long before, e.g. 2h; none: no SMS reminder.")
        String smsBefore;
        @Option(names = "--quiet", paramLabel = "HH:MM-HH:MM", description = "Nothing is sent then (salon's time), e.g. 21:00-09:00; none: any time.")
        String quiet;
        @Option(names = "--cancel-before", paramLabel = "LEAD", description = "A client may cancel by link until this long before, e.g. 2h.")
        String cancelBefore;
        @Option(names = "--confirmations", arity = "1", paramLabel = "true|false", description = "Whether a new booking gets a confirmation.")
        Boolean confirmations;
        @Option(names = "--changes", arity = "1", paramLabel = "true|false", description = "Whether a move or cancellation by the salon is told to the client.")
        Boolean changes;
        @Option(names = "--language", paramLabel = "uk|ru|en", description = "The language of messages to clients who chose none.")
        String language;
        @Option(names = "--smtp-host", paramLabel = "HOST", description = "The mail server messages go out through.")
        String smtpHost;
        @Option(names = "--smtp-port", paramLabel = "PORT", description = "Its port (default: 587).")
        Integer smtpPort;
        @Option(names = "--smtp-starttls", arity = "1", paramLabel = "true|false", description = "Whether to use STARTTLS (default: true).")
        Boolean smtpStartTls;
        @Option(names = "--smtp-from", paramLabel = "ADDRESS", description = "The sender's address, e.g. bookings@salon.example.")
        String smtpFrom;
        @Option(names = "--sms-gateway", paramLabel = "URL", description = "The SMS gateway's API address, e.g. https://api.turbosms.ua; none: no SMS.")
        String smsGateway;
        @Option(names = "--sms-sender", paramLabel = "NAME", description = "The sender name the gateway shows (registered with it).")
        String smsSender;
        @Option(names = "--thanks-after", paramLabel = "LEAD",
                description = "\"Thank you, book again\" this long after a visit is marked completed, e.g. 2h; none: no thank-you.")
        String thanksAfter;

        @Override
        int run(Setup setup) throws CliInvalid {
            PrintWriter out = setup.out;
            MessagesRepository repo = new MessagesRepository(setup.dsl);
            MessageSettings s = repo.settings(setup.salon.id());
            boolean change = enabled != null || emailBefore != null || smsBefore != null || quiet != null || cancelBefore != null
                    || confirmations != null || changes != null || language != null || smtpHost != null || smtpPort != null
                    || smtpStartTls != null || smtpFrom != null || smsGateway != null || smsSender != null || thanksAfter != null;
            if (change) {
                s = changed(setup.messages, s);
                repo.saveSettings(setup.salon.id(), s);
            }
            out.println("enabled=" + s.enabled());
            out.println("confirmations=" + s.confirmations());
            out.println("changes=" + s.changes());
            out.println("email_before=" + Leads.format(s.emailLeadMin()));
            out.println("sms_before=" + Leads.format(s.smsLeadMin()));
            out.println("quiet=" + Leads.formatQuiet(s.quietFrom(), s.quietTo()));
            out.println("cancel_before=" + Leads.format(s.cancelCutoffMin() == 0 ? null : s.cancelCutoffMin()));
            out.println("language=" + s.language());
            out.println("smtp=" + (s.smtpHost().isBlank() ? "none" : s.smtpHost() + ":" + s.smtpPort() + (s.smtpStartTls() ? " starttls" : "")));
            out.println("smtp_from=" + s.smtpFrom());
            out.println("sms_gateway=" + (s.smsGateway().isBlank() ? "none" : s.smsGateway()));
            out.println("sms_sender=" + s.smsSender());
            out.println("thanks_after=" + Leads.format(s.thanksAfterMin()));
            return 0;
        }

        private MessageSettings changed(Messages words, MessageSettings s) throws CliInvalid {
            Integer email = emailBefore == null ? s.emailLeadMin() : lead(words, "--email-before", emailBefore, true);
            Integer sms = smsBefore == null ? s.smsLeadMin() : lead(words, "--sms-before", smsBefore, true);
            Integer cutoff = cancelBefore == null ? Integer.valueOf(s.cancelCutoffMin()) : lead(words, "--cancel-before", cancelBefore, true);
            LocalTime[] q = quiet == null ? new LocalTime[]{s.quietFrom(), s.quietTo()}
                    : Leads.quiet(quiet).orElseThrow(() -> new CliInvalid(words.format("cli.invalid.quietHours", quiet)));
            String lang = language == null ? s.language() : language.strip().toLowerCase(Locale.ROOT);
            if (!MessageTexts.LANGUAGES.contains(lang)) {
                throw new CliInvalid(words.format("cli.invalid.messageLanguage", language));
            }
            int port = smtpPort == null ? s.smtpPort() : smtpPort;
            if (port < 1 || port > 65535) {
                throw new CliInvalid(words.format("cli.invalid.smtpPort", port));
            }
            String from = smtpFrom == null ? s.smtpFrom() : smtpFrom.strip();
            if (!from.isEmpty() && !from.matches("[^@\\s]+@[^@\\s]+\\.[^@\\s]+")) {
                throw new CliInvalid(words.format("cli.invalid.email", from));
            }
            String gateway = smsGateway == null ? s.smsGateway() : Leads.isNone(smsGateway) ? "" : smsGateway.strip();
            if (!gateway.isEmpty() && !gateway.matches("https?://[^\\s]+")) {
                throw new CliInvalid(words.format("cli.invalid.smsGateway", smsGateway));
            }
            Integer thanks = thanksAfter == null ? s.thanksAfterMin() : lead(words, "--thanks-after", thanksAfter, true);
            return new MessageSettings(enabled != null ? enabled : s.enabled(), confirmations != null ? confirmations : s.confirmations(),
                    changes != null ? changes : s.changes(), email, sms, q[0], q[1], cutoff == null ? 0 : cutoff, lang,
                    smtpHost == null ? s.smtpHost() : Leads.isNone(smtpHost) ? "" : smtpHost.strip(), port,
                    smtpStartTls != null ? smtpStartTls : s.smtpStartTls(), from, gateway,
                    smsSender == null ? s.smsSender() : smsSender.strip(), thanks);
        }

        private static Integer lead(Messages words, String option, String text, boolean noneAllowed) throws CliInvalid {
            if (noneAllowed && Leads.isNone(text)) {
                return null;
            }
            return Leads.minutes(text).orElseThrow(() -> new CliInvalid(words.format("cli.invalid.lead", option, text)));
        }
    }

    @Command(name = "list", mixinStandardHelpOptions = true,
            description = {"The messages planned for a salon day, in time order.",
                    "One tab-separated line each: booking, kind, channel, planned time, state, and why (failed, skipped)."})
    static final class ListDay extends SalonCommand {
        @Option(names = "--day", required = true, paramLabel = "DATE", description = "The salon day, e.g. 2026-12-01.")
        String day;

        @Override
        int run(Setup setup) throws CliInvalid {
            LocalDate date = setup.input.date(day);
            for (MessageRow r : new MessagesRepository(setup.dsl).ofDay(setup.salon.id(), date, setup.salon.zone())) {
                print(setup, r);
            }
            return 0;
        }
    }

    @Command(name = "booking", mixinStandardHelpOptions = true,
            description = {"A booking's messages, in the order they go (the desk's right-click → Messages…).",
                    "One tab-separated line each: booking, kind, channel, planned time, state, why, and the message's number."})
    static final class OfBooking extends SalonCommand {
        @Option(names = "--id", required = true, paramLabel = "N", description = "The booking's number.")
        long id;

        @Override
        int run(Setup setup) throws CliInvalid {
            if (new app.salondesk.logic.booking.BookingEngine(setup.dsl).find(setup.salon.id(), id).isEmpty()) {
                throw new CliInvalid(setup.messages.format("invalid.unknown_booking", Long.toString(id)));
            }
            for (MessageRow r : new MessagesRepository(setup.dsl).forBooking(setup.salon.id(), id)) {
                print(setup, r, "\tmessage #" + r.id());
            }
            return 0;
        }
    }

    @Command(name = "send-now", mixinStandardHelpOptions = true,
            description = {"Send a planned message now, or a sent, failed or skipped one again as a new message (the desk's Send now / Resend).",
                    "The next pass of a sender sends it, after checking its booking again. Receptionists and admins."})
    static final class SendNow extends SalonCommand {
        @Option(names = "--message", required = true, paramLabel = "N", description = "The message's number (reminders booking shows it).")
        long message;

        @Override
        int run(Setup setup) throws CliInvalid {
            if (!new MessagesRepository(setup.dsl).sendNow(setup.salon.id(), message)) {
                throw new CliInvalid(setup.messages.format("cli.invalid.unknownMessage", Long.toString(message)));
            }
            setup.out.println("message #" + message + " planned for now");
            return 0;
        }
    }

    /** One message as {@code list} and {@code booking} print it: booking, kind, channel, planned time, state, why. */
    static void print(Setup setup, MessageRow r) {
        print(setup, r, "");
    }

    private static void print(Setup setup, MessageRow r, String more) {
        String kind = r.kind().dbValue() + (r.leadMin() > 0 ? " " + Leads.format(r.leadMin()) : "");
        setup.out.println(String.join("\t", "booking #" + r.bookingId(), kind, r.channel() == null ? "auto" : r.channel().dbValue(),
                r.plannedAt().atZone(setup.salon.zone()).format(Setup.DAY_TIME), r.state().dbValue(), r.reason()) + more);
    }

    @Command(name = "send-due", mixinStandardHelpOptions = true,
            description = {"Send every message that is due now, of every salon this login sends for, then stop (for a cron).",
                    "Sign in as the owner or a sender's login (users add --role sender). Prints sent=, retried=, failed=.",
                    "The mail server's password comes from $SALONDESK_SMTP_USER/$SALONDESK_SMTP_PASSWORD or the owner-only file",
                    "$SALONDESK_MESSAGE_SECRETS; links in messages start with --base-url."})
    static final class SendDue implements Callable<Integer> {
        @ParentCommand
        RemindersCommand reminders;
        @Spec
        CommandSpec spec;
        @Option(names = "--base-url", paramLabel = "URL", defaultValue = "${env:SALONDESK_BASE_URL}",
                description = "Where clients open their links (serve's --base-url; default: $SALONDESK_BASE_URL, else no links).")
        String baseUrl;

        @Override
        public Integer call() {
            PrintWriter out = spec.commandLine().getOut();
            SalonDeskCommand root = reminders.root;
            MailCredentials secrets;
            try {
                secrets = MailCredentials.ofThisProcess();
            } catch (MailCredentials.UnsafeFileException e) {
                out.println("invalid: " + Messages.forDefaultLocale().format("cli.invalid.secretsFile", e.file));
                return BookingTools.EXIT_INVALID;
            }
            try (Backend backend = root.dbOptions().shared() ? Backend.openShared(root.dbOptions(), false) : root.openBackend()) {
                MessageSender sender = new MessageSender(backend.dsl(), new MessageTexts(baseUrl), MessageSenders.channels(secrets));
                MessageSender.Pass p;
                try {
                    p = sender.sendAllDue(MessageSender.BATCH, 10_000);
                } finally {
                    sender.close();
                }
                out.println("sent=" + p.sent() + " retried=" + p.retried() + " failed=" + p.failed());
                return 0;
            }
        }
    }

    static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("HH:mm");
}
