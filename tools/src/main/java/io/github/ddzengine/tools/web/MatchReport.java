package io.github.ddzengine.tools.web;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;

import org.HdrHistogram.ConcurrentHistogram;
import org.HdrHistogram.Histogram;

import io.github.ddzengine.mc.Agent;
import io.github.ddzengine.mc.arena.GameRecord;
import io.github.ddzengine.mc.arena.MatchStats;

/**
 * The match report of {@code ddz play --report FILE} and of the web server's report page: agent
 * A's WP with its 95% confidence band as deals accumulate, the split by role (A as landlord, A as
 * farmers, the landlord seat whichever agent held it), and a histogram of each agent's play
 * decision latency. One self-contained HTML page with inline SVG and CSS (no script, nothing
 * fetched), so it can be mailed or attached to an issue.
 *
 * <p>Use: wrap the two agents with {@link #timeA} and {@link #timeB} before the match is built
 * (the wrappers only time: the games are the same), feed every game to {@link #add} in match
 * order (a {@code Match.Listener} does), then write {@link #html}. Figures come from
 * {@link MatchStats.Builder} after every deal, so the last point of the WP curve is the match's
 * WP as {@code ddz play} reports it. {@link #add} is for one thread; the timers are thread-safe.
 */
public final class MatchReport {
    private static final String BLUE = "#2563eb";
    private static final String ORANGE = "#ea580c";
    private static final String GREEN = "#16a34a";
    private static final String GREY = "#6b7280";

    private final String a;
    private final String b;
    private final MatchStats.Builder builder;
    private final ConcurrentHistogram latencyA = new ConcurrentHistogram(3);
    private final ConcurrentHistogram latencyB = new ConcurrentHistogram(3);
    private double[] wp = new double[256];
    private double[] lo = new double[256];
    private double[] hi = new double[256];
    private int deals;
    private MatchStats last;

    /**
     * A report of agent {@code a} against agent {@code b}.
     *
     * @param a agent A's name, as the match reports it
     * @param b agent B's name
     */
    public MatchReport(String a, String b) {
        this.a = a;
        this.b = b;
        this.builder = new MatchStats.Builder(a, b);
    }

    /** Agent A wrapped so that its play decisions are timed into this report. */
    public Agent timeA(Agent agent) {
        return new TimedAgent(agent, latencyA);
    }

    /** Agent B wrapped so that its play decisions are timed into this report. */
    public Agent timeB(Agent agent) {
        return new TimedAgent(agent, latencyB);
    }

    /**
     * Adds the next game of the match, in match order (each deal's game with A as landlord, then
     * with A as the farmers).
     *
     * @throws IllegalStateException if the games do not alternate that way
     */
    public void add(GameRecord game, boolean aIsLandlord) {
        builder.add(game, aIsLandlord);
        if (!aIsLandlord) {
            last = builder.build(0);
            if (deals == wp.length) {
                wp = Arrays.copyOf(wp, 2 * deals);
                lo = Arrays.copyOf(lo, 2 * deals);
                hi = Arrays.copyOf(hi, 2 * deals);
            }
            wp[deals] = last.wp();
            lo[deals] = last.wpCi()[0];
            hi[deals] = last.wpCi()[1];
            deals++;
        }
    }

    /** The statistics of the complete deals added so far (wall time 0). */
    public MatchStats stats() {
        return last != null ? last : builder.build(0);
    }

    /** Deals added so far (complete deals: both games). */
    public int deals() {
        return deals;
    }

    /**
     * The whole report page.
     *
     * @param stats the match's statistics as the match returned them (for its wall time), or null
     *     to use those of the games added
     * @param subtitle a line under the title: the command or the settings that played the match
     * @return an HTML document
     */
    public String html(MatchStats stats, String subtitle) {
        String title = "Match report: " + a + " vs " + b;
        return "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            + "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
            + "<title>" + esc(title) + "</title><style>" + CSS + "</style></head>\n<body><main class=\"ddz-report\">"
            + "<h1>" + esc(title) + "</h1><p class=\"sub\">" + esc(subtitle) + "</p>\n"
            + body(stats) + "<footer>Made by ddz-engine. Confidence intervals are 95%, over deals (a deal's two "
            + "games are correlated).</footer></main></body></html>\n";
    }

