package io.github.ddzengine.tables;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;

import io.github.ddzengine.core.rules.Preset;
import io.github.ddzengine.core.tables.EngineTables;

/**
 * The tables directory as a whole: where it is, building every table into it, loading what it
 * holds into an {@link EngineTables} value, and describing its files.
 *
 * <h2>Location</h2>
 * An explicit directory (the {@code --tables} or {@code --out} option) wins; then the environment
 * variable {@value #ENV}; then {@code ~/.cache/ddz/tables}.
 *
 * <h2>Kinds</h2>
 * Every kind of table is a {@link TableProvider} in {@link #PROVIDERS}: its file name, builder and
 * loader. Kinds every preset shares have one file; preset-specific kinds one file per preset.
 */
public final class Tables {
    /** Environment variable naming the tables directory. */
    public static final String ENV = "DDZ_TABLES";

    /** Every kind of table the engine builds and uses, in build order. */
    public static final List<TableProvider> PROVIDERS = List.of(MinHandTables.PROVIDER, EndgameTables.TWO_SEATS,
        EndgameTables.THREE_SEATS);

    private Tables() {
    }

    /**
     * The tables directory: {@code explicit} if not null, else {@code $DDZ_TABLES} if set and not
     * blank, else {@code ~/.cache/ddz/tables}.
     */
    public static Path directory(Path explicit) {
        return directory(explicit, System.getenv(ENV), System.getProperty("user.home"));
    }

    /** {@link #directory(Path)} with the environment variable's value and the home directory given. */
    static Path directory(Path explicit, String env, String home) {
        if (explicit != null) {
            return explicit;
        }
        if (env != null && !env.isBlank()) {
            return Paths.get(env);
        }
        return Paths.get(home, ".cache", "ddz", "tables");
    }

    // ---------------------------------------------------------------------------------------- build

    /**
     * A table written by {@link #build}.
     *
     * @param file the file
     * @param header its header
     * @param buildNanos time to build and write it, ns
     * @param verifyNanos time to load it back (open, map, verify the checksum; the pages are then
     *     in the page cache), ns
     */
    public record Built(Path file, TableFile.Header header, long buildNanos, long verifyNanos) {
    }

    /**
     * What {@link #build} did.
     *
     * @param directory the tables directory
     * @param tables each file written, in build order
     * @param totalNanos wall time of the whole build, ns
     * @param peakHeapBytes the sum of the heap memory pools' peak usage during the build, bytes (an
     *     upper bound of the peak heap; -1 if the JVM does not report it)
     */
    public record BuildReport(Path directory, List<Built> tables, long totalNanos, long peakHeapBytes) {
    }

    /**
     * Builds every table into {@code dir}, creating it if needed: each kind every preset shares,
     * and each preset-specific kind for each of {@code presets}. Each file is written atomically,
     * then loaded back and verified.
     *
     * @param dir the tables directory
     * @param presets the presets of preset-specific kinds
     * @param progress receives every step
     * @return what was written
     * @throws TableException if the directory or a file cannot be written (one line)
     */
    public static BuildReport build(Path dir, Collection<Preset> presets, BuildProgress progress) {
        return build(dir, presets, java.util.EnumSet.of(TableKind.SEGMENTS, TableKind.ENDGAME_TWO_SEATS,
            TableKind.ENDGAME_THREE_SEATS), progress);
    }

    /**
     * Builds the tables of the given kinds into {@code dir}, as {@link #build(Path, Collection, BuildProgress)}.
     *
     * @param kinds the kinds to build (the others are left as they are)
     */
    public static BuildReport build(Path dir, Collection<Preset> presets, Collection<TableKind> kinds,
                                    BuildProgress progress) {
        return build(dir, presets, PROVIDERS.stream().filter(p -> kinds.contains(p.kind())).toList(), progress, null);
    }

    /**
     * Builds the tables of the given providers into {@code dir}, as
     * {@link #build(Path, Collection, BuildProgress)}: for example {@link EndgameTables#of} of
     * larger hands than the default, and the endgame tables' entries solved by {@code endgames}
     * (for example on a cluster), which gives the same files, byte for byte.
     *
     * @param providers the kinds to build, in this order (each at most once per kind)
     * @param endgames how the endgame tables are solved, or null for this machine's threads
     */
    public static BuildReport build(Path dir, Collection<Preset> presets, List<? extends TableProvider> providers,
                                    BuildProgress progress, EndgameTables.Builder endgames) {
        long start = System.nanoTime();
        List<MemoryPoolMXBean> pools = heapPools();
        pools.forEach(MemoryPoolMXBean::resetPeakUsage);
        prepare(dir);
        List<Built> built = new ArrayList<>();
        for (TableProvider p : providers) {
            for (Preset preset : presetsOf(p.kind(), presets)) {
                Path file = dir.resolve(p.fileName(preset));
                long t0 = System.nanoTime();
                TableFile.Header h = endgames != null && p instanceof EndgameTables e
                    ? e.build(file, preset, progress, endgames) : p.build(file, preset, progress);
                long t1 = System.nanoTime();
                progress.start(file.getFileName() + ": verify", -1, "");
                TableFile.open(file, p.kind(), rulesOf(preset))
                    .orElseThrow(() -> TableException.io(file, "vanished right after it was written", null));
                progress.finish();
                built.add(new Built(file, h, t1 - t0, System.nanoTime() - t1));
            }
        }
        long peak = 0;
        for (MemoryPoolMXBean pool : pools) {
            peak += pool.getPeakUsage().getUsed();
        }
        return new BuildReport(dir, List.copyOf(built), System.nanoTime() - start, pools.isEmpty() ? -1 : peak);
    }

