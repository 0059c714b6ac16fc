package io.github.ddzengine.tools.verbs;

import io.github.ddzengine.tools.cli.Exits;
import io.github.ddzengine.tools.cli.ProgressBars;
import io.github.ddzengine.tools.cli.TablesOption;
import io.github.ddzengine.tools.cli.VersionProvider;
import io.github.ddzengine.tools.cluster.ClusterLaunch;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.Callable;

import io.github.ddzengine.engine.ClusterRunner;
import io.github.ddzengine.core.rules.Preset;
import io.github.ddzengine.tables.EndgameTables;
import io.github.ddzengine.tables.TableException;
import io.github.ddzengine.tables.TableKind;
import io.github.ddzengine.tables.TableProvider;
import io.github.ddzengine.tables.Tables;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code ddz tables}: the offline table step. {@code ddz tables build} builds every table the
 * engine uses into the tables directory; {@code ddz tables info} describes what is there.
 */
@Command(name = "tables", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
    synopsisSubcommandLabel = "COMMAND",
    description = {"Builds and describes the precomputed tables (min-hand segments, solved two- and three-seat endgames).",
        "Tables live in --tables/--out DIR, else $" + Tables.ENV + ", else ~/.cache/ddz/tables. Every verb works "
            + "without them (it computes instead, only slower)."},
    subcommands = {TablesCommand.Build.class, TablesCommand.Info.class})
public final class TablesCommand implements Callable<Integer> {
    @Spec
    private CommandSpec spec;

    /** Without a sub-verb: a usage error naming them. */
    @Override
    public Integer call() {
        throw Exits.missingCommand(spec);
    }

    /** {@code ddz tables build}. */
    @Command(name = "build", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        sortOptions = false,
        description = {"Builds every table the engine uses and writes it to the tables directory (each file "
            + "written under a temporary name, then renamed), then loads each back to verify it.",
            "Shows progress bars on a terminal (not when CI=true) and ends with a summary: each file, its size, "
                + "build time and checksum, and the peak heap."},
        footer = {"", "With --cluster, the endgame tables are solved on Apache Spark by ranges of hands and written here "
            + "by this process, byte for byte the files of a build on one machine (docs/cluster.md); the segment "
            + "table is built here.",
            "", "Exit codes: 0 built, 2 bad input (an unwritable directory, unknown rules), 1 internal error."})
    public static final class Build implements Callable<Integer> {
        @Spec
        private CommandSpec spec;

        @Option(names = "--out", paramLabel = "DIR",
            description = "Where to write the tables (default: $" + Tables.ENV + ", else ~/.cache/ddz/tables).")
        private Path out;

        @Option(names = "--rules", paramLabel = "PRESETS", defaultValue = "standard",
            description = "Presets to build the preset-specific tables for: comma-separated preset names "
                + "(standard, douzero, rlcard, botzone) or all; default standard. The min-hand segment table "
                + "serves every preset.")
        private String rules;

        @Option(names = "--kinds", paramLabel = "KINDS", defaultValue = "all",
            description = "Which tables to build, comma-separated: segments (min-hand segment table, 59 MB), "
                + "endgame-2 (solved two-seat endgames, hands up to 5 cards, 48 MB a preset), endgame-3 (solved "
                + "three-seat endgames, hands up to 3 cards, 361 MB a preset), or all (default).")
        private String kinds;

        @Option(names = "--endgame-2-cards", paramLabel = "N", defaultValue = "5", description = "Largest hand of "
            + "the two-seat endgame table, 1 to 6 cards (default 5; 6 makes a table of 539 MB, about 11 times the "
            + "entries of 5, for a cluster).")
        private int endgame2Cards;

        @Option(names = "--endgame-3-cards", paramLabel = "N", defaultValue = "3",
            description = "Largest hand of the three-seat endgame table, 1 to 3 cards (default 3).")
        private int endgame3Cards;

        @Option(names = "--cluster", paramLabel = "MASTER", description = "Solve the endgame tables on an Apache "
            + "Spark cluster: local[N], spark://HOST:PORT, yarn, k8s://...; needs the ddz-cluster jar "
            + "(docs/cluster.md). The files are those of a build on one machine.")
        private String cluster;

