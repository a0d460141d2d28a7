// Imported first by scripts/bench.ts: stdout carries only the benchmarks' JSON lines, so the app's
// own log lines (read at logger creation) are off unless LOG_LEVEL asks for them.
process.env.LOG_LEVEL ??= "silent";