    /** {@link #html} written to {@code file} (UTF-8). */
    public void write(Path file, MatchStats stats, String subtitle) throws IOException {
        Files.writeString(file, html(stats, subtitle), StandardCharsets.UTF_8);
    }

    /** The figures and the three plots, without the page around them (for the web page). */
    public String body(MatchStats stats) {
        MatchStats s = stats != null ? stats : last != null ? last : builder.build(0);
        StringBuilder sb = new StringBuilder();
        sb.append("<section class=\"summary\"><table>");
        row(sb, "deals (games)", String.format(Locale.ROOT, "%,d (%,d)", s.deals(), s.games()));
        row(sb, "WP of " + a, f(s.wp(), 4) + " " + ci(s.wpCi(), 4));
        row(sb, "ADP of " + a, f(s.adp(), 3) + " " + ci(s.adpCi(), 3));
        row(sb, "as landlord / as farmers (WP)", f(s.wpLandlord(), 4) + " / " + f(s.wpFarmer(), 4));
        row(sb, "landlord seat won", f(s.landlordWp(), 4) + " of the games");
        row(sb, "bombs and rockets per game", f(s.bombsPerGame(), 3));
        if (s.seconds() > 0) {
            row(sb, "games per second", String.format(Locale.ROOT, "%,.0f (%.1f s)", s.gamesPerSecond(), s.seconds()));
        }
        sb.append("</table></section>\n");
        sb.append("<figure><figcaption>WP of ").append(esc(a)).append(" as deals accumulate, with its 95% confidence "
            + "band</figcaption>").append(wpPlot()).append("</figure>\n");
        sb.append("<div class=\"row\"><figure><figcaption>WP of ").append(esc(a)).append(" by role</figcaption>")
            .append(splitPlot(s)).append("</figure>\n");
        sb.append("<figure><figcaption>Play decision latency</figcaption>").append(latencyPlot())
            .append(latencyTable()).append("</figure></div>\n");
        return sb.toString();
    }

    // ------------------------------------------------------------------------------------------ plots

