package org.fparity.transfer;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import org.fparity.util.Hashes;

/**
 * The layout of an exported campaign, one JSON object whose fields come in this order (a reader checks the order, so
 * everything it needs to check an outcome has been read before the first outcome arrives):
 * <pre>
 * {"format":"fparity-campaign-export","schema":2,"fparity":"0.1.0","exported":"…Z" (null unless export --timestamp),
 *  "campaign":{…campaign.json without platforms and programs…},
 *  "grammar_hash":"…" (SHA-256 of the grammar content as written here; only when the campaign has a grammar),
 *  "platforms":[…],
 *  "programs":[{"hash":"<SHA-256 of source>", …}, …],
 *  "outcomes":[
 *  {…},
 *  ,{…}
 *  ],
 *  "reruns":[
 *  [
 *  {…}
 *  ,{…}
 *  ]
 *  ,[…]
 *  ],
 *  "digest":"sha256:<hex>"}
 * </pre>
 * {@code reruns} holds the campaign's rerun attempts ({@code reruns-1.jsonl}, {@code reruns-2.jsonl} …: the evidence
 * that a platform is unstable), one array per attempt, outcomes shaped as in {@code outcomes}. The digest is the SHA-256
 * of the uncompressed bytes from the first byte up to and including the {@code ]} that closes {@code reruns} (schema 2:
 * {@code outcomes}): everything but the digest itself. One outcome per line keeps a 10^6-outcome file greppable.
 */
public final class ExportFormat {
    private ExportFormat() {}

    public static final String FORMAT = "fparity-campaign-export";
    /**
     * Version of this layout. Readers migrate older versions and refuse newer ones. History: 1 = first layout (platforms
     * and outcomes without a site: everything ran on one machine); 2 = platforms and outcomes carry their site and node
     * ({@link org.fparity.exec.Platform}), platforms their node facts; 3 = the rerun attempts travel too
     * ({@code reruns}, after the outcomes, inside the digest).
     */
    public static final int SCHEMA = 3;

    public static final String DIGEST_PREFIX = "sha256:";

    public static String sha256(byte[] bytes) {
        return Hashes.sha256Hex(bytes);
    }

    public static String sha256(String text) {
        return sha256(text.getBytes(StandardCharsets.UTF_8));
    }

    static MessageDigest newSha256() {
        return Hashes.newSha256();
    }

    /** True for a file name that asks for gzip ({@code .gz}). */
    public static boolean gzipByName(String fileName) {
        return fileName.endsWith(".gz");
    }
}
