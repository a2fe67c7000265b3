package app.salondesk.bench;

import java.util.List;
import java.util.Locale;

/** The report: GitHub-flavoured Markdown, built as the figures come in. */
final class Markdown {

    private final StringBuilder out = new StringBuilder();

    Markdown heading(int level, String text) {
        out.append("#".repeat(level)).append(' ').append(text).append("\n\n");
        return this;
    }

    Markdown para(String text) {
        out.append(text).append("\n\n");
        return this;
    }

    Markdown table(List<String> header, List<List<String>> rows) {
        out.append("| ").append(String.join(" | ", header)).append(" |\n|");
        for (int i = 0; i < header.size(); i++) {
            // numbers right-aligned: the first column names the row, the rest are figures
            out.append(i == 0 ? "---|" : "---:|");
        }
        out.append('\n');
        for (List<String> row : rows) {
            out.append("| ").append(String.join(" | ", row)).append(" |\n");
        }
        out.append('\n');
        return this;
    }

    Markdown code(String text) {
        out.append("```\n").append(text.strip()).append("\n```\n\n");
        return this;
    }

    /** Milliseconds with sensible precision: 0.412, 3.71, 12.3, 250. */
    static String ms(double millis) {
        if (Double.isNaN(millis)) {
            return "–";
        }
        if (millis < 1) {
            return String.format(Locale.ROOT, "%.3f", millis);
        }
        if (millis < 10) {
            return String.format(Locale.ROOT, "%.2f", millis);
        }
        if (millis < 100) {
            return String.format(Locale.ROOT, "%.1f", millis);
        }
        return String.format(Locale.ROOT, "%.0f", millis);
    }

    static String num(double value) {
        if (Double.isNaN(value)) {
            return "–";
        }
        return value >= 100 ? String.format(Locale.ROOT, "%,.0f", value) : String.format(Locale.ROOT, "%.1f", value);
    }

    static String ratio(double value) {
        return Double.isNaN(value) ? "–" : String.format(Locale.ROOT, "%.2f×", value);
    }

    @Override
    public String toString() {
        return out.toString();
    }
}
