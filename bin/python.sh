# Sourced by bin/fparity: the Python interpreter fparity runs (fprev.Runners.python() is the same rule in Java, and
# RunnersTest checks that both choose the same command, which the JVM needs to take over the launcher's server).
# $FPARITY_PYTHON, else python3 on PATH; when that is a pyenv shim (a file in a folder `shims` with `../versions`
# beside it), the interpreter the shim would run, by pyenv's own choice of version: $PYENV_VERSION, else the first
# .python-version from $PWD upward, else ROOT/version; the first word of each line that is not a comment; exactly one
# version, not `system`, with ROOT/versions/V/bin/python3 an executable file. Anything else (PYENV_DIR set, several
# versions, system, no such interpreter) keeps the shim. The shim is a bash script that runs `pyenv exec`: measured
# `python3 -c pass` 0.37-0.48 s wall through it against 0.13-0.17 s without (runners/README.md). Forks nothing.
fparity_python() {  # sets py; returns 1 when there is no python3
  py=${FPARITY_PYTHON:-}
  [[ -z "$py" ]] || return 0
  hash python3 2>/dev/null || return 1
  py=${BASH_CMDS[python3]}
  local shims=${py%/*} root v d f w vs=()
  root=${shims%/*}
  [[ "${shims##*/}" == shims && -d "$root/versions" && -z "${PYENV_DIR:-}" ]] || return 0
  v=${PYENV_VERSION:-}
  if [[ -z "$v" ]]; then
    d=$PWD f=""
    while :; do
      [[ -f "$d/.python-version" ]] && { f=$d/.python-version; break; }
      [[ -n "$d" ]] || break
      d=${d%/*}
    done
    [[ -n "$f" ]] || f=$root/version
    [[ -r "$f" ]] || return 0
    while IFS=$' \t\r' read -r w _ || [[ -n "$w" ]]; do
      [[ -z "$w" || "$w" == \#* ]] || vs+=("$w")
    done <"$f"
    (( ${#vs[@]} == 1 )) || return 0
    v=${vs[0]}
  fi
  [[ "$v" != system && "$v" != . && "$v" != .. && "$v" != *[:/]* ]] || return 0
  [[ -f "$root/versions/$v/bin/python3" && -x "$root/versions/$v/bin/python3" ]] && py=$root/versions/$v/bin/python3
  return 0
}
