package io.github.ddzengine.cluster;

import io.github.ddzengine.tools.Ddz;
import io.github.ddzengine.tools.cli.Exits;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;


/**
 * The entry point of the {@code ddz-cluster} jars, for {@code spark-submit --class
 * io.github.ddzengine.cluster.ClusterMain ddz-cluster.jar VERB ...} and {@code java -jar
 * ddz-cluster-local.jar VERB ...}:
 * <ul>
 *   <li>{@code play ...}: {@code ddz play} with the same options, on the cluster. The master is
 *       {@code --cluster MASTER}, else the one {@code spark-submit --master} set.</li>
 *   <li>{@code tables build ...}: {@code ddz tables build} with the same options, the endgame
 *       tables solved on the cluster; the master as for {@code play}.</li>
 * </ul>
 * Exit codes as {@code ddz}: 0 done, 2 bad options or input (one line on standard error), 1 an
 * agent failed or an internal error.
 */
public final class ClusterMain {
    private ClusterMain() {
    }

    /**
     * Runs a verb and exits with its exit code.
     *
     * @param args the verb and its options
     */
    public static void main(String[] args) {
        if (System.getProperty("io.netty.tryReflectionSetAccessible") == null) {
            System.setProperty("io.netty.tryReflectionSetAccessible", "true"); // as Spark's launcher sets it
        }
        String verb = args.length == 0 ? "" : args[0];
        switch (verb) {
            case "play", "tables" -> Ddz.main(withMaster(args, System.getProperty("spark.master")));
            case "-h", "--help" -> {
                System.out.println(usage());
                System.exit(0);
            }
            default -> {
                System.err.println("ddz-cluster: " + (verb.isEmpty() ? "missing verb" : "unknown verb '" + verb + "'")
                    + " (verbs: play, tables build); " + usage());
                System.exit(Exits.USAGE);
            }
        }
    }

    static String usage() {
        return "usage: ddz-cluster play --a AGENT --b AGENT [ddz play options] [--cluster MASTER] [--partitions N]"
            + " | ddz-cluster tables build [ddz tables build options] [--cluster MASTER] [--partitions N]";
    }

    /**
     * {@code args} with {@code --cluster master} added after the verb ({@code play}, or
     * {@code tables build}) when they name no master
     * themselves and {@code master} is not null (the master {@code spark-submit} set).
     */
    static String[] withMaster(String[] args, String master) {
        List<String> list = new ArrayList<>(Arrays.asList(args));
        boolean named = list.stream().anyMatch(a -> a.equals("--cluster") || a.startsWith("--cluster="));
        int at = list.size() > 1 && list.get(0).equals("tables") && list.get(1).equals("build") ? 2 : 1;
        if (list.get(0).equals("tables") && at == 1) {
            return args; // tables info, or a missing sub-verb: nothing runs on the cluster
        }
        if (!named && master != null && !master.isBlank()) {
            list.add(at, "--cluster");
            list.add(at + 1, master);
        } else if (!named && !list.contains("--help") && !list.contains("-h")) {
            list.add(at, "--cluster");
            list.add(at + 1, "local[*]");
        }
        return list.toArray(String[]::new);
    }
}
