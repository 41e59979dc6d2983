# bash completion for cuzk-prove and cuzk-stats: subcommands, options and option values.
# Read from the program's own --help (CLI11 layout) at completion time, so it follows the
# binary being completed, options added later included. Installed once per command name
# (bash-completion loads completions/<command> on demand); sourcing it by hand also works.

# The parsed --help of: PROGRAM [SUBCOMMAND...], one line each:
#   S <subcommand> | P (takes positionals) | O <option> F|V|N [choice...]
#   (F: a flag; V: takes a TEXT value, e.g. a path; N: takes a number)
_cuzk_help() {
  "$@" --help 2>/dev/null | awk '
    /^[A-Z][A-Za-z ]*:$/ { sec = $0; next }
    sec == "Subcommands:" && /^  [^ ]/ { print "S", $1; next }
    sec == "Positionals:" && /^  [^ ]/ { print "P"; next }
    sec == "Options:" && /^  -/ {
      line = substr($0, 3); spec = line; desc = ""
      i = index(line, "  ")
      if (i) { spec = substr(line, 1, i - 1); desc = substr(line, i); sub(/^ +/, "", desc) }
      n = split(spec, t, " ")
      val = (n > 1 && t[2] ~ /^[A-Z]/)
      choices = ""
      if (val && match(t[2], /\{[^}]*\}/)) {
        choices = substr(t[2], RSTART + 1, RLENGTH - 2); gsub(/,/, " ", choices)
      } else if (val) {          # "auto|cpu|cuda: ..." at the start of the description
        split(desc, d, " "); c = d[1]; sub(/:$/, "", c)
        if (c ~ /^[a-z0-9_.-]+(\|[a-z0-9_.-]+)+$/) { choices = c; gsub(/\|/, " ", choices) }
      }
      m = split(t[1], names, ",")
      kind = !val ? "F" : (t[2] ~ /^TEXT/ ? "V" : "N")
      for (k = 1; k <= m; k++) print "O", names[k], kind, choices
    }'
}

_cuzk() {
  local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD - 1]}
  local prog=${COMP_WORDS[0]} parsed w i opt choices
  local -a path=()
  # shellcheck disable=SC2088  # a literal "~/" left unexpanded in the typed command word
  [[ $prog == "~/"* ]] && prog=$HOME/${prog#"~/"}
  COMPREPLY=()
  parsed=$(_cuzk_help "$prog") || return 0
  for ((i = 1; i < COMP_CWORD; i++)); do  # the subcommand path typed so far
    w=${COMP_WORDS[i]}
    if [[ $w != -* ]] && grep -qxF "S $w" <<<"$parsed"; then
      path+=("$w")
      parsed=$(_cuzk_help "$prog" "${path[@]}")
    fi
  done
  opt=$(awk -v p="$prev" '$1 == "O" && $2 == p' <<<"$parsed")
  if [[ $prev == -* && $opt == "O $prev "[VN]* ]]; then  # the value of an option
    choices=${opt#"O $prev "?}
    if [[ -n ${choices// /} ]]; then
      mapfile -t COMPREPLY < <(compgen -W "$choices" -- "$cur")
    elif [[ $opt == "O $prev V"* ]]; then
      compopt -o filenames 2>/dev/null
      mapfile -t COMPREPLY < <(compgen -f -- "$cur")
    fi
    return 0
  fi
  if [[ $cur == -* ]]; then
    mapfile -t COMPREPLY < <(compgen -W "$(awk '$1 == "O" { print $2 }' <<<"$parsed")" -- "$cur")
    return 0
  fi
  mapfile -t COMPREPLY < <(compgen -W "$(awk '$1 == "S" { print $2 }' <<<"$parsed")" -- "$cur")
  if grep -qx P <<<"$parsed"; then  # positionals are files (sectors, events, reports)
    compopt -o filenames 2>/dev/null
    mapfile -t -O "${#COMPREPLY[@]}" COMPREPLY < <(compgen -f -- "$cur")
  fi
  return 0
}
complete -F _cuzk cuzk-prove cuzk-stats
