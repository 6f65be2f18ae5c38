// Memory and CPU of a server under load, read from /proc (Linux): the API process's resident set and
// CPU time (every thread's: user + system), and the CPU time of PostgreSQL's processes on this
// machine, those serving one database beside the server's shared ones.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

/** Clock ticks per second, the unit of /proc/<pid>/stat's times. */
export const clockTicks = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** The resident set of `pid` in kB (VmRSS), or null once it has exited. */
export function rssKb(pid) {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
  } catch {
    return null;
  }
}

/** User + system CPU time of `pid`, all its threads, in clock ticks; null once it has exited. */
export function cpuTicks(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after "(comm) ": state is field 3, so utime (14) and stime (15) are the 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return null;
  }
}

/**
 * PostgreSQL's processes on this machine: pid -> CPU ticks and whether it counts for `database`.
 * A client backend ("postgres: user db host(port) state"), an autovacuum worker or a parallel
 * worker counts when it serves `database`; the postmaster and the background processes
 * (checkpointer, WAL writer, …), which every database shares, always count. Other databases'
 * backends (another bench on the same server) do not.
 * @param {string | undefined} database
 */
export function postgresProcesses(database) {
  /** @type {Map<number, { ticks: number, ours: boolean, leader?: number }>} */
  const processes = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const pid = Number(entry);
    let title;
    try {
      if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() !== 'postgres') continue;
      title = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ').trim();
    } catch {
      continue; // exited meanwhile, or not ours to read
    }
    const ticks = cpuTicks(pid);
    if (ticks === null) continue;
    const backend = /^postgres: \S+ (\S+) (?:\S+\(\d+\)|\[local\])/.exec(title);
    const autovacuum = /^postgres: autovacuum worker (\S+)/.exec(title);
    const parallel = /^postgres: parallel worker for PID (\d+)/.exec(title);
    if (backend) processes.set(pid, { ticks, ours: backend[1] === database });
    else if (autovacuum) processes.set(pid, { ticks, ours: autovacuum[1] === database });
    else if (parallel) processes.set(pid, { ticks, ours: false, leader: Number(parallel[1]) });
    else processes.set(pid, { ticks, ours: true });
  }
  for (const process of processes.values()) {
    if (process.leader !== undefined) process.ours = processes.get(process.leader)?.ours === true;
  }
  return processes;
}

/**
 * Watches the API process `pid` (and PostgreSQL's processes when `database` names the bench's
 * database) from now until `stop()`: peak and final RSS, sampled every `intervalMs`, and the CPU
 * time each spent meanwhile. A PostgreSQL process that ends meanwhile keeps its last sampled time;
 * one that starts meanwhile counts from zero.
 * @param {number} pid
 * @param {{ database?: string, postgres?: boolean, intervalMs?: number }} [options]
 */
export function watchProcess(pid, { database, postgres = false, intervalMs = 250 } = {}) {
  const apiStart = cpuTicks(pid) ?? 0;
  let peakKb = rssKb(pid) ?? 0;
  /** @type {Map<number, number>} */
  const postgresStart = new Map();
  /** @type {Map<number, { ticks: number, ours: boolean }>} */
  const postgresLast = new Map();
  if (postgres) {
    for (const [id, { ticks }] of postgresProcesses(database)) postgresStart.set(id, ticks);
  }
  const sample = () => {
    peakKb = Math.max(peakKb, rssKb(pid) ?? 0);
    if (postgres) for (const [id, process] of postgresProcesses(database)) postgresLast.set(id, process);
  };
  const timer = setInterval(sample, intervalMs);
  const ms = (ticks) => (ticks * 1000) / clockTicks;
  return {
    stop() {
      clearInterval(timer);
      sample();
      const apiEnd = cpuTicks(pid) ?? apiStart;
      let ours = 0;
      let all = 0;
      for (const [id, { ticks, ours: counts }] of postgresLast) {
        const spent = ticks - (postgresStart.get(id) ?? 0);
        all += spent;
        if (counts) ours += spent;
      }
      return {
        peakRssMb: Math.round(peakKb / 1024),
        endRssMb: Math.round((rssKb(pid) ?? 0) / 1024),
        apiCpuMs: ms(apiEnd - apiStart),
        postgresCpuMs: postgres && postgresLast.size > 0 ? ms(ours) : null,
        postgresAllCpuMs: postgres && postgresLast.size > 0 ? ms(all) : null,
      };
    },
  };
}
