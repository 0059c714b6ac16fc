package io.github.ddzengine.doctest;

import io.github.ddzengine.tools.Ddz;
import java.io.ByteArrayInputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.SortedSet;

import org.openjdk.jmh.runner.BenchmarkList;
import org.openjdk.jmh.runner.BenchmarkListEntry;
import org.openjdk.jmh.runner.format.OutputFormat;
import org.openjdk.jmh.runner.format.OutputFormatFactory;
import org.openjdk.jmh.runner.options.CommandLineOptionException;
import org.openjdk.jmh.runner.options.CommandLineOptions;
import org.openjdk.jmh.runner.options.VerboseMode;


import picocli.CommandLine;

/**
 * Checks a command without running it: the commands of {@code sh slow} blocks (minutes of work:
 * long matches, table builds, benchmarks, the test suite) and the runnable commands quoted inline
 * in the prose. What is checked, by the kind of command:
 * <ul>
 *   <li>{@code ./ddz ARGS} (and {@code java -jar tools/target/ddz.jar ARGS}): parsed by the CLI's
 *       own picocli command tree, so the verb, every option name, every option value that has a
 *       converter (numbers, rules, bans, paths) and the required options are checked;
 *   <li>{@code java -jar cluster/target/ddz-cluster-local.jar ARGS} (and {@code ddz-cluster.jar}): the
 *       jar exists, the arguments parsed as {@code ./ddz ARGS} (its verbs are ddz's);
 *   <li>{@code java -jar bench/target/benchmarks.jar ARGS}: parsed by JMH's own option parser; the
 *       benchmark patterns must select at least one benchmark of the jar and every {@code -p NAME}
 *       must be a parameter of a selected one;
 *   <li>{@code java -cp JAR CLASS ARGS}: the jar exists and the class has a {@code main} method;
 *   <li>{@code mvn ARGS}: known phases or plugin goals, and the {@code -pl} modules exist;
 *   <li>{@code bench/NAME.sh ARGS}, {@code baselines/build.sh COMMIT} and {@code python3 FILE}: the script exists ({@code bash -n}
 *       for shell scripts); {@code ./release.sh VERSION [--dry-run] [--out DIR]} also its arguments;
 *   <li>{@code python3 -m MODULE ARGS}: a module of {@code python/} (the file exists, and its
 *       {@code parser()}, the module's {@code argparse} parser, accepts the arguments), or else of
 *       the standard library (its arguments are not checked); {@code python3 -m pip} as pip;
 *   <li>{@code pip install|wheel DIR} (also a virtual environment's {@code .venv/bin/pip}): every
 *       argument that is not an option is a directory of the repository with a
 *       {@code pyproject.toml}, so nothing comes from the package index; a few options are known;
 *   <li>{@code cat FILE}, {@code zcat FILE}: the file exists;
 *   <li>for all of them, the file of an input redirection ({@code < FILE}) exists; prefixes
 *       {@code VAR=value}, {@code nice -n N} and {@code /usr/bin/time} are skipped.
 * </ul>
 * {@code python3} is also written {@code /usr/bin/python3} (Debian's). Anything else fails: a slow
 * sample must be one of these kinds.
 */
final class Validator {
    private static final Set<String> PHASES = Set.of("clean", "validate", "compile", "test-compile", "test",
        "package", "integration-test", "verify", "install", "site");

    /**
     * Run by python3 in the scratch directory with {@code MODULE ARGS}: imports the module from
     * {@code python/} and parses the arguments with its {@code parser()} (argparse exits 2 with the
     * error), without running the module.
     */
    private static final String PARSE_ARGUMENTS = String.join("\n",
        "import importlib, sys",
        "sys.path.insert(0, 'python')",
        "m = importlib.import_module(sys.argv[1])",
        "if not callable(getattr(m, 'parser', None)):",
        "    sys.exit(sys.argv[1] + ' has no parser(): its arguments cannot be validated')",
        "m.parser().parse_args(sys.argv[2:])");
    /** Run by python3 without site-packages, the environment or the working directory: whether MODULE is of the standard library. */
    private static final String STANDARD_MODULE = "import importlib.util, sys; "
        + "sys.exit(0 if importlib.util.find_spec(sys.argv[1]) else 1)";

    private final Sandbox sandbox;

