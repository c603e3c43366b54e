package org.fparity.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.fparity.ExitCode;
import org.fparity.FparityError;
import org.fparity.compare.DiscrepantCases;
import org.junit.jupiter.api.Test;

class VarityResultsTest {
    /** The shape Varity's run.py writes by hand: test → input (argv joined by ',') → compiler → opt → %.17g text. */
    static final String RESULTS = """
            {
              "vm_1/_tests/_group_1/_test_1.c": {
                "-1.0898E-320,5,+1.8699E298": {
                  "gcc": {
                    "O0": "1.6890999999861241e-306",
                    "Ofast": "1.6890999999861241e-306"
                  },
                  "clang_14": {
                    "O0": "1.6890999999861241e-306",
                    "Ofast": "1.6890999999861243e-306"
                  }
                },
                "+0.0,5,-1.5E10": {
                  "gcc": {
                    "O0": "-nan",
                    "Ofast": "nan"
                  },
                  "clang_14": {
                    "O0": "-0",
                    "Ofast": "0"
                  }
                }
              },
              "vm_1/_tests/_group_1/_test_2.c": {
                "+1.2E3": {
                  "gcc": {
                    "O0": "inf",
                    "Ofast": "-inf"
                  }
                },
                "-1.5E1": {
                  "gcc": {
                    "O0": "0",
                    "O3": "-0"
                  }
                }
              }
            }
            """;

    @Test
    void readsEveryRunAndCountsCasesByFparitysRule() {
        VarityResults.Parsed p = VarityResults.parse(RESULTS, "results.json");
        assertEquals(12, p.runs());
        assertEquals(0, p.unreadable());
        assertEquals(2, p.byTest().size());
        assertEquals(
                4,
                p.byTest()
                        .get("vm_1/_tests/_group_1/_test_1.c")
                        .get("-1.0898E-320,5,+1.8699E298")
                        .size());
        // test_1: the first input differs in the last digit (one ulp) -> discrepant; the second mixes NaN and zero ->
        // discrepant (NaN-Zero). test_2: +Inf vs -Inf -> discrepant; 0 vs -0 -> agrees.
        assertEquals(new DiscrepantCases.Count(4, 3, 2, 2), DiscrepantCases.of(p.byTest()));
    }

    @Test
    void valuesAreReadExactlyAsPrintfWroteThem() {
        assertEquals(1.6890999999861241e-306, VarityResults.value("1.6890999999861241e-306"));
        assertEquals(Double.doubleToRawLongBits(-0.0), Double.doubleToRawLongBits(VarityResults.value("-0")));
        assertTrue(VarityResults.value("-nan").isNaN());
        assertEquals(Double.NEGATIVE_INFINITY, VarityResults.value("-inf"));
        assertEquals(Double.POSITIVE_INFINITY, VarityResults.value("inf"));
        assertEquals(4.9406564584124654e-324, VarityResults.value("4.9406564584124654e-324"));
        assertEquals(-12.5, VarityResults.value("-12.5 time:294996"), "the HIP fork's timed form");
        assertNull(VarityResults.value(""));
        assertNull(VarityResults.value("Segmentation"));
    }

    @Test
    void unreadableTextIsCountedNotGuessed() {
        VarityResults.Parsed p =
                VarityResults.parse("{\"t\": {\"1\": {\"gcc\": {\"O0\": \"1.5\", \"O1\": \"oops\"}}}}", "r.json");
        assertEquals(2, p.runs());
        assertEquals(1, p.unreadable());
        assertEquals(List.of(1.5), p.byTest().get("t").get("1"));
    }

    @Test
    void aFileOfAnotherShapeIsOneClearError() {
        FparityError e = assertThrows(FparityError.class, () -> VarityResults.parse("[1, 2]", "r.json"));
        assertEquals(ExitCode.BAD_INPUT, e.code());
        assertTrue(e.getMessage().startsWith("r.json: not Varity's results.json"), e.getMessage());
        e = assertThrows(FparityError.class, () -> VarityResults.parse("{\"t\": {\"1\": \"x\"}}", "r.json"));
        assertTrue(e.getMessage().contains("expected test → input → compiler → opt → result"), e.getMessage());
        e = assertThrows(FparityError.class, () -> VarityResults.parse("{\"t\": ", "r.json"));
        assertEquals(ExitCode.BAD_INPUT, e.code());
    }
}
