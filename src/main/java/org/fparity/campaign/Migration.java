package org.fparity.campaign;

import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * Brings the parts of an older export up to the current {@link ExportFormat#SCHEMA}, one step per version, so a file
 * carried from a cluster running an older fparity still imports. Each step says what changed.
 */
final class Migration {
    private Migration() {}

    static ObjectNode campaign(int schema, ObjectNode campaign) {
        return campaign;
    }

    static ObjectNode platform(int schema, ObjectNode platform) {
        return platform;
    }
}
