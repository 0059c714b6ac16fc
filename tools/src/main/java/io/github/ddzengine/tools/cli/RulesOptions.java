package io.github.ddzengine.tools.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

import io.github.ddzengine.core.rules.Preset;
import io.github.ddzengine.core.rules.Rules;

import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Option;
import picocli.CommandLine.TypeConversionException;

/**
 * The {@code --rules} and {@code --ban} options, shared by every verb that plays by a rule set
 * (a picocli mixin). Bad values are usage errors whose message comes from the core parsers.
 */
public final class RulesOptions {
    @Option(names = "--rules", paramLabel = "PRESET", defaultValue = "standard", converter = PresetConverter.class,
        description = "Rule preset: standard (default), douzero, rlcard, botzone.")
    private Preset preset = Preset.STANDARD;

    @Option(names = "--ban", paramLabel = "TYPES", converter = BanConverter.class,
        description = "Types banned for an endgame puzzle, comma-separated (repeatable): trio, trio_solo or 31, "
            + "trio_pair or 32, four_two_solo or 421, four_two_pair or 422, trio_solo_chain, trio_pair_chain, "
            + "winged_planes.")
    private List<Integer> banMasks = new ArrayList<>();

    /** The rule set these options select. */
    public Rules rules() {
        int mask = 0;
        for (int m : banMasks) {
            mask |= m;
        }
        return Rules.of(preset, mask);
    }

    /**
     * The options that select {@code rules}, each after a space: {@code ""} for the standard rules,
     * {@code " --rules rlcard"}, {@code " --ban trio_solo,trio_pair"}...
     */
    public static String options(Rules rules) {
        StringBuilder sb = new StringBuilder();
        if (rules.preset() != Preset.STANDARD) {
            sb.append(" --rules ").append(rules.preset().id());
        }
        if (rules.banMask() != 0) {
            sb.append(" --ban ").append(String.join(",", rules.banNames()));
        }
        return sb.toString();
    }

    /** A converter that calls a core parser and turns its {@link IllegalArgumentException} into a usage error. */
    private abstract static class CoreParser<T> implements ITypeConverter<T> {
        private final Function<String, T> parser;

        CoreParser(Function<String, T> parser) {
            this.parser = parser;
        }

        @Override
        public T convert(String value) {
            try {
                return parser.apply(value);
            } catch (IllegalArgumentException e) {
                throw new TypeConversionException(e.getMessage());
            }
        }
    }

    /** Converts a preset name with {@link Preset#parse}. */
    static final class PresetConverter extends CoreParser<Preset> {
        PresetConverter() {
            super(Preset::parse);
        }
    }

    /** Converts a ban list to a type mask with {@link Rules#parseBans}. */
    static final class BanConverter extends CoreParser<Integer> {
        BanConverter() {
            super(Rules::parseBans);
        }
    }
}