    Validator(Sandbox sandbox) {
        this.sandbox = sandbox;
    }

    /**
     * Validates a command line.
     *
     * @throws IllegalArgumentException with what is wrong
     */
    void validate(String commandLine) {
        for (Shell.Simple s : Shell.parse(commandLine)) {
            if (s.input() != null) {
                requireFile(s.input(), "input file");
            }
            List<String> w = new ArrayList<>(s.words());
            while (!w.isEmpty() && w.get(0).matches("[A-Za-z_][A-Za-z0-9_]*=.*")) {
                w.remove(0);
            }
            stripPrefixes(w);
            if (w.isEmpty()) {
                throw new IllegalArgumentException("no command in: " + commandLine);
            }
            String program = w.get(0);
            List<String> args = w.subList(1, w.size());
            switch (program) {
                case "./ddz" -> ddz(args);
                case "java" -> java(args);
                case "mvn" -> mvn(args);
                case "python3", "/usr/bin/python3" -> python(args);
                case "cat", "zcat" -> args.stream().filter(a -> !a.startsWith("-")).forEach(a -> requireFile(a, "file"));
                default -> {
                    if (program.matches("(\\./)?(bench|baselines)/[\\w.-]+\\.sh")) {
                        script(program);
                    } else if (program.equals("./release.sh")) {
                        script(program);
                        release(args);
                    } else if (program.matches("([\\w./-]+/bin/)?pip3?")) {
                        pip(args);
                    } else {
                        throw new IllegalArgumentException("cannot validate '" + program + "' without running it: a "
                            + "slow sample holds ./ddz, java, mvn, bench/*.sh, baselines/*.sh, ./release.sh, python3, pip, cat and zcat "
                            + "commands only (docs/README.md)");
                    }
                }
            }
        }
    }

    private static void stripPrefixes(List<String> w) {
        boolean again = true;
        while (again && !w.isEmpty()) {
            again = false;
            if (w.get(0).equals("nice")) {
                w.remove(0);
                if (!w.isEmpty() && w.get(0).equals("-n") && w.size() > 1) {
                    w.remove(0);
                    w.remove(0);
                }
                again = true;
            } else if (w.get(0).equals("/usr/bin/time") || w.get(0).equals("time")) {
                w.remove(0);
                while (!w.isEmpty() && w.get(0).startsWith("-")) {
                    w.remove(0);
                }
                again = true;
            }
        }
    }

    /** Parses {@code ddz ARGS} with the CLI's picocli tree. */
    static void ddz(List<String> args) {
        CommandLine cl = Ddz.commandLine(new ByteArrayInputStream(new byte[0]));
        try {
            cl.parseArgs(args.toArray(String[]::new));
        } catch (CommandLine.ParameterException e) {
            throw new IllegalArgumentException("ddz refuses " + args + ": " + e.getMessage());
        }
    }

    private void java(List<String> args) {
        int i = 0;
        String cp = null;
        while (i < args.size() && args.get(i).startsWith("-")) {
            String a = args.get(i);
            if (a.equals("-jar")) {
                if (i + 1 >= args.size()) {
                    throw new IllegalArgumentException("java -jar without a jar");
                }
                String jar = args.get(i + 1);
                List<String> rest = args.subList(i + 2, args.size());
                requireFile(jar, "jar");
                switch (Path.of(jar).normalize().toString()) {
                    case "bench/target/benchmarks.jar" -> jmh(rest);
                    case "tools/target/ddz.jar" -> ddz(rest);
                    // ClusterMain: `play ...` and `tables build ...` are ddz's verbs and options
                    case "cluster/target/ddz-cluster-local.jar", "cluster/target/ddz-cluster.jar" -> ddz(rest);
                    default -> throw new IllegalArgumentException("cannot validate the arguments of " + jar);
                }
                return;
            }
            if (a.equals("-cp") || a.equals("-classpath") || a.equals("--class-path")) {
                if (i + 1 >= args.size()) {
                    throw new IllegalArgumentException("java " + a + " without a class path");
                }
                cp = args.get(i + 1);
                i += 2;
                continue;
            }
            if (!a.matches("-X.*|-D.*|-ea|-da|-esa|-server|--add-(exports|opens)=.*|-verbose.*")) {
                throw new IllegalArgumentException("unknown java option " + a);
            }
            i++;
        }
        if (cp == null || i >= args.size()) {
            throw new IllegalArgumentException("java needs -jar JAR or -cp JAR CLASS: " + args);
        }
        for (String entry : cp.split(":")) {
            requireFile(entry, "class path entry");
        }
        String cls = args.get(i);
        try {
            Method main = Class.forName(cls).getMethod("main", String[].class);
            if (!Modifier.isStatic(main.getModifiers())) {
                throw new IllegalArgumentException(cls + ".main is not static");
            }
        } catch (ClassNotFoundException | NoSuchMethodException e) {
            throw new IllegalArgumentException("no main class " + cls + " (" + e + ")");
        }
    }

