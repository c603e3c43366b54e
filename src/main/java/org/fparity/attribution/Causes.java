package org.fparity.attribution;

import com.fasterxml.jackson.core.JsonProcessingException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.fparity.ExitCode;
import org.fparity.FparityError;
import org.fparity.ir.ProgramJson;
import org.fparity.util.AtomicFiles;

/**
 * A campaign's root causes, as {@code fparity triage CAMPAIGN} writes them to {@code causes.json} in the campaign
 * folder, ranked by cases (most first); the verdict, reports, JUnit, metrics and nightly read them from there.
 *
 * @param format always {@link #FORMAT}
 * @param triaged discrepancies and differently ended runs attributed (decided or not)
 * @param undecided how many of those no experiment could decide
 * @param causes the causes, most cases first
 */
public record Causes(String format, int triaged, int undecided, List<RootCause> causes) {
    public static final String FORMAT = "fparity-causes/1";
    public static final String FILE = "causes.json";

    public Causes {
        if (!FORMAT.equals(format))
            throw new IllegalArgumentException("not a causes file: format '" + format + "', expected '" + FORMAT + "'");
        causes = causes == null ? List.of() : List.copyOf(causes);
        Set<String> keys = new HashSet<>();
        for (RootCause c : causes) {
            if (!keys.add(c.key())) throw new IllegalArgumentException("root cause '" + c.key() + "' is listed twice");
        }
        for (int i = 1; i < causes.size(); i++) {
            if (causes.get(i).cases() > causes.get(i - 1).cases())
                throw new IllegalArgumentException("causes are not ranked by cases (most first)");
        }
        if (triaged < 0 || undecided < 0 || undecided > triaged) {
            throw new IllegalArgumentException(
                    "triaged " + triaged + " and undecided " + undecided + " do not fit together");
        }
    }

    public Causes(int triaged, int undecided, List<RootCause> causes) {
        this(FORMAT, triaged, undecided, causes);
    }

    /** The cause with this key, if listed. */
    public Optional<RootCause> byKey(String key) {
        return causes.stream().filter(c -> c.key().equals(key)).findFirst();
    }

    /** The campaign's causes, or empty when it has not been triaged; a malformed file is one line, exit 2. */
    public static Optional<Causes> read(Path campaign) {
        Path f = campaign.resolve(FILE);
        String text;
        try {
            text = Files.readString(f);
        } catch (NoSuchFileException e) {
            return Optional.empty();
        } catch (IOException e) {
            throw new FparityError("cannot read " + f + ": " + e.getMessage(), ExitCode.IO_FAILURE);
        }
        try {
            return Optional.of(ProgramJson.MAPPER.readValue(text, Causes.class));
        } catch (JsonProcessingException e) {
            Throwable c = e.getCause() instanceof IllegalArgumentException ia ? ia : e;
            String why = c instanceof JsonProcessingException j ? j.getOriginalMessage() : c.getMessage();
            throw new FparityError(f + " is not a valid causes file: "
                    + why.lines().findFirst().orElse(why));
        }
    }

    /** Writes {@code causes.json} into the campaign folder, whole or not at all. */
    public void write(Path campaign) {
        AtomicFiles.write(campaign.resolve(FILE), ProgramJson.toJson(this) + "\n");
    }
}
