/**
 * ddz-protocol: the JSON-lines agent protocol, the {@code exec:} agent (an external process
 * speaking it) and game records as JSON ({@link io.github.ddzengine.protocol.GameRecords}).
 */
module io.github.ddzengine.protocol {
    requires transitive io.github.ddzengine.mc;
    requires transitive com.fasterxml.jackson.databind;

    exports io.github.ddzengine.protocol;
}
