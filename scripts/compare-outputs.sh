#!/usr/bin/env bash
# Byte-compares what two builds of pi-report write for every session in fixtures/corpus/ and
# fixtures/redteam/: the HTML page, the Markdown report, the --summary, the JSON report (each with its
# exit code and stderr), and the archive of fixtures/corpus/. For a refactor that must change no output:
#   git archive main | tar -x -C /tmp/before && (cd /tmp/before && ln -s "$PWD/node_modules" . && npm run build)
#   scripts/compare-outputs.sh /tmp/before/dist/bin/pi-report.js dist/bin/pi-report.js
set -u
before_bin=$1
after_bin=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
compared=0
differ=0

# run <bin> <out-dir> <name> <args...>: writes <name>.out (stdout), .err and .code.
run() {
  local bin=$1 dir=$2 name=$3
  shift 3
  node "$bin" "$@" >"$dir/$name.out" 2>"$dir/$name.raw-err"
  echo $? >"$dir/$name.code"
  # Node's own warnings name the process ("(node:5625) MaxListenersExceededWarning"): not our output.
  sed -E 's/^\(node:[0-9]+\)/(node)/' "$dir/$name.raw-err" >"$dir/$name.err"
}

same() {
  local name=$1
  compared=$((compared + 1))
  for part in out err code; do
    if ! cmp -s "$work/before/$name.$part" "$work/after/$name.$part"; then
      differ=$((differ + 1))
      echo "DIFFERS: $name ($part)"
      return
    fi
  done
}

mkdir -p "$work/before" "$work/after"
for file in fixtures/corpus/*.jsonl fixtures/corpus/*/*.jsonl fixtures/redteam/*.jsonl; do
  [ -f "$file" ] || continue
  name=$(echo "$file" | tr '/' '_')
  for side in before after; do
    bin=$before_bin
    [ $side = after ] && bin=$after_bin
    # The page goes to stdout too, so both sides write the same bytes to the same kind of place.
    run "$bin" "$work/$side" "$name.html" "$file" -f html -o -
    run "$bin" "$work/$side" "$name.md" "$file" -f md -o -
    run "$bin" "$work/$side" "$name.summary" "$file" --summary -o -
    run "$bin" "$work/$side" "$name.json" "$file" -f json -o -
  done
  for format in html md summary json; do same "$name.$format"; done
done

# The archive of the corpus: every file of the site.
for side in before after; do
  bin=$before_bin
  [ $side = after ] && bin=$after_bin
  # One site path for both sides: the summary line names it.
  run "$bin" "$work/$side" archive archive fixtures/corpus -o "$work/site"
  mv "$work/site" "$work/$side/site"
done
same archive
while IFS= read -r path; do
  compared=$((compared + 1))
  if ! cmp -s "$work/before/site/$path" "$work/after/site/$path"; then
    differ=$((differ + 1))
    echo "DIFFERS: archive $path"
  fi
done < <(cd "$work/before/site" && find . -type f | sort)
if ! diff -q <(cd "$work/before/site" && find . -type f | sort) <(cd "$work/after/site" && find . -type f | sort) >/dev/null; then
  differ=$((differ + 1))
  echo "DIFFERS: the archive's list of files"
fi

echo "$compared compared, $((compared - differ)) identical, $differ differ"
[ "$differ" -eq 0 ]
