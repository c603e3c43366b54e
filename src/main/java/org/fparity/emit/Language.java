package org.fparity.emit;

import java.util.Locale;

/** A language an emitter writes; HIPIFY is CUDA text converted to HIP, kept apart from directly emitted HIP. */
public enum Language {
    C("c", "c"),
    CUDA("cuda", "cu"),
    HIP("hip", "hip"),
    HIPIFY("hipify", "hip"),
    OPENCL("opencl", "c"),
    JAVA("java", "java");

    private final String id;
    private final String extension;

    Language(String id, String extension) {
        this.id = id;
        this.extension = extension;
    }

    /** Lower-case name used on the command line and in toolchain files. */
    public String id() {
        return id;
    }

    /** File extension of an emitted source, without the dot. */
    public String extension() {
        return extension;
    }

    /** Whether results depend on the node's GPU: CUDA, HIP and HIPIFY run there; the others on the CPU. */
    public boolean gpu() {
        return this == CUDA || this == HIP || this == HIPIFY;
    }

    /** The language a toolchain descriptor names by its upper-case name ({@code "C"}, {@code "CUDA"}), or null. */
    public static Language named(String name) {
        for (Language l : values()) if (l.name().equals(name)) return l;
        return null;
    }

    /** Looks a language up by its id, case-insensitively; throws IllegalArgumentException naming the choices. */
    public static Language parse(String s) {
        String t = s.strip().toLowerCase(Locale.ROOT);
        for (Language l : values()) if (l.id.equals(t)) return l;
        throw new IllegalArgumentException(
                "unknown language '" + s + "' (expected c, cuda, hip, hipify, opencl or java)");
    }
}
