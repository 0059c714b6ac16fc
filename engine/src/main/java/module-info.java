/**
 * ddz-engine: the facade {@link io.github.ddzengine.engine.DdzEngine}, the common tasks in records
 * and strings (docs/java-api.md).
 */
module io.github.ddzengine.engine {
    requires transitive io.github.ddzengine.core;
    requires transitive io.github.ddzengine.mc;
    requires io.github.ddzengine.tables;
    requires io.github.ddzengine.protocol;

    exports io.github.ddzengine.engine;
}
