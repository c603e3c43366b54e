package org.fparity.util;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** CPU time of this process and of the children it has reaped, for benchmarks that report CPU seconds. */
public final class CpuTime {
    private CpuTime() {}

    /** CPU milliseconds used so far by this JVM and by all children it has reaped (Linux /proc; 0 elsewhere). */
    public static long cpuMillis() {
        long self = 0;
        if (java.lang.management.ManagementFactory.getOperatingSystemMXBean()
                instanceof com.sun.management.OperatingSystemMXBean os) {
            self = os.getProcessCpuTime() / 1_000_000;
        }
        try {
            String stat = Files.readString(Path.of("/proc/self/stat"));
            String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            // Fields 16 and 17 of stat(5), cutime and cstime, in clock ticks (100 per second on Linux x86-64).
            long ticks = Long.parseLong(f[13]) + Long.parseLong(f[14]);
            return self + ticks * 10;
        } catch (IOException | RuntimeException e) {
            return self;
        }
    }

    /** CPU milliseconds of the children this JVM has reaped so far, and their reaped descendants (0 off Linux). */
    public static long childCpuMillis() {
        try {
            String stat = Files.readString(Path.of("/proc/self/stat"));
            String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            return (Long.parseLong(f[13]) + Long.parseLong(f[14])) * 10;
        } catch (IOException | RuntimeException e) {
            return 0;
        }
    }
}
