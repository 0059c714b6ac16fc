package io.github.ddzengine.protocol;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * Process groups for external agents, so that killing an agent kills everything it started: on
 * Linux an agent runs under {@code setsid} (its own session and process group, whose id is its
 * pid), and a kill reaches every process of that group, even one that left the agent's tree by a
 * double fork ({@code (sleep 300 &)}), which {@link ProcessHandle#descendants()} cannot see.
 * Elsewhere, or without {@code setsid}, the group is not used and only descendants are killed.
 */
final class ProcessGroups {
    private static final Path PROC = Path.of("/proc");
    /** {@code setsid} if it is there to use, else null. */
    private static final String SETSID = find();

    private ProcessGroups() {
    }

    private static String find() {
        if (!Files.isDirectory(PROC)) {
            return null;
        }
        for (String dir : List.of("/usr/bin", "/bin")) {
            Path p = Path.of(dir, "setsid");
            if (Files.isExecutable(p)) {
                return p.toString();
            }
        }
        return null;
    }

    /** Whether agents get a process group of their own. */
    static boolean enabled() {
        return SETSID != null;
    }

    /** {@code command} run in a process group of its own (behind {@code setsid}) when possible. */
    static List<String> detached(List<String> command) {
        if (SETSID == null) {
            return command;
        }
        List<String> c = new ArrayList<>(command.size() + 1);
        c.add(SETSID);
        c.addAll(command);
        return c;
    }

    /**
     * Checks that {@code program} (a path, or a name looked up on {@code PATH} as the system
     * would) names an executable file, so that an agent that cannot start is said so before it
     * runs behind {@code setsid}.
     *
     * @throws IOException {@code no such file} or {@code not executable}
     */
    static void checkExecutable(String program) throws IOException {
        if (program.contains(File.separator)) {
            Path p = Path.of(program);
            if (!Files.exists(p)) {
                throw new IOException("no such file");
            }
            if (!Files.isExecutable(p) || Files.isDirectory(p)) {
                throw new IOException("not an executable file");
            }
            return;
        }
        for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            Path p = Path.of(dir.isEmpty() ? "." : dir, program);
            if (Files.isExecutable(p) && !Files.isDirectory(p)) {
                return;
            }
        }
        throw new IOException("not found on PATH");
    }

    /** Kills every live process of the process group {@code pgid} (Linux; does nothing elsewhere). */
    static void kill(long pgid) {
        if (SETSID == null || pgid <= 1) {
            return;
        }
        try (Stream<Path> all = Files.list(PROC)) {
            all.filter(d -> d.getFileName().toString().chars().allMatch(Character::isDigit))
                .forEach(d -> {
                    if (groupOf(d) == pgid) {
                        ProcessHandle.of(Long.parseLong(d.getFileName().toString())).ifPresent(ProcessHandle::destroyForcibly);
                    }
                });
        } catch (IOException | RuntimeException e) {
            // the process table could not be read: the descendants are killed anyway
        }
    }

    /** The process group of {@code /proc/PID}, or -1: the fifth field of its stat, after the command in parentheses. */
    private static long groupOf(Path procDir) {
        try {
            String stat = new String(Files.readAllBytes(procDir.resolve("stat")), StandardCharsets.US_ASCII);
            String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            return Long.parseLong(f[2]); // state, ppid, pgrp
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }
}
