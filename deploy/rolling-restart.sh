#!/bin/sh
# Restarts the instances one at a time, each only once the previous one is ready again, so that calls and
# sockets always have somewhere to go. Usage: deploy/rolling-restart.sh 8081 8082 8083
set -eu
for port in "$@"; do
  echo "restarting switchboard@$port"
  systemctl restart "switchboard@$port"
  tries=0
  until curl -fsS "http://127.0.0.1:$port/api/v1/health/ready" >/dev/null 2>&1; do
    tries=$((tries + 1))
    if [ "$tries" -gt 60 ]; then
      echo "switchboard@$port is not ready after 60 s: stopping the rolling restart" >&2
      exit 1
    fi
    sleep 1
  done
  # Two health checks, one second apart, before HAProxy sends it traffic again (rise 2).
  sleep 2
done
