package app.salondesk.bench;

import org.HdrHistogram.Histogram;

import java.util.Arrays;
import java.util.List;
import java.util.function.ToDoubleFunction;

/** Percentiles of one round's per-operation times, in milliseconds; medians over rounds. */
record Latency(double p50, double p95, double p99, double max, long count) {

    static final Latency NONE = new Latency(Double.NaN, Double.NaN, Double.NaN, Double.NaN, 0);

    /** Nanosecond samples, three significant digits; grows as needed, so no outlier is lost. */
    static Histogram histogram() {
        return new Histogram(3);
    }

    static Latency of(Histogram h) {
        if (h.getTotalCount() == 0) {
            return NONE;
        }
        return new Latency(ms(h.getValueAtPercentile(50)), ms(h.getValueAtPercentile(95)),
                ms(h.getValueAtPercentile(99)), ms(h.getMaxValue()), h.getTotalCount());
    }

    /** Each percentile's median over the rounds (rounds without samples are left out). */
    static Latency median(List<Latency> rounds) {
        List<Latency> some = rounds.stream().filter(l -> l.count > 0).toList();
        if (some.isEmpty()) {
            return NONE;
        }
        return new Latency(median(some, Latency::p50), median(some, Latency::p95), median(some, Latency::p99),
                median(some, Latency::max), some.stream().mapToLong(Latency::count).sum());
    }

    static <T> double median(List<T> values, ToDoubleFunction<T> f) {
        double[] xs = values.stream().mapToDouble(f).filter(d -> !Double.isNaN(d)).sorted().toArray();
        if (xs.length == 0) {
            return Double.NaN;
        }
        return xs.length % 2 == 1 ? xs[xs.length / 2] : (xs[xs.length / 2 - 1] + xs[xs.length / 2]) / 2;
    }

    static double median(double... values) {
        double[] xs = values.clone();
        Arrays.sort(xs);
        return xs.length == 0 ? Double.NaN
                : xs.length % 2 == 1 ? xs[xs.length / 2] : (xs[xs.length / 2 - 1] + xs[xs.length / 2]) / 2;
    }

    private static double ms(long nanos) {
        return nanos / 1e6;
    }
}
