package org.fparity.attribution;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The knob files name, as data, the operation each behaviour makes differ; a root cause carries it. */
class KnobFilesTest {
    static Map<String, String> operations(String toolchain) {
        Map<String, String> out = new LinkedHashMap<>();
        for (FlagModel.Knob k :
                FlagModel.forToolchain(Path.of("runners", "knobs"), toolchain).knobs())
            out.put(k.name(), k.operation());
        return out;
    }

    @Test
    void eachCompilerFamilyNamesTheOperationsItsKnobsChange() {
        Map<String, String> nvcc = operations("nvcc-sm90");
        assertEquals("subnormal flushed", nvcc.get("flush to zero"));
        assertEquals("approximate division", nvcc.get("approximate division"));
        assertEquals("approximate division", nvcc.get("fastest division (div.approx)"));
        assertEquals("approximate square root", nvcc.get("approximate square root"));
        assertEquals("approximate math function", nvcc.get("fast math library"));
        assertEquals("contraction", nvcc.get("contraction"));
        Map<String, String> gcc = operations("gcc");
        assertEquals("reassociation", gcc.get("reassociation"));
        assertEquals("subnormal flushed", gcc.get("flush to zero"));
        assertEquals("reciprocal", gcc.get("reciprocals"));
        assertNull(gcc.get("signed zeros ignored"), "a knob that only lets others act names no operation");
        assertEquals("finite-math folding", operations("clang-19").get("no NaNs"));
        assertEquals("approximate math function", operations("hipcc-gfx90a").get("fast math library"));
    }
}