    private String wpPlot() {
        int w = 720;
        int h = 300;
        int left = 56;
        int right = 16;
        int top = 16;
        int bottom = 42;
        StringBuilder sb = svgStart(w, h, "wp-plot");
        if (deals == 0) {
            return sb.append(text(w / 2.0, h / 2.0, "no complete deal", "middle", GREY)).append("</svg>").toString();
        }
        double ymin = 1;
        double ymax = 0;
        for (int i = 0; i < deals; i++) {
            ymin = Math.min(ymin, Double.isNaN(lo[i]) ? wp[i] : lo[i]);
            ymax = Math.max(ymax, Double.isNaN(hi[i]) ? wp[i] : hi[i]);
        }
        // the first deals' bands are wide: zoom on the second half of the match, where the figure settles
        double zmin = 1;
        double zmax = 0;
        for (int i = deals / 10; i < deals; i++) {
            zmin = Math.min(zmin, Double.isNaN(lo[i]) ? wp[i] : lo[i]);
            zmax = Math.max(zmax, Double.isNaN(hi[i]) ? wp[i] : hi[i]);
        }
        if (deals >= 20) {
            ymin = Math.max(ymin, zmin - (zmax - zmin));
            ymax = Math.min(ymax, zmax + (zmax - zmin));
        }
        double pad = Math.max(0.02, (ymax - ymin) * 0.08);
        ymin = Math.max(0, ymin - pad);
        ymax = Math.min(1, ymax + pad);
        double step = niceStep((ymax - ymin) / 5);
        ymin = Math.max(0, Math.floor(ymin / step) * step);
        ymax = Math.min(1, Math.ceil(ymax / step) * step);
        double x0 = left;
        double x1 = w - right;
        double y0 = h - bottom;
        double y1 = top;
        double xmax = Math.max(2, deals);
        double fy0 = ymin;
        double fy1 = ymax;
        java.util.function.DoubleUnaryOperator xs = d -> x0 + (d - 1) / (xmax - 1) * (x1 - x0);
        java.util.function.DoubleUnaryOperator ys = v -> y0 - (clamp(v, fy0, fy1) - fy0) / (fy1 - fy0) * (y0 - y1);
        // grid and axes
        for (double v = ymin; v <= ymax + 1e-9; v += step) {
            double y = ys.applyAsDouble(v);
            sb.append(line(x0, y, x1, y, "#e5e7eb", 1, null));
            sb.append(text(x0 - 6, y + 4, f(v, step < 0.01 ? 3 : 2), "end", "#374151"));
        }
        double xstep = niceStep(xmax / 6);
        for (double d = xstep; d <= xmax + 1e-9; d += xstep) {
            double x = xs.applyAsDouble(d);
            sb.append(line(x, y0, x, y0 + 4, "#374151", 1, null));
            sb.append(text(x, y0 + 18, String.format(Locale.ROOT, "%,d", (long) d), "middle", "#374151"));
        }
        sb.append(line(x0, y0, x1, y0, "#374151", 1, null)).append(line(x0, y0, x0, y1, "#374151", 1, null));
        sb.append(text((x0 + x1) / 2, h - 6, "deals", "middle", "#374151"));
        if (0.5 > ymin && 0.5 < ymax) {
            double y = ys.applyAsDouble(0.5);
            sb.append(line(x0, y, x1, y, GREY, 1, "5 4"));
        }
        // at most 600 points: every k-th deal and the last
        int k = Math.max(1, (int) Math.ceil(deals / 600.0));
        StringBuilder band = new StringBuilder();
        StringBuilder back = new StringBuilder();
        StringBuilder curve = new StringBuilder();
        for (int i = 0; i < deals; i = next(i, k, deals)) {
            double x = xs.applyAsDouble(i + 1);
            if (!Double.isNaN(lo[i])) {
                band.append(pt(x, ys.applyAsDouble(hi[i])));
                back.insert(0, pt(x, ys.applyAsDouble(lo[i])));
            }
            curve.append(pt(x, ys.applyAsDouble(wp[i])));
        }
        if (band.length() > 0) {
            sb.append("<polygon class=\"band\" points=\"").append(band).append(back)
                .append("\" fill=\"").append(BLUE).append("\" fill-opacity=\"0.18\" stroke=\"none\"/>");
        }
        sb.append("<polyline class=\"wp\" points=\"").append(curve).append("\" fill=\"none\" stroke=\"").append(BLUE)
            .append("\" stroke-width=\"2\"/>");
        int n = deals - 1;
        String label = "WP " + f(wp[n], 3) + (Double.isNaN(lo[n]) ? "" : " [" + f(lo[n], 3) + ", " + f(hi[n], 3) + "]");
        sb.append(text(x1 - 4, y1 + 14, label, "end", BLUE));
        return sb.append("</svg>").toString();
    }

    private static int next(int i, int k, int n) {
        return i == n - 1 ? n : Math.min(n - 1, i + k);
    }

