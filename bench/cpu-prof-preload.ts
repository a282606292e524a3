// Loaded into the server process with NODE_OPTIONS="--import tsx --import <this file>" (Node 20 does
// not take --cpu-prof in NODE_OPTIONS, and bench/visitors.ts's startServer passes env only): samples
// the CPU from start to exit and writes a .cpuprofile into CPU_PROF_DIR (bench/answer-save.ts, ADR 041).
import { Session } from "node:inspector";
import { writeFileSync } from "node:fs";
import { join } from "node:path";

const dir = process.env.CPU_PROF_DIR;
if (dir) {
  const session = new Session();
  session.connect();
  session.post("Profiler.setSamplingInterval", { interval: 500 });
  session.post("Profiler.enable");
  session.post("Profiler.start");
  // A same-thread inspector session answers synchronously, so the profile is written inside 'exit'.
  process.on("exit", () => {
    session.post("Profiler.stop", (error, result) => {
      if (!error) writeFileSync(join(dir, `server-${process.pid}.cpuprofile`), JSON.stringify(result.profile));
    });
  });
}