    /** Parses JMH options with JMH's parser and checks the patterns and parameters against the benchmark list. */
    static void jmh(List<String> args) {
        CommandLineOptions o;
        try {
            o = new CommandLineOptions(args.toArray(String[]::new));
        } catch (CommandLineOptionException e) {
            throw new IllegalArgumentException("JMH refuses " + args + ": " + e.getMessage());
        }
        if (o.shouldHelp() || o.shouldList() || o.shouldListProfilers() || o.shouldListResultFormats()) {
            return;
        }
        OutputFormat silent = OutputFormatFactory.createFormatInstance(new PrintStream(OutputStream.nullOutputStream()),
            VerboseMode.SILENT);
        List<String> includes = o.getIncludes().isEmpty() ? List.of(".*") : o.getIncludes();
        SortedSet<BenchmarkListEntry> found = BenchmarkList.defaultList().find(silent, includes, o.getExcludes());
        if (found.isEmpty()) {
            throw new IllegalArgumentException("no benchmark matches " + includes);
        }
        for (String p : paramNames(args)) {
            boolean known = false;
            for (BenchmarkListEntry e : found) {
                known |= e.getParams().hasValue() && e.getParams().get().containsKey(p);
            }
            if (!known) {
                throw new IllegalArgumentException("-p " + p + ": no parameter of that name in " + names(found));
            }
        }
    }

    private static List<String> paramNames(List<String> args) {
        List<String> names = new ArrayList<>();
        for (int i = 0; i + 1 < args.size(); i++) {
            if (args.get(i).equals("-p")) {
                names.add(args.get(i + 1).split("=", 2)[0]);
            }
        }
        return names;
    }

    private static Collection<String> names(Collection<BenchmarkListEntry> entries) {
        return entries.stream().map(BenchmarkListEntry::getUsername).toList();
    }

