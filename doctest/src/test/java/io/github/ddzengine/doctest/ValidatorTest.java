package io.github.ddzengine.doctest;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The slow-sample kinds of the Python package (docs/python.md): {@code python3 -m MODULE} and
 * {@code pip install|wheel DIR}, validated in a scratch copy of the repository as the samples are
 * (python3 runs the package's argument parsers, nothing else).
 */
class ValidatorTest {
    private static Validator validator;

    @BeforeAll
    static void sandbox() {
        validator = new Validator(Sandbox.forFile(Path.of("ValidatorTest")));
    }

    private static void refused(String command, String why) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> validator.validate(command),
            command);
        assertTrue(e.getMessage().contains(why), command + ": " + e.getMessage());
    }

    @Test
    void modulesOfThePackageHaveTheirArgumentsParsed() {
        validator.validate("python3 -m ddz_engine.bench --douzero /tmp/douzero-checkout --backend process");
        validator.validate("PYTHONPATH=python /usr/bin/python3 -m ddz_engine.douzero eval_data.pkl deals.txt");
        refused("python3 -m ddz_engine.bench --bogus 1", "unrecognized arguments: --bogus 1");
        refused("python3 -m ddz_engine.bench --games many", "invalid int value");
        refused("python3 -m ddz_engine.douzero", "the following arguments are required: eval_data");
        refused("python3 -m ddz_engine.nosuch", "no such module under python/");
        refused("python3 -m ddz_engine.cards", "has no parser()");
    }

    @Test
    void otherModulesMustBeOfTheStandardLibrary() {
        validator.validate("python3 -m venv --system-site-packages .venv");
        refused("python3 -m no_such_module_anywhere", "not a module of python/ nor of the standard library");
        refused("python3 -c 'print(1)'", "python3 FILE or python3 -m MODULE");
        validator.validate("PYTHONPATH=python /usr/bin/python3 python/tests/run.py");
        refused("python3 python/tests/nosuch.py", "no such script");
    }

    @Test
    void pipInstallsDirectoriesOfTheRepositoryOnly() {
        validator.validate(".venv/bin/pip install ./python");
        validator.validate("pip install -e ./python");
        validator.validate("PIP_NO_INDEX=1 python3 -m pip install -q ./python");
        validator.validate(".venv/bin/pip wheel --no-deps ./python -w dist");
        refused("pip install JPype1", "not a directory of the repository with a pyproject.toml");
        refused("pip install ./examples", "not a directory of the repository with a pyproject.toml");
        refused("pip install --index-url https://example.org ./python", "not an option the validator knows");
        refused("pip install -w dist ./python", "not an option the validator knows");
        refused("pip uninstall ddz-engine", "pip install or pip wheel");
        refused("pip install -q", "without a project directory");
    }
}
