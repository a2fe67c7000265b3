package app.salondesk.runtime;

import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.core.rolling.RollingFileAppender;
import ch.qos.logback.core.rolling.SizeAndTimeBasedRollingPolicy;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The application's logback.xml (issue 37): rotated by size and by day, kept 14 days; text or JSON lines. */
class LogSetupTest {

    @TempDir
    Path logs;

    @Test
    void theLogRotatesByDayAndSizeAndKeepsTwoWeeks() {
        LoggerContext context = new LoggerContext();
        LogSetup.configure(context, logs, LogSetup.Format.TEXT);
        try {
            var appender = assertInstanceOf(RollingFileAppender.class, context.getLogger("ROOT").getAppender("FILE"));
            var policy = assertInstanceOf(SizeAndTimeBasedRollingPolicy.class, appender.getRollingPolicy());
            assertEquals(14, policy.getMaxHistory());
            assertEquals(logs.resolve("salondesk.%d{yyyy-MM-dd}.%i.log").toString(), policy.getFileNamePattern());
            assertEquals(logs.resolve("salondesk.log").toString(), appender.getFile());
            context.getLogger("x").info("plain line {}", 1);
        } finally {
            context.stop();
        }
    }

    @Test
    void jsonWritesOneObjectALineWithTheRequestId() throws Exception {
        LoggerContext context = new LoggerContext();
        // a context of its own, beside the test's: with an MDC of its own (the server's request id)
        context.setMDCAdapter(new ch.qos.logback.classic.util.LogbackMDCAdapter());
        LogSetup.configure(context, logs, LogSetup.Format.JSON);
        try {
            var appender = assertInstanceOf(RollingFileAppender.class, context.getLogger("ROOT").getAppender("FILE"));
            assertInstanceOf(SizeAndTimeBasedRollingPolicy.class, appender.getRollingPolicy(), "rotated as the text is");
            context.getMDCAdapter().put("req", "r-42");
            context.getLogger("app.salondesk.web.WebServer").warn("database unreachable: {}", "ConnectException");
        } finally {
            context.getMDCAdapter().remove("req");
            context.stop();
        }
        List<String> lines = Files.readAllLines(logs.resolve("salondesk.log")).stream().filter(l -> !l.isBlank()).toList();
        assertEquals(1, lines.size(), lines.toString());
        String line = lines.get(0);
        assertTrue(line.startsWith("{") && line.endsWith("}"), line);
        assertTrue(line.contains("\"level\":\"WARN\""), line);
        assertTrue(line.contains("database unreachable: ConnectException"), line);
        assertTrue(line.contains("r-42"), line);
        assertTrue(!line.contains("sequenceNumber") && !line.contains("\"arguments\""), line);
    }
}