    private String splitPlot(MatchStats s) {
        int w = 360;
        int h = 280;
        int left = 44;
        int top = 16;
        int bottom = 52;
        StringBuilder sb = svgStart(w, h, "split-plot");
        double y0 = h - bottom;
        double y1 = top;
        java.util.function.DoubleUnaryOperator ys = v -> y0 - clamp(v, 0, 1) * (y0 - y1);
        for (int i = 0; i <= 4; i++) {
            double v = i / 4.0;
            double y = ys.applyAsDouble(v);
            sb.append(line(left, y, w - 8, y, "#e5e7eb", 1, null)).append(text(left - 6, y + 4, f(v, 2), "end", "#374151"));
        }
        String[] names = {"as landlord", "as farmers", "overall", "landlord seat"};
        double[] vals = {s.wpLandlord(), s.wpFarmer(), s.wp(), s.landlordWp()};
        double[][] cis = {s.wpLandlordCi(), s.wpFarmerCi(), s.wpCi(), null};
        String[] colours = {ORANGE, GREEN, BLUE, GREY};
        double slot = (w - 8 - left) / 4.0;
        for (int i = 0; i < 4; i++) {
            double cx = left + slot * (i + 0.5);
            double bw = slot * 0.56;
            if (!Double.isNaN(vals[i])) {
                double y = ys.applyAsDouble(vals[i]);
                sb.append(String.format(Locale.ROOT, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"%s\" "
                    + "rx=\"3\"/>", cx - bw / 2, y, bw, y0 - y, colours[i]));
                if (cis[i] != null && !Double.isNaN(cis[i][0])) {
                    double ylo = ys.applyAsDouble(cis[i][0]);
                    double yhi = ys.applyAsDouble(cis[i][1]);
                    sb.append(line(cx, ylo, cx, yhi, "#111827", 1.5, null)).append(line(cx - 6, ylo, cx + 6, ylo, "#111827", 1.5,
                        null)).append(line(cx - 6, yhi, cx + 6, yhi, "#111827", 1.5, null));
                }
                sb.append(text(cx, Math.min(y, cis[i] == null || Double.isNaN(cis[i][1]) ? y
                    : ys.applyAsDouble(cis[i][1])) - 5, f(vals[i], 3), "middle", "#111827"));
            }
            sb.append(text(cx, y0 + 16, names[i], "middle", "#374151"));
        }
        sb.append(text(left + slot * 1.5, y0 + 34, "A = " + a, "middle", GREY));
        double y = ys.applyAsDouble(0.5);
        sb.append(line(left, y, w - 8, y, GREY, 1, "5 4"));
        sb.append(line(left, y0, w - 8, y0, "#374151", 1, null));
        return sb.append("</svg>").toString();
    }

    private String latencyPlot() {
        int w = 420;
        int h = 280;
        int left = 48;
        int right = 22;
        int top = 16;
        int bottom = 52;
        StringBuilder sb = svgStart(w, h, "latency-plot");
        Histogram[] hs = {latencyA, latencyB};
        long min = Long.MAX_VALUE;
        long max = 0;
        for (Histogram x : hs) {
            if (x.getTotalCount() > 0) {
                min = Math.min(min, x.getMinValue());
                max = Math.max(max, x.getMaxValue());
            }
        }
        if (max == 0) {
            return sb.append(text(w / 2.0, h / 2.0, "no decision timed", "middle", GREY)).append("</svg>").toString();
        }
        // five bins a decade, from the decade of the fastest decision to that of the slowest
        int perDecade = 5;
        int d0 = (int) Math.floor(Math.log10(Math.max(1, min)));
        int d1 = (int) Math.ceil(Math.log10(Math.max(10, max + 1)));
        int bins = Math.max(1, (d1 - d0) * perDecade);
        long[][] counts = new long[2][bins];
        long top1 = 1;
        for (int j = 0; j < 2; j++) {
            for (int i = 0; i < bins; i++) {
                long lo1 = (long) Math.ceil(Math.pow(10, d0 + (double) i / perDecade));
                long hi1 = (long) Math.ceil(Math.pow(10, d0 + (double) (i + 1) / perDecade)) - 1;
                counts[j][i] = hs[j].getTotalCount() == 0 ? 0 : hs[j].getCountBetweenValues(lo1, Math.max(lo1, hi1));
                top1 = Math.max(top1, counts[j][i]);
            }
        }
        double x0 = left;
        double x1 = w - right;
        double y0 = h - bottom;
        double y1 = top;
        double bw = (x1 - x0) / bins;
        for (int i = 0; i <= 4; i++) {
            double v = top1 * i / 4.0;
            double y = y0 - v / top1 * (y0 - y1);
            sb.append(line(x0, y, x1, y, "#e5e7eb", 1, null)).append(text(x0 - 6, y + 4, shortCount(v), "end", "#374151"));
        }
        String[] colours = {BLUE, ORANGE};
        for (int j = 0; j < 2; j++) {
            for (int i = 0; i < bins; i++) {
                if (counts[j][i] == 0) {
                    continue;
                }
                double bh = (double) counts[j][i] / top1 * (y0 - y1);
                sb.append(String.format(Locale.ROOT, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"%s\" "
                    + "fill-opacity=\"0.85\"/>", x0 + bw * i + bw * 0.08 + j * bw * 0.42, y0 - bh, bw * 0.42, bh, colours[j]));
            }
        }
        for (int d = d0; d <= d1; d++) {
            double x = x0 + (d - d0) * perDecade * bw;
            sb.append(line(x, y0, x, y0 + 4, "#374151", 1, null)).append(text(x, y0 + 17, duration(Math.pow(10, d)), "middle",
                "#374151"));
        }
        sb.append(line(x0, y0, x1, y0, "#374151", 1, null));
        sb.append(text((x0 + x1) / 2, y0 + 33, "time per play decision (log scale)", "middle", "#374151"));
        sb.append(legend(x0 + 4, y1 + 2, BLUE, a)).append(legend(x0 + 4, y1 + 18, ORANGE, b));
        return sb.append("</svg>").toString();
    }

