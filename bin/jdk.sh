# Sourced by bin/fparity and bin/test: finds a JDK >= 25 and exports JAVA_HOME.
# Order: $JAVA_HOME, then `java` on PATH, then the usual JVM folders.
fparity_java_major() {  # prints the feature version of the java binary $1, or nothing
  # The JDK's release file answers without starting a JVM (starting one to ask costs ~0.3 s, more than
  # fparity --version itself); the JVM is asked only when the file is missing or unreadable.
  local rel v
  rel="$(dirname "$(dirname "$1")")/release"
  if [[ -r "$rel" ]]; then
    v=$(sed -n 's/^JAVA_VERSION="\([0-9][0-9]*\).*/\1/p' "$rel")
    [[ -n "$v" ]] && { echo "$v"; return; }
  fi
  "$1" -XshowSettings:properties -version 2>&1 | awk -F'= ' '/java.specification.version/ {print $2; exit}'
}
fparity_find_jdk() {
  local cand v
  local -a cands=()
  [[ -n "${JAVA_HOME:-}" ]] && cands+=("$JAVA_HOME")
  if command -v java >/dev/null 2>&1; then
    cands+=("$(dirname "$(dirname "$(readlink -f "$(command -v java)")")")")
  fi
  for cand in /usr/lib/jvm/* /usr/local/lib/jvm/* /opt/java/* /opt/jdk* "$HOME"/.sdkman/candidates/java/* "$HOME"/.jdks/*; do
    [[ -d "$cand" ]] && cands+=("$cand")
  done
  for cand in "${cands[@]}"; do
    [[ -x "$cand/bin/java" && -x "$cand/bin/javac" ]] || continue
    v=$(fparity_java_major "$cand/bin/java")
    v=${v%%.*}
    if [[ -n "$v" && "$v" -ge 25 ]]; then
      export JAVA_HOME="$cand"
      return 0
    fi
  done
  echo "fparity: no JDK 25 or newer found (looked at \$JAVA_HOME, java on PATH, /usr/lib/jvm, /opt/java); install one, e.g. Temurin 25, and set JAVA_HOME" >&2
  return 1
}