    private static void mvn(List<String> args) {
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            if (a.equals("-pl") || a.equals("--projects")) {
                if (i + 1 >= args.size()) {
                    throw new IllegalArgumentException("mvn -pl without modules");
                }
                for (String m : args.get(++i).split(",")) {
                    if (!m.startsWith(":") && !Files.isRegularFile(Markdown.ROOT.resolve(m).resolve("pom.xml"))) {
                        throw new IllegalArgumentException("mvn -pl " + m + ": no such module");
                    }
                }
            } else if (a.equals("-f") || a.equals("-s") || a.equals("-P") || a.equals("-T") || a.equals("-rf")) {
                i++;
            } else if (!a.startsWith("-") && !PHASES.contains(a) && !a.matches("[\\w.-]+:[\\w.-]+(:[\\w.-]+)*")) {
                throw new IllegalArgumentException("mvn " + a + ": not a lifecycle phase or a plugin goal");
            }
        }
    }

    /** {@code python3 FILE} or {@code python3 -m MODULE ARGS}. */
    private void python(List<String> args) {
        if (args.isEmpty() || args.get(0).startsWith("-") && !args.get(0).equals("-m")) {
            throw new IllegalArgumentException("python3 " + (args.isEmpty() ? "" : args.get(0)) + ": a slow sample "
                + "runs python3 FILE or python3 -m MODULE");
        }
        if (!args.get(0).equals("-m")) {
            requireFile(args.get(0), "script");
            return;
        }
        if (args.size() < 2 || !args.get(1).matches("[A-Za-z_]\\w*(\\.[A-Za-z_]\\w*)*")) {
            throw new IllegalArgumentException("python3 -m without a module name: " + args);
        }
        String module = args.get(1);
        List<String> rest = args.subList(2, args.size());
        if (module.equals("pip")) {
            pip(rest);
            return;
        }
        Path path = sandbox.resolve("python/" + module.replace('.', '/'));
        if (Files.isDirectory(sandbox.resolve("python/" + module.split("\\.")[0]))) {
            if (!Files.isRegularFile(path.resolveSibling(path.getFileName() + ".py"))
                && !Files.isRegularFile(path.resolve("__main__.py"))) {
                throw new IllegalArgumentException("python3 -m " + module + ": no such module under python/");
            }
            List<String> argv = new ArrayList<>(List.of(python(), "-I", "-c", PARSE_ARGUMENTS, module));
            argv.addAll(rest);
            Sandbox.Result r = sandbox.run(argv, 30);
            if (r.exitCode() != 0) {
                throw new IllegalArgumentException("python3 -m " + module + " refuses " + rest + ": "
                    + lastLine(r.output()));
            }
        } else {
            Sandbox.Result r = sandbox.run(List.of(python(), "-I", "-S", "-c", STANDARD_MODULE, module), 30);
            if (r.exitCode() != 0) {
                throw new IllegalArgumentException("python3 -m " + module + ": not a module of python/ nor of the "
                    + "standard library" + (r.exitCode() == 1 ? "" : " (" + lastLine(r.output()) + ")"));
            }
        }
    }

    /** The interpreter that checks python3 commands: Debian's where it is installed. */
    private static String python() {
        return Files.isExecutable(Path.of("/usr/bin/python3")) ? "/usr/bin/python3" : "python3";
    }

    private static String lastLine(String output) {
        String[] lines = output.strip().split("\n");
        return lines[lines.length - 1];
    }

    /**
     * {@code pip install|wheel [OPTIONS] DIR...}: local projects only, so that a slow sample never
     * names something of the package index.
     */
    private void pip(List<String> args) {
        String verb = args.isEmpty() ? "" : args.get(0);
        if (!verb.equals("install") && !verb.equals("wheel")) {
            throw new IllegalArgumentException("pip " + verb + ": a slow sample runs pip install or pip wheel of a "
                + "directory of the repository");
        }
        int projects = 0;
        for (int i = 1; i < args.size(); i++) {
            String a = args.get(i);
            if (a.equals("-q") || a.equals("--quiet") || a.equals("--no-deps") || a.equals("--no-index")
                || verb.equals("install") && (a.equals("-e") || a.equals("--editable"))) {
                continue;
            }
            if (verb.equals("wheel") && (a.equals("-w") || a.equals("--wheel-dir")) && i + 1 < args.size()) {
                i++; // the directory the wheel goes to, which pip makes
                continue;
            }
            if (a.startsWith("-")) {
                throw new IllegalArgumentException("pip " + verb + " " + a + ": not an option the validator knows "
                    + "(-q, --no-deps, --no-index, -e for install, -w DIR for wheel)");
            }
            if (!Files.isRegularFile(sandbox.resolve(a).resolve("pyproject.toml"))) {
                throw new IllegalArgumentException("pip " + verb + " " + a + ": not a directory of the repository with "
                    + "a pyproject.toml (a slow sample installs local projects only, nothing from the package index)");
            }
            projects++;
        }
        if (projects == 0) {
            throw new IllegalArgumentException("pip " + verb + " without a project directory");
        }
    }

    /** {@code ./release.sh VERSION [--dry-run] [--out DIR]}: the arguments the script takes. */
    private static void release(List<String> args) {
        int versions = 0;
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            if (a.equals("--out")) {
                i++;
            } else if (a.matches("\\d+\\.\\d+\\.\\d+")) {
                versions++;
            } else if (!a.equals("--dry-run")) {
                throw new IllegalArgumentException("./release.sh: unknown argument " + a);
            }
        }
        if (versions != 1) {
            throw new IllegalArgumentException("./release.sh takes one version X.Y.Z");
        }
    }

    private void script(String path) {
        requireFile(path, "script");
        Sandbox.Result r = sandbox.run(List.of("bash", "-n", path), 20);
        if (r.exitCode() != 0) {
            throw new IllegalArgumentException("bash -n " + path + ": " + r.output().strip());
        }
    }

    private void requireFile(String path, String what) {
        if (path.isEmpty() || !Files.exists(sandbox.resolve(path))) {
            throw new IllegalArgumentException("no such " + what + ": " + path);
        }
    }
}