        @Option(names = "--partitions", paramLabel = "N", description = "With --cluster: the number of tasks each "
            + "endgame table's hands are cut into (default: 4 per core of the cluster).")
        private Integer partitions;

        @Override
        public Integer call() throws java.io.IOException {
            Integer elsewhere = ClusterLaunch.elsewhere(spec, cluster); // the cluster engine not in this JVM: its jar
            if (elsewhere != null) {
                return elsewhere;
            }
            if (cluster == null && partitions != null) {
                throw new ParameterException(spec.commandLine(), "--partitions needs --cluster");
            }
            if (partitions != null && partitions < 1) {
                throw new ParameterException(spec.commandLine(), "--partitions must be 1 or more, not " + partitions);
            }
            if (endgame2Cards < 1 || endgame2Cards > 6) {
                throw new ParameterException(spec.commandLine(), "--endgame-2-cards must be 1 to 6, not " + endgame2Cards);
            }
            if (endgame3Cards < 1 || endgame3Cards > 3) {
                throw new ParameterException(spec.commandLine(), "--endgame-3-cards must be 1 to 3, not " + endgame3Cards);
            }
            List<Preset> presets = presets(spec, rules);
            Set<TableKind> selected = kinds(spec, kinds);
            List<TableProvider> providers = new ArrayList<>();
            for (TableProvider p : Tables.PROVIDERS) {
                if (selected.contains(p.kind())) {
                    providers.add(p.kind() == TableKind.ENDGAME_TWO_SEATS ? EndgameTables.of(2, endgame2Cards)
                        : p.kind() == TableKind.ENDGAME_THREE_SEATS ? EndgameTables.of(3, endgame3Cards) : p);
                }
            }
            Path dir = Tables.directory(out);
            Tables.BuildReport report;
            ClusterRunner.TableSession session = null;
            try {
                if (cluster != null) {
                    try {
                        session = ClusterLaunch.runner().orElseThrow().tables(cluster, partitions);
                    } catch (IllegalArgumentException e) {
                        return Exits.inputError(spec, e);
                    }
                }
                report = Tables.build(dir, presets, providers, ProgressBars.forTerminal(), session);
            } catch (OutOfMemoryError e) {
                // the build's arrays are unreachable once unwound: report it as one line
                throw TableException.io(dir, String.format(Locale.ROOT, "not enough heap to build the tables "
                    + "(maximum %s; the build needs about 2.5 GB with the three-seat endgames, 256 MB without): "
                    + "run it with DDZ_JAVA_OPTS=-Xmx3g",
                    megabytes(Runtime.getRuntime().maxMemory())), null);
            } finally {
                if (session != null) {
                    session.close();
                }
            }
            PrintWriter o = spec.commandLine().getOut();
            String where = session == null || session.partitions() == 0 ? ""
                : String.format(Locale.ROOT, ", endgames solved on cluster %s in %d partition%s a table", cluster,
                    session.partitions(), session.partitions() == 1 ? "" : "s");
            o.printf(Locale.ROOT, "Built %d table%s in %s in %.1f s%s (peak heap %s)%n", report.tables().size(),
                report.tables().size() == 1 ? "" : "s", dir, report.totalNanos() / 1e9, where,
                report.peakHeapBytes() < 0 ? "not reported" : megabytes(report.peakHeapBytes()));
            for (Tables.Built b : report.tables()) {
                o.printf(Locale.ROOT, "  %s  %s, rules %s, %s, content v%d, crc32c %s, built in %.1f s, "
                        + "loaded back in %d ms%n", b.file().getFileName(), b.header().kindName(), b.header().rules(),
                    megabytes(b.header().fileLength()), b.header().contentVersion(), b.header().checksum(),
                    b.buildNanos() / 1e9, Math.round(b.verifyNanos() / 1e6));
            }
            o.flush();
            return 0;
        }

