# Sourced by bin/fparity and bin/test: finds a JDK >= 25 and exports JAVA_HOME.
# Order: $JAVA_HOME, then `java` on PATH, then the usual JVM folders. Every start of fparity runs this, so the usual
# case ($JAVA_HOME or the first candidate is a JDK 25) forks no process: each fork+exec costs milliseconds, tens of
# them on a loaded machine.
fparity_java_major() {  # prints the feature version of the java binary $1, or nothing
  fparity_java_major_v "$1"
  [[ -n "$fparity_major" ]] && echo "$fparity_major"
  return 0
}
fparity_java_major_v() {  # sets fparity_major to the feature version of the java binary $1 ("" if unknown)
  # The JDK's release file answers without starting a JVM (starting one to ask costs ~0.3 s, more than
  # fparity --version itself); the JVM is asked only when the file is missing or unreadable.
  local bin=${1%/*} line
  local rel="${bin%/*}/release"
  fparity_major=""
  if [[ -r "$rel" ]]; then
    while IFS= read -r line || [[ -n "$line" ]]; do
      if [[ "$line" =~ ^JAVA_VERSION=\"([0-9]+) ]]; then
        fparity_major=${BASH_REMATCH[1]}
        return 0
      fi
    done <"$rel"
  fi
  fparity_major=$("$1" -XshowSettings:properties -version 2>&1 | awk -F'= ' '/java.specification.version/ {print $2; exit}')
  fparity_major=${fparity_major%%.*}
}
fparity_jdk_ok() {  # true when $1 is a JDK (java and javac) of version 25 or newer
  [[ -x "$1/bin/java" && -x "$1/bin/javac" ]] || return 1
  fparity_java_major_v "$1/bin/java"
  [[ -n "$fparity_major" && "$fparity_major" -ge 25 ]]
}
fparity_find_jdk() {
  local cand java
  if [[ -n "${JAVA_HOME:-}" ]] && fparity_jdk_ok "$JAVA_HOME"; then
    export JAVA_HOME
    return 0
  fi
  if java=$(command -v java 2>/dev/null) && [[ -n "$java" ]]; then
    java=$(readlink -f "$java")
    cand=${java%/*}
    cand=${cand%/*}
    if fparity_jdk_ok "$cand"; then
      export JAVA_HOME="$cand"
      return 0
    fi
  fi
  for cand in /usr/lib/jvm/* /usr/local/lib/jvm/* /opt/java/* /opt/jdk* "$HOME"/.sdkman/candidates/java/* "$HOME"/.jdks/*; do
    [[ -d "$cand" ]] || continue
    if fparity_jdk_ok "$cand"; then
      export JAVA_HOME="$cand"
      return 0
    fi
  done
  echo "fparity: no JDK 25 or newer found (looked at \$JAVA_HOME, java on PATH, /usr/lib/jvm, /opt/java); install one, e.g. Temurin 25, and set JAVA_HOME" >&2
  return 1
}
