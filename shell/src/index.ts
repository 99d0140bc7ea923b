/**
 * The async boundary Module Federation needs before shared singletons are used, started in steps. Each step is a
 * task of its own, so a slow phone's main thread is never held long while the page starts (Total Blocking Time):
 * 1. main.js itself: the webpack and federation runtimes (this file runs at its end);
 * 2. the shared modules' loading (the share scope, a script element per chunk), as costly as step 1;
 * 3. react-dom, the largest library, evaluated on its own;
 * 4. emotion's runtime, which every component's styles go through;
 * 5. the rest: the router, the shared package, the shell, and the start (bootstrap.tsx).
 * In one task, 2 to 5 had taken 150 to 270 ms under 4x CPU throttling.
 */

/** Resolves in a new task: a message, not a timer (a background tab throttles timers to one a second). */
function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

async function start(): Promise<void> {
  await nextTask();
  await import('react-dom/client');
  await nextTask();
  await import('@emotion/react/jsx-runtime');
  await nextTask();
  await import('./bootstrap');
}

void start();

export {};
