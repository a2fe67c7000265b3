package app.salondesk.runtime;

import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.encoder.JsonEncoder;
import ch.qos.logback.classic.joran.JoranConfigurator;
import ch.qos.logback.core.joran.spi.JoranException;

import java.net.URL;
import java.nio.file.Path;
import java.util.Locale;

/**
 * Where and how the log is written: {@code logback.xml} in the home's {@code logs} folder, as
 * plain lines or (issue 37, {@code serve --log-format json}) one JSON object a line for a log
 * collector. Main sets the folder before the first logger exists; serve may switch the format
 * once its options are read, by configuring logback again from the same file.
 */
public final class LogSetup {

    /** The two formats {@code --log-format} takes. */
    public enum Format {
        TEXT(null), JSON("ch.qos.logback.classic.encoder.JsonEncoder");

        /** The encoder logback.xml's appender is given instead of its pattern; null: the pattern. */
        private final String encoder;

        Format(String encoder) {
            this.encoder = encoder;
        }

        public static Format parse(String s) {
            return valueOf(s.strip().toUpperCase(Locale.ROOT));
        }
    }

    private LogSetup() {
    }

    /** Configures {@code context} from the application's logback.xml, writing to {@code logs} in {@code format}. */
    public static void configure(LoggerContext context, Path logs, Format format) {
        URL config = LogSetup.class.getResource("/logback.xml");
        if (config == null) {
            throw new IllegalStateException("logback.xml is missing from the build");
        }
        context.reset();
        context.putProperty("salondesk.logs", logs.toString());
        if (format.encoder != null) {
            // one appender, one file, whatever the format: logback refuses two appenders on one file
            context.putProperty("salondesk.logEncoder", format.encoder);
        }
        JoranConfigurator joran = new JoranConfigurator();
        joran.setContext(context);
        try {
            joran.doConfigure(config);
        } catch (JoranException e) {
            throw new IllegalStateException("the log could not be set up in " + logs, e);
        }
        if (context.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME).getAppender("FILE")
                instanceof ch.qos.logback.core.OutputStreamAppender<?> file && file.getEncoder() instanceof JsonEncoder json) {
            // what a collector needs and no more: the message as formatted, the MDC (the request
            // id), the exception; not the raw pattern and arguments, nor logback's own context
            json.setWithSequenceNumber(false);
            json.setWithNanoseconds(false);
            json.setWithContext(false);
            json.setWithArguments(false);
            json.setWithMessage(false);
            json.setWithFormattedMessage(true);
        }
    }

    /** The process's own log (SLF4J's), switched to this format in the home's log folder. */
    public static void useFormat(AppHome home, Format format) {
        if (org.slf4j.LoggerFactory.getILoggerFactory() instanceof LoggerContext context) {
            configure(context, home.logs(), format);
        }
    }
}