    private String latencyTable() {
        StringBuilder sb = new StringBuilder("<table class=\"lat\"><tr><th>agent</th><th>decisions</th><th>p50</th>"
            + "<th>p90</th><th>p99</th><th>max</th></tr>");
        String[] names = {a, b};
        Histogram[] hs = {latencyA, latencyB};
        for (int j = 0; j < 2; j++) {
            Histogram x = hs[j];
            sb.append("<tr><td>").append(esc(names[j])).append(j == 0 ? " (A)" : " (B)").append("</td><td>")
                .append(String.format(Locale.ROOT, "%,d", x.getTotalCount())).append("</td>");
            for (double p : new double[] {50, 90, 99}) {
                sb.append("<td>").append(x.getTotalCount() == 0 ? "-" : duration(x.getValueAtPercentile(p))).append("</td>");
            }
            sb.append("<td>").append(x.getTotalCount() == 0 ? "-" : duration(x.getMaxValue())).append("</td></tr>");
        }
        return sb.append("</table>").toString();
    }

    // ------------------------------------------------------------------------------------------ helpers

    private static StringBuilder svgStart(int w, int h, String cls) {
        return new StringBuilder(String.format(Locale.ROOT, "<svg class=\"%s\" xmlns=\"http://www.w3.org/2000/svg\" "
            + "viewBox=\"0 0 %d %d\" width=\"%d\" height=\"%d\" font-family=\"system-ui, sans-serif\" font-size=\"12\" "
            + "role=\"img\">", cls, w, h, w, h));
    }

    private static String legend(double x, double y, String colour, String name) {
        return String.format(Locale.ROOT, "<rect x=\"%.1f\" y=\"%.1f\" width=\"10\" height=\"10\" fill=\"%s\"/>", x, y, colour)
            + text(x + 14, y + 9, name, "start", "#111827");
    }

    private static String line(double x1, double y1, double x2, double y2, String colour, double width, String dash) {
        return String.format(Locale.ROOT, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" "
            + "stroke-width=\"%.1f\"%s/>", x1, y1, x2, y2, colour, width, dash == null ? "" : " stroke-dasharray=\"" + dash + "\"");
    }