        /** The kinds of {@code --kinds}: a comma-separated list of kind names, or {@code all}. */
        static Set<TableKind> kinds(CommandSpec spec, String text) {
            if (text.strip().equalsIgnoreCase("all")) {
                return java.util.EnumSet.of(TableKind.SEGMENTS, TableKind.ENDGAME_TWO_SEATS, TableKind.ENDGAME_THREE_SEATS);
            }
            Set<TableKind> set = java.util.EnumSet.noneOf(TableKind.class);
            for (String name : text.split(",", -1)) {
                TableKind k = TableKind.ofId(name.strip().toLowerCase(Locale.ROOT));
                if (k == null || k == TableKind.VALUE_NET) { // a value network is trained: ddz learn train
                    throw new ParameterException(spec.commandLine(), "--kinds: unknown table kind '" + name.strip()
                        + "' (segments, endgame-2, endgame-3, all)");
                }
                set.add(k);
            }
            return set;
        }

        /** The presets of {@code --rules}: a comma-separated list of preset names, or {@code all}. */
        public static List<Preset> presets(CommandSpec spec, String text) {
            if (text.strip().equalsIgnoreCase("all")) {
                return List.of(Preset.values());
            }
            Set<Preset> set = new LinkedHashSet<>();
            for (String name : text.split(",", -1)) {
                try {
                    set.add(Preset.parse(name.strip()));
                } catch (IllegalArgumentException e) {
                    throw new ParameterException(spec.commandLine(), "--rules: " + e.getMessage());
                }
            }
            return new ArrayList<>(set);
        }
    }

    /** {@code ddz tables info}. */
    @Command(name = "info", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = {"Lists the tables directory: every table the engine uses (present or absent) and any other "
            + "table file there, each with its kind, rules, size, content version, checksum and status "
            + "(ok, absent, or why it is refused). Checks every checksum."},
        footer = {"", "Exit codes: 0 listed (whatever the status of the files), 2 bad input, 1 internal error."})
    static final class Info implements Callable<Integer> {
        @Spec
        private CommandSpec spec;

        @Mixin
        private TablesOption tables = new TablesOption();

        @Override
        public Integer call() {
            Path dir = tables.directory();
            PrintWriter o = spec.commandLine().getOut();
            // absent tables of presets other than the default are not worth a line each
            List<Tables.FileInfo> infos = Tables.info(dir).stream()
                .filter(f -> f.status() != Tables.Status.ABSENT || f.rules().equals("any")
                    || f.rules().equals(Preset.STANDARD.id()))
                .toList();
            o.println("Tables in " + dir + " (" + tables.source() + ")" + state(dir));
            int width = 0;
            for (Tables.FileInfo f : infos) {
                width = Math.max(width, f.file().getFileName().toString().length());
            }
            String row = "  %-" + width + "s  %-9s  %-8s  %9s  %-7s  %-8s  %s%n";
            o.printf(Locale.ROOT, row, "file", "kind", "rules", "size", "content", "crc32c", "status");
            boolean fix = false;
            for (Tables.FileInfo f : infos) {
                String status = switch (f.status()) {
                    case OK -> "ok";
                    case ABSENT -> f.kind().startsWith("endgame") ? "absent (searched instead)" : "absent (computed instead)";
                    case REFUSED -> "refused: " + f.problem();
                    case UNUSED -> "not used: " + f.problem();
                };
                fix |= f.status() == Tables.Status.ABSENT || f.status() == Tables.Status.REFUSED;
                o.printf(Locale.ROOT, row, f.file().getFileName(), f.kind(), f.rules(), f.bytes() < 0 ? "-" : megabytes(f.bytes()),
                    f.contentVersion() < 0 ? "-" : "v" + f.contentVersion(), f.checksum() == null ? "-" : f.checksum(),
                    status);
            }
            if (fix) {
                o.println("Run `ddz tables build --out " + dir + "` to build the missing or refused tables.");
            }
            o.flush();
            return 0;
        }
    }

    /** What is wrong with a tables directory, after a colon ({@code ": not a directory"}), or "". */
    static String state(Path dir) {
        if (java.nio.file.Files.isDirectory(dir)) {
            return "";
        }
        if (java.nio.file.Files.exists(dir)) {
            return ": not a directory";
        }
        return java.nio.file.Files.isSymbolicLink(dir) ? ": a symbolic link to a missing directory" : ": no such directory";
    }

    /** Bytes as megabytes (10^6) with one decimal, or bytes under 100 kB. */
    static String megabytes(long bytes) {
        return bytes < 100_000 ? bytes + " B" : String.format(Locale.ROOT, "%.1f MB", bytes / 1e6);
    }
}
