// The shell's entry. Its libraries' module bodies and the shell's start-up run in steps, each in
// a task of its own, instead of all in the task that runs this file: no single task holds a slow
// phone's main thread for long (input stays responsive; Lighthouse's TBT counts every task over
// 50 ms on a 4x slower CPU). The modules are in this file's chunks ("eager"): nothing more is
// downloaded, only run later.
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function boot(): Promise<void> {
  // The federation's runtime has started in this task; the rest follows in tasks of their own.
  await nextTask();
  await import(/* webpackMode: "eager" */ 'react-dom/client');
  await nextTask();
  await import(/* webpackMode: "eager" */ 'react-router-dom');
  await import(/* webpackMode: "eager" */ '@tanstack/react-query');
  await nextTask();
  await import(/* webpackMode: "eager" */ 'platform');
  await nextTask();
  await import(/* webpackMode: "eager" */ './start');
}

void boot();