    /** Creates the directory and checks that files can be made in it. */
    private static void prepare(Path dir) {
        if (Files.exists(dir) && !Files.isDirectory(dir)) {
            throw TableException.io(dir, "cannot be the tables directory: it is not a directory", null);
        }
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw TableException.io(dir, "cannot create the tables directory", e);
        }
        if (!Files.isWritable(dir)) {
            throw TableException.io(dir, "cannot write in the tables directory (permission denied)", null);
        }
    }

    private static List<MemoryPoolMXBean> heapPools() {
        List<MemoryPoolMXBean> heap = new ArrayList<>();
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getType() == MemoryType.HEAP && pool.isValid()) {
                heap.add(pool);
            }
        }
        return heap;
    }

    /** The presets a kind is built for: {@code [null]} for a kind every preset shares. */
    private static List<Preset> presetsOf(TableKind kind, Collection<Preset> presets) {
        if (!kind.presetSpecific()) {
            return java.util.Collections.singletonList(null);
        }
        return List.copyOf(presets);
    }

    /** The rules name of a file: the preset's id, or {@value TableFile#ANY_RULES}. */
    static String rulesOf(Preset preset) {
        return preset == null ? TableFile.ANY_RULES : preset.id();
    }

    // ----------------------------------------------------------------------------------------- load

    /**
     * One table {@link #load} looked for.
     *
     * @param file the file
     * @param kind its kind
     * @param rules the rules it was looked for ({@value TableFile#ANY_RULES} or a preset id)
     * @param loaded whether it was present and is now in the report's {@link LoadReport#engineTables()}
     * @param what what it holds ({@code 461,186 segments (min-hand counts)}); {@code absent} if not loaded
     * @param fileBytes its length, bytes (0 when absent)
     * @param mapNanos time to map it, ns
     * @param checksumNanos time to verify its body checksum, ns
     */
    public record Loaded(Path file, TableKind kind, String rules, boolean loaded, String what, long fileBytes,
                         long mapNanos, long checksumNanos) {
    }

    /**
     * What {@link #load} did.
     *
     * @param directory the tables directory
     * @param tables every table looked for
     * @param engineTables the tables found, to give to a solver, a min-hand counter or an agent
     *     ({@link EngineTables#NONE} when none was there)
     */
    public record LoadReport(Path directory, List<Loaded> tables, EngineTables engineTables) {
        /** How many tables were loaded. */
        public long loaded() {
            return tables.stream().filter(Loaded::loaded).count();
        }

        /** Whether every table was absent (the engine computes everything). */
        public boolean none() {
            return loaded() == 0;
        }
    }

    /**
     * Loads every table of {@code dir} that exists: the kinds every preset shares and, if
     * {@code preset} is not null, the preset-specific kinds of that preset. An absent table is
     * skipped (the engine computes what it would have answered). Nothing global changes: the
     * tables reach the engine only through the returned {@link LoadReport#engineTables()}.
     *
     * @param dir the tables directory (it need not exist)
     * @param preset the preset in use, or null for the shared kinds only
     * @return every table looked for, loaded or absent, and the tables value
     * @throws TableException if {@code dir} is something other than a directory, or a file exists
     *     but cannot be used (corrupt, truncated, stale, of another kind or preset, not a regular
     *     file, a symbolic link to nothing)
     */
    public static LoadReport load(Path dir, Preset preset) {
        if (Files.exists(dir) && !Files.isDirectory(dir)) {
            throw TableException.io(dir, "not a directory (the tables directory holds the table files)", null);
        }
        List<Loaded> loaded = new ArrayList<>();
        EngineTables engine = EngineTables.NONE;
        for (TableProvider p : PROVIDERS) {
            if (p.kind().presetSpecific() && preset == null) {
                continue;
            }
            Preset which = p.kind().presetSpecific() ? preset : null;
            Path file = dir.resolve(p.fileName(which));
            String rules = rulesOf(which);
            Optional<TableFile> f = TableFile.open(file, p.kind(), rules);
            if (f.isPresent()) {
                TableFile t = f.get();
                engine = p.addTo(engine, t, which);
                loaded.add(new Loaded(file, p.kind(), rules, true, p.describe(t), t.header().fileLength(),
                    t.mapNanos(), t.checksumNanos()));
            } else {
                loaded.add(new Loaded(file, p.kind(), rules, false, "absent", 0, 0, 0));
            }
        }
        return new LoadReport(dir, List.copyOf(loaded), engine);
    }

    // ----------------------------------------------------------------------------------------- info

    /** The state of a table file. */
    public enum Status {
        /** Present and usable. */
        OK,
        /** Not there: the engine computes instead. */
        ABSENT,
        /** Present but refused (corrupt, truncated, stale, of another kind or preset). */
        REFUSED,
        /** A table file this engine does not use (another name or an unknown kind). */
        UNUSED
    }

    /**
     * A file of the tables directory.
     *
     * @param file the file
     * @param kind the kind name (from the header if readable, else the expected one; "?" if neither)
     * @param rules the rules name (as for kind)
     * @param bytes its length, bytes (-1 when absent)
     * @param contentVersion the content version in its header (-1 if unreadable or absent)
     * @param checksum the body checksum in its header, 8 hex digits (null if unreadable or absent)
     * @param status its state
     * @param problem why it is refused or unused (null when OK or absent)
     */
    public record FileInfo(Path file, String kind, String rules, long bytes, int contentVersion, String checksum,
                           Status status, String problem) {
    }

    /**
     * Every table file this engine would use in {@code dir} (for every preset), present or not,
     * then every other {@value TableFile#EXTENSION} file there, each checked as {@link #load} would
     * (checksum included).
     *
     * @param dir the tables directory (it need not exist)
     * @return one entry a file, expected files first
     */
    public static List<FileInfo> info(Path dir) {
        List<FileInfo> infos = new ArrayList<>();
        Set<Path> expected = new HashSet<>();
        for (TableProvider p : PROVIDERS) {
            List<Preset> presets = presetsOf(p.kind(), List.of(Preset.values()));
            for (Preset preset : presets) {
                Path file = dir.resolve(p.fileName(preset));
                expected.add(file.getFileName());
                infos.add(expectedInfo(file, p, preset));
            }
        }
        if (Files.isDirectory(dir)) {
            List<Path> others;
            try (Stream<Path> s = Files.list(dir)) {
                others = s.filter(f -> f.getFileName().toString().endsWith(TableFile.EXTENSION))
                    .filter(f -> !expected.contains(f.getFileName())).sorted().toList();
            } catch (IOException e) {
                throw TableException.io(dir, "cannot list the tables directory", e);
            }
            for (Path f : others) {
                infos.add(otherInfo(f));
            }
        }
        return infos;
    }

    private static FileInfo expectedInfo(Path file, TableProvider provider, Preset preset) {
        TableKind kind = provider.kind();
        String rules = rulesOf(preset);
        if (!Files.exists(file, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
            return new FileInfo(file, kind.id(), rules, -1, -1, null, Status.ABSENT, null);
        }
        long bytes = size(file);
        TableFile.Header h;
        try {
            h = TableFile.readHeader(file);
        } catch (TableException e) {
            return new FileInfo(file, kind.id(), rules, bytes, -1, null, Status.REFUSED, e.problem());
        }
        String kindName = h.kind() != null ? h.kind().id() : h.kindName();
        try {
            TableFile.open(file, kind, rules).ifPresent(f -> provider.validate(f, preset));
            return new FileInfo(file, kindName, h.rules(), bytes, h.contentVersion(), h.checksum(), Status.OK, null);
        } catch (TableException e) {
            return new FileInfo(file, kindName, h.rules(), bytes, h.contentVersion(), h.checksum(), Status.REFUSED,
                e.problem());
        }
    }

    private static FileInfo otherInfo(Path file) {
        long bytes = size(file);
        TableFile.Header h;
        try {
            h = TableFile.inspect(file);
        } catch (TableException e) {
            return new FileInfo(file, "?", "?", bytes, -1, null, Status.UNUSED, e.problem());
        }
        String why = h.kind() == null ? "a kind this engine does not know (code " + h.kindCode() + ")"
            : "not a file name this engine uses";
        return new FileInfo(file, h.kind() != null ? h.kind().id() : h.kindName(), h.rules(), bytes,
            h.contentVersion(), h.checksum(), Status.UNUSED, why);
    }

    private static long size(Path file) {
        try {
            return Files.size(file);
        } catch (IOException e) {
            return -1;
        }
    }
}
