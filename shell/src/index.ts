/**
 * The async boundary Module Federation needs before shared singletons are used, one task after main.js: main.js
 * (the webpack and federation runtimes) and the shared modules' loading each cost 60 to 130 ms under 4x CPU
 * throttling, and in one task they made one long task.
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

void nextTask().then(() => import('./bootstrap'));

export {};
