package app.salondesk.logic.backup;

import app.salondesk.db.ConnectionSettings;
import org.postgresql.ds.PGSimpleDataSource;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Properties;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The PostgreSQL cluster the salon's database lives in, reached as its superuser (the embedded
 * mode signs in as the cluster's superuser, see ADR 2): where a backup is read, and where a
 * restore or a check makes a database of its own next to the live one.
 *
 * @param live the live database's settings; its name is the last part of the URL
 */
public record Cluster(ConnectionSettings live) {

    private static final Pattern URL = Pattern.compile("(jdbc:postgresql://[^/]+/)([A-Za-z0-9_]+)(\\?.*)?");

    public Cluster {
        if (!URL.matcher(live.url()).matches()) {
            throw new IllegalArgumentException("not an embedded database URL: " + live.url());
        }
    }

    /** The live database's name ({@code salondesk} in a home folder). */
    public String liveDatabase() {
        return part(2);
    }

    /** Another database of the same cluster, as the same superuser. */
    public ConnectionSettings settings(String database) {
        Matcher m = URL.matcher(live.url());
        m.matches();
        return new ConnectionSettings(m.group(1) + database + (m.group(3) == null ? "" : m.group(3)), live.user(), live.password());
    }

    public Connection connect(String database) throws SQLException {
        Properties p = new Properties();
        p.setProperty("user", live.user());
        p.setProperty("password", live.password());
        p.setProperty("ApplicationName", "SalonDesk backup");
        return DriverManager.getConnection(settings(database).url(), p);
    }

    /** The cluster's maintenance database, where databases are made, renamed and dropped. */
    public Connection maintenance() throws SQLException {
        return connect("postgres");
    }

    public PGSimpleDataSource dataSource(String database) {
        PGSimpleDataSource ds = new PGSimpleDataSource();
        ds.setUrl(settings(database).url());
        ds.setUser(live.user());
        ds.setPassword(live.password());
        return ds;
    }

    private String part(int group) {
        Matcher m = URL.matcher(live.url());
        m.matches();
        return m.group(group);
    }
}
