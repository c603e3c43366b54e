package org.fparity.util;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.lang.classfile.ClassFile;
import java.lang.classfile.ClassModel;
import java.lang.classfile.Instruction;
import java.lang.classfile.MethodModel;
import java.lang.classfile.attribute.StackMapTableAttribute;
import java.lang.constant.ClassDesc;
import java.lang.constant.ConstantDescs;
import java.lang.constant.MethodTypeDesc;
import java.lang.reflect.AccessFlag;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class ClassFileUpgradeTest {
    private static final int JAVA_5 = ClassFile.JAVA_5_VERSION;

    /** picocli's jar as Maven resolved it (Java 5 class files), copied so that the upgrade cannot touch the original. */
    private static Path picocliCopy(Path dir) throws Exception {
        Path src = Path.of(CommandLine.class
                .getProtectionDomain()
                .getCodeSource()
                .getLocation()
                .toURI());
        Path copy = dir.resolve("picocli.jar");
        Files.copy(src, copy);
        return copy;
    }

    private static Map<String, byte[]> classes(Path jar) throws IOException {
        Map<String, byte[]> m = new LinkedHashMap<>();
        try (ZipFile z = new ZipFile(jar.toFile())) {
            for (ZipEntry e : z.stream().toList())
                if (e.getName().endsWith(".class"))
                    m.put(e.getName(), z.getInputStream(e).readAllBytes());
        }
        return m;
    }

    /** Each method's instructions as text (symbolic: constant-pool indices may move). */
    private static List<String> code(byte[] b) {
        List<String> out = new ArrayList<>();
        for (MethodModel m : ClassFile.of().parse(b).methods()) {
            out.add(m.methodName().stringValue() + m.methodType().stringValue());
            m.code()
                    .ifPresent(c -> c.elementStream()
                            .filter(Instruction.class::isInstance)
                            .forEach(i -> out.add(i.toString())));
        }
        return out;
    }

    @Test
    void picocliBecomesFparitysOwnClassFileVersionWithStackMapsAndTheSameInstructions(@TempDir Path dir)
            throws Exception {
        Path jar = picocliCopy(dir);
        Map<String, byte[]> before = classes(jar);
        assertTrue(
                before.values().stream()
                        .anyMatch(b -> ClassFile.of().parse(b).majorVersion() < ClassFileUpgrade.FIRST_CACHEABLE),
                "picocli's jar has no pre-Java-6 class: nothing left to test");
        int own = ClassFileUpgrade.ownVersion();
        assertEquals(ClassFile.JAVA_25_VERSION, own, "fparity is compiled for Java 25 (pom.xml)");

        List<ClassFileUpgrade.Result> rs = ClassFileUpgrade.upgrade(List.of(jar), own);
        assertEquals(1, rs.size());
        assertEquals(0, rs.getFirst().kept(), "every picocli class gets stack maps");
        Map<String, byte[]> after = classes(jar);
        assertEquals(before.keySet(), after.keySet());
        int withBranches = 0, withMaps = 0;
        for (var e : after.entrySet()) {
            ClassModel cm = ClassFile.of().parse(e.getValue());
            if (ClassFile.of().parse(before.get(e.getKey())).majorVersion() < ClassFileUpgrade.FIRST_CACHEABLE) {
                assertEquals(own, cm.majorVersion(), e.getKey());
            }
            assertEquals(code(before.get(e.getKey())), code(e.getValue()), e.getKey() + ": the code changed");
            for (MethodModel m : cm.methods()) {
                var c = m.code();
                if (c.isEmpty()) continue;
                boolean branches = c.get()
                        .elementStream()
                        .anyMatch(i -> i instanceof java.lang.classfile.instruction.BranchInstruction);
                if (branches) {
                    withBranches++;
                    if (c.get()
                            .findAttribute(java.lang.classfile.Attributes.stackMapTable())
                            .isPresent()) withMaps++;
                }
            }
        }
        assertEquals(rs.getFirst().upgraded(), (int) before.values().stream()
                .filter(b -> ClassFile.of().parse(b).majorVersion() < ClassFileUpgrade.FIRST_CACHEABLE)
                .count());
        assertTrue(withBranches > 100, "picocli has " + withBranches + " methods with branches");
        assertEquals(withBranches, withMaps, "every method with a branch carries a stack map");
    }

    @Test
    void upgradedPicocliLoadsVerifiesAndParsesFparitysCommandsAsBefore(@TempDir Path dir) throws Exception {
        Path jar = picocliCopy(dir);
        ClassFileUpgrade.upgrade(List.of(jar), ClassFileUpgrade.ownVersion());
        URL fparity =
                org.fparity.cli.Main.class.getProtectionDomain().getCodeSource().getLocation();
        try (ChildFirst loader = new ChildFirst(
                new URL[] {jar.toUri().toURL(), fparity}, getClass().getClassLoader())) {
            // every class links (and so passes the split verifier with its new stack maps) and initialises
            for (String name : classes(jar).keySet()) {
                if (name.contains("module-info")) continue;
                Class<?> c = Class.forName(name.substring(0, name.length() - 6).replace('/', '.'), true, loader);
                assertSame(loader, c.getClassLoader(), name);
            }
            Class<?> main = Class.forName("org.fparity.cli.Main", true, loader);
            assertSame(loader, main.getClassLoader());
            assertNotEquals(CommandLine.class, Class.forName("picocli.CommandLine", false, loader));
            var run = main.getMethod("run", String[].class);
            // the same reveal, written by the command, through upgraded picocli and through the original
            Path upgraded = dir.resolve("upgraded.json"), original = dir.resolve("original.json");
            String[] args = {"fprev", "--target", "java.pairwise", "--n", "48", "--format", "json", "-o", "FILE"};
            args[args.length - 1] = upgraded.toString();
            assertEquals(0, run.invoke(null, (Object) args));
            args[args.length - 1] = original.toString();
            assertEquals(0, org.fparity.cli.Main.run(args));
            String a = Files.readString(upgraded).replaceAll("\"seconds\" : [0-9.Ee-]+", "");
            String b = Files.readString(original).replaceAll("\"seconds\" : [0-9.Ee-]+", "");
            assertTrue(a.contains("\"tree\""), a);
            assertEquals(b, a);
            // a usage mistake: one line, exit 2, from both
            PrintStream err = System.err;
            ByteArrayOutputStream buf = new ByteArrayOutputStream();
            try {
                System.setErr(new PrintStream(buf, true));
                assertEquals(2, run.invoke(null, (Object) new String[] {"fprev", "--no-such-option"}));
            } finally {
                System.setErr(err);
            }
            assertTrue(buf.toString().contains("--no-such-option"), buf.toString());
        }
    }

    @Test
    void anOldClassWithLoopsRunsTheSameAfterTheUpgradeAndASecondRunChangesNothing(@TempDir Path dir) throws Exception {
        // a Java 5 class file (no stack maps) whose method branches: sum of 1..n
        ClassDesc cd = ClassDesc.of("old.Sum");
        byte[] old = ClassFile.of(ClassFile.StackMapsOption.DROP_STACK_MAPS)
                .build(
                        cd,
                        cb -> cb.withVersion(JAVA_5, 0)
                                .withFlags(AccessFlag.PUBLIC, AccessFlag.SUPER)
                                .withMethodBody(
                                        "sum",
                                        MethodTypeDesc.of(ConstantDescs.CD_int, ConstantDescs.CD_int),
                                        ClassFile.ACC_PUBLIC | ClassFile.ACC_STATIC,
                                        c -> {
                                            var loop = c.newLabel();
                                            var done = c.newLabel();
                                            c.iconst_0().istore(1);
                                            c.labelBinding(loop);
                                            c.iload(0).ifle(done);
                                            c.iload(1).iload(0).iadd().istore(1);
                                            c.iinc(0, -1).goto_(loop);
                                            c.labelBinding(done);
                                            c.iload(1).ireturn();
                                        }));
        assertEquals(JAVA_5, ClassFile.of().parse(old).majorVersion());
        Path jar = dir.resolve("old.jar");
        try (ZipOutputStream zo = new ZipOutputStream(Files.newOutputStream(jar))) {
            zo.putNextEntry(new ZipEntry("META-INF/MANIFEST.MF"));
            zo.write("Manifest-Version: 1.0\n".getBytes());
            zo.putNextEntry(new ZipEntry("old/Sum.class"));
            zo.write(old);
            zo.putNextEntry(new ZipEntry("old/readme.txt"));
            zo.write("kept".getBytes());
        }
        Files.setPosixFilePermissions(jar, PosixFilePermissions.fromString("rw-r--r--"));
        var r = ClassFileUpgrade.upgrade(List.of(jar), ClassFile.JAVA_25_VERSION)
                .getFirst();
        assertEquals(1, r.upgraded());
        assertEquals("rw-r--r--", PosixFilePermissions.toString(Files.getPosixFilePermissions(jar)));
        byte[] now = classes(jar).get("old/Sum.class");
        ClassModel cm = ClassFile.of().parse(now);
        assertEquals(ClassFile.JAVA_25_VERSION, cm.majorVersion());
        assertTrue(cm.methods()
                .getFirst()
                .code()
                .orElseThrow()
                .findAttribute(java.lang.classfile.Attributes.stackMapTable())
                .map(StackMapTableAttribute::entries)
                .map(l -> !l.isEmpty())
                .orElse(false));
        try (ZipFile z = new ZipFile(jar.toFile())) {
            assertArrayEquals(
                    "kept".getBytes(),
                    z.getInputStream(z.getEntry("old/readme.txt")).readAllBytes());
        }
        try (URLClassLoader l = new URLClassLoader(new URL[] {jar.toUri().toURL()}, null)) {
            assertEquals(
                    5050,
                    Class.forName("old.Sum", true, l)
                            .getMethod("sum", int.class)
                            .invoke(null, 100));
        }
        // nothing old left: the jar is not rewritten (its time stays)
        FileTime t = FileTime.fromMillis(1_000_000_000_000L);
        Files.setLastModifiedTime(jar, t);
        var again = ClassFileUpgrade.upgrade(List.of(jar), ClassFile.JAVA_25_VERSION)
                .getFirst();
        assertEquals(0, again.upgraded());
        assertEquals(t, Files.getLastModifiedTime(jar));
    }

    @Test
    void aSignedJarIsLeftAsItIs(@TempDir Path dir) throws Exception {
        byte[] old = ClassFile.of().build(ClassDesc.of("old.Empty"), cb -> cb.withVersion(JAVA_5, 0));
        Path jar = dir.resolve("signed.jar");
        try (ZipOutputStream zo = new ZipOutputStream(Files.newOutputStream(jar))) {
            zo.putNextEntry(new ZipEntry("META-INF/SIGNER.SF"));
            zo.write("Signature-Version: 1.0\n".getBytes());
            zo.putNextEntry(new ZipEntry("old/Empty.class"));
            zo.write(old);
        }
        byte[] before = Files.readAllBytes(jar);
        assertEquals(
                0,
                ClassFileUpgrade.upgrade(List.of(jar), ClassFile.JAVA_25_VERSION)
                        .getFirst()
                        .upgraded());
        assertArrayEquals(before, Files.readAllBytes(jar));
    }

    /** Loads picocli and fparity's own classes itself (so that fparity links to the upgraded picocli), the rest from its parent. */
    private static final class ChildFirst extends URLClassLoader {
        ChildFirst(URL[] urls, ClassLoader parent) {
            super(urls, parent);
        }

        @Override
        protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
            if (!name.startsWith("picocli.") && !name.startsWith("org.fparity.")) return super.loadClass(name, resolve);
            synchronized (getClassLoadingLock(name)) {
                Class<?> c = findLoadedClass(name);
                if (c == null) {
                    try {
                        c = findClass(name);
                    } catch (ClassNotFoundException e) {
                        c = super.loadClass(name, false); // test classes and the like
                    }
                }
                if (resolve) resolveClass(c);
                return c;
            }
        }
    }
}
