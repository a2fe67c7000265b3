package app.salondesk.bench;

import app.salondesk.db.ConnectionSettings;
import app.salondesk.runtime.Backend;

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;

/**
 * The Java half of {@code installer/server/failover-test.sh} (issue 19): the desks, the online
 * page's clients and the checks, on the app's real engine, pools and listeners, against the
 * reference deployment the script brought up. Run on the test class path (the {@code chain}
 * profile of app's pom writes it to {@code target/chain.classpath}):
 * <pre>
 *   ChainDriver setup                          the storm's salon and its desks' logins
 *   ChainDriver storm PHASE 'ACTION' [--desks N --people N --web N --warmup S --after S --pause first|gap]
 *   ChainDriver load [--desks N --salons N --seconds S]   the hundreds-of-desks load test ({@link ChainLoad})
 * </pre>
 * Where and as whom, from the environment: {@code CHAIN_DESK_URL} (the desks' pools, through
 * PgBouncer), {@code CHAIN_DIRECT_URL} (straight to PostgreSQL: listeners, the owner's checks),
 * {@code CHAIN_SERVE_URL} ({@code serve}'s address), {@code CHAIN_LIVE_URL} (serve's live relay), {@code CHAIN_OWNER_PASSWORD},
 * {@code CHAIN_DESK_PASSWORD} (every test desk's login).
 */
public final class ChainDriver {

    static final String STORM_SALON = "Chain storm salon";
    static final String STORM_SLUG = "chain-storm";

    /** Where the test connects, and the passwords. */
    record Urls(String desk, String direct, String serve, String live, String ownerPassword, String deskPassword) {
        static Urls fromEnvironment() {
            return new Urls(env("CHAIN_DESK_URL"), env("CHAIN_DIRECT_URL"), System.getenv("CHAIN_SERVE_URL"),
                    System.getenv("CHAIN_LIVE_URL"), env("CHAIN_OWNER_PASSWORD"), env("CHAIN_DESK_PASSWORD"));
        }
    }

    private ChainDriver() {
    }

    static String deskLogin(int desk) {
        return "chain_desk_" + (desk + 1);
    }

    public static void main(String[] args) throws Exception {
        if (args.length == 0) {
            throw new IllegalArgumentException("ChainDriver setup | storm PHASE ACTION [options] | load [options]");
        }
        Urls urls = Urls.fromEnvironment();
        Map<String, String> options = options(args);
        int exit;
        switch (args[0]) {
            case "setup" -> {
                try (Backend owner = Backend.connect(new ConnectionSettings(urls.direct(), "salondesk", urls.ownerPassword()), 2)) {
                    ChainSalon salon = ChainSalon.ensure(owner.dsl(), STORM_SALON, STORM_SLUG);
                    int desks = Integer.parseInt(options.getOrDefault("desks", "6"));
                    for (int d = 0; d < desks; d++) {
                        salon.ensureLogin(owner.dsl(), deskLogin(d), urls.deskPassword());
                    }
                    System.out.println("chain: salon " + salon.tenant + " (/" + salon.slug + ") with " + desks + " desk logins");
                }
                exit = 0;
            }
            case "storm" -> exit = new ChainStorm(new ChainStorm.Config(args[1], urls, args[2],
                    Integer.parseInt(options.getOrDefault("desks", "6")), Integer.parseInt(options.getOrDefault("people", "2")),
                    Integer.parseInt(options.getOrDefault("web", "4")),
                    Duration.ofSeconds(Long.parseLong(options.getOrDefault("warmup", "5"))),
                    Duration.ofSeconds(Long.parseLong(options.getOrDefault("after", "10"))),
                    "gap".equals(options.get("pause")))).run();
            case "load" -> exit = new ChainLoad(new ChainLoad.Config(urls, urls.live(),
                    Integer.parseInt(options.getOrDefault("desks", "300")), Integer.parseInt(options.getOrDefault("salons", "100")),
                    Duration.ofSeconds(Long.parseLong(options.getOrDefault("seconds", "30"))))).run();
            default -> throw new IllegalArgumentException("unknown command " + args[0]);
        }
        System.exit(exit);
    }

    private static Map<String, String> options(String[] args) {
        Map<String, String> o = new HashMap<>();
        for (int i = 0; i + 1 < args.length; i++) {
            if (args[i].startsWith("--")) {
                o.put(args[i].substring(2), args[i + 1]);
            }
        }
        return o;
    }

    private static String env(String name) {
        String v = System.getenv(name);
        if (v == null || v.isBlank()) {
            throw new IllegalStateException(name + " is not set (installer/server/failover-test.sh sets it)");
        }
        return v;
    }
}