    private static String text(double x, double y, String s, String anchor, String colour) {
        return String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"%s\" fill=\"%s\">%s</text>", x, y,
            anchor, colour, esc(s));
    }

    private static String pt(double x, double y) {
        return String.format(Locale.ROOT, "%.1f,%.1f ", x, y);
    }

    private static void row(StringBuilder sb, String k, String v) {
        sb.append("<tr><th>").append(esc(k)).append("</th><td>").append(esc(v)).append("</td></tr>");
    }

    private static double clamp(double v, double lo, double hi) {
        return Math.max(lo, Math.min(hi, v));
    }

    /** 1, 2 or 5 times a power of ten, at least {@code raw}. */
    static double niceStep(double raw) {
        if (!(raw > 0)) {
            return 1;
        }
        double p = Math.pow(10, Math.floor(Math.log10(raw)));
        for (double m : new double[] {1, 2, 5, 10}) {
            if (m * p >= raw) {
                return m * p;
            }
        }
        return 10 * p;
    }

    /** Nanoseconds as {@code 850 ns}, {@code 12 µs}, {@code 48 ms}, {@code 1.2 s}. */
    static String duration(double nanos) {
        if (nanos < 1e3) {
            return String.format(Locale.ROOT, "%.0f ns", nanos);
        }
        if (nanos < 1e6) {
            return String.format(Locale.ROOT, nanos < 1e4 ? "%.1f µs" : "%.0f µs", nanos / 1e3);
        }
        if (nanos < 1e9) {
            return String.format(Locale.ROOT, nanos < 1e7 ? "%.1f ms" : "%.0f ms", nanos / 1e6);
        }
        return String.format(Locale.ROOT, "%.1f s", nanos / 1e9);
    }

    private static String shortCount(double v) {
        return v >= 1e6 ? String.format(Locale.ROOT, "%.1fM", v / 1e6) : v >= 1e4 ? String.format(Locale.ROOT, "%.0fk", v / 1e3)
            : String.format(Locale.ROOT, "%.0f", v);
    }

    private static String f(double x, int decimals) {
        return Double.isNaN(x) ? "n/a" : String.format(Locale.ROOT, "%." + decimals + "f", x);
    }

    private static String ci(double[] c, int decimals) {
        return Double.isNaN(c[0]) ? "" : "[" + f(c[0], decimals) + ", " + f(c[1], decimals) + "]";
    }

    /** Text escaped for HTML and SVG. */
    static String esc(String s) {
        StringBuilder sb = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '<' -> sb.append("&lt;");
                case '>' -> sb.append("&gt;");
                case '&' -> sb.append("&amp;");
                case '"' -> sb.append("&quot;");
                case '\'' -> sb.append("&#39;");
                default -> sb.append(c);
            }
        }
        return sb.toString();
    }

    private static final String CSS = "body{margin:0;background:#f8fafc;color:#111827;font:15px/1.45 system-ui,-apple-system,"
        + "'Segoe UI',sans-serif}.ddz-report{max-width:1120px;margin:0 auto;padding:24px 28px}"
        + ".ddz-report h1{font-size:24px;margin:0 0 4px}.ddz-report .sub{color:#4b5563;margin:0 0 18px;font-family:"
        + "ui-monospace,monospace;font-size:13px}.ddz-report figure{background:#fff;border:1px solid #e5e7eb;border-radius:10px;"
        + "padding:12px 14px;margin:0 0 16px;box-shadow:0 1px 2px rgba(0,0,0,.04)}.ddz-report figcaption{font-weight:600;"
        + "margin-bottom:6px}.ddz-report svg{width:100%;height:auto}.ddz-report svg.wp-plot{max-width:900px}.ddz-report .row{display:flex;gap:16px;flex-wrap:wrap}"
        + ".ddz-report .row figure{flex:1 1 360px}.ddz-report .summary table{border-collapse:collapse;background:#fff;"
        + "border:1px solid #e5e7eb;border-radius:10px;margin-bottom:16px}.ddz-report .summary th,.ddz-report .summary td{"
        + "text-align:left;padding:5px 14px;border-bottom:1px solid #f1f5f9}.ddz-report .summary th{color:#4b5563;"
        + "font-weight:500}.ddz-report table.lat{border-collapse:collapse;font-size:13px;margin-top:6px}.ddz-report "
        + "table.lat th,.ddz-report table.lat td{padding:2px 8px;text-align:right}.ddz-report table.lat td:first-child{"
        + "text-align:left}.ddz-report footer{color:#6b7280;font-size:13px;margin-top:8px}";
}
