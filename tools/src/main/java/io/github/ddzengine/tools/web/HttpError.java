package io.github.ddzengine.tools.web;

import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * An answer other than 200 with a one-line message: the server writes it as
 * {@code {"error": "message", ...}} with its status (400 bad input, 404 no such path or game, 405
 * wrong method, 413 body too large, 415 not JSON, 503 busy).
 */
final class HttpError extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** The HTTP status. */
    final int status;
    /** More fields of the error object (for example the readings of an ambiguous move), or null. */
    final transient ObjectNode extra;

    HttpError(int status, String message) {
        this(status, message, null);
    }

    HttpError(int status, String message, ObjectNode extra) {
        super(message, null, false, false);
        this.status = status;
        this.extra = extra;
    }

    /** A 400 with {@code message}. */
    static HttpError bad(String message) {
        return new HttpError(400, message);
    }
}
