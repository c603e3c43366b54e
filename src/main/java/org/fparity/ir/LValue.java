package org.fparity.ir;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;

/** What an assignment can write: a scalar ({@code comp} or a temporary) or an array element. */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "k")
@JsonSubTypes({
    @JsonSubTypes.Type(value = Expr.Var.class, name = "var"),
    @JsonSubTypes.Type(value = Expr.Elem.class, name = "elem"),
})
public sealed interface LValue permits Expr.Var, Expr.Elem {}
