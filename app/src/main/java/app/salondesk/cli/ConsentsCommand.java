package app.salondesk.cli;

import app.salondesk.logic.clients.ConsentForms;
import app.salondesk.model.booking.Source;
import app.salondesk.model.clients.ConsentTemplate;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code salondesk consents list|add|set|retire} (issue 36): the salon's consent forms as an admin writes them, through
 * the same {@link ConsentForms} as ☰ → Consent forms…. The database refuses anyone but an admin (migration 40's grants);
 * rewriting a form never changes what was signed with it (each signature kept its words).
 */
@Command(name = "consents", mixinStandardHelpOptions = true,
        description = "The salon's consent forms that clients sign: title and text in uk, ru and en, for one service or any (admins write them).",
        subcommands = {ConsentsCommand.ListForms.class, ConsentsCommand.Add.class, ConsentsCommand.Set.class, ConsentsCommand.Retire.class})
final class ConsentsCommand implements Runnable {

    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    /** One line per form: {@code consent-form #N service=NAME|any languages=uk,en [retired] title="…"}. */
    static void print(PrintWriter out, ConsentTemplate f, List<ConsentForms.ServiceChoice> services) {
        String service = f.serviceId() == null ? "any" : services.stream().filter(s -> s.id() == f.serviceId())
                .map(ConsentForms.ServiceChoice::name).findFirst().orElse("#" + f.serviceId());
        List<String> written = ConsentTemplate.LANGUAGES.stream().filter(f::writtenIn).toList();
        String language = written.isEmpty() ? "en" : written.get(0);
        out.println("consent-form #" + f.id() + " service=" + service + " languages=" + String.join(",", written)
                + (f.active() ? "" : " retired") + " title=\"" + f.title(language) + "\"");
    }

    static void printOne(Setup setup, ConsentForms forms, long id) {
        forms.all(setup.salon.id()).stream().filter(f -> f.id() == id).findFirst()
                .ifPresent(f -> print(setup.out, f, forms.services(setup.salon.id())));
    }

    @Command(name = "list", mixinStandardHelpOptions = true,
            description = {"List the salon's consent forms, the retired ones too.",
                    "One line each: consent-form #N service=NAME|any languages=uk,en [retired] title=\"…\"; --text adds each language's text."})
    static final class ListForms extends SalonCommand {
        @Option(names = "--text", description = "Also print each form's text, one line per language (text.LANG: …).")
        boolean text;

        @Override
        int run(Setup setup) {
            ConsentForms forms = new ConsentForms(setup.dsl);
            List<ConsentForms.ServiceChoice> services = forms.services(setup.salon.id());
            for (ConsentTemplate f : forms.all(setup.salon.id())) {
                print(setup.out, f, services);
                if (text) {
                    ConsentTemplate.LANGUAGES.stream().filter(f::writtenIn).forEach(l -> setup.out.println("  title." + l + ": "
                            + f.title(l) + "\n  text." + l + ": " + f.body(l).replace("\n", "\n    ")));
                }
            }
            return 0;
        }
    }

    /** The title and text options of each language. */
    static final class Texts {
        @Option(names = "--title-uk", descriptionKey = "consents.titleUk", paramLabel = "TEXT", description = "The title in Ukrainian.")
        String titleUk;
        @Option(names = "--text-uk", descriptionKey = "consents.textUk", paramLabel = "TEXT", description = "The text in Ukrainian (what the client agrees to).")
        String textUk;
        @Option(names = "--title-ru", descriptionKey = "consents.titleRu", paramLabel = "TEXT", description = "The title in Russian.")
        String titleRu;
        @Option(names = "--text-ru", descriptionKey = "consents.textRu", paramLabel = "TEXT", description = "The text in Russian.")
        String textRu;
        @Option(names = "--title-en", descriptionKey = "consents.titleEn", paramLabel = "TEXT", description = "The title in English.")
        String titleEn;
        @Option(names = "--text-en", descriptionKey = "consents.textEn", paramLabel = "TEXT", description = "The text in English.")
        String textEn;

        Map<String, String> titles(ConsentTemplate was) {
            return merged(was == null ? Map.of() : was.titles(), titleUk, titleRu, titleEn);
        }

        Map<String, String> bodies(ConsentTemplate was) {
            return merged(was == null ? Map.of() : was.bodies(), textUk, textRu, textEn);
        }

        private static Map<String, String> merged(Map<String, String> was, String uk, String ru, String en) {
            Map<String, String> m = new HashMap<>(was);
            if (uk != null) {
                m.put("uk", uk);
            }
            if (ru != null) {
                m.put("ru", ru);
            }
            if (en != null) {
                m.put("en", en);
            }
            return m;
        }
    }

    /** {@code --service NAME|ID|any}: the service a form is for, or null for any. */
    static Long service(Setup setup, String typed) throws CliInvalid {
        return typed == null || typed.isBlank() || "any".equalsIgnoreCase(typed.strip()) ? null : setup.service(typed).id();
    }

    @Command(name = "add", mixinStandardHelpOptions = true,
            description = {"Write a new consent form (admins): its title and text in at least one language, for one service or any.",
                    "Prints the form as saved."})
    static final class Add extends SalonCommand {
        @Option(names = "--service", paramLabel = "ID|NAME|any", description = "The service it is signed for; any (the default) for every service.")
        String service;
        @picocli.CommandLine.Mixin
        Texts texts = new Texts();

        @Override
        int run(Setup setup) throws CliInvalid {
            ConsentForms forms = new ConsentForms(setup.dsl);
            long id = ClientRecordCommands.saved(setup, forms.save(setup.salon.id(), null, service(setup, service),
                    texts.titles(null), texts.bodies(null), true));
            printOne(setup, forms, id);
            return 0;
        }
    }

    static ConsentTemplate form(Setup setup, ConsentForms forms, long id) throws CliInvalid {
        return forms.all(setup.salon.id()).stream().filter(f -> f.id() == id).findFirst()
                .orElseThrow(() -> new CliInvalid(setup.messages.format("cli.invalid.unknownConsentForm", Long.toString(id))));
    }

    @Command(name = "set", mixinStandardHelpOptions = true,
            description = {"Rewrite a consent form (admins): the titles, texts and service given; the rest stays.",
                    "What clients signed before keeps the words they signed; new signatures take the new text."})
    static final class Set extends SalonCommand {
        @Option(names = "--id", required = true, paramLabel = "N", description = "The form's number (consents list).")
        long id;
        @Option(names = "--service", paramLabel = "ID|NAME|any", description = "The service it is signed for; any for every service.")
        String service;
        @picocli.CommandLine.Mixin
        Texts texts = new Texts();

        @Override
        int run(Setup setup) throws CliInvalid {
            ConsentForms forms = new ConsentForms(setup.dsl);
            ConsentTemplate was = form(setup, forms, id);
            Long serviceId = service == null ? was.serviceId() : service(setup, service);
            ClientRecordCommands.saved(setup, forms.save(setup.salon.id(), id, serviceId, texts.titles(was), texts.bodies(was), was.active()));
            printOne(setup, forms, id);
            return 0;
        }
    }

    @Command(name = "retire", mixinStandardHelpOptions = true,
            description = {"Retire a consent form (admins): no longer offered for signing; what was signed with it stays.",
                    "--undo offers it again."})
    static final class Retire extends SalonCommand {
        @Option(names = "--id", required = true, paramLabel = "N", description = "The form's number (consents list).")
        long id;
        @Option(names = "--undo", description = "Offer the retired form for signing again.")
        boolean undo;

        @Override
        int run(Setup setup) throws CliInvalid {
            ConsentForms forms = new ConsentForms(setup.dsl);
            form(setup, forms, id);
            ClientRecordCommands.saved(setup, undo ? forms.restore(setup.salon.id(), id, Source.CLI) : forms.retire(setup.salon.id(), id, Source.CLI));
            printOne(setup, forms, id);
            return 0;
        }
    }
}
