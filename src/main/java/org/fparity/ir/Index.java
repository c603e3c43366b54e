package org.fparity.ir;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;

/** An array index: the variable of an enclosing loop (whose bound never exceeds the array length) or a constant. */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "k")
@JsonSubTypes({
    @JsonSubTypes.Type(value = Index.Loop.class, name = "loop"),
    @JsonSubTypes.Type(value = Index.Const.class, name = "const"),
})
public sealed interface Index {
    record Loop(String var) implements Index {}

    record Const(int value) implements Index {}
}
