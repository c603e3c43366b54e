package org.fparity.exec;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The lines of a set of jobs not yet delivered, by run key: what a site executor still owes. Rebuilding jobs from it
 * after a lost connection or a dead task resends exactly the lines in flight, with their programs.
 */
final class Deliveries {
    private record Owed(JobSpec job, Job.Line line) {}

    private final Map<String, Owed> owed = new LinkedHashMap<>();

    Deliveries(List<JobSpec> jobs) {
        for (JobSpec j : jobs) for (Job.Line l : j.lines()) owed.put(j.key(l), new Owed(j, l));
    }

    /** True the first time an outcome of a run still owed arrives. */
    synchronized boolean deliver(Outcome o) {
        return owed.remove(o.key()) != null;
    }

    synchronized boolean isEmpty() {
        return owed.isEmpty();
    }

    synchronized int size() {
        return owed.size();
    }

    synchronized boolean owes(String key) {
        return owed.containsKey(key);
    }

    /** The jobs again, each with only its lines still owed (jobs with none left out). */
    synchronized List<JobSpec> remaining() {
        Map<JobSpec, List<Job.Line>> by = new LinkedHashMap<>();
        for (Owed o : owed.values())
            by.computeIfAbsent(o.job(), k -> new ArrayList<>()).add(o.line());
        List<JobSpec> out = new ArrayList<>();
        by.forEach((j, ls) -> out.add(j.withLines(ls)));
        return out;
    }

    /** The owed runs among {@code keys}, as (job, line) jobs, and forgets them (they are being settled otherwise). */
    synchronized List<JobSpec> take(java.util.Collection<String> keys) {
        Map<JobSpec, List<Job.Line>> by = new LinkedHashMap<>();
        for (String k : keys) {
            Owed o = owed.remove(k);
            if (o != null) by.computeIfAbsent(o.job(), x -> new ArrayList<>()).add(o.line());
        }
        List<JobSpec> out = new ArrayList<>();
        by.forEach((j, ls) -> out.add(j.withLines(ls)));
        return out;
    }

    /** Owes these lines again (resubmitted: the new tasks will deliver them). */
    synchronized void restore(List<JobSpec> jobs) {
        for (JobSpec j : jobs) for (Job.Line l : j.lines()) owed.put(j.key(l), new Owed(j, l));
    }
}
