#!/usr/bin/env bash
# check-layout.sh — fail when a source file includes across a boundary that the README's
# architecture section forbids. Each module lists the modules it may include; system headers
# (<...>) are not checked. Run by `make check-layout` and `make test`.
set -u
cd "$(dirname "$0")/.."

# module of a path: engine, scenario, app (top-level files), or app/<folder>
module_of() {
    case "$1" in
        engine/*) echo engine ;;
        scenario/*) echo scenario ;;
        assets/*) echo app/assets ;;
        app/*/*) local r=${1#app/}; echo "app/${r%%/*}" ;;
        app/*) echo app ;;
        *) echo other ;;
    esac
}

# allowed[module]="modules it may include (besides itself)"
declare -A allowed=(
    [engine]=""
    [scenario]="engine"
    [app/util]=""
    [app/render]="assets util"
    [app/report]="engine util"
    [app/view]="engine render util"
    [app/panels]="engine render view workbook util"
    [app/workbook]="engine scenario report app util"
    [app/cli]="engine scenario report app util"
    [app/reproduce]="engine scenario report render app util"
    [app/export]="engine scenario report render view panels window app util"
    [app/window]="engine scenario report render view panels workbook app util"
    [app]="engine scenario util"
)
# app/util/ holds the safe output file and the strict number parser: every app module may use
# them, and they include nothing of the project, so they can never pull a module across a boundary.
# app/ top level holds main.c (wires every subcommand), commands.h (their entry points) and
# paths.c/h (where shipped data is); main.c alone may include any module.

# resolve an #include "x" of file f to a repository path (same folder first, then -I dirs)
resolve() {
    local f=$1 inc=$2 d
    d=$(dirname "$f")
    for cand in "$d/$inc" "engine/$inc" "scenario/$inc" "app/$inc" "assets/$inc"; do
        [ -f "$cand" ] && { echo "${cand#./}"; return; }
    done
    echo ""
}

bad=0; checked=0
while IFS= read -r f; do
    m=$(module_of "$f")
    [ "$m" = other ] && continue
    while IFS= read -r inc; do
        [ -n "$inc" ] || continue
        checked=$((checked+1))
        target=$(resolve "$f" "$inc")
        if [ -z "$target" ]; then echo "check-layout: $f: #include \"$inc\": no such project header"; bad=1; continue; fi
        tm=$(module_of "$target")
        [ "$tm" = "$m" ] && continue
        [ "$f" = app/main.c ] && continue
        # the app's top level (commands.h, paths.h) is open to every app module
        [ "$tm" = app ] && [ "${m#app}" != "$m" ] && [ "$target" = app/paths.h ] && continue
        tshort=${tm#app/}
        ok=0
        for a in ${allowed[$m]-}; do [ "$a" = "$tshort" ] && ok=1; done
        if [ $ok -eq 0 ]; then
            echo "check-layout: $f includes $target: $m may not include $tm (allowed: ${allowed[$m]:-nothing})"
            bad=1
        fi
    done < <(sed -nE 's/^[[:space:]]*#[[:space:]]*include[[:space:]]+"([^"]+)".*/\1/p' "$f")
done < <(git ls-files -co --exclude-standard -- 'engine/*.[ch]' 'scenario/*.[ch]' 'app/*.[ch]' 'app/**/*.[ch]' | sort -u)

# engine/ must stay free of file I/O and JSON: the model never touches a file
if grep -nE '\b(fopen|open|cJSON_[A-Za-z]+)\s*\(' engine/*.c engine/*.h >/dev/null 2>&1; then
    grep -nE '\b(fopen|open|cJSON_[A-Za-z]+)\s*\(' engine/*.c engine/*.h | sed 's/^/check-layout: engine does file I\/O or JSON: /'
    bad=1
fi
if [ $bad -ne 0 ]; then echo "check-layout: FAILED (see README, Architecture)"; exit 1; fi
echo "check-layout: $checked includes checked, no boundary crossed"
