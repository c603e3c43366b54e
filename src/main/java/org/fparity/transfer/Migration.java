package org.fparity.transfer;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.fparity.exec.Platform;

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
        // 1 -> 2: a schema-1 export came from one machine before sites existed; its platforms are that machine's,
        // local.
        if (schema < 2 && !platform.has("site")) platform.put("site", Platform.LOCAL);
        return platform;
    }

    // 2 -> 3 adds the rerun attempts: a schema-2 export has none, which reads as a campaign never rerun.
    // Outcomes need no step: a schema-1 outcome has no site, and an outcome without one reads as local (Outcome's
    // constructor), which is what step 1 -> 2 says.
}
